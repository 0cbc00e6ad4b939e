"""Clans and bloodlines and their clan Disciplines, for experience costs (RULES.md §9).

The cheat sheet prices a Discipline by whether it is the character's clan's: clan
Discipline current × 5, any other current × 7, and for the Caitiff every Discipline
current × 6 (cheat sheet «Опыт», «Стоимость развития»; V20 p. 132). Neither the seeds nor
RULES.md list the clans' Disciplines, so this table is V20's printed one:

- the thirteen clans, V20 Chapter Two "Clans" (each clan's "Disciplines:" line): Assamite
  Celerity, Obfuscate, Quietus; Brujah Celerity, Potence, Presence; Followers of Set
  Obfuscate, Presence, Serpentis; Gangrel Animalism, Fortitude, Protean; Giovanni Dominate,
  Necromancy, Potence; Lasombra Dominate, Obtenebration, Potence; Malkavian Auspex,
  Dementation, Obfuscate; Nosferatu Animalism, Obfuscate, Potence; Ravnos Animalism,
  Chimerstry, Fortitude; Toreador Auspex, Celerity, Presence; Tremere Auspex, Dominate,
  Thaumaturgy; Tzimisce Animalism, Auspex, Vicissitude; Ventrue Dominate, Fortitude,
  Presence. Caitiff: no clan Disciplines.
- bloodlines, V20's "Bloodlines" section: Ahrimanes Animalism, Presence, Spiritus; Baali
  Daimoinon, Obfuscate, Presence; Blood Brothers Fortitude, Potence, Sanguinus; Cappadocians
  Auspex, Fortitude, Necromancy (Mortis); Daughters of Cacophony Fortitude, Melpominee,
  Presence; Gargoyles Flight, Fortitude, Potence, Visceratika; Harbingers of Skulls Auspex,
  Fortitude, Necromancy; Kiasyd Dominate, Mytherceria, Obtenebration; Lamia Fortitude,
  Necromancy, Potence; Nagaraja Auspex, Dominate, Necromancy; Salubri Auspex, Fortitude,
  Obeah; Salubri antitribu Auspex, Fortitude, Valeren; Samedi Necromancy, Obfuscate,
  Thanatosis; True Brujah Potence, Presence, Temporis.

Houses, antitribu and odd lineages differ from these; the Storyteller sets a character's
own list (``Character.clan_disciplines``), which then wins over the table. A clan the table
does not know is allowed: its Disciplines are all out-of-clan until such a list is set. A
near miss of a known clan (``Toreadorr``) is taken for a typo and refused with the clan it
is close to, unless the character has its own list already: that says the clan is meant.
"""

from __future__ import annotations

from typing import Final

from elysium.rules.errors import RulesError
from elysium.rules.traits import V20_DISCIPLINES, did_you_mean, normalise

CAITIFF: Final = "caitiff"

CLAN_DISCIPLINES: Final[dict[str, tuple[str, ...]]] = {
    "assamite": ("celerity", "obfuscate", "quietus"),
    "brujah": ("celerity", "potence", "presence"),
    "followers-of-set": ("obfuscate", "presence", "serpentis"),
    "gangrel": ("animalism", "fortitude", "protean"),
    "giovanni": ("dominate", "necromancy", "potence"),
    "lasombra": ("dominate", "obtenebration", "potence"),
    "malkavian": ("auspex", "dementation", "obfuscate"),
    "nosferatu": ("animalism", "obfuscate", "potence"),
    "ravnos": ("animalism", "chimerstry", "fortitude"),
    "toreador": ("auspex", "celerity", "presence"),
    "tremere": ("auspex", "dominate", "thaumaturgy"),
    "tzimisce": ("animalism", "auspex", "vicissitude"),
    "ventrue": ("dominate", "fortitude", "presence"),
    CAITIFF: (),
    # Bloodlines
    "ahrimanes": ("animalism", "presence", "spiritus"),
    "baali": ("daimoinon", "obfuscate", "presence"),
    "blood-brothers": ("fortitude", "potence", "sanguinus"),
    "cappadocian": ("auspex", "fortitude", "necromancy"),
    "daughters-of-cacophony": ("fortitude", "melpominee", "presence"),
    "gargoyle": ("flight", "fortitude", "potence", "visceratika"),
    "harbingers-of-skulls": ("auspex", "fortitude", "necromancy"),
    "kiasyd": ("dominate", "mytherceria", "obtenebration"),
    "lamia": ("fortitude", "necromancy", "potence"),
    "nagaraja": ("auspex", "dominate", "necromancy"),
    "salubri": ("auspex", "fortitude", "obeah"),
    "salubri-antitribu": ("auspex", "fortitude", "valeren"),
    "samedi": ("necromancy", "obfuscate", "thanatosis"),
    "true-brujah": ("potence", "presence", "temporis"),
}

# How a Storyteller types a clan, English and Russian, singular and plural; matched after
# folding case, spaces and hyphens (and ё to е). The canonical keys match themselves.
CLAN_SPELLINGS: Final[dict[str, str]] = {
    "assamites": "assamite",
    "banu-haqim": "assamite",
    "ассамит": "assamite",
    "ассамиты": "assamite",
    "бруха": "brujah",
    "setite": "followers-of-set",
    "setites": "followers-of-set",
    "follower-of-set": "followers-of-set",
    "последователи-сета": "followers-of-set",
    "последователь-сета": "followers-of-set",
    "сетит": "followers-of-set",
    "сетиты": "followers-of-set",
    "гангрел": "gangrel",
    "гангрелы": "gangrel",
    "джованни": "giovanni",
    "ласомбра": "lasombra",
    "malkavians": "malkavian",
    "малкавиан": "malkavian",
    "малкавиане": "malkavian",
    "малкавианин": "malkavian",
    "малкавианы": "malkavian",
    "носферату": "nosferatu",
    "равнос": "ravnos",
    "тореадор": "toreador",
    "тореадоры": "toreador",
    "тремер": "tremere",
    "тремеры": "tremere",
    "цимисх": "tzimisce",
    "цимисхи": "tzimisce",
    "цимиски": "tzimisce",
    "вентру": "ventrue",
    "каитиф": CAITIFF,
    "каитифы": CAITIFF,
    "кайтиф": CAITIFF,
    "кайтифы": CAITIFF,
    "clanless": CAITIFF,
    "бесклановый": CAITIFF,
    "ариманы": "ahrimanes",
    "ахриманы": "ahrimanes",
    "баали": "baali",
    "blood-brother": "blood-brothers",
    "кровные-братья": "blood-brothers",
    "cappadocians": "cappadocian",
    "каппадокиец": "cappadocian",
    "каппадокийцы": "cappadocian",
    "каппадокийец": "cappadocian",
    "daughter-of-cacophony": "daughters-of-cacophony",
    "дочери-какофонии": "daughters-of-cacophony",
    "дочь-какофонии": "daughters-of-cacophony",
    "gargoyles": "gargoyle",
    "горгулья": "gargoyle",
    "горгульи": "gargoyle",
    "гаргулья": "gargoyle",
    "гаргульи": "gargoyle",
    "harbinger-of-skulls": "harbingers-of-skulls",
    "вестники-черепов": "harbingers-of-skulls",
    "вестник-черепов": "harbingers-of-skulls",
    "киасид": "kiasyd",
    "киасиды": "kiasyd",
    "lamiae": "lamia",
    "ламия": "lamia",
    "ламии": "lamia",
    "нагараджа": "nagaraja",
    "салюбри": "salubri",
    "салубри": "salubri",
    "салюбри-антитрибу": "salubri-antitribu",
    "салубри-антитрибу": "salubri-antitribu",
    "самеди": "samedi",
    "истинные-бруха": "true-brujah",
    "истинный-бруха": "true-brujah",
}


def _fold(text: str) -> str:
    words = text.casefold().replace("ё", "е").replace("_", " ").replace("-", " ").split()
    if words[:1] in (["clan"], ["клан"], ["bloodline"], ["линия"]) and len(words) > 1:
        words = words[1:]
    return "-".join(words)


def clan_key(clan: str) -> str | None:
    """The table's key for a clan as typed (``Бруха``, ``brujah``, ``Setites``), or None."""
    folded = _fold(clan)
    if not folded:
        return None
    if folded in CLAN_DISCIPLINES:
        return folded
    return CLAN_SPELLINGS.get(folded)


# A typo is a letter or two off a known spelling (one for a short name): "Toreadorr",
# "Тореодор", "Nosferatoo"; "House Ventrue" or "Brujah antitribu" are names of their own.
TYPO_LETTERS: Final = 2
SHORT_NAME: Final = 5  # letters; up to this long, one letter off only
LOWER_WORDS: Final = frozenset({"of"})  # "Followers of Set" as a name is written


def _letters_off(a: str, b: str) -> int:
    """Letters added, dropped, changed or swapped to make ``a`` into ``b``."""
    before = list(range(len(b) + 1))
    previous: list[int] = []
    for i, x in enumerate(a, 1):
        row = [i]
        for j, y in enumerate(b, 1):
            best = min(before[j] + 1, row[j - 1] + 1, before[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                best = min(best, previous[j - 2] + 1)
            row.append(best)
        previous, before = before, row
    return before[-1]


# Latin and Cyrillic letters that look alike (after folding case): a clan typed with both
# alphabets ("Торeадор" with a Latin e, "Бруxа" with a Latin x) is read in the alphabet most
# of its letters are in, and is then a near miss even when it spells a known clan exactly:
# kept as typed, it would match nothing (the table, a search, the sheet).
LOOK_ALIKE: Final = dict(zip("aeopcxykmthb", "аеорсхукмтнв", strict=True))
_TO_CYRILLIC: Final = str.maketrans(LOOK_ALIKE)
_TO_LATIN: Final = str.maketrans({v: k for k, v in LOOK_ALIKE.items()})


def _one_alphabet(folded: str) -> str | None:
    """``folded`` in one alphabet when it mixes Latin and Cyrillic letters; else None."""
    cyrillic = sum("а" <= ch <= "я" for ch in folded)
    latin = sum("a" <= ch <= "z" for ch in folded)
    if not cyrillic or not latin:
        return None
    return folded.translate(_TO_CYRILLIC if cyrillic >= latin else _TO_LATIN)


def near_clan(clan: str) -> str | None:
    """The known clan (as written, in the alphabet typed) that ``clan`` is a near miss of;
    None for a clan the table knows, or one like none of them. A clan in mixed alphabets
    is read in one (:data:`LOOK_ALIKE`) and is a near miss of what it then spells, too."""
    folded = _fold(clan)
    if not folded or clan_key(clan) is not None:
        return None
    unmixed = _one_alphabet(folded)
    least = 0 if unmixed else 1
    folded = unmixed or folded
    best: tuple[int, str] | None = None
    for known in (*CLAN_DISCIPLINES, *CLAN_SPELLINGS):
        off = _letters_off(folded, known)
        allowed = 1 if len(known) <= SHORT_NAME else TYPO_LETTERS
        if least <= off <= allowed and (best is None or off < best[0]):
            best = (off, known)
    if best is None:
        return None
    words = best[1].split("-")
    return " ".join(w if w in LOWER_WORDS else w[:1].upper() + w[1:] for w in words)


def check_clan(clan: str, own: tuple[str, ...] = ()) -> None:
    """Refuse a near miss of a known clan (every Discipline would cost × 7 by mistake);
    with the character's own clan Disciplines set, any clan is taken as meant."""
    close = None if own else near_clan(clan)
    if close is not None:
        raise RulesError("clan.did_you_mean", clan=clan, close=close)


def table_disciplines(clan: str) -> tuple[str, ...] | None:
    """The clan's Disciplines from the table; None for a clan the table does not know."""
    key = clan_key(clan)
    return None if key is None else CLAN_DISCIPLINES[key]


def is_caitiff(clan: str) -> bool:
    return clan_key(clan) == CAITIFF


def in_clan(clan: str, override: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The Disciplines a character buys as clan Disciplines: their own list if the
    Storyteller set one, else the clan's from the table (none for an unknown clan)."""
    if override:
        return tuple(normalise(d).removeprefix("discipline:") for d in override)
    return table_disciplines(clan) or ()


def parse_disciplines(words: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A Storyteller's list of clan Disciplines (``potence celerity presence``, or in
    Russian) as trait keys; ``discipline:NAME`` for one outside V20's list. Duplicates
    drop; an unknown name is refused with a suggestion."""
    out: list[str] = []
    for word in words:
        for part in word.replace(",", " ").split():
            key = normalise(part)
            if key.startswith("discipline:"):
                key = key.removeprefix("discipline:")
            elif key not in V20_DISCIPLINES:
                raise RulesError(
                    "xp.clan_disciplines.unknown",
                    name=part,
                    hint=did_you_mean(key, V20_DISCIPLINES),
                    free=f"discipline:{key}",
                )
            if key not in out:
                out.append(key)
    return tuple(out)
