"""``export``, ``stats`` and ``log`` stream the events of the chapters asked for; what they
print is byte for byte what they printed when they built every event first (see
:mod:`tests.store.stream_outputs` for the samples and how the fingerprints were taken)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elysium.chronicle.text import plain_json, plain_json_bytes
from tests.conftest import sized
from tests.store.layouts import layouts
from tests.store.stream_outputs import OUTPUTS, SAMPLES, copy_sample, key, run, runs

RECORDED = json.loads(OUTPUTS.read_text(encoding="utf-8"))


@pytest.mark.parametrize("sample", list(SAMPLES))
def test_streamed_output_is_what_the_commands_printed_before(sample: str, tmp_path: Path) -> None:
    root = copy_sample(sample, tmp_path)
    wrong = []
    for argv in runs():
        name = key(sample, argv)
        got = run(argv, root)
        if got != RECORDED[name]:
            wrong.append(f"{name}\n  was: {RECORDED[name]}\n  now: {got}")
    assert not wrong, "\n".join(wrong[:5])


SPECIAL = [chr(c) for c in [*range(0x20), *range(0x7F, 0xA1), *range(0x2000, 0x2070), 0xFEFF]]


@settings(max_examples=sized(100, 400), deadline=None)
@given(st.lists(st.one_of(st.sampled_from([*SPECIAL, "—", "«", "»", "é", "\\", "ё"]), st.text())))
def test_the_plain_text_check_reads_the_same_from_bytes(parts: list[str]) -> None:
    """Skipping the cleaning of a record whose text needs none: the check on its bytes
    answers as the check on its text does, for every character the cleaning touches."""
    text = json.dumps({"line": "".join(parts)}, ensure_ascii=False)
    assert plain_json_bytes(text.encode()) == plain_json(text)
    raw = "".join(parts)  # and text that is not JSON-escaped at all
    assert plain_json_bytes(raw.encode("utf-8", "surrogatepass")) == plain_json(raw) or any(
        0xD800 <= ord(c) <= 0xDFFF for c in raw
    )


def _two_chapters(root: Path) -> list:
    from tests.chronicle_helpers import COTERIE, new_session

    s = new_session(root, COTERIE)
    s.execute("award Marcus 2")
    s.execute("chapter")
    s.execute("award Marcus 1")
    events = s.events()
    s.close()
    return events


@pytest.mark.parametrize(
    "layout",
    [
        "as written",
        "indented",
        "one line",
        "format 1",
        "entries out of order",
        "no trailing newline",
        "one entry split",
    ],
)
def test_a_closed_chapter_in_any_layout_reads_as_the_whole_read_reads_it(
    tmp_path: Path, layout: str
) -> None:
    """Line by line only when the file is as Elysium wrote it; any other layout its digest
    names (an older format, a hand's reformatting) gives what the whole read gives."""
    from elysium.chronicle.jsonsafe import digest
    from elysium.chronicle.session import Session
    from elysium.chronicle.store.chapters import read_closed
    from tests.chronicle_helpers import reseal

    root = tmp_path / "c"
    events = _two_chapters(root)
    path = root / "chapters" / "chapter-0001.json"
    body = layouts(path.read_bytes())[layout]
    path.write_bytes(body)

    def name_it(doc: dict) -> None:
        for entry in doc["chapters"].values():
            if entry["number"] == 1:
                entry["digest"] = digest(body)

    reseal(root, name_it)
    expected = read_closed(body, 1)
    reader = Session.open(root, readonly=True)
    for want in (None, lambda r: r.kind == "xp"):
        stream = reader.store.stream(want=want)
        got = [r.decoded() for r in stream]
        assert got == [*expected.events, *[e for e in events if e.time["chapter"] == 2]]
        assert bool(stream.warnings) == bool(expected.damage)
    reader.close()
