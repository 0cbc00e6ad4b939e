"""The command language's words for completion, every spelling the handlers accept.

Loaded on the first completion (or just after the first frame), not at start: the word lists
come from every handler module, and the dashboard draws before it needs them."""

from __future__ import annotations

from elysium.chronicle import verbs
from elysium.chronicle.commands.beast_triggers import FRENZY_WORDS, ROTSCHRECK_WORDS
from elysium.chronicle.commands.daytime import DAY_WORDS, VOLUNTARY_WORDS, WAKE_WORDS
from elysium.chronicle.commands.encounters import SUBS as ENCOUNTER_SUBS
from elysium.chronicle.commands.feats import FEATS
from elysium.chronicle.commands.feeding import STOP_WORDS, VESSEL_WORDS
from elysium.chronicle.commands.house import CANCEL, IGNORE, OFF, ON, SETTINGS
from elysium.i18n import t
from elysium.rules.maneuvers import MANEUVER_ALIASES
from elysium.rules.traits import ALIASES


def house_words() -> list[str]:
    """Each house rule as both languages label it, then the words that switch one."""
    labels = [t(f"house.name.{n}", lang) for lang in ("en", "ru") for n in SETTINGS]
    values = [CANCEL[0], IGNORE[0], CANCEL[1], IGNORE[1]]  # the rerolled ones' own values
    return [*labels, *ON, *OFF, *values]


# Words some slots take, every spelling the handlers accept (chronicle.verbs names the slots).
SLOT_WORDS: dict[str, tuple[str, ...]] = {
    verbs.KIND: (
        "vampire",
        "ghoul",
        "mortal",
        "neonate",
        "ancilla",
        "elder",
        "вампир",
        "гуль",
        "смертный",
    ),
    verbs.DAMAGE: ("bashing", "lethal", "aggravated", "лёгкие", "тяжёлые", "губительные"),
    verbs.RESOURCE: ("blood", "wp", "xp", "кровь", "воля", "опыт"),
    verbs.DEFENCE: ("dodge", "block", "parry", "уклонение", "блок", "парирование"),
    verbs.BEAST: ("frenzy", "rotschreck", "ярость", "ротшрек"),
    verbs.HOUSE: tuple(house_words()),
}
# After these verbs a SUB slot is one of their own sub-commands.
SUBCOMMANDS: dict[str, tuple[str, ...]] = {
    "combat": ("start", "join", "leave", "end", "начать", "войти", "выйти", "конец"),
    "set": ("path", "specialty", "armour", "clan", "notes", "путь", "специализация", "броня"),
    "declare": ("attack", "dodge", "block", "parry", "delay", "атака", "уклонение"),
    "feat": tuple(FEATS),
    "day": tuple(DAY_WORDS),
    "torpor": (*WAKE_WORDS, *VOLUNTARY_WORDS),
    "feed": STOP_WORDS,
    "frenzy": tuple(FRENZY_WORDS),
    "rotschreck": tuple(ROTSCHRECK_WORDS),
    "power": ("add", "remove", "добавить", "убрать"),
    "derangement": ("add", "remove", "добавить", "убрать"),
    "extended": ("start", "roll", "end", "начать", "бросок", "прервать"),
    "encounter": ENCOUNTER_SUBS,
}
# Other words the language knows, offered when nothing more particular fits.
EXTRA = ["human", "fire", "sun", "claws", "dmg", "soak", "celerity", "outnumbered"]
EXTRA += ["человек", "огонь", "солнце", "когти", "урон", "прочность", *VESSEL_WORDS]
# The Russian names the parser takes for traits and maneuvers (the cheat sheet's words).
RUSSIAN_TRAITS = [k for k in ALIASES if not k.isascii()]
RUSSIAN_MOVES = [k for k in MANEUVER_ALIASES if not k.isascii()]
