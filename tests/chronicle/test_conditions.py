"""Conditions that run out, through the command language as typed: ``condition`` and
``состояние``, counted down by ``turn``, a fight's round, ``scene`` and ``night``, the clock's
answer naming those that ended; undo (a ``night`` undone brings them back), replay, and
refusals that change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from elysium.chronicle.replay import Replay
from elysium.chronicle.session import Session
from elysium.chronicle.state import State, apply
from elysium.rules.conditions import Tag, Unit
from elysium.tell.events import describe
from tests.chronicle_helpers import COTERIE, journal_bytes, new_session

ROUND = ["combat start Marcus Bob", "init dice Marcus=5,Bob=3", "next", "next", "next", "next"]


@pytest.fixture
def s(coterie: Session) -> Session:
    return coterie


def tags(s: Session, key: str) -> list[tuple[str, str, int]]:
    return [(t.label, t.unit.value, t.left) for t in s.state.characters[key].conditions]


def test_given_in_english_and_told_in_both_languages(s) -> None:
    said = s.execute('condition Marcus "Dominated" 3 turns')
    assert tags(s, "marcus") == [("Dominated", "turn", 3)]
    assert said.render("en") == "Marcus: Dominated 3 turns"
    assert said.render("ru") == "Marcus: Dominated: 3 хода"
    assert said.event is not None and said.event.type == "condition"
    assert describe(said.event, "en") == "Marcus: Dominated 3 turns"
    assert describe(said.event, "ru") == "Marcus: Dominated: 3 хода"


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("состояние Marcus Подчинён 2 раунда", ("Подчинён", "round", 2)),
        ("состояние Marcus «Ослеплён» сцену", ("«Ослеплён»", "scene", 1)),
        ("состояние Marcus Под Доминированием 5 ночей", ("Под Доминированием", "night", 5)),
        ('condition Marcus "Blood Bond" ', ("Blood Bond", "removed", 0)),
        ("condition Marcus Shaken 2 scenes", ("Shaken", "scene", 2)),
        ("condition Marcus Staggered round", ("Staggered", "round", 1)),
        # A quoted label is a label, whatever word it is: not a unit, not ``off``.
        ('condition Marcus "scene"', ("scene", "removed", 0)),
        ('состояние Marcus "сцена" 2 сцены', ("сцена", "scene", 2)),
        ('condition Marcus "off"', ("off", "removed", 0)),
        ('condition Marcus "Held" scene', ("Held", "scene", 1)),
        # Unquoted words with no number after the first cannot be a slip: one label.
        ("condition Marcus Blood Bound", ("Blood Bound", "removed", 0)),
        ("condition Marcus Held2 2 turns", ("Held2", "turn", 2)),
    ],
)
def test_spellings_units_and_labels_of_several_words(s, command, expected) -> None:
    s.execute(command)
    assert tags(s, "marcus") == [expected]


def test_giving_it_again_sets_what_is_left_and_listing_writes_nothing(s) -> None:
    s.execute('condition Marcus "Dominated" 3 turns')
    s.execute("condition Marcus dominated 1 scene")
    assert tags(s, "marcus") == [("dominated", "scene", 1)]
    events = s.state.events
    said = s.execute("condition Marcus")
    assert said.event is None and s.state.events == events
    assert said.render("en") == "Marcus: conditions: dominated 1 scene"
    assert s.execute("состояние Bob").render("ru") == "Bob: состояния: нет"


def test_turns_count_down_and_the_turn_says_which_ended(s) -> None:
    s.execute('condition Marcus "Dominated" 2 turns')
    s.execute("condition Bob Blinded 1 turn")
    first = s.execute("turn")
    assert tags(s, "marcus") == [("Dominated", "turn", 1)] and tags(s, "bob") == []
    assert first.render("en") == "turn 2 — Blinded ends for Bob"
    assert first.render("ru") == "ход 2 — Bob: состояние «Blinded» закончилось"
    assert first.event is not None
    assert first.event.data["ended"] == [{"who": "Bob", "label": "Blinded"}]
    assert describe(first.event, "en") == "turn 2 — Blinded ends for Bob"
    plain = s.execute("ход")
    assert plain.render("ru") == "ход 3 — Marcus: состояние «Dominated» закончилось"
    quiet = s.execute("turn")
    assert quiet.render("en") == "turn 4" and "ended" not in quiet.event.data


def test_a_fights_round_counts_rounds_and_turns(s) -> None:
    s.execute("condition Marcus Dominated 2 rounds")
    s.execute("condition Bob Dazzled 1 turn")
    for command in ROUND:
        s.execute(command)
    said = s.execute("next")
    assert said.event is not None and said.event.type == "round_end"
    assert tags(s, "marcus") == [("Dominated", "round", 1)] and tags(s, "bob") == []
    assert said.render("en").endswith("— Dazzled ends for Bob")
    assert describe(said.event, "ru").endswith("Bob: состояние «Dazzled» закончилось")


def test_turn_is_refused_in_a_fight_whose_round_is_the_turn(tmp_path: Path) -> None:
    """V20: a turn and a round are one (seed 003 «Ходы в сражениях»); ``next`` ends it, so a
    ``turn`` typed in the fight would count conditions, blood and Willpower twice."""
    s = new_session(tmp_path / "c", COTERIE)
    s.execute("condition Bob Dazed 3 turns")
    s.execute("combat start Marcus Bob")
    before_state, before_disk = s.state, journal_bytes(tmp_path / "c")
    for typed in ("turn", "ход"):
        with pytest.raises(CommandError) as caught:
            s.execute(typed)
        assert caught.value.render("en") == (
            "a fight is going on: its round is the turn, and next ends it"
        )
        assert caught.value.render("ru") == (
            "идёт бой: ход — это его раунд, а заканчивает раунд «далее»"
        )
        assert s.state == before_state and journal_bytes(tmp_path / "c") == before_disk
    for command in [*ROUND[1:], "next"]:
        s.execute(command)
    assert tags(s, "bob") == [("Dazed", "turn", 2)] and s.state.turn == 2
    s.execute("combat end")
    assert s.execute("turn").render("en") == "turn 3"
    assert tags(s, "bob") == [("Dazed", "turn", 1)]
    s.close()


def test_a_scene_ends_the_turns_and_counts_scenes(s) -> None:
    s.execute("condition Marcus Dominated 5 turns")
    s.execute("condition Bob Shaken 2 scenes")
    s.execute("condition Rex Bound")
    said = s.execute("scene")
    assert tags(s, "marcus") == []
    assert tags(s, "bob") == [("Shaken", "scene", 1)]
    assert tags(s, "rex") == [("Bound", "removed", 0)]
    assert said.render("en") == "scene 2 — Dominated ends for Marcus"


def test_a_night_ends_them_and_undoing_it_brings_them_back(s) -> None:
    s.execute("condition Marcus Dominated 3 turns")
    s.execute("condition Bob Shaken 1 scene")
    s.execute("condition Rex Cursed 2 nights")
    before = {k: c.conditions for k, c in s.state.characters.items()}
    said = s.execute("night")
    assert tags(s, "marcus") == [] and tags(s, "bob") == []
    assert tags(s, "rex") == [("Cursed", "night", 1)]
    assert said.render("en").endswith("— Dominated ends for Marcus; Shaken ends for Bob")
    undone = s.execute("undo")
    assert {k: c.conditions for k, c in s.state.characters.items()} == before
    assert "Marcus: blood 13/13, conditions Dominated 3 turns; Bob: conditions Shaken" in (
        undone.render("en")
    )
    assert "состояния: Dominated: 3 хода" in undone.render("ru")
    s.execute("redo")
    s.execute("ночь")
    assert tags(s, "rex") == []


def test_a_new_chapter_is_a_new_scene(s) -> None:
    s.execute("condition Marcus Dominated 3 turns")
    s.execute("condition Bob Cursed 1 night")
    said = s.execute("chapter")
    assert tags(s, "marcus") == [] and tags(s, "bob") == [("Cursed", "night", 1)]
    assert said.render("en") == "chapter 2 begins — Dominated ends for Marcus"


def test_taking_one_off_in_both_languages_and_undo(s) -> None:
    s.execute("condition Marcus Dominated 3 turns")
    s.execute("condition Marcus Shaken")
    said = s.execute("condition Marcus dominated off")
    assert tags(s, "marcus") == [("Shaken", "removed", 0)]
    assert said.render("en") == "Marcus: Dominated taken off"
    assert said.event is not None and describe(said.event, "ru") == (
        "Marcus: состояние «Dominated» снято"
    )
    s.execute("undo")
    assert tags(s, "marcus") == [("Dominated", "turn", 3), ("Shaken", "removed", 0)]
    s.execute("состояние Marcus Shaken снять")
    assert tags(s, "marcus") == [("Dominated", "turn", 3)]


def test_the_replay_and_a_reopened_chronicle_hold_the_same(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    for command in ["condition Marcus Dominated 2 turns", "turn", "condition Bob Shaken 3 scenes"]:
        s.execute(command)
    for command in ["turn", "scene", "undo", "condition Rex Cursed 1 night", "night"]:
        s.execute(command)
    live = s.state
    events = s.events()
    s.close()
    folded = State()
    for e in events:
        folded = apply(folded, e)
    assert folded.characters == live.characters
    replay = Replay(events)
    at_end = replay.state(len(replay) - 1)
    assert at_end.characters == live.characters
    reopened = Session.open(tmp_path / "c")
    assert reopened.state.characters == live.characters
    assert reopened.state.characters["bob"].conditions == (Tag("Shaken", Unit.SCENE, 2),)
    reopened.close()


REFUSED = [
    ("condition Nobody Dominated 2 turns", "Nobody"),
    ("condition Marcus 3 turns", "label"),
    ("condition Marcus Dominated 3", "say what 3 counts"),
    ("condition Marcus Dominated 0 turns", "1 to 1000"),
    ("condition Marcus Dominated 1001 nights", "1 to 1000"),
    ("condition Marcus Dominated off", "no condition 'Dominated'"),
    ("condition Marcus off", "label"),
    ("condition Mar Shaken off", "whole name"),
    (f"condition Marcus {'x' * 61}", "at most 60"),
    # After a quoted label, the words are its duration or nothing (no label that never ends).
    ('condition Bob "Held" 2 trns', '"2 trns" is not a duration'),
    ('condition Bob "Held2" two turns', '"two turns" is not a duration'),
    ('condition Bob "X" 3 weeks', '"3 weeks" is not a duration'),
    ('condition Bob "Held" 2 turns more', '"2 turns more" is not a duration'),
    ('condition Bob "Z" 3', "say what 3 counts"),
    ('condition Bob ""', "label"),
    # Unquoted, a number after the label's first word is a slip in the duration.
    ("condition Bob Held 2 trns", '"2 trns" is not a duration'),
    ("состояние Bob X 3 недели", '"3 недели" is not a duration'),
    ("condition Bob Held 3 turns 2", '"3 turns 2" is not a duration'),
]


@pytest.mark.parametrize(("command", "message"), REFUSED)
def test_refusals_change_nothing(tmp_path: Path, command: str, message: str) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute("condition Marcus Shaken")
    before_state, before_disk = s.state, journal_bytes(tmp_path / "c")
    with pytest.raises(CommandError, match=message) as caught:
        s.execute(command)
    assert "\n" not in caught.value.render("en")
    assert caught.value.render("ru") != caught.value.render("en")
    assert s.state == before_state
    assert journal_bytes(tmp_path / "c") == before_disk
    s.close()
