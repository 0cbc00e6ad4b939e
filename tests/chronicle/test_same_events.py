"""Every command that worked before the command language became data gives the same event.

The corpus (tests/golden) was recorded from the handlers before issue 11 reshaped them: for
each command from each of five fixed states, with seeded dice, the event's type, data, the
English line and the state change, or the English refusal. The reshaped handlers must agree
on all of them.
"""

from __future__ import annotations

import json

import pytest

from tests.golden import corpus

RECORDED = json.loads(corpus.EVENTS.read_text(encoding="utf-8"))


@pytest.mark.parametrize("base", corpus.ORDER)
def test_every_command_gives_the_recorded_outcome(base: str) -> None:
    state = corpus.build(base)
    wrong = []
    for i, text in enumerate(corpus.commands()):
        key = f"{base} | {text}"
        got = corpus.outcome(state, text, 7 * i + 1)
        if got != RECORDED[key]:
            wrong.append((key, RECORDED[key], got))
    assert not wrong, "\n".join(f"{k}\n  was: {a}\n  now: {b}" for k, a, b in wrong[:5])


def test_the_corpus_reaches_every_verb_and_most_succeed() -> None:
    kinds = {v["type"] for v in RECORDED.values() if "type" in v}
    assert {"roll", "attack", "defend", "declare", "initiative", "feed", "degeneration"} <= kinds
    assert sum("type" in v for v in RECORDED.values()) > 700
