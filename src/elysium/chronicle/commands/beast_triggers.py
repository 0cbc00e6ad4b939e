"""The book's difficulties for frenzy and Rötschreck by trigger (cheat sheet "Ярость",
"Ротшрек"; RULES.md §7): ``frenzy NAME provocation`` rolls at 6, ``frenzy NAME conscience``
at 9 − Conscience, ``rotschreck NAME torch`` at 5."""

from __future__ import annotations

from elysium.chronicle.parser import Args
from elysium.rules.beast import conscience_difficulty, frenzy_triggers, rotschreck_triggers
from elysium.rules.beast_state import BeastKind
from elysium.rules.character import Character

CONSCIENCE = "conscience"
FRENZY_WORDS: dict[str, str] = {
    "smell": "smell_of_blood",
    "запах": "smell_of_blood",
    "sight": "sight_of_blood",
    "вид": "sight_of_blood",
    "harassment": "harassment",
    "threat": "harassment",
    "insult": "harassment",
    "домогательство": "harassment",
    "угроза": "harassment",
    "оскорбление": "harassment",
    "provocation": "provocation",
    "провокация": "provocation",
    "taste": "taste_of_blood",
    "вкус": "taste_of_blood",
    "loved": "loved_one_in_danger",
    "близкие": "loved_one_in_danger",
    "humiliation": "public_humiliation",
    "унижение": "public_humiliation",
    "conscience": CONSCIENCE,
    "совесть": CONSCIENCE,
}
ROTSCHRECK_WORDS: dict[str, str] = {
    "cigarette": "lit_cigarette",
    "сигарета": "lit_cigarette",
    "torch": "torch",
    "факел": "torch",
    "bonfire": "bonfire",
    "костёр": "bonfire",
    "костер": "bonfire",
    "obscured": "obscured_sunlight",
    "сумрак": "obscured_sunlight",
    "рассеянный": "obscured_sunlight",
    "burned": "burned",
    "burn": "burned",
    "ожог": "burned",
    "sunlight": "direct_sunlight",
    "sun": "direct_sunlight",
    "солнце": "direct_sunlight",
    "blaze": "engulfed",
    "пожар": "engulfed",
}


def book_difficulty(
    args: Args, c: Character, kind: BeastKind, word: str, diff: int | None
) -> tuple[str, int]:
    """The trigger's key and the difficulty to roll at. A hungry trigger ("3+") takes a
    higher ``diff`` from the Storyteller; any other trigger's difficulty is the book's."""
    words = FRENZY_WORDS if kind is BeastKind.FRENZY else ROTSCHRECK_WORDS
    if word not in words:
        raise args.fail(f"beast.unknown_trigger.{kind.value}", word=word)
    trigger = words[word]
    if trigger == CONSCIENCE:
        base, rises = conscience_difficulty(c), False
    elif kind is BeastKind.FRENZY:
        base, rises = next((d, h) for k, d, h in frenzy_triggers() if k == trigger)
    else:
        base, rises = next(d for k, d in rotschreck_triggers() if k == trigger), False
    if diff is None:
        return trigger, base
    if diff == base or (rises and diff > base):
        return trigger, diff
    key = "beast.trigger_at_least" if rises else "beast.trigger_diff"
    raise args.fail(key, diff=diff, base=base)
