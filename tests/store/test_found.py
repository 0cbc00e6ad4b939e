"""``stats`` finds the rolls of a closed chapter whose digest holds by a search of its bytes
(:mod:`elysium.chronicle.store.found`): what it counts and what it warns of are what reading the
chapter line by line gives, and what decoding every event gives; a damaged chapter is still
named, whatever byte was flipped."""

from __future__ import annotations

import contextlib
import heapq
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.chronicle.store import found
from elysium.chronicle.store.entries import Record
from elysium.chronicle.store.stream import _merged
from elysium.tell.stats import ROLLING, _glance, dice_stats
from tests.chronicle_helpers import COTERIE, new_session, reseal
from tests.conftest import sized

ROLLS = [
    "roll Marcus dex+brawl diff 6",
    "roll Marcus dex+brawl diff 7 spec",
    "roll Marcus dex+brawl diff 6 wp",  # spends Willpower: the event has changes
    "roll 4 diff 8",
    "roll Bob dexterity diff 5",
    "award Marcus 1",
    "frenzy Marcus diff 6",  # (refused while Marcus is in frenzy)
    "roll 2 diff 6 dice 1,1",
    "turn",
]


def _chronicle(root: Path) -> None:
    """Two closed chapters and an open one, with rolls of every sort stats reads."""
    setup = [*COTERIE, "set Marcus willpower 10", "set Marcus dexterity 4"]
    s = new_session(root, setup, seed=5)
    for chapter in range(3):
        for i in range(40):
            with contextlib.suppress(ChronicleError):
                s.execute(ROLLS[(i + chapter) % len(ROLLS)])
        if chapter < 2:
            s.execute("chapter")
    s.close()


def _stats(root: Path, **how: object) -> tuple[dict, list[str]]:
    s = Session.open(root, readonly=True)
    try:
        stream = s.store.stream(only_wanted=True, glance=_glance, **how)
        seen = (r.seen if r.seen is not None else r.event for r in stream)
        tallies = dice_stats(seen, s.state.profile)
        return {k: v.to_dict() for k, v in tallies.items()}, stream.warnings
    finally:
        s.close()


def _searched(root: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[tuple[dict, list[str]], int]:
    """Stats read as ``stats`` reads them, and how many chapters were searched."""
    searched = []
    read = found.found_read

    def spy(source, stream, out):  # type: ignore[no-untyped-def]
        searched.append(source.number)
        return read(source, stream, out)

    monkeypatch.setattr(found, "found_read", spy)
    return _stats(root, kinds=ROLLING), len(searched)


def _by_lines(root: Path) -> tuple[dict, list[str]]:
    """The same reader, wanting records by a test of its own: every chapter read a line at
    a time, as before the search."""
    return _stats(root, want=lambda r: r.kind in ROLLING)


def test_a_searched_chapter_counts_what_decoding_every_event_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "c"
    _chronicle(root)
    (tallies, warnings), searched = _searched(root, monkeypatch)
    assert searched == 2 and not warnings
    assert (tallies, warnings) == _by_lines(root)
    s = Session.open(root, readonly=True)
    decoded = dice_stats(s.events(), s.state.profile)
    s.close()
    assert tallies == {k: v.to_dict() for k, v in decoded.items()}
    assert list(tallies) == list(decoded)  # the names in the order they first rolled
    assert tallies["*"]["rolls"] > 60 and {"Marcus", "Bob", "—"} <= set(tallies)


def _closed(root: Path) -> Path:
    return root / "chapters" / "chapter-0001.json"


@pytest.mark.parametrize("where", ["header", "a roll", "another event", "the closing", "last"])
def test_a_flipped_byte_anywhere_in_a_searched_chapter_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """The digest no longer holds: the chapter is read as before, its damage named, and
    nothing it holds counts differently from the line by line read."""
    root = tmp_path / "c"
    _chronicle(root)
    path = _closed(root)
    raw = bytearray(path.read_bytes())
    lines = raw.split(b"\n")
    roll = next(i for i, line in enumerate(lines) if b'"type":"roll"' in line)
    other = next(i for i, line in enumerate(lines) if b'"type":"xp"' in line)
    at = {
        "header": 3,
        "a roll": sum(len(line) + 1 for line in lines[:roll]) + len(lines[roll]) // 2,
        "another event": sum(len(line) + 1 for line in lines[:other]) + 40,
        "the closing": len(raw) - 2,
        "last": len(raw) - 1,
    }[where]
    raw[at] ^= 0x01
    path.write_bytes(bytes(raw))
    (tallies, warnings), searched = _searched(root, monkeypatch)
    assert searched == 1  # only the chapter left whole
    assert warnings and path.name in warnings[0]
    assert (tallies, warnings) == _by_lines(root)


def _resealed(root: Path, body: bytes) -> None:
    """The closed chapter's file replaced by ``body``, its digest named as a hand would."""
    from elysium.chronicle.jsonsafe import digest

    _closed(root).write_bytes(body)

    def name_it(doc: dict) -> None:
        for entry in doc["chapters"].values():
            if entry["number"] == 1:
                entry["digest"] = digest(body)

    reseal(root, name_it)


def _roll_entry(raw: bytes, nth: int = 0) -> tuple[int, dict]:
    lines = raw.split(b"\n")
    rolls = [i for i, line in enumerate(lines) if b'"type":"roll"' in line]
    i = rolls[nth]
    key, entry = next(iter(json.loads(b"{" + lines[i].rstrip(b",") + b"}").items()))
    return i, {key: entry}


def _sealed(event: dict) -> dict:
    """An entry of this event with its own checksum (as a forger would write it)."""
    from elysium.chronicle.events import Event, crc

    return {"c": crc(Event.from_dict(event, clean=False)), "e": event}


def _with_entry(raw: bytes, i: int, entry: dict) -> bytes:
    lines = raw.split(b"\n")
    comma = b"," if lines[i].endswith(b",") else b""
    text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    lines[i] = text[1:-1].encode() + comma
    return b"\n".join(lines)


def test_entries_not_as_the_search_expects_are_read_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand's edit under a digest it named again: a roll whose checksum is not its
    bytes', one numbered out of place, one of another chapter, a roll whose text needs
    cleaning and one a line split in two. Each is read as the line read reads it."""
    root = tmp_path / "c"
    _chronicle(root)
    raw = _closed(root).read_bytes()
    i, entry = _roll_entry(raw, 3)
    (key, doc) = next(iter(entry.items()))
    event = doc["e"]
    edits = {
        "checksum": {key: {**doc, "c": "00000000"}},
        "number": {key: _sealed({**event, "seq": event["seq"] + 1})},
        "chapter": {key: _sealed({**event, "time": {**event["time"], "chapter": 9}})},
        "cleaning": {key: _sealed({**event, "data": {**event["data"], "who": "Mar\u202ecus"}})},
    }
    for name, edit in edits.items():
        case = tmp_path / name
        _chronicle(case)
        _resealed(case, _with_entry(raw, i, edit))
        got, _searched_n = _searched(case, monkeypatch)
        assert got == _by_lines(case), name
        assert bool(got[1]) == (name != "cleaning"), name  # a damaged entry is named
    split = tmp_path / "split"
    _chronicle(split)
    lines = raw.split(b"\n")
    lines[i] = lines[i].replace(b',"e":', b',\n"e":', 1)
    _resealed(split, b"\n".join(lines))
    got, searched = _searched(split, monkeypatch)
    assert searched == 1 and got == _by_lines(split)


def test_a_name_with_quotes_is_read_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A roll whose text holds escapes is no glance: it is decoded, and counted the same."""
    root = tmp_path / "c"
    s = new_session(root, ['add "Bo\\"b" mortal', 'add "Ann" mortal'], seed=3)
    for _ in range(5):
        s.execute('roll "Bo\\"b" 3 diff 6')
        s.execute('roll "Ann" 3 diff 6')
    s.execute("chapter")
    s.execute('roll "Ann" 2 diff 7')
    events = s.events()
    s.close()
    (tallies, warnings), searched = _searched(root, monkeypatch)
    assert searched == 1 and not warnings
    expected = dice_stats(events, Session.open(root, readonly=True).state.profile)
    assert tallies == {k: v.to_dict() for k, v in expected.items()}


@settings(max_examples=sized(60, 200), deadline=None)
@given(st.lists(st.lists(st.integers(1, 60), max_size=12), min_size=2, max_size=6), st.randoms())
def test_the_merge_is_heapq_merge(runs: list[list[int]], rnd: random.Random) -> None:
    """Streams merged by number, the first among equals first, as ``heapq.merge`` merges."""
    streams = [[Record(seq, None, i) for seq in sorted(run)] for i, run in enumerate(runs)]
    rnd.shuffle(streams)
    got = [(r.seq, r.chapter) for r in _merged([iter(s) for s in streams])]
    want = [(r.seq, r.chapter) for r in heapq.merge(*streams, key=lambda r: r.seq)]
    assert got == want


@pytest.mark.parametrize(
    "layout", ["indented", "one line", "format 1", "entries out of order", "no trailing newline"]
)
def test_a_chapter_laid_out_otherwise_is_read_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, layout: str
) -> None:
    """Any other layout its digest names (an older format, a hand's reformatting) is not
    searched: it gives what the line by line read (there: the whole read) gives."""
    from tests.store.layouts import layouts

    root = tmp_path / "c"
    _chronicle(root)
    _resealed(root, layouts(_closed(root).read_bytes())[layout])
    got, searched = _searched(root, monkeypatch)
    assert searched == 1  # the second chapter only
    assert got == _by_lines(root)  # (out of order: damage, named the same)
