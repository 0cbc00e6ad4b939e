"""The command bar: the chronicle's command language with history and completion."""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding
from textual.suggester import Suggester
from textual.widgets import Input

from elysium.chronicle.parser import COMPLETION_VERBS
from elysium.rules.combat import MANEUVERS
from elysium.rules.traits import all_known

KEYWORDS = (
    "diff",
    "spec",
    "wp",
    "dice",
    "nosoak",
    "lethal",
    "bashing",
    "aggravated",
    "from",
    "human",
    "sin",
    "fire",
    "sun",
    "claws",
    "blood",
    "xp",
    "start",
    "end",
    "join",
    "leave",
    "weapon",
    "flank",
    "rear",
    "aim",
    "dmg",
    "soak",
    "abort",
    "multiple",
    "celerity",
)


class CommandSuggester(Suggester):
    """Completes the last word: verbs first, then names, traits, maneuvers, keywords."""

    def __init__(self, names: Callable[[], list[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.names = names

    async def get_suggestion(self, value: str) -> str | None:
        if not value or value.endswith(" "):
            return None
        head, _, last = value.rpartition(" ")
        if not head:
            candidates = list(COMPLETION_VERBS)
        else:
            quoted = [f'"{n}"' if " " in n else n for n in self.names()]
            traits = list(all_known())
            if "+" in last:
                prefix, _, last = last.rpartition("+")
                head = f"{head} {prefix}+"
                candidates = traits
            else:
                candidates = quoted + traits + list(MANEUVERS) + list(KEYWORDS)
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
