"""A record is parsed by the faster decoder only when no number in it can be longer than
any of ours; either way it reads the same, and a number too long is refused as before."""

from __future__ import annotations

import pytest

from elysium.chronicle.events import decode_body
from elysium.chronicle.jsonsafe import MAX_DIGITS, loads_text, short_numbers

BODY = (
    '{{"changes":{{}},"cmd":"roll","data":{{"n":{n},"note":"{note}"}},"seq":7,'
    '"time":{{"chapter":1}},"type":"roll","v":1,"wall":""}}'
)


def _body(n: str, note: str = "") -> bytes:
    return BODY.format(n=n, note=note).encode()


def test_numbers_as_long_as_ours_read_and_longer_ones_are_refused() -> None:
    fits = "9" * MAX_DIGITS
    assert short_numbers(_body(fits)) and decode_body(_body(fits)).data["n"] == int(fits)
    for too_long in ("1" * (MAX_DIGITS + 1), "-" + "2" * (MAX_DIGITS + 5), "3" * 5000):
        assert not short_numbers(_body(too_long))
        with pytest.raises(ValueError, match="digits"):
            decode_body(_body(too_long))


def test_digits_in_text_take_the_slower_way_to_the_same_event() -> None:
    body = _body("5", note="7" * 60)
    assert not short_numbers(body)
    event = decode_body(body)
    assert event.data == {"n": 5, "note": "7" * 60}
    assert loads_text(body.decode(), short=False) == loads_text(body.decode(), short=True)
