"""Hidden rolls (issue 15): `roll … hidden` / `скрытно` marks the event; the Storyteller's
log, recap and the F2 dialog keep them, marked."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.hidden import VERBS
from elysium.cli import main
from elysium.tell.events import describe
from tests.chronicle_helpers import COTERIE, new_session


def test_a_hidden_roll_is_marked_in_its_event_and_its_line(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    done = s.execute("roll Marcus dex+brawl diff 6 hidden dice 7,3,10,2,8")
    assert done.event is not None and done.event.data["hidden"] is True
    assert done.event.data["dice"] == [7, 3, 10, 2, 8]
    assert done.render("en").startswith("🔒 (hidden) ")
    assert done.render("ru").startswith("🔒 (скрытно) ")
    assert describe(done.event, "en").startswith("🔒 (hidden) Marcus")
    assert describe(done.event, "ru").startswith("🔒 (скрытно) Marcus")
    public = s.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
    assert public.event is not None and "hidden" not in public.event.data
    assert "🔒" not in describe(public.event, "en")
    s.close()


def test_the_russian_keyword_hides_a_roll_anywhere_in_the_words(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", ['добавить "Марк" вампир'])
    done = s.execute("бросок Марк ловкость+драка кости 6 скрытно")
    assert done.event is not None and done.event.data["hidden"] is True
    assert done.event.data["dice"] == [6]
    done = s.execute("бросок 3 сл 7 скрытно кости 9,9,1")
    assert done.event is not None and done.event.data["hidden"] is True
    s.close()


def test_other_rolling_verbs_take_the_word(tmp_path: Path) -> None:
    assert {"roll", "resist", "extended", "teamwork", "frenzy", "power"} <= VERBS
    s = new_session(tmp_path / "c", COTERIE)
    done = s.execute("frenzy Marcus diff 6 hidden dice 7,8")
    assert done.event is not None and done.event.data["hidden"] is True
    s.close()


def test_a_verb_that_does_not_roll_refuses_the_word_and_changes_nothing(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    before = s.state
    with pytest.raises(ChronicleError) as refused:
        s.execute("heal Marcus 1 bashing hidden")
    assert "hidden" in refused.value.render("en")
    assert s.state == before
    s.close()


def test_the_log_and_the_recap_keep_the_hidden_roll_marked(tmp_path: Path, capsys) -> None:
    root = tmp_path / "c"
    s = new_session(root, COTERIE)
    s.execute("roll Marcus dex+brawl hidden dice 7,3,10,2,8")
    s.close()
    assert main(["log", str(root)]) == 0
    assert "🔒 (hidden) Marcus" in capsys.readouterr().out
    assert main(["log", str(root), "--lang", "ru"]) == 0
    assert "🔒 (скрытно) Marcus" in capsys.readouterr().out


def test_the_recap_tells_the_hidden_roll_marked(tmp_path: Path) -> None:
    from elysium.tell.recap import build, markdown

    s = new_session(tmp_path / "c", COTERIE)
    s.execute("roll Marcus dex+brawl hidden dice 7,3,10,2,8")
    for lang, mark in (("en", "🔒 (hidden)"), ("ru", "🔒 (скрытно)")):
        assert mark in markdown(build(s.events(), 1, "Test", lang), lang)
    s.close()


def test_the_roll_dialogs_hidden_box_hides_the_roll(tmp_path: Path) -> None:
    from elysium.tui.dialogs.roll import RollDialog
    from tests.tui_helpers import demo_app, run_async, settle

    @run_async
    async def go() -> None:
        app = demo_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("f2")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, RollDialog)
            dialog.query_one("#faces").value = "7,8,2,10"
            await pilot.click("#hidden")
            await settle(pilot)
            assert dialog.command().endswith("hidden dice 7,8,2,10")
            await pilot.click("#go")
            await settle(pilot)
            event = app.session.events()[-1]
            assert event.type == "roll" and event.data["hidden"] is True
        app.session.close()

    go()
