"""The command language's verbs, each declared once.

A verb's English name and Russian spellings, the keywords it takes, what completes after it,
its help group and its handler all live here. The parser, the command bar's completion, the
F1 help, the command palette, ``elysium help`` and the manual's command reference (written
from it: docs/commands.md) read this table; its usage line and one-line help are catalog
entries (``usage.VERB``, ``help.VERB``) so that they are told in the reader's language.
Adding a verb is one entry here, its two catalog lines in each language, and its handler.

This module is data: it imports no handler, so the parser, the help and the command bar
read the table without pulling in the rules. Each handler declares the verb it runs with
:func:`runs`, where it is defined; :mod:`elysium.chronicle.commands` imports every handler
module, so importing it (as the session does) registers them all, and :func:`runs` checks
that the table names the function registered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

# What the command bar may offer after a verb, one slot per word (TEXT: free words).
NAME, TRAITS, KIND, DAMAGE, RESOURCE, MANEUVER, SUB, DEFENCE, BEAST, HOUSE, POWER, TEXT = (
    "name",
    "traits",
    "kind",
    "damage",
    "resource",
    "maneuver",
    "sub",
    "defence",
    "beast",
    "house",  # a house rule's name (``rules SETTING on|off``)
    "power",  # one of the previous word's character's powers
    "text",
)


@dataclass(frozen=True, slots=True)
class Verb:
    name: str  # English, and the event's vocabulary
    ru: tuple[str, ...]  # Russian spellings; the first is the one Russian help shows
    group: str  # help.group.GROUP: characters, dice, health, blood, beast, xp, time, combat
    handler: str  # "module:function" in elysium.chronicle.commands; "" for the session's own
    completes: tuple[str, ...] = ()  # what each following word is (see the slots above)
    keywords: tuple[str, ...] = ()  # parser.KEYWORDS this verb understands

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.name, *self.ru)


C = "elysium.chronicle.commands."

VERBS: tuple[Verb, ...] = (
    # Characters and their traits.
    Verb(
        "add",
        ("добавить",),
        "characters",
        C + "characters:cmd_add",
        (SUB, KIND),
        ("gen", "clan"),
    ),
    Verb("remove", ("убрать",), "characters", C + "characters:cmd_remove", (NAME,)),
    Verb("set", ("задать",), "characters", C + "characters:cmd_set", (NAME, TRAITS)),
    Verb("rename", ("переименовать",), "characters", C + "rename:cmd_rename", (NAME, TEXT)),
    Verb(
        "encounter",
        ("группа",),
        "characters",
        C + "encounters:cmd_encounter",
        (SUB, TEXT, NAME, NAME, NAME, NAME),
    ),
    Verb(
        "condition",
        ("состояние",),
        "characters",
        C + "conditions:cmd_condition",
        (NAME, TEXT),
    ),
    Verb(
        "merit",
        ("достоинство",),
        "characters",
        C + "merits:cmd_merit",
        (NAME, TEXT),
        ("dice", "diff"),
    ),
    Verb(
        "flaw",
        ("недостаток",),
        "characters",
        C + "merits:cmd_flaw",
        (NAME, TEXT),
        ("dice", "diff"),
    ),
    # Dice.
    Verb(
        "roll",
        ("бросок",),
        "dice",
        C + "dice:cmd_roll",
        (NAME, TRAITS),
        (
            "diff",
            "spec",
            "wp",
            "bearing",
            "retry",
            "moving",
            "dice",
            "by",
            "hidden",
            "merit",
            "flaw",
            "omit",
        ),
    ),
    Verb(
        "resist",
        ("встречная", "противостояние"),
        "dice",
        C + "contests:cmd_resist",
        (NAME, TRAITS),
        ("vs", "diff", "spec", "wp", "bearing", "dice", "hidden"),
    ),
    Verb(
        "extended",
        ("продолжительная", "продолжительное"),
        "dice",
        C + "extended:cmd_extended",
        (SUB, NAME, TEXT, TRAITS),
        ("target", "diff", "spec", "wp", "dice", "hidden"),
    ),
    Verb(
        "teamwork",
        ("командная", "совместно"),
        "dice",
        C + "contests:cmd_teamwork",
        (NAME, TRAITS),
        ("with", "diff", "spec", "wp", "dice", "hidden"),
    ),
    Verb("omit", ("исключить",), "dice", C + "xp_log:cmd_omit"),
    # Health.
    Verb(
        "damage",
        ("урон",),
        "health",
        C + "health:cmd_damage",
        (NAME, SUB, DAMAGE),
        ("nosoak", "dice"),
    ),
    Verb("heal", ("лечить",), "health", C + "health:cmd_heal", (NAME, SUB, DAMAGE)),
    # Blood and Willpower.
    Verb("spend", ("потратить",), "blood", C + "blood:cmd_spend", (NAME, RESOURCE), ("wounds",)),
    Verb("gain", ("получить",), "blood", C + "blood:cmd_gain", (NAME, RESOURCE)),
    Verb("feed", ("питание",), "blood", C + "feeding:cmd_feed", (NAME, SUB), ("from", "dice")),
    Verb("boost", ("усилить",), "blood", C + "feeding:cmd_boost", (NAME, TRAITS)),
    Verb("blush", ("румянец",), "blood", C + "feeding:cmd_blush", (NAME,)),
    # The Beast.
    Verb(
        "frenzy",
        ("ярость",),
        "beast",
        C + "beast:cmd_frenzy",
        (NAME, SUB),
        ("diff", "dice", "hidden", "omit"),
    ),
    Verb(
        "rotschreck",
        ("ротшрек",),
        "beast",
        C + "beast:cmd_rotschreck",
        (NAME, SUB),
        ("diff", "dice", "hidden", "omit"),
    ),
    Verb("calm", ("успокоить",), "beast", C + "beast:cmd_calm", (NAME, BEAST)),
    Verb(
        "degenerate",
        ("деградация",),
        "beast",
        C + "beast:cmd_degenerate",
        (NAME,),
        ("sin", "diff", "dice", "hidden", "omit"),
    ),
    Verb(
        "derangement",
        ("расстройство",),
        "beast",
        C + "derangements:cmd_derangement",
        (NAME, SUB, TEXT),
    ),
    # Experience.
    Verb("award", ("опыт",), "xp", C + "characters:cmd_award", (NAME,)),
    Verb("raise", ("повысить",), "xp", C + "characters:cmd_raise", (NAME, TRAITS)),
    Verb("story", ("история",), "xp", C + "story:cmd_story", (NAME,)),
    Verb("xp", ("журнал-опыта",), "xp", C + "xp_log:cmd_xp", (NAME,)),
    # Time.
    Verb("night", ("ночь",), "time", C + "clock:cmd_night"),
    Verb("scene", ("сцена",), "time", C + "clock:cmd_scene"),
    Verb("chapter", ("глава",), "time", C + "clock:cmd_chapter"),
    Verb("turn", ("ход",), "time", C + "clock:cmd_turn"),
    Verb("undo", ("отменить",), "time", ""),
    Verb("redo", ("вернуть",), "time", ""),
    # Movement and physical feats (seed 002).
    Verb("feat", ("действие",), "feats", C + "feats:cmd_feat", (NAME, SUB), ("dice", "hidden")),
    Verb("move", ("движение",), "feats", C + "feats:cmd_move", (NAME,)),
    Verb("carry", ("нести",), "feats", C + "carry:cmd_carry", (NAME,)),
    # Day, torpor and a day's rest (cheat sheet "Днём и в торпоре").
    Verb("day", ("день",), "day", C + "daytime:cmd_day", (NAME, SUB, TRAITS), ("diff", "dice")),
    Verb("torpor", ("торпор",), "day", C + "daytime:cmd_torpor", (NAME, SUB), ("dice",)),
    Verb("rest", ("отдых",), "day", C + "daytime:cmd_rest", (NAME,)),
    # Combat.
    Verb(
        "combat",
        ("бой",),
        "combat",
        "elysium.chronicle.commands.rounds:cmd_combat",
        (SUB, NAME, NAME, NAME),
    ),
    Verb(
        "init",
        ("инициатива",),
        "combat",
        "elysium.chronicle.commands.rounds:cmd_init",
        (),
        ("dice",),
    ),
    Verb(
        "declare",
        ("заявить", "заявка"),
        "combat",
        "elysium.chronicle.commands.rounds:cmd_declare",
        (NAME, SUB, NAME, MANEUVER),
        ("multiple",),
    ),
    Verb("next", ("далее",), "combat", "elysium.chronicle.commands.rounds:cmd_next"),
    Verb("delay", ("отложить",), "combat", "elysium.chronicle.commands.rounds:cmd_delay", (NAME,)),
    Verb(
        "attack",
        ("атака",),
        "combat",
        "elysium.chronicle.commands.attack:cmd_attack",
        (NAME, NAME, MANEUVER),
        (
            "weapon",
            "diff",
            "flank",
            "rear",
            "aim",
            "cover",
            "stake",
            "offhand",
            "moving",
            "wp",
            "dice",
            "omit",
        ),
    ),
    Verb(
        "defend",
        ("защита",),
        "combat",
        "elysium.chronicle.commands.defend:cmd_defend",
        (NAME, DEFENCE),
        ("wp", "abort", "dice", "omit"),
    ),
    # The chronicle's rules and a character's named rolls (issue 12).
    Verb("rules", ("правила",), "chronicle", C + "house:cmd_rules", (HOUSE,)),
    Verb(
        "power",
        ("умение",),
        "dice",
        C + "powers:cmd_power",
        (SUB, POWER, POWER),
        ("pool", "diff", "cost", "spec", "wp", "dice", "hidden", "omit"),
    ),
)

GROUPS: tuple[str, ...] = tuple(dict.fromkeys(v.group for v in VERBS))
BY_NAME: dict[str, Verb] = {v.name: v for v in VERBS}
# Every spelling, any case, to the verb's English name.
SPELLINGS: dict[str, str] = {s.casefold(): v.name for v in VERBS for s in v.spellings}


def spelling(verb: str, lang: str) -> str:
    """How ``lang`` writes ``verb`` (``roll`` / ``бросок``); unknown verbs as they are."""
    found = BY_NAME.get(verb)
    if found is None:
        return verb
    return found.ru[0] if lang == "ru" and found.ru else found.name


def names(lang: str = "en") -> list[str]:
    """Every verb as ``lang`` writes it, in the table's order."""
    return [spelling(v.name, lang) for v in VERBS]


H = TypeVar("H", bound=Callable[..., Any])  # a handler, as the decorator hands it back
_RUNS: dict[str, Callable[..., Any]] = {}  # verb -> handler, as each handler's module registers it


def runs(verb: str) -> Callable[[H], H]:
    """Register the decorated function as the one that runs ``verb``; the table's
    ``handler`` must name it (a typo or a moved function fails at import, not at play)."""

    def register(function: H) -> H:
        where = f"{function.__module__}:{function.__name__}"
        if BY_NAME[verb].handler != where or verb in _RUNS:
            raise ValueError(f"{where} runs {verb!r}, the table says {BY_NAME[verb].handler!r}")
        _RUNS[verb] = function
        return function

    return register


def handler(verb: str) -> Callable[..., Any]:
    """The function that runs ``verb`` (registered when :mod:`elysium.chronicle.commands`
    was imported; the session's own verbs, undo and redo, have none)."""
    return _RUNS[verb]
