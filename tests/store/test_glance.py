"""A glance at a record reads what decoding it would, or declines: never a different value,
never a record that decoding would refuse (so a malformed one is still found and named)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from elysium.chronicle.events import decode_body
from elysium.chronicle.glance import glance
from elysium.tell.stats import _FIELDS
from tests.conftest import sized

PLAIN = (
    b'{"changes":{},"cmd":"roll 2","data":{"automatic":false,"botch":false,"dice":[6,1],'
    b'"difficulty":6,"kind":"action","line":"x \xe2\x80\x94 y","specialty":false,'
    b'"successes":0,"who":"Marcus","willpower":false},"seq":7,"time":{"chapter":2,'
    b'"night":1},"type":"roll","v":1,"wall":"2026-01-01T00:00:00Z"}'
)
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False),
    st.text(max_size=6),
    st.sampled_from(["\x1b", "\\", '"', "\u202e", "a\u0085", "—", ""]),
    st.lists(st.integers(-3, 12), max_size=4),
    st.dictionaries(st.sampled_from(["dice", "who"]), st.integers(0, 3), max_size=2),
)
KEYS = st.sampled_from([*_FIELDS, "line", "dice ", "Who", "\\u0064ice", "attack"])


def _decoded(body: bytes):
    try:
        return decode_body(body)
    except ValueError:
        return None


def _same(body: bytes) -> None:
    seen = glance(body, _FIELDS)
    if seen is None:
        return
    event = _decoded(body)
    assert event is not None, body
    assert (seen.seq, seen.type) == (event.seq, event.type)
    assert seen.time == {"chapter": event.time["chapter"]}
    assert seen.data == {k: event.data[k] for k in _FIELDS}
    assert all(type(seen.data[k]) is type(event.data[k]) for k in _FIELDS)


def test_a_plain_roll_is_read_at_a_glance() -> None:
    seen = glance(PLAIN, _FIELDS)
    assert seen is not None and seen.data["dice"] == [6, 1] and seen.time == {"chapter": 2}
    _same(PLAIN)


@settings(max_examples=sized(150, 600), deadline=None)
@given(st.lists(st.tuples(KEYS, VALUES), max_size=14), st.randoms())
def test_a_glance_reads_what_decoding_reads(pairs: list, rnd) -> None:
    base = json.loads(PLAIN)
    data = dict(base["data"])
    for key, value in pairs:
        data[key] = value
    text = json.dumps({**base, "data": data}, ensure_ascii=False, separators=(",", ":"))
    text = text.replace(
        '"data":{',
        '"data":{'
        + "".join(
            f"{json.dumps(k)}:{json.dumps(v)}," for k, v in pairs[: rnd.randint(0, len(pairs))]
        ),
        1,
    )  # duplicate keys, written before (the last one counts)
    _same(text.encode())


@settings(max_examples=sized(150, 600), deadline=None)
@given(st.integers(0, len(PLAIN) - 1), st.binary(min_size=0, max_size=3), st.integers(0, 3))
def test_a_damaged_or_forged_body_is_declined_or_read_the_same(at: int, junk: bytes, cut: int):
    body = PLAIN[:at] + junk + PLAIN[at + cut :]
    _same(body)


def test_odd_records_are_declined() -> None:
    for old, new in [
        (b'"v":1', b'"v":2'),
        (b'"seq":7', b'"seq":0'),
        (b'"chapter":2,', b'"chapter":2,"chapter":3,'),
        (b'"changes":{}', b'"changes":{"a":[1'),
        (b'"changes":{}', b'"changes":[]'),
        (b'"who":"Marcus"', b'"who":"Mar\\u0063us"'),
        (b'"who":"Marcus"', b'"who":"Marcus","who":"Bob"'),
        (b'"dice":[6,1]', b'"dice":[6,01]'),
        (b'"difficulty":6', b'"difficulty":6.0'),
    ]:
        body = PLAIN.replace(old, new, 1)
        assert body != PLAIN and glance(body, _FIELDS) is None, new
    deep = PLAIN.replace(b'"changes":{}', b'"changes":' + b'{"a":' * 45 + b"1" + b"}" * 45)
    assert glance(deep, _FIELDS) is None
    assert glance(PLAIN.replace(b'"changes":{}', b'"changes":{"c":{"w":[5,4]}}'), _FIELDS)
