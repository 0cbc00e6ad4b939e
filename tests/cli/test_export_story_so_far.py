"""``elysium export --chapter all``: every chapter's recap in one, the story so far, each
scene named with its chapter; what it writes is what the recap of all the events says."""

from __future__ import annotations

from pathlib import Path

from tests.chronicle_helpers import COTERIE, new_session
from tests.conftest import run_cli


def _three_chapters(root: Path) -> None:
    s = new_session(root, COTERIE)
    s.execute("roll Marcus dex+brawl diff 6")
    s.execute("award Marcus 2")
    s.execute("chapter")
    s.execute("damage Bob 2 lethal")
    s.execute("award Marcus 1")
    s.execute("undo")  # what was undone is left out, here as in one chapter's recap
    s.execute("chapter")
    s.execute("night")
    s.close()


def test_the_story_so_far_tells_every_chapter_in_both_languages(tmp_path: Path) -> None:
    from elysium.chronicle.session import Session
    from elysium.tell.recap import build, markdown, page

    root = tmp_path / "c"
    _three_chapters(root)
    session = Session.open(root, readonly=True)
    events = session.events()
    session.close()
    for lang in ("en", "ru"):
        for fmt, told in (("md", markdown), ("html", page)):
            proc = run_cli("export", str(root), "--chapter", "all", "--format", fmt, "--lang", lang)
            assert proc.returncode == 0, proc.stderr
            recap = build(events, None, "Test", lang)
            assert proc.stdout == told(recap, lang)
    md = run_cli("export", str(root), "--chapter", "all").stdout
    assert md.startswith("# Test — The story so far\n")
    for chapter in (1, 2, 3):
        assert f"### Chapter {chapter}, night " in md
    assert "Marcus: 2 XP awarded, 0 spent" in md  # the award undone in chapter 2 left out
    ru = run_cli("export", str(root), "--chapter", "all", "--lang", "ru").stdout
    assert ru.startswith("# Test — История до сих пор\n") and "### Глава 3, ночь 2" in ru
    one = run_cli("export", str(root), "--chapter", "2").stdout
    assert one.startswith("# Test — Chapter 2\n") and "### Night 1, scene 1" in one


def test_a_chapter_that_is_neither_a_number_nor_all_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "c"
    new_session(root, COTERIE).close()
    proc = run_cli("export", str(root), "--chapter", "every")
    assert proc.returncode == 2
    assert "a chapter number or all" in proc.stderr and "'every'" in proc.stderr
