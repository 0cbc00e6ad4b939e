"""The command language shared by the dashboard's command bar and ``elysium run``.

A command is a verb and words, names quoted when they hold spaces::

    add "Marcus" vampire gen 10
    roll Marcus dex+brawl diff 7 spec wp dice 6,2,10,4,8
    damage Marcus 4 lethal dice 7,3

English verbs always work; Russian aliases are accepted. Parsing never touches state: it
turns text into a verb and arguments, or raises CommandError saying what was expected.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from elysium.chronicle.errors import CommandError
from elysium.chronicle.text import clean_text

VERBS: dict[str, str] = {
    # English
    "add": "add",
    "remove": "remove",
    "set": "set",
    "roll": "roll",
    "damage": "damage",
    "heal": "heal",
    "spend": "spend",
    "gain": "gain",
    "feed": "feed",
    "night": "night",
    "scene": "scene",
    "chapter": "chapter",
    "turn": "turn",
    "frenzy": "frenzy",
    "rotschreck": "rotschreck",
    "calm": "calm",
    "degenerate": "degenerate",
    "award": "award",
    "undo": "undo",
    "redo": "redo",
    "boost": "boost",
    "blush": "blush",
    "raise": "raise",
    "combat": "combat",
    "init": "init",
    "declare": "declare",
    "next": "next",
    "delay": "delay",
    "attack": "attack",
    "defend": "defend",
    # Russian aliases
    "добавить": "add",
    "убрать": "remove",
    "задать": "set",
    "бросок": "roll",
    "урон": "damage",
    "лечить": "heal",
    "потратить": "spend",
    "получить": "gain",
    "питание": "feed",
    "ночь": "night",
    "сцена": "scene",
    "глава": "chapter",
    "ход": "turn",
    "ярость": "frenzy",
    "ротшрек": "rotschreck",
    "успокоить": "calm",
    "деградация": "degenerate",
    "опыт": "award",
    "отменить": "undo",
    "вернуть": "redo",
    "усилить": "boost",
    "румянец": "blush",
    "повысить": "raise",
    "бой": "combat",
    "инициатива": "init",
    "заявить": "declare",
    "далее": "next",
    "отложить": "delay",
    "атака": "attack",
    "защита": "defend",
}
# Verbs the command bar offers for completion, in a sensible order.
COMPLETION_VERBS: tuple[str, ...] = tuple(dict.fromkeys(VERBS.values()))


@dataclass(frozen=True, slots=True)
class Parsed:
    verb: str
    args: tuple[str, ...]
    text: str  # the command as typed, control characters neutralised


MAX_COMMAND = 4096  # characters; a longer line is refused before any work is done on it


def tokenize(text: str) -> list[str]:
    check_length(text)
    cleaned = clean_text(text)
    try:
        return shlex.split(cleaned, posix=True)
    except ValueError as exc:
        raise CommandError(f"could not read the command: {exc} (close the quotes)") from None


def check_length(text: str) -> None:
    if len(text) > MAX_COMMAND:
        raise CommandError(
            f"a command can be at most {MAX_COMMAND:,} characters; this one has {len(text):,}"
        )


def parse(text: str) -> Parsed:
    """Split a command into its verb and words."""
    words = tokenize(text)
    if not words:
        raise CommandError("type a command, for example: roll 5 diff 6")
    verb = VERBS.get(words[0].casefold())
    if verb is None:
        known = ", ".join(COMPLETION_VERBS)
        raise CommandError(f"unknown command {words[0]!r}; commands: {known}")
    return Parsed(verb, tuple(words[1:]), " ".join(clean_text(text).split()))


# Keywords and their aliases, once: every verb that takes a keyword takes all its spellings
# (`ярость NAME сл 7` as well as `бросок NAME ... сл 6`).
KEYWORDS: dict[str, tuple[str, ...]] = {
    "diff": ("diff", "difficulty", "сложность", "сл"),
    "wp": ("wp", "willpower", "воля"),
    "spec": ("spec", "specialty", "спец"),
    "gen": ("gen", "generation", "поколение"),
    "sin": ("sin", "грех"),
    "multiple": ("multiple", "множественные"),
    "from": ("from", "из", "от"),
    "weapon": ("weapon", "оружие"),
    "cover": ("cover", "укрытие"),
    "aim": ("aim", "прицел"),
    "abort": ("abort", "отмена"),
    "wounds": ("wounds", "раны"),
    "stake": ("stake", "кол"),
    "flank": ("flank", "фланг"),
    "rear": ("rear", "тыл"),
    "nosoak": ("nosoak", "безпрочности"),
    "offhand": ("offhand", "off-hand"),
}
_CANONICAL = {alias: key for key, aliases in KEYWORDS.items() for alias in aliases}


def spellings(*names: str) -> frozenset[str]:
    """Every spelling of the keywords ``names`` (any of their aliases may be given)."""
    out: set[str] = set()
    for name in names:
        key = _CANONICAL.get(name.casefold(), name.casefold())
        out.update(KEYWORDS.get(key, (key,)))
    return frozenset(out)


class Args:
    """A cursor over a command's words with readable errors."""

    def __init__(self, verb: str, words: tuple[str, ...], usage: str) -> None:
        self.verb = verb
        self.words = list(words)
        self.usage = usage

    def fail(self, what: str) -> CommandError:
        return CommandError(f"{self.verb}: {what}; usage: {self.usage}")

    def take(self, what: str) -> str:
        if not self.words:
            raise self.fail(f"missing {what}")
        return self.words.pop(0)

    def take_int(self, what: str, low: int | None = None, high: int | None = None) -> int:
        word = self.take(what)
        return as_int(word, what, low, high, self)

    def option(self, *names: str) -> bool:
        """Remove a flag word (``spec``, ``wp``, ``nosoak``) if present."""
        words = spellings(*names)
        for i, word in enumerate(self.words):
            if word.casefold() in words:
                del self.words[i]
                return True
        return False

    def keyed(self, *names: str) -> str | None:
        """Remove ``NAME value`` (``diff 7``) if present and return the value."""
        words = spellings(*names)
        for i, word in enumerate(self.words):
            if word.casefold() in words:
                if i + 1 >= len(self.words):
                    raise self.fail(f"{word} needs a value")
                value = self.words[i + 1]
                del self.words[i : i + 2]
                return value
        return None

    def keyed_int(self, names: tuple[str, ...], what: str, low: int, high: int) -> int | None:
        value = self.keyed(*names)
        return None if value is None else as_int(value, what, low, high, self)

    def faces(self) -> list[int] | None:
        """``dice 6,2,10`` (or ``dice 6 2 10``) — the faces of physical dice."""
        for i, word in enumerate(self.words):
            if word.casefold() in ("dice", "кости", "кубики"):
                rest = self.words[i + 1 :]
                del self.words[i:]
                text = ",".join(rest)
                parts = [p for p in text.replace(" ", ",").split(",") if p]
                if not parts:
                    raise self.fail("dice needs faces such as 6,2,10")
                faces = []
                for p in parts:
                    f = as_int(p, "a die face", 1, 10, self)
                    faces.append(f)
                return faces
        return None

    def done(self) -> None:
        if self.words:
            raise self.fail(f"did not understand {' '.join(self.words)!r}")


def as_int(
    word: str, what: str, low: int | None = None, high: int | None = None, args: Args | None = None
) -> int:
    try:
        value = int(word)
    except ValueError:
        msg = f"{what} must be a whole number, got {word!r}"
        raise (args.fail(msg) if args else CommandError(msg)) from None
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
        msg = f"{what} must be {bounds}, got {value}"
        raise args.fail(msg) if args else CommandError(msg)
    return value
