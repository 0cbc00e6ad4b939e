"""One NPC kept off the players' view (``set NAME hidden yes|no``, ``задать ИМЯ скрыт да|нет``):
the command, its refusals, undo and replay, and the published bytes (the shared view file,
the players' recap, the players' screen) searched for the hidden NPC's name, and found
again once it is revealed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.players import ProjectedView
from elysium.chronicle.projection import project
from elysium.chronicle.replay import Replay
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.rules.dice import SeededDice
from elysium.tell.events import describe
from tests.chronicle_helpers import COTERIE, journal_bytes, new_session
from tests.conftest import run_cli
from tests.tui_helpers import run_async, screen_text, until

NPC = "Kestrel Voss"  # a name no catalog line holds: any byte of it is the NPC's
NAME = NPC.encode()
TABLE = [
    *COTERIE,
    "set Marcus player yes",
    f'add "{NPC}" vampire gen 11',
    f'set "{NPC}" dexterity 3 brawl 2',
]


def _share(root: Path) -> Path:
    to = root.parent / "shared"
    assert main(["share", str(root), "--to", str(to)]) == 0
    return to


def test_set_hidden_in_both_languages_is_an_event_that_undo_and_replay_understand(
    tmp_path: Path,
) -> None:
    root = tmp_path / "c"
    s = new_session(root, TABLE)
    said = s.execute(f'set "{NPC}" hidden yes')
    assert s.state.characters["kestrel voss"].hidden
    assert said.render("en") == f"{NPC}: kept off the players' view: yes"
    assert said.event is not None and said.event.type == "trait_set"
    assert said.event.data | {"line": ""} == {
        "name": NPC,
        "trait": "hidden",
        "flag": "yes",
        "line": "",
    }
    assert describe(said.event, "en") == f"{NPC}: kept off the players' view — yes"
    assert describe(said.event, "ru") == f"{NPC}: скрыт от игроков — да"
    s.execute("undo")
    assert not s.state.characters["kestrel voss"].hidden
    s.execute("redo")
    assert s.state.characters["kestrel voss"].hidden
    said = s.execute(f'задать "{NPC}" скрыт нет')
    assert not s.state.characters["kestrel voss"].hidden
    assert said.render("ru") == f"{NPC}: скрыт от игроков: нет"
    s.execute(f'set "{NPC}" hidden on')
    events = s.events()
    s.close()
    assert Session.open(root).state.characters["kestrel voss"].hidden  # reopened from disk
    replayed = Replay(events)
    assert replayed.state(len(replayed) - 1).characters["kestrel voss"].hidden
    cursor = next(i for i in range(len(replayed)) if replayed.event(i).cmd.endswith("скрыт нет"))
    assert not replayed.state(cursor).characters["kestrel voss"].hidden


REFUSED = [
    # (command, English, Russian): one line in the user's language, nothing changed
    ("set Marcus hidden yes", "Marcus is a player's character: only an NPC", "персонаж игрока"),
    (f'set "{NPC}" hidden maybe', "hidden takes yes or no", "да или нет"),
    (f'set "{NPC}" hidden', "missing", "не хватает"),
]


@pytest.mark.parametrize(("command", "en", "ru"), REFUSED)
def test_a_refusal_is_one_line_and_changes_nothing(
    tmp_path: Path, command: str, en: str, ru: str
) -> None:
    root = tmp_path / "c"
    s = new_session(root, TABLE)
    before, written = s.state, journal_bytes(root)
    with pytest.raises(ChronicleError) as refused:
        s.execute(command)
    assert en in refused.value.render("en")
    assert ru in refused.value.render("ru")
    assert "\n" not in refused.value.render("en") and "\n" not in refused.value.render("ru")
    assert s.state == before and journal_bytes(root) == written
    s.close()


def test_a_hidden_npc_cannot_be_made_a_players_until_revealed(tmp_path: Path) -> None:
    root = tmp_path / "c"
    s = new_session(root, [*TABLE, f'set "{NPC}" hidden yes'])
    before, written = s.state, journal_bytes(root)
    with pytest.raises(ChronicleError) as refused:
        s.execute(f'set "{NPC}" player yes')
    assert f"reveal them first (set {NPC} hidden no)" in refused.value.render("en")
    assert "сначала покажите" in refused.value.render("ru")
    assert s.state == before and journal_bytes(root) == written
    s.execute(f'set "{NPC}" hidden no')
    s.execute(f'set "{NPC}" player yes')
    assert s.state.characters["kestrel voss"].player
    s.close()


# Everything that names the NPC: its own rolls, a contest on either side, the fight's
# participants, the order, an attack on it and by it, a player's declaration naming it.
WHILE_HIDDEN = [
    f'roll "{NPC}" dex+brawl dice 8,8,8,2,1',
    f'resist Marcus dex+brawl vs "{NPC}" dex+brawl',
    f'resist "{NPC}" dex+brawl vs Marcus dex+brawl',
    f'teamwork Marcus dex+brawl with "{NPC}" dex+brawl',
    "spend Marcus blood 1",
    "turn",
    f'feed Marcus 1 from "{NPC}"',  # a player's own doing that names the NPC
    f'combat start Marcus "{NPC}" Bob',
    f'init dice Marcus=9,"{NPC}"=5,Bob=2',
    "declare Bob dodge",
    f'declare "{NPC}" attack Marcus punch',
    "declare Marcus attack kestrel punch",
    "attack Marcus dice 8,8,8,8,8",
    f'attack "{NPC}" dice 8,8,8,8,8',
    f'damage "{NPC}" 2 lethal',
    f'frenzy "{NPC}" diff 6',
    f'extended start "{NPC}" "the ritual" dex+brawl target 5',
    f'extended roll "{NPC}"',
]


def test_the_shared_view_holds_no_byte_of_a_hidden_npc_until_it_is_revealed(
    tmp_path: Path,
) -> None:
    root = tmp_path / "c"
    new_session(root, [*TABLE, f'roll "{NPC}" dex+brawl dice 9,9,2,2,2']).close()
    to = _share(root)
    view = to / "view.json"
    # Seeded: the random damage rolls below must not hurt the NPC past its typed attack.
    s = Session.open(root, rng=SeededDice(1))
    s.execute("turn")
    assert NAME in view.read_bytes()  # seen, and its public roll told
    s.execute(f'set "{NPC}" hidden yes')
    data = view.read_bytes()
    assert NAME not in data  # out entirely: its earlier roll too, while it is hidden
    assert b"Marcus" in data and b'"Bob"' in data
    for command in WHILE_HIDDEN:
        s.execute(command)
        data = view.read_bytes()
        assert NAME not in data and b"kestrel" not in data.lower(), command
    fight = json.loads(data)["fight"]
    assert [row["name"] for row in fight["order"]] == ["Marcus", "Bob"]
    marcus = next(row for row in fight["order"] if row["name"] == "Marcus")
    assert marcus["declared"] and marcus["declaration"] is None  # it names the NPC
    s.execute(f'задать "{NPC}" скрыт нет')
    shown = json.loads(view.read_bytes())
    s.close()
    assert NPC in [c["name"] for c in shown["characters"]]
    assert NPC in [row["name"] for row in shown["fight"]["order"]]
    lines = [r["line"]["en"] for r in shown["rolls"]]
    # What it did while hidden the table never saw: still not told once it is revealed;
    # what it did before, the table saw: told again.
    assert [line for line in lines if NPC in line] == [f"{NPC}: +9 +9 2 2 2 → 2 moderate"]
    assert [r["who"] for r in shown["rolls"]].count(NPC) == 1


def test_a_view_of_every_npc_hidden_and_one_hidden_agree_on_that_npc(tmp_path: Path) -> None:
    """``--npcs hidden`` and one hidden NPC leave it out alike (the other NPCs stay in
    words with one hidden)."""
    s = new_session(tmp_path / "c", [*TABLE, f'set "{NPC}" hidden yes', *WHILE_HIDDEN[:5]])
    one = json.dumps(project(s.state, s.events()))
    every = json.dumps(project(s.state, s.events(), npcs="hidden"))
    s.close()
    assert NPC not in one and NPC not in every
    assert '"Bob"' in one and '"Bob"' not in every


def _recap(root: Path, *more: str) -> str:
    result = run_cli("export", str(root), "--players", *more)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_players_recap_tells_each_event_by_whether_the_npc_was_hidden_then(
    tmp_path: Path,
) -> None:
    """Before it was hidden the table saw it; while hidden, nothing; once revealed, again.
    Hidden in one chapter and revealed in the next, the chapter between is told without it."""
    root = tmp_path / "c"
    s = new_session(root, TABLE)
    s.execute(f'roll "{NPC}" dex+brawl dice 9,9,9,2,2')  # seen: 3 successes
    s.execute(f'set "{NPC}" hidden yes')
    s.execute(f'roll "{NPC}" dex+brawl dice 7,7,2,2,2')  # unseen: 2
    s.execute(f'combat start Marcus "{NPC}"')
    s.execute("combat end")
    s.execute(f'set "{NPC}" hidden no')
    s.execute(f'roll "{NPC}" dex+brawl dice 6,2,2,2,2')  # seen again: 1
    s.execute(f'set "{NPC}" hidden yes')
    s.execute("chapter")
    s.execute(f'roll "{NPC}" dex+brawl dice 10,2,2,2,2')  # chapter 2, hidden
    s.execute("roll Marcus dex+brawl dice 8,8,2,2,2")
    s.execute("chapter")
    s.execute(f'set "{NPC}" hidden no')  # revealed in chapter 3
    s.close()
    first = _recap(root, "--chapter", "1")
    assert "+9 +9 +9" in first and "+6 2 2 2 2" in first
    assert "+7 +7" not in first
    assert "Fight: Marcus\n" in first  # the fight's title without the hidden NPC
    second = _recap(root, "--chapter", "2")
    assert NPC not in second and "Marcus" in second
    page = _recap(root, "--chapter", "2", "--format", "html")
    assert NPC not in page and "Kestrel" not in page
    storyteller = run_cli("export", str(root), "--chapter", "1").stdout
    assert "+7 +7" in storyteller and f"Fight: Marcus, {NPC}" in storyteller


def test_the_players_recap_in_russian_leaves_the_hidden_npc_out(tmp_path: Path) -> None:
    root = tmp_path / "c"
    s = new_session(root, [*TABLE, f'set "{NPC}" hidden yes', *WHILE_HIDDEN[:5]])
    s.close()
    told = _recap(root, "--lang", "ru")
    assert NPC not in told and "Marcus" in told and "другая сторона" in told


@pytest.mark.parametrize(
    ("npcs", "lang", "said"),
    [
        ((), "en", "Marcus drinks 1 (someone)"),
        ((), "ru", "Marcus пьёт 1 (кто-то)"),
        (("--npcs", "hidden"), "en", "Marcus drinks 1 (someone)"),
    ],
)
def test_a_players_drink_from_an_unseen_npc_does_not_name_it(
    tmp_path: Path, npcs: tuple[str, ...], lang: str, said: str
) -> None:
    """The player's own doing is told, the NPC it drank from is not: hidden at that moment,
    or every NPC hidden from this recap."""
    root = tmp_path / "c"
    hide = [] if npcs else [f'set "{NPC}" hidden yes']
    s = new_session(root, [*TABLE, *hide, *WHILE_HIDDEN[4:7], f'set "{NPC}" hidden no'])
    s.close()
    told = _recap(root, "--lang", lang, *npcs)
    assert said in told and NPC not in told, told
    storyteller = run_cli("export", str(root)).stdout
    assert f"Marcus drinks 1 ({NPC})" in storyteller


@run_async
async def test_the_players_screen_shows_the_npc_only_once_revealed(tmp_path: Path) -> None:
    from elysium.tui.app import make_players_app

    root = tmp_path / "c"
    writer = new_session(root, [*TABLE, f'set "{NPC}" hidden yes', *WHILE_HIDDEN[:6]])
    source = ProjectedView(root)
    app = make_players_app(source, "en")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Marcus" in screen_text(app), "the view drawn")
            assert "Kestrel" not in screen_text(app)
            writer.execute(f'set "{NPC}" hidden no')
            await until(pilot, lambda: NPC in screen_text(app), "the NPC revealed")
            assert f"{NPC} Unhurt" in screen_text(app)  # in words, as any NPC
    finally:
        writer.close()
        source.close()


def test_elysium_state_marks_the_npc_kept_off_the_players_view(tmp_path: Path) -> None:
    root = tmp_path / "c"
    new_session(root, [*TABLE, f'set "{NPC}" hidden yes']).close()
    lines = {
        lang: run_cli("state", str(root), "--lang", lang).stdout.splitlines()
        for lang in ("en", "ru")
    }
    npc = [x for x in lines["en"] if NPC in x]
    assert len(npc) == 1 and npc[0].endswith("[off the players' view]")
    assert next(x for x in lines["ru"] if NPC in x).endswith("[скрыт от игроков]")
    assert not any("players' view" in x for x in lines["en"] if NPC not in x)
