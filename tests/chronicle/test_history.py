"""Replay, recap and dice statistics (the issue "Replay, recap and dice statistics")."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from elysium.chronicle.replay import Replay
from elysium.chronicle.session import Session
from elysium.chronicle.state import State, apply
from elysium.rules import V20
from elysium.tell.recap import build, markdown, page
from elysium.tell.stats import dice_stats
from tests.chronicle.combat_cast import FIGHT, INIT, SETUP, START
from tests.chronicle_helpers import new_session
from tests.conftest import run_elysium, sized
from tests.tui_helpers import demo_copy


def _as_replayed(state: State) -> State:
    """A replay's states carry no undo history (a replay cannot undo)."""
    return replace(state, undo=(), redo=())


def test_a_recorded_fight_replays_to_the_same_state_at_every_event(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", [*SETUP, START, INIT])
    live = {s.state.events: s.state}
    for line in FIGHT:
        s.execute(line)
        live[s.state.events] = s.state
    s.execute("chapter")
    s.execute("roll 2 dice 8,1")
    events = s.events()
    s.close()
    replay = Replay(events, chapter=1)
    assert len(replay) == len(events) - 2  # the next chapter's two events are not on it
    for cursor in range(len(replay)):
        seq = replay.event(cursor).seq
        state = replay.state(cursor)
        if seq in live:
            assert state == _as_replayed(live[seq])
        folded = State()
        for e in events[:seq]:
            folded = apply(folded, e)
        assert state == _as_replayed(folded)


def test_a_replay_read_from_the_files_steps_back_from_the_end(tmp_path: Path) -> None:
    """Opened on a session, the replay starts from the chronicle's state and patches its
    way back (each event's changes reversed); every state is the fold's, both ways."""
    s = new_session(tmp_path / "c", SETUP)
    for line in ["chapter", 'add "Extra" mortal blank', START, INIT, *FIGHT, "undo"]:
        s.execute(line)
    for line in ["combat end", 'remove "Extra"', "award Marcus 1", "undo", "redo"]:
        s.execute(line)
    events = s.events()
    folds = {0: State()}
    for e in events:
        folds[e.seq] = apply(folds[max(folds)], e)
    with Replay.open(s, chapter=2) as replay:
        assert replay.chapter == 2 and replay.chapters == [1, 2]
        last = len(replay) - 1
        assert replay.state(last) == _as_replayed(s.state)
        for cursor in [*range(last, -1, -1), *range(0, last + 1)]:  # back to the start, forth
            seq = replay.event(cursor).seq
            state = replay.state(cursor)
            assert state == _as_replayed(folds[seq]), cursor
            assert list(state.characters) == list(folds[seq].characters)  # the panes' order
        assert replay.events_window(last, 3) == events[-3:]
        assert replay.event(replay.find(events[-1].seq)) == events[-1]
    with Replay.open(s, chapter=1) as first:  # an earlier chapter: folded from the start
        assert first.state(len(first) - 1) == _as_replayed(folds[first.event(len(first) - 1).seq])
    s.close()
    # Rolls keep their faces: the attack events hold the dice that were typed.
    attacks = [replay.event(i) for i in range(len(replay)) if replay.event(i).type == "attack"]
    assert attacks[0].data["attack"]["dice"] == [7, 8, 2, 1, 9, 10]


def test_marks_and_finding_events(tmp_path: Path) -> None:
    s = Session.open(demo_copy(tmp_path), readonly=True)
    replay = Replay(s.events())  # the latest chapter
    s.close()
    assert replay.chapter == 2 and replay.chapters == [1, 2]
    rounds = [m.index for m in replay.marks() if m.kind == "round"]
    assert len(rounds) == 3  # combat start, then two rounds' initiative
    assert rounds[0] > 0  # the chapter begins before the fight
    assert replay.next_mark(0, "round", 1) == rounds[0]
    assert replay.next_mark(rounds[0], "round", 1) == rounds[1]
    assert replay.next_mark(rounds[2], "round", -1) == rounds[1]
    assert replay.next_mark(rounds[2], "round", 1) == rounds[2]  # nothing later: stay
    assert replay.event(replay.find(60)).seq == 60
    with pytest.raises(ValueError, match="not in chapter 2"):
        replay.find(3)


def test_jumping_anywhere_lands_on_the_folded_state(tmp_path: Path) -> None:
    """Jumps across a long chapter, not prepared: forward in strides, far back, and to
    places picked at random, each reaching the state the events fold to. (How fast a jump
    is: ``bench/replay_bench.py``.)"""
    import random

    from bench.replay_bench import build_chronicle

    # Past MARKS_AT_ONCE (2,048) and many an EVERY (256) by default; 5,000 when slow.
    events = build_chronicle(tmp_path / "big", sized(2_500, 5_000))
    replay = Replay(events)
    strides = list(range(0, len(replay), 97))
    rng = random.Random(5)
    cursors = [*strides, *reversed(strides), *(rng.randrange(len(replay)) for _ in range(40))]
    cursors += [len(replay) - 1, 0]
    wanted = {replay.event(cursor).seq for cursor in cursors}
    folds, folded = {}, State()
    for e in sorted(events, key=lambda e: e.seq):
        folded = apply(folded, e)
        if e.seq in wanted:
            folds[e.seq] = _as_replayed(folded)
    for cursor in cursors:
        event = replay.event(cursor)
        assert replay.state(cursor) == folds[event.seq], cursor
        assert replay.state(cursor).events == event.seq


def test_export_of_the_demo_has_every_section_in_both_languages(tmp_path: Path) -> None:
    s = Session.open(demo_copy(tmp_path), readonly=True)
    events, name = s.events(), s.state.name
    s.close()
    sections = {
        "en": [
            "## Scenes",
            "## Fights, round by round",
            "## Notable rolls",
            "## Damage taken and healed",
            "## Blood spent and fed",
            "## Frenzy and Rötschreck",
            "## Degeneration",
            "## Experience awarded and spent",
        ],
        "ru": [
            "## Сцены",
            "## Бои по раундам",
            "## Памятные броски",
            "## Раны получены и залечены",
            "## Кровь потрачена и выпита",
            "## Ярость и Ротшрек",
            "## Деградация",
            "## Опыт выдан и потрачен",
        ],
    }
    for lang, heads in sections.items():
        one = markdown(build(events, 1, name, lang), lang)
        two = markdown(build(events, 2, name, lang), lang)
        for head in heads:
            if head in ("## Fights, round by round", "## Бои по раундам"):
                # Only the chapter with a fight has the heading (chapter 2's fight).
                assert head in two and head not in one
                continue
            assert head in one and head in two
    one_en = markdown(build(events, 1, name, "en"), "en")
    assert "Ilse Varga degeneration, sin 4" in one_en  # degeneration history
    assert "Ilse Varga frenzy diff 6: 2 5 → FRENZY" in one_en
    assert "Ilse Varga: spent 0, fed 2" in one_en
    assert "Lucien Marchetti: 2 XP" in one_en
    assert "phenomenal" in one_en  # Brother Anselm's five successes are notable
    two_ru = markdown(build(events, 2, name, "ru"), "ru")
    assert "### Бой: Ilse Varga" in two_ru and "**Раунд 2**" in two_ru
    assert "Razor: получено 9, залечено 0" in two_ru


def test_the_html_recap_is_standalone_and_escaped(tmp_path: Path) -> None:
    s = new_session(
        tmp_path / "c",
        ['add "<script>alert(1)</script>" mortal blank', 'add "Bob & <b>Co</b>" mortal blank'],
    )
    s.execute('roll "<script>alert(1)</script>" dex dice 1')
    s.execute('damage "Bob & <b>Co</b>" 1 lethal nosoak')
    events = s.events()
    s.close()
    html = page(build(events, 1, "Night <i>1</i>", "en"), "en")
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Bob &amp; &lt;b&gt;Co&lt;/b&gt;" in html and "Night &lt;i&gt;1&lt;/i&gt;" in html
    assert "http" not in html and "<link" not in html and "src=" not in html
    assert html.startswith("<!DOCTYPE html>") and "<style>" in html


def test_dice_statistics_against_hand_computed_values(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", ['add "Marcus" vampire gen 10', "set Marcus dexterity 2"])
    for line in [
        "roll 1 diff 6 dice 6",
        "roll 1 diff 6 dice 1",
        "roll 2 diff 6 dice 10,1",
        "roll Marcus dex diff 6 dice 8,8",
        "roll Marcus dex diff 6 wp dice 1,1",
    ]:
        s.execute(line)
    events = s.events()
    s.close()
    tallies = dice_stats(events, V20)
    anyone = tallies["—"]
    # One die at 6: E = 0.5 (a lone 1 has nothing to cancel), botch 0.1. Two dice at 6:
    # E[S - O] = 0.8 and E[max(0, O - S)] = 1 x (2 x 0.1 x 0.4) + 2 x 0.01 = 0.1, so 0.9;
    # botch = P(no success) - P(no success and no 1) = 0.25 - 0.16.
    assert anyone.rolls == 3
    assert anyone.successes == 1 + 0 + 0
    assert anyone.botches == 1
    assert anyone.expected_successes == Fraction(5, 10) * 2 + Fraction(9, 10)
    assert anyone.expected_botches == Fraction(1, 10) * 2 + Fraction(9, 100)
    assert dict(anyone.outcomes) == {1: 1, "botch": 1, 0: 1}
    marcus = tallies["Marcus"]
    # Willpower adds one certain success and removes the botch: 0.9 + 1 expected.
    assert marcus.expected_successes == Fraction(9, 10) + Fraction(19, 10)
    assert marcus.expected_botches == Fraction(9, 100)
    assert (marcus.successes, marcus.botches) == (2 + 1, 0)
    assert tallies["*"].rolls == 5
    assert tallies["*"].faces[1] == 4 and tallies["*"].faces[8] == 2


def test_export_stats_and_replay_from_the_shell(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    out = tmp_path / "recap.html"
    proc = run_elysium("export", str(root), "--chapter", "1", "--format", "html", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert out.read_text().startswith("<!DOCTYPE html>")
    md = run_elysium("export", str(root), "--lang", "ru")
    assert "# Chicago by Night — Глава 2" in md.stdout
    data = json.loads(run_elysium("stats", str(root), "--chapter", "1", "--json").stdout)
    assert data["all"]["rolls"] == 7 and "Ilse Varga" in data["characters"]
    assert abs(data["all"]["expected_successes"] - 13.26) < 0.01
    bad = run_elysium("replay", str(root), "--chapter", "9")
    assert bad.returncode == 2 and "there is no chapter 9" in bad.stderr
    guard = run_elysium("export", str(root), "-o", str(root / "chronicle.json"))
    assert guard.returncode == 2 and "inside a chronicle" in guard.stderr


def test_replay_works_while_someone_writes(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    writer = Session.open(root)
    writer.execute("award Lucien 1")
    reader = Session.open(root, readonly=True)
    replay = Replay(reader.events())
    reader.close()
    assert replay.state(len(replay) - 1).characters["lucien marchetti"].xp == 3
    writer.close()


def test_markdown_keeps_dice_and_names_literal(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", ['add "<b>Bold</b>" mortal blank'])
    s.execute('roll "<b>Bold</b>" dex dice 10')
    s.execute("roll 2 dice 1,3")
    events = s.events()
    s.close()
    text = markdown(build(events, 1, "*Night*", "en"), "en")
    assert r"\*10\*" in text and r"\<b\>Bold\</b\>" in text and r"\*Night\*" in text


def test_the_recap_leaves_out_what_was_undone(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", ['add "Marcus" vampire gen 10'])
    s.execute("award Marcus 1")
    s.execute("undo")
    s.execute("award Marcus 2")
    events = s.events()
    s.close()
    text = markdown(build(events, 1, "T", "en"), "en")
    assert "Marcus: 2 XP" in text and "awarded 1" not in text and "undone" not in text


def test_preparing_a_replay_keeps_a_state_every_so_often(tmp_path: Path) -> None:
    """``prepare`` (a slice at a time, or whole) works out the states a jump starts from;
    they are the fold's."""
    from elysium.chronicle import replay as replay_mod

    s = new_session(tmp_path / "c", SETUP)
    for i in range(60):
        s.execute("award Marcus 1" if i % 3 else "turn")
    events = s.events()
    folds = [State()]
    for e in events:
        folds.append(apply(folds[-1], e))
    with Replay.open(s) as replay:
        saved = replay_mod.EVERY
        replay_mod.EVERY = 8
        try:
            assert replay.prepare(seconds=0.0) is False  # no time given: nothing done yet
            assert replay.prepare() is True
        finally:
            replay_mod.EVERY = saved
        assert all(p % 8 == 0 or p in (-1, len(replay) - 1) for p in replay._places)
        for cursor in (0, 17, len(replay) // 2, len(replay) - 1, 3):
            assert replay.state(cursor) == _as_replayed(folds[replay.event(cursor).seq])
    s.close()
