"""The command language shared by the dashboard's command bar and ``elysium run``.

A command is a verb and words, names quoted when they hold spaces::

    add "Marcus" vampire gen 10
    roll Marcus dex+brawl diff 7 spec wp dice 6,2,10,4,8
    damage Marcus 4 lethal dice 7,3

English verbs always work; Russian aliases are accepted. Parsing never touches state: it
turns text into a verb and arguments, or raises CommandError saying what was expected.
"""

from __future__ import annotations

import difflib
import io
import shlex
from dataclasses import dataclass, replace

from elysium.chronicle import verbs as registry
from elysium.chronicle.errors import CommandError
from elysium.chronicle.text import clean_text
from elysium.i18n.message import Msg

# Every spelling of every verb (the registry's), and the English names in its order.
VERBS: dict[str, str] = registry.SPELLINGS
COMPLETION_VERBS: tuple[str, ...] = tuple(v.name for v in registry.VERBS)


@dataclass(frozen=True, slots=True)
class Parsed:
    verb: str
    args: tuple[str, ...]
    text: str  # the command as typed, control characters neutralised


MAX_COMMAND = 4096  # characters; a longer line is refused before any work is done on it


class Quoted(str):
    """A word typed in quotes (``"scene"``): the same text, and the handler that must tell a
    quoted label from a keyword (``condition``) can ask ``isinstance(word, Quoted)``."""

    __slots__ = ()


QUOTES = "\"'"


def tokenize(text: str) -> list[str]:
    """The words of ``text`` as a shell splits them; those that began with a quote are
    :class:`Quoted` (read from where each word started in the text)."""
    check_length(text)
    # A newline inside quotes is kept (a note of several lines, from F3 or $EDITOR); one
    # outside quotes parts words as a space does. Words that are names fold it away.
    cleaned = clean_text(text, multiline=True)
    stream = io.StringIO(cleaned)
    lexer = shlex.shlex(stream, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    words: list[str] = []
    start = 0
    try:
        while (word := lexer.get_token()) is not None:
            typed = cleaned[start : stream.tell()].lstrip()
            words.append(Quoted(word) if typed and typed[0] in QUOTES else word)
            start = stream.tell()
    except ValueError as exc:
        key = "parse.unclosed" if "quotation" in str(exc) else "parse.escape"
        raise CommandError(key) from None
    return words


# What a newcomer types to ask for help; the command language has no such verb (F1 and
# ``elysium help`` are the help), so each is answered with where to look.
HELP_WORDS = frozenset({"help", "?", "помощь", "справка", "помогите"})


def asks_help(text: str) -> bool:
    """Whether a command is a request for help (``help``, ``помощь roll``), which a screen
    answers by showing its help rather than by refusing an unknown command."""
    words = text.split(maxsplit=1)
    return bool(words) and words[0].casefold() in HELP_WORDS


def check_length(text: str) -> None:
    if len(text) > MAX_COMMAND:
        raise CommandError("parse.too_long", most=MAX_COMMAND, got=len(text))


def parse(text: str) -> Parsed:
    """Split a command into its verb and words."""
    words = tokenize(text)
    if not words:
        raise CommandError("parse.empty")
    verb = VERBS.get(words[0].casefold())
    if verb is None:
        if words[0].casefold() in HELP_WORDS:  # a newcomer's first guess: say where help is
            raise CommandError("parse.help")
        close = difflib.get_close_matches(words[0].casefold(), list(VERBS), n=1, cutoff=0.6)
        known = [VerbWord(v) for v in COMPLETION_VERBS]
        if close:
            raise CommandError("parse.unknown_close", word=words[0], close=close[0], known=known)
        raise CommandError("parse.unknown", word=words[0], known=known)
    return Parsed(verb, tuple(words[1:]), " ".join(clean_text(text).split()))


# Keywords and their aliases, once: every verb that takes a keyword takes all its spellings
# (`ярость NAME сл 7` as well as `бросок NAME ... сл 6`).
KEYWORDS: dict[str, tuple[str, ...]] = {
    "diff": ("diff", "difficulty", "сложность", "сл"),
    "wp": ("wp", "willpower", "воля"),
    "spec": ("spec", "specialty", "спец"),
    "gen": ("gen", "generation", "поколение"),
    "clan": ("clan", "клан"),
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
    "nosoak": ("nosoak", "беспрочности", "безпрочности"),
    "offhand": ("offhand", "off-hand"),
    "dice": ("dice", "кости", "кубики"),
    "penalty": ("penalty", "штраф"),
    "blank": ("blank", "пустой"),
    "cost": ("cost", "цена"),
    "pool": ("pool", "запас"),
    "retry": ("retry", "повтор"),
    "target": ("target", "цель"),
    "vs": ("vs", "versus", "против"),
    "by": ("by", "бросает"),
    "with": ("with", "and", "с", "и"),
    "hidden": ("hidden", "скрытно", "скрытый"),
    "moving": ("moving", "движась", "на-ходу"),
    "bearing": ("bearing", "столп"),
    "merit": ("merit", "достоинство"),
    "flaw": ("flaw", "недостаток"),
    "omit": ("omit", "uncounted", "не-в-счёт", "не-в-счет"),
}
_CANONICAL = {alias: key for key, aliases in KEYWORDS.items() for alias in aliases}


def spellings(*names: str) -> frozenset[str]:
    """Every spelling of the keywords ``names`` (any of their aliases may be given)."""
    out: set[str] = set()
    for name in names:
        key = _CANONICAL.get(name.casefold(), name.casefold())
        out.update(KEYWORDS.get(key, (key,)))
    return frozenset(out)


class VerbWord:
    """A verb as the reader's language spells it (``roll`` / ``бросок``), from the registry."""

    __slots__ = ("verb",)

    def __init__(self, verb: str) -> None:
        self.verb = verb

    def render(self, lang: str = "en") -> str:
        return registry.spelling(self.verb, lang)

    def __str__(self) -> str:
        return self.render("en")


def usage(verb: str) -> Msg:
    """A verb's usage line (catalog key ``usage.VERB``), in the reader's language."""
    return Msg(f"usage.{verb}")


class Args:
    """A cursor over a command's words; every refusal names the verb and its usage."""

    def __init__(self, verb: str, words: tuple[str, ...], usage_key: str | None = None) -> None:
        self.verb = verb
        self.words = list(words)
        self.usage = Msg(usage_key) if usage_key else usage(verb)

    def fail(self, key: str | Msg, /, **values: object) -> CommandError:
        """``verb: what was wrong; usage: …`` — ``key`` and ``values`` say what was wrong."""
        what = key if isinstance(key, Msg) else Msg(key, **values)
        return CommandError("args.fail", verb=VerbWord(self.verb), what=what, usage=self.usage)

    def take(self, what: str | Msg) -> str:
        """The next word; ``what`` is the catalog key (or message) naming it."""
        if not self.words:
            raise self.fail("args.missing", what=_named(what))
        return self.words.pop(0)

    def rest(self, what: str | Msg) -> str:
        """The remaining words as one text. None at all is refused (a value forgotten must
        not wipe what is there); ``""`` typed on purpose is the empty text."""
        first = self.take(what)
        text = " ".join([first, *self.words])
        self.words.clear()
        return text

    def take_int(self, what: str | Msg, low: int | None = None, high: int | None = None) -> int:
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
                    raise self.fail("args.needs_value", word=word)
                value = self.words[i + 1]
                del self.words[i : i + 2]
                return value
        return None

    def keyed_int(self, names: tuple[str, ...], what: str | Msg, low: int, high: int) -> int | None:
        value = self.keyed(*names)
        return None if value is None else as_int(value, what, low, high, self)

    def faces(self, *names: str) -> list[int] | None:
        """``dice 6,2,10`` (or ``dice 6 2 10``) — the faces of physical dice, to the end."""
        words = spellings(*(names or ("dice",)))
        for i, word in enumerate(self.words):
            if word.casefold() in words:
                rest = self.words[i + 1 :]
                del self.words[i:]
                text = ",".join(rest)
                parts = [p for p in text.replace(" ", ",").split(",") if p]
                if not parts:
                    raise self.fail("args.dice_needs_faces")
                return [as_int(p, "what.face", 1, 10, self) for p in parts]
        return None

    def done(self) -> None:
        if self.words:
            raise self.fail("args.not_understood", words=" ".join(self.words))


def _named(what: str | Msg) -> Msg:
    return what if isinstance(what, Msg) else Msg(what)


def as_int(
    word: str,
    what: str | Msg,
    low: int | None = None,
    high: int | None = None,
    args: Args | None = None,
) -> int:
    """``word`` as a whole number within bounds; ``what`` is the catalog key naming it."""
    try:
        value = int(word)
    except ValueError:
        msg = Msg("args.not_whole", what=_named(what), got=word)
        raise (args.fail(msg) if args else CommandError(msg)) from None
    if (low is not None and value < low) or (high is not None and value > high):
        if high is not None:
            msg = Msg("args.out_of_range", what=_named(what), low=low, high=high, got=value)
        else:
            msg = Msg("args.too_small", what=_named(what), low=low, got=value)
        raise args.fail(msg) if args else CommandError(msg)
    return value


def take_keyword(parsed: Parsed, keyword: str, verbs: frozenset[str]) -> tuple[Parsed, bool]:
    """The command without a flag word it may carry anywhere (``hidden``, ``omit``, in any of
    their spellings), and whether it had one; only ``verbs`` take it."""
    if parsed.verb not in verbs:
        return parsed, False
    words = spellings(keyword)
    kept = tuple(w for w in parsed.args if w.casefold() not in words)
    if len(kept) == len(parsed.args):
        return parsed, False
    return replace(parsed, args=kept), True
