"""Told in Russian, every acknowledgement, refusal and log line is Russian (issue 11).

Every command of the recorded corpus (tests/golden) is run again from its state; what it
says — the acknowledgement, or the refusal with its usage line — and the log line of the
event it makes are rendered in Russian and must hold no English word. Names of characters,
trait codes typed by the Storyteller, numbers and die marks are not words to translate.
"""

from __future__ import annotations

import re

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.events import Event
from elysium.chronicle.session import dispatch
from elysium.rules import SeededDice
from elysium.rules.errors import RulesError
from elysium.tell.events import describe
from tests.golden import corpus

NAMES = {"marcus", "bob", "rex", "lucien", "marchetti", "starving", "thug", "twin", "late"}
NAMES |= {"ilse", "varga", "nobody", "anselm", "luc", "neo", "elda", "zxq"}
ALLOWED = {"xp", "v20", "npc", "st"}


def english_words(text: str, typed: str) -> set[str]:
    """Latin words in ``text`` that are neither names nor words the user typed."""
    own = {w.casefold() for w in re.findall(r"[A-Za-z][A-Za-z_'-]*", typed)}
    text = re.sub(r"'[^']*'", "", text)  # quoted words are the Storyteller's own, echoed
    found = {w.casefold().strip("'-") for w in re.findall(r"[A-Za-z][A-Za-z_'-]+", text)}
    marks = {w for w in found if set(w) <= {"x"}}  # a health track: XX/..
    return {w for w in found if len(w) > 1} - NAMES - ALLOWED - own - marks


@pytest.mark.parametrize("base", corpus.ORDER)
def test_every_answer_and_log_line_is_russian(base: str) -> None:
    state = corpus.build(base)
    wrong = []
    for i, text in enumerate(corpus.commands()):
        try:
            new, (kind, data, say) = dispatch(state, text, SeededDice(7 * i + 1))
        except (ChronicleError, RulesError) as exc:
            told = exc.render("ru")
            line = ""
        else:
            told = say.render("ru") if hasattr(say, "render") else str(say)
            event = Event(1, kind, new.time(), "", text, {**data, "line": ""}, {})
            line = describe(event, "ru")
        for shown in (told, line):
            english = english_words(shown, text)
            if english:
                wrong.append(f"{text!r} → {shown!r}: {sorted(english)}")
    assert not wrong, f"{len(wrong)} answers with English words:\n" + "\n".join(wrong[:15])
