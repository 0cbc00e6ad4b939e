"""A players' view is hostile input (anyone in the table's group can write ``view.json``):
every malformed file is refused in one line by the one validator, and every string of a
good one comes out neutralised. The corpus is generated here from a real view."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from elysium.chronicle import view_check
from elysium.chronicle.players import ProjectedView, SharedView
from elysium.chronicle.projection import project
from elysium.chronicle.view_check import MAX_BYTES, ViewRefused, accept, read_view
from tests.chronicle_helpers import COTERIE, new_session

TABLE = [
    *COTERIE,
    "set Marcus player yes",
    'add "Prince Vitel" elder',
    'set "Prince Vitel" dexterity 4',
    'set "Prince Vitel" brawl 3',
    'set "Prince Vitel" subterfuge 4',
    "roll Marcus dex+brawl dice 7,3,10,2,8",
    'roll "Prince Vitel" 3 diff 6 dice 9,2,1',
    "damage Marcus 2 lethal nosoak",
    'damage "Prince Vitel" 1 bashing',
    "spend Marcus blood 1",
    'combat start Marcus "Prince Vitel"',
    "init dice Marcus=9,Prince=1",
    'declare Marcus attack "Prince Vitel" punch',
    'declare "Prince Vitel" attack Marcus punch',
]
# Every kind of public roll a view can carry, after the fight's declarations.
MORE = [
    'attack "Prince Vitel" Marcus punch',
    'attack Marcus "Prince Vitel" punch',
    'extended start Marcus "research" dex+brawl vs "Prince Vitel" wits+subterfuge target 5',
    "extended roll Marcus",
    'resist Marcus dex+brawl vs "Prince Vitel" wits+subterfuge',
    'teamwork Marcus dex+brawl with "Prince Vitel" wits+subterfuge',
    'frenzy "Prince Vitel" diff 6',
    "frenzy Marcus diff 4",
    "rotschreck Marcus diff 5",
]
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x1b[31mred\x9b31m\x85[bold red]x[/"


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real view, as the Storyteller's Elysium publishes it (a fight, every field)."""
    root = tmp_path_factory.mktemp("view") / "c"
    s = new_session(root, TABLE)
    try:
        view = project(s.state, s.events(), writer={"pid": os.getpid(), "host": "h"})
    finally:
        s.close()
    view["writer"] |= {"updated": "2026-01-01T00:00:00.000+00:00", "stopped": False}
    return view


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every value inside a view with its path (containers too)."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _places(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _places(v, (*path, i))


def _set(view: dict[str, Any], path: tuple[Any, ...], new: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(view))
    node = out
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = new
    return out


def _wrong(value: Any) -> Any:
    """A value of another type than ``value``'s, which its field never takes."""
    if isinstance(value, bool):
        return 1
    if isinstance(value, int):
        return "7"
    if isinstance(value, str):
        return 7
    if isinstance(value, list):
        return "abc"
    if isinstance(value, dict):
        return ["not", "a", "table"]
    return {"not": "text"}  # None, where text or a whole number may stand


def _bytes(view: Any) -> bytes:
    return json.dumps(view, ensure_ascii=False).encode()


# What the corpus is made of: a good view in, the bytes of a bad one out.
Case = Callable[[dict[str, Any]], bytes]
HEAD = b'{"format": "elysium-players", "version": 1, '
DEEP = b"[" * 5000 + b"]" * 5000
NAMED: dict[str, Case] = {
    "characters is text": lambda v: _bytes(v | {"characters": "abc"}),
    "rolls is a number": lambda v: _bytes(v | {"rolls": 7}),
    "a character is text": lambda v: _bytes(v | {"characters": ["not a character"]}),
    "fight is a list": lambda v: _bytes(v | {"fight": [1, 2]}),
    "writer is text": lambda v: _bytes(v | {"writer": "me"}),
    "pid 2**80": lambda v: _bytes(v | {"writer": v["writer"] | {"pid": 2**80}}),
    "pid 0": lambda v: _bytes(v | {"writer": v["writer"] | {"pid": 0}}),
    "pid -1": lambda v: _bytes(v | {"writer": v["writer"] | {"pid": -1}}),
    "pid past any system's": lambda v: _bytes(v | {"writer": v["writer"] | {"pid": 2**22 + 1}}),
    "pid a float": lambda v: _bytes(v | {"writer": v["writer"] | {"pid": 12.5}}),
    "round 10**30": lambda v: _bytes(_set(v, ("fight", "round"), 10**30)),
    "a number of 5,000 digits": lambda v: HEAD + b'"time": {"night": ' + b"9" * 5000 + b"}}",
    "infinity": lambda v: HEAD + b'"time": {"night": 1e999}}',
    "NaN": lambda v: HEAD + b'"time": {"night": NaN}}',
    "nested 5,000 deep": lambda v: HEAD + b'"x": ' + DEEP + b"}",
    "nested 5,000 deep in a field": lambda v: (
        HEAD + b'"rolls": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    ),
    "a name of 5,000 characters": lambda v: _bytes(_set(v, ("characters", 0, "name"), "M" * 5000)),
    "a line of 20,000 characters": lambda v: _bytes(
        _set(v, ("rolls", 0, "line", "en"), "x" * 20_000)
    ),
    "2,000 characters": lambda v: _bytes(v | {"characters": v["characters"][:1] * 2000}),
    "500 rolls": lambda v: _bytes(v | {"rolls": v["rolls"][:1] * 500}),
    "a phase nobody plays": lambda v: _bytes(_set(v, ("fight", "phase"), "\x1b[2J")),
    "a character without a name": lambda v: _bytes(v | {"characters": [{"player": True}]}),
    "not UTF-8": lambda v: HEAD + b'"chronicle": "\xff\xfe\xc3("}',
    "truncated": lambda v: _bytes(v)[: len(_bytes(v)) // 2],
    "empty": lambda v: b"",
    "a byte order mark": lambda v: b"\xef\xbb\xbf" + _bytes(v),
    "a list": lambda v: b"[1, 2, 3]",
    "another format": lambda v: _bytes(v | {"format": "something-else"}),
    "version 3": lambda v: _bytes(v | {"version": 3}),
    "version true": lambda v: _bytes(v | {"version": True}),
    "version an escape": lambda v: _bytes(v | {"version": "\x1b]0;pwned\x07"}),
    "50 MB": lambda v: HEAD + b'"chronicle": "' + b"a" * (50 << 20) + b'"}',
}


def _every_wrong_type(view: dict[str, Any]) -> Iterator[tuple[str, bytes]]:
    for path, value in _places(view):
        if path:
            label = "wrong type at " + ".".join(map(str, path))
            yield label, _bytes(_set(view, path, _wrong(value)))


def _every_huge_number(view: dict[str, Any]) -> Iterator[tuple[str, bytes]]:
    for path, value in _places(view):
        if isinstance(value, int) and not isinstance(value, bool):
            yield "2**80 at " + ".".join(map(str, path)), _bytes(_set(view, path, 2**80))


def _refused(data: bytes, tmp_path: Path) -> ViewRefused:
    (tmp_path / "view.json").write_bytes(data)
    with pytest.raises(ViewRefused) as refused:
        SharedView(tmp_path).read()
    return refused.value


def _one_line(refusal: ViewRefused) -> None:
    for lang in ("en", "ru"):
        said = refusal.render(lang)
        assert said and "\n" not in said and not CONTROL.search(said), said
        assert len(said) < 400, said
        assert "{" not in said and "Traceback" not in said, said


@pytest.mark.parametrize("case", list(NAMED), ids=list(NAMED))
def test_a_malformed_view_is_refused_in_one_line(
    case: str, good: dict[str, Any], tmp_path: Path
) -> None:
    refusal = _refused(NAMED[case](good), tmp_path)
    _one_line(refusal)
    assert "players' view" in refusal.render("en")
    assert "вид для игроков" in refusal.render("ru")


def test_every_field_of_the_wrong_type_is_refused(good: dict[str, Any], tmp_path: Path) -> None:
    cases = list(_every_wrong_type(good))
    assert len(cases) > 80  # every field of the view, at every level
    for label, data in cases:
        try:
            refusal = _refused(data, tmp_path)
        except BaseException:
            print(label)
            raise
        _one_line(refusal)


def test_every_number_too_big_is_refused(good: dict[str, Any], tmp_path: Path) -> None:
    cases = list(_every_huge_number(good))
    assert len(cases) > 20
    for label, data in cases:
        try:
            _one_line(_refused(data, tmp_path))
        except BaseException:
            print(label)
            raise


def test_a_50_mb_file_is_refused_without_being_read_whole(
    good: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[int] = []
    real_read = os.read

    def counted(fd: int, n: int) -> bytes:
        chunk = real_read(fd, n)
        read.append(len(chunk))
        return chunk

    def never(_raw: Any) -> Any:
        raise AssertionError("a file too big was parsed")

    monkeypatch.setattr(view_check.os, "read", counted)
    monkeypatch.setattr(view_check, "loads", never)
    refusal = _refused(NAMED["50 MB"](good), tmp_path)
    assert "larger than 1,048,576 bytes" in refusal.render("en")
    assert sum(read) <= MAX_BYTES + 1


def test_a_fifo_or_a_directory_in_the_views_place_is_refused_without_waiting(
    tmp_path: Path,
) -> None:
    os.mkfifo(tmp_path / "view.json")  # opening it to read would wait for a writer for ever
    refusal = _refused_in_place(tmp_path)
    assert "not a regular file" in refusal.render("en")
    (tmp_path / "view.json").unlink()
    (tmp_path / "view.json").mkdir()
    assert "обычный файл" in _refused_in_place(tmp_path).render("ru")


def _refused_in_place(tmp_path: Path) -> ViewRefused:
    with pytest.raises(ViewRefused) as refused:
        read_view(tmp_path / "view.json")
    return refused.value


def test_every_string_is_neutralised_and_markup_kept_as_typed(good: dict[str, Any]) -> None:
    strings = [path for path, value in _places(good) if isinstance(value, str)]
    assert len(strings) > 30
    for path in strings:
        if path[-1] in ("format", "phase", "kind"):  # one of a few words: refused, as above
            continue
        hostile = _set(good, path, HOSTILE)
        shown = accept(_bytes(hostile))
        for where, value in _places(shown):
            if isinstance(value, str):
                assert not CONTROL.search(value), (path, where, value)
        cleaned = shown
        for step in path:
            cleaned = cleaned[step]
        assert "pwned" in cleaned and "[bold red]x[/" in cleaned, (path, cleaned)
        assert "\ufffd" in cleaned  # visible, not silently dropped


def test_what_the_front_ends_never_read_is_dropped(good: dict[str, Any]) -> None:
    extra = good | {"secret": {"deep": [1, 2]}, "writer": good["writer"] | {"shell": "rm"}}
    shown = accept(_bytes(extra))
    assert "secret" not in shown and "shell" not in shown["writer"]
    assert shown == accept(good)


def test_every_view_the_projection_makes_passes_unchanged(tmp_path: Path) -> None:
    """The schema holds every field the Storyteller's Elysium writes, for every kind of
    public roll, NPCs in words or hidden, in and out of a fight."""
    root = tmp_path / "c"
    s = new_session(root, TABLE)
    seen = 0
    try:
        for command in [None, *MORE, "combat end", "turn", "undo"]:  # a fight's turn: next
            if command is not None:
                s.execute(command)
            for npcs in ("words", "hidden"):
                view = project(s.state, s.events(), npcs, {"stopped": True})
                assert accept(view) == view, command
                assert accept(_bytes(view)) == view, command
                seen += len(view["rolls"])
    finally:
        s.close()
    assert seen > 100
    assert ProjectedView(root).read()["chronicle"] == "Test"


def test_a_good_view_is_read_again_once_fixed_and_a_bad_one_not_parsed_again(
    good: dict[str, Any], tmp_path: Path
) -> None:
    path = tmp_path / "view.json"
    source = SharedView(tmp_path)
    path.write_bytes(_bytes(good))
    assert source.read() == accept(good)
    path.write_bytes(NAMED["characters is text"](good))
    assert source.changed()
    with pytest.raises(ViewRefused):
        source.read()
    assert not source.changed()  # the same bad file: not parsed ten times a second
    assert source.view == accept(good)  # the last good view stays
    path.write_bytes(_bytes(good | {"chronicle": "Fixed"}))
    assert source.changed() and source.read()["chronicle"] == "Fixed"
