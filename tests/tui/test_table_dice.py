"""Physical dice in the dashboard (issue 14): with the chronicle set to physical dice, an
attack asks the table for each step's faces; a wrong count is asked again for that step
only; Esc cancels with nothing written; Ctrl+T runs one command the other way. And the same in a
real pseudo-terminal."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets import Input

from elysium.chronicle.session import Session
from elysium.tui.app import make_app
from elysium.tui.commandbar import CommandBar
from elysium.tui.dialogs.faces import FacesPrompt
from elysium.tui.widgets.line import Line
from tests.pty_helpers import Terminal, journal_events, terminal_env
from tests.tui_helpers import check, demo_app, demo_copy, run_async, settle, status

# The demo is in round 2's act phase and Ilse Varga acts now; Spike is a mortal.
ATTACK = 'attack "Ilse Varga" Spike punch'


def physical_demo(tmp_path: Path, lang: str = "en") -> Session:
    session = Session.open(demo_copy(tmp_path))
    session.execute("rules physical-dice on")
    return session


async def submit(pilot, text: str) -> None:
    bar = pilot.app.screen.query_one(CommandBar)
    bar.value = text
    await pilot.press("enter")
    await settle(pilot)


async def answer(pilot, faces: str) -> None:
    prompt = pilot.app.screen
    assert isinstance(prompt, FacesPrompt)
    box = prompt.query_one("#faces")
    box.value = faces  # type: ignore[attr-defined]
    await pilot.press("enter")
    await settle(pilot)


def step_text(app) -> str:
    return app.screen.query_one("#faces-step", Line).plain


def faces_for(app, start: int = 6) -> str:
    """As many faces as the prompt asks for (6s and up: successes, no botch)."""
    count = app.screen.need.step.count
    return " ".join(str(min(10, start + i % 3)) for i in range(count))


async def cancel(pilot) -> None:
    """Esc out of the table prompt, so that the next check starts on the dashboard."""
    await pilot.press("escape")
    await settle(pilot)
    assert not isinstance(pilot.app.screen, FacesPrompt), "Esc left the table prompt open"


async def attack_step_by_step_then_saved_once(pilot, session: Session) -> None:
    app = pilot.app
    before = session.state.events
    await submit(pilot, ATTACK)
    assert isinstance(app.screen, FacesPrompt)
    assert step_text(app).startswith("Ilse Varga: the attack: throw ")
    assert session.state.events == before  # nothing written yet
    # A wrong count is refused for this step only.
    await answer(pilot, "8 3")
    assert "this step needs exactly" in app.screen.query_one("#faces-error", Line).plain
    assert step_text(app).startswith("Ilse Varga: the attack: throw ")
    await answer(pilot, faces_for(app))
    assert step_text(app).startswith("the damage roll: throw ")
    done = app.screen.query_one("#faces-done", Line).plain
    assert done.startswith("Ilse Varga: the attack: ") and "success" in done
    await answer(pilot, faces_for(app))
    assert step_text(app).startswith("Spike: the soak roll: throw ")
    await answer(pilot, "")  # an empty Enter is a slip: nothing thrown, asked again
    assert step_text(app).startswith("Spike: the soak roll: throw ")
    assert "or r to let Elysium roll" in app.screen.query_one("#faces-error", Line).plain
    await answer(pilot, "r")  # Elysium rolls the soak
    assert not isinstance(app.screen, FacesPrompt)
    assert session.state.events == before + 1  # one event for the whole attack
    assert "Ilse Varga" in status(app) and "Spike" in status(app)


async def escape_cancels_with_nothing_written(pilot, session: Session) -> None:
    app = pilot.app
    before = session.state.events
    await submit(pilot, ATTACK)
    assert step_text(app).startswith("Ilse Varga: атака: бросьте ")
    await answer(pilot, faces_for(app))
    await pilot.press("escape")
    await settle(pilot)
    assert not isinstance(app.screen, FacesPrompt)
    assert session.state.events == before
    assert status(app).startswith("отменено:") and "ничего не записано" in status(app)


async def ctrl_t_runs_one_command_the_other_way(pilot, session: Session) -> None:
    """On a chronicle rolled by Elysium (the default)."""
    app = pilot.app
    before = session.state.events
    pilot.app.screen.query_one(CommandBar).value = 'roll "Lucien Marchetti" wits+etiquette'
    await pilot.press("ctrl+t")
    await settle(pilot)
    assert isinstance(app.screen, FacesPrompt)
    assert step_text(app) == "Lucien Marchetti's roll: throw 6 dice, difficulty 6"
    await answer(pilot, "7 7 7 2 2 2")
    assert session.state.events == before + 1
    assert session.store.tail_events(1)[0].data["dice"] == [7, 7, 7, 2, 2, 2]
    # Typed the usual way, the next roll is Elysium's own: no prompt.
    await submit(pilot, 'roll "Lucien Marchetti" wits+etiquette')
    assert not isinstance(app.screen, FacesPrompt)
    assert session.state.events == before + 2
    # With nothing typed, Ctrl+T says how it is used.
    await pilot.press("ctrl+t")
    await settle(pilot)
    assert "type a command first" in status(app)


async def the_roll_dialog_hands_its_roll_to_the_table_prompt(pilot, session: Session) -> None:
    """F2 with physical dice: the dialog closes and the prompt takes the roll over (the
    dialog, told to close once the prompt was on top, used to take the prompt off the stack
    instead, and the prompt, mounted with no children, took the dashboard down)."""
    app = pilot.app
    before = session.state.events
    await pilot.press("f2")
    await settle(pilot)
    assert type(app.screen).__name__ == "RollDialog"
    await pilot.press("enter")  # the pool the dialog offers
    await settle(pilot)
    assert isinstance(app.screen, FacesPrompt)
    assert app.screen_stack == [app.dashboard, app.screen]  # the dialog is gone
    assert app.screen.command == "roll 'Lucien Marchetti' dex+brawl diff 6"
    assert step_text(app) == "Lucien Marchetti's roll: throw 4 dice, difficulty 6"
    assert session.state.events == before  # nothing written yet
    await answer(pilot, "8 8 3 10")
    assert app.screen is app.dashboard
    assert session.state.events == before + 1
    assert session.store.tail_events(1)[0].data["dice"] == [8, 8, 3, 10]
    assert app.focused is app.dashboard.query_one(CommandBar)


# What the table throws at each step, by the prompt's label: the attack hits, a defence
# fails, the damage lands, the soak fails.
FACE = {b"the attack": "9", b"the damage roll": "9", b"the soak roll": "2"}  # after "NAME: "


def next_step(term: Terminal, after: int) -> tuple[bytes, int] | None:
    """The step the prompt asks for (its label and how many dice), read off the screen
    after byte ``after``; None once the attack is saved."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with term.lock:
            shown = bytes(term.output[after:])
        found = re.findall(rb"(the [a-z ]+): throw (\d+) di", shown)
        if found:
            label, count = found[-1]
            return label, int(count)
        if b"Spike" in shown and b"throw" not in shown and b"lethal" in shown:
            return None
        time.sleep(0.05)
    raise AssertionError(f"no prompt after byte {after}: {shown[-400:]!r}")


def test_an_attack_with_physical_dice_in_a_real_terminal(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    s = Session.open(root)
    s.execute("rules physical-dice on")
    s.close()
    old = {(e.seq, e.wall) for e in journal_events(root) if e.type == "attack"}
    term = Terminal(root, terminal_env(tmp_path))
    try:
        term.wait_for(b"Vitals")
        time.sleep(0.5)
        term.type(ATTACK + "\r")
        term.wait_for(b"Ilse Varga: the attack: throw")
        term.type("8 3\r")  # a wrong count: this step is asked again
        term.wait_for(b"this step needs exactly")
        mark, labels = 0, []
        while len(labels) < 6:
            step = next_step(term, mark)
            assert step is not None
            label, count = step
            labels.append(label)
            mark = term.received()
            term.type("\x15")  # Ctrl+U: the faces typed before are gone
            time.sleep(0.2)
            term.type(" ".join([FACE.get(label, "2")] * count) + "\r")
            if label == b"the soak roll":
                break
            time.sleep(0.3)
        assert labels[0] == b"the attack" and labels[-2:] == [b"the damage roll", b"the soak roll"]
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            new = [
                e for e in journal_events(root) if e.type == "attack" and (e.seq, e.wall) not in old
            ]
            if new:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the attack never reached the journal")
        (attack,) = new
        assert set(attack.data["attack"]["dice"]) == {9}  # the faces typed at each step
        assert set(attack.data["damage_roll"]["dice"]) == {9}
        assert set(attack.data["damage"]["soak"]["dice"]) == {2}
    finally:
        term.close()


def _table_step(pilot_faces: list[str]):
    """Physical dice on; the attack typed; the faces of the first steps given."""

    async def run(pilot) -> None:
        await settle(pilot)
        pilot.app.dashboard.run_command("rules physical-dice on")
        await settle(pilot)
        await submit(pilot, ATTACK)
        for faces in pilot_faces:
            await answer(pilot, faces)
        await settle(pilot)

    return run


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(80, 24), (200, 55)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "no_color"])
def test_snapshot_the_table_prompt(
    snap_compare, tmp_path: Path, monkeypatch, lang: str, size, no_color: bool
) -> None:
    """The prompt at its second step: the attack's roll shown, the damage asked for."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = demo_app(tmp_path, lang)
    # Ilse: Dexterity 3 + Brawl 4 + Celerity 2 (no dot traded for actions this round) = 9.
    faces = ["9 9 9 2 2 2 8 2 2"]
    try:
        assert snap_compare(app, terminal_size=size, run_before=_table_step(faces))
    finally:
        app.session.close()


def seen(line: Line) -> str:
    """What a line of the prompt shows on the screen: its rows as laid out, not its text."""
    width, height = line.size
    return "\n".join(strip.text for strip in line.render_lines(Region(0, 0, width, height)))


async def the_soak_step_shows_the_damage_just_rolled(pilot, lang: str, damage: str) -> None:
    """At 80 columns the attack's roll takes two rows; the damage roll, by Elysium (``r``)
    or typed, came under it but the line kept the attack's height: it was never seen."""
    app = pilot.app
    rolled = {"en": "the damage roll: ", "ru": "урон: "}[lang]
    await submit(pilot, ATTACK)
    await answer(pilot, faces_for(app, 8))
    await answer(pilot, "r" if damage == "r" else faces_for(app, 8))
    assert isinstance(app.screen, FacesPrompt)
    assert "Spike" in step_text(app)  # the soak step
    done = app.screen.query_one("#faces-done", Line)
    shown = seen(done)
    assert shown.startswith("Ilse Varga: ")
    assert rolled in shown
    assert shown.rstrip().endswith(done.plain.split(" ")[-1])  # the last word too


async def faces_typed_with_the_command_are_shown_with_the_rolls_made(pilot) -> None:
    app = pilot.app
    # Dexterity 3 + Brawl 4, and Celerity 2 (no dot traded this round): 9 dice.
    await submit(pilot, ATTACK + " dice 8 8 8 8 8 8 8 8 8")
    assert step_text(app).startswith("the damage roll: throw ")
    shown = seen(app.screen.query_one("#faces-done", Line))
    assert shown.startswith("Ilse Varga: the attack: 8 8 8 8 8 8 8 8 8 — success")


REFUSED = {
    "en": "7 3: that is 2 faces; this step needs exactly 9",
    "ru": "7 3: введено 2 грани, а на этом шаге нужно ровно 9",
}


async def a_refused_count_empties_the_box_and_the_refusal_stays(
    pilot, session: Session, lang: str
) -> None:
    """Typed key by key: ``7 3`` (refused), then ``7 3 10`` used to leave ``7 37 3 10``."""
    app = pilot.app
    said = REFUSED[lang]
    before = session.state.events
    await submit(pilot, ATTACK)
    box = app.screen.query_one("#faces", Input)
    await pilot.press(*"7 3", "enter")
    await settle(pilot)
    assert box.value == ""
    error = app.screen.query_one("#faces-error", Line)
    assert error.plain == said and seen(error).rstrip() == said
    await pilot.press(*"7 3 10")
    assert box.value == "7 3 10"
    assert error.plain == said  # still there while the faces are typed again
    await pilot.press(*" 8 8 8 8 8 8", "enter")  # 9 dice (Celerity 2 among them)
    await settle(pilot)
    assert step_text(app).startswith({"en": "the damage roll", "ru": "урон"}[lang])
    assert app.screen.query_one("#faces-error", Line).plain == ""
    assert session.state.events == before  # nothing written yet


@run_async
async def test_physical_dice_in_english_ask_each_step_show_the_rolls_and_save_one_event(
    tmp_path: Path,
) -> None:
    """One dashboard, its checks in turn: Ctrl+T on a chronicle rolled by Elysium, then, with
    physical dice on, the checks that write nothing (each left with Esc), then those that
    write."""
    session = Session.open(demo_copy(tmp_path))  # rolled by Elysium by default
    app = make_app(session, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await check("ctrl+t", ctrl_t_runs_one_command_the_other_way(pilot, session))
        app.dashboard.run_command("rules physical-dice on")
        await settle(pilot)
        for damage in ("r", "typed"):
            await check(
                f"soak step, damage {damage}",
                the_soak_step_shows_the_damage_just_rolled(pilot, "en", damage),
            )
            await cancel(pilot)
        await check(
            "faces typed with the command",
            faces_typed_with_the_command_are_shown_with_the_rolls_made(pilot),
        )
        await cancel(pilot)
        await check(
            "refused count",
            a_refused_count_empties_the_box_and_the_refusal_stays(pilot, session, "en"),
        )
        await cancel(pilot)
        await check(
            "roll dialog", the_roll_dialog_hands_its_roll_to_the_table_prompt(pilot, session)
        )
        await check("attack step by step", attack_step_by_step_then_saved_once(pilot, session))
    session.close()


@run_async
async def test_physical_dice_in_russian_cancel_show_the_rolls_and_refuse_a_wrong_count(
    tmp_path: Path,
) -> None:
    """One dashboard with physical dice, its checks in turn, each left with Esc."""
    session = physical_demo(tmp_path)
    app = make_app(session, "ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await check("escape", escape_cancels_with_nothing_written(pilot, session))
        for damage in ("r", "typed"):
            await check(
                f"soak step, damage {damage}",
                the_soak_step_shows_the_damage_just_rolled(pilot, "ru", damage),
            )
            await cancel(pilot)
        await check(
            "refused count",
            a_refused_count_empties_the_box_and_the_refusal_stays(pilot, session, "ru"),
        )
        await cancel(pilot)
    session.close()
