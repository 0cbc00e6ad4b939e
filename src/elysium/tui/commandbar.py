"""The command bar: the chronicle's command language with history and completion."""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding
from textual.suggester import Suggester
from textual.widgets import Input

from elysium.chronicle import verbs
from elysium.chronicle.commands.feeding import VESSEL_WORDS
from elysium.chronicle.parser import COMPLETION_VERBS, spellings
from elysium.rules.combat import MANEUVERS
from elysium.rules.maneuvers import MANEUVER_ALIASES
from elysium.rules.traits import ALIASES, all_known

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
}
# After these verbs a SUB slot is one of their own sub-commands.
SUBCOMMANDS: dict[str, tuple[str, ...]] = {
    "combat": ("start", "join", "leave", "end", "начать", "войти", "выйти", "конец"),
    "set": ("path", "specialty", "armour", "clan", "notes", "путь", "специализация", "броня"),
    "declare": ("attack", "dodge", "block", "parry", "delay", "атака", "уклонение"),
    "extended": ("start", "roll", "end", "начать", "бросок", "прервать"),
}
# Other words the language knows, offered when nothing more particular fits.
EXTRA = ["human", "fire", "sun", "claws", "dmg", "soak", "celerity", "outnumbered"]
EXTRA += ["человек", "огонь", "солнце", "когти", "урон", "прочность", *VESSEL_WORDS]
# The Russian names the parser takes for traits and maneuvers (the cheat sheet's words).
RUSSIAN_TRAITS = [k for k in ALIASES if not k.isascii()]
RUSSIAN_MOVES = [k for k in MANEUVER_ALIASES if not k.isascii()]


class CommandSuggester(Suggester):
    """Completes the last word: verbs first, then what the verb's registry entry says comes
    next (names, traits, kinds, damage types, maneuvers), then its keywords."""

    def __init__(self, names: Callable[[], list[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.names = names

    async def get_suggestion(self, value: str) -> str | None:
        if not value or value.endswith(" "):
            return None
        head, _, last = value.rpartition(" ")
        if not head:
            candidates = list(COMPLETION_VERBS) + [s for v in verbs.VERBS for s in v.ru]
        else:
            quoted = [f'"{n}"' if " " in n else n for n in self.names()]
            traits = list(all_known()) + RUSSIAN_TRAITS
            if "+" in last:
                prefix, _, last = last.rpartition("+")
                head = f"{head} {prefix}+"
                candidates = traits
            else:
                candidates = (
                    self._after(head) + quoted + traits + list(MANEUVERS) + RUSSIAN_MOVES + EXTRA
                )
        low = last.casefold()
        if head and not last.startswith('"'):
            # An unquoted beginning of a name: complete it (quoted if it has spaces).
            for name in self.names():
                if name.casefold().startswith(low) and name.casefold() != low:
                    return f"{head} " + (f'"{name}"' if " " in name else name)
        for word in candidates:
            if word.casefold().startswith(low) and word.casefold() != low:
                joined = f"{head}{'' if head.endswith('+') else ' '}{word}" if head else word
                return joined
        return None

    @staticmethod
    def _after(head: str) -> list[str]:
        """What the registry says may come next after ``head``: the slot's words, then
        every spelling of the verb's keywords."""
        words = head.split()
        name = verbs.SPELLINGS.get(words[0].casefold())
        if name is None:
            return []
        verb = verbs.BY_NAME[name]
        position = len(words) - 1
        slot = verb.completes[position] if position < len(verb.completes) else None
        out: list[str] = []
        if slot == verbs.SUB:
            out += SUBCOMMANDS.get(name, ())
        elif slot == verbs.MANEUVER:
            out += [*MANEUVERS, *RUSSIAN_MOVES]
        elif slot is not None:
            out += SLOT_WORDS.get(slot, ())
        for keyword in verb.keywords:
            out += sorted(spellings(keyword))
        return out


class CommandBar(Input):
    """An ``Input`` that remembers what was typed (up / down) and completes words."""

    BINDINGS = [
        Binding("up", "history(-1)", "Previous command", show=False, id="history_back"),
        Binding("down", "history(1)", "Next command", show=False, id="history_forward"),
    ]

    def __init__(self, names: Callable[[], list[str]], placeholder: str, **kwargs) -> None:
        super().__init__(placeholder=placeholder, suggester=CommandSuggester(names), **kwargs)
        self.cursor_blink = False  # an idle dashboard sends nothing over the link
        self.history: list[str] = []
        self._at = 0

    def remember(self, command: str) -> None:
        if command and (not self.history or self.history[-1] != command):
            self.history.append(command)
        self._at = len(self.history)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._at = max(0, min(len(self.history), self._at + step))
        self.value = self.history[self._at] if self._at < len(self.history) else ""
        self.cursor_position = len(self.value)
