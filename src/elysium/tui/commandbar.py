"""The command bar: the chronicle's command language with history and completion."""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.suggester import Suggester, SuggestionReady
from textual.widgets import Input

from elysium.chronicle import verbs
from elysium.chronicle.commands.common import resolve
from elysium.chronicle.parser import COMPLETION_VERBS, MAX_COMMAND, spellings
from elysium.chronicle.state import State
from elysium.tui.messages import RunCommand


def powers_of(state: Callable[[], State | None]) -> Callable[[str], list[str]]:
    """For completion: the power names of the character a typed name stands for."""

    def powers(name: str) -> list[str]:
        now = state()
        key = resolve(now, name) if now is not None else None
        character = now.characters.get(key) if now is not None and key else None
        return [p.name for p in character.powers] if character else []

    return powers


def encounters_of(state: Callable[[], State | None]) -> Callable[[], list[str]]:
    """For completion: the names of the saved encounters (``encounter add "Sa``)."""

    def encounters() -> list[str]:
        now = state()
        return [str(group["name"]) for group in now.encounters.values()] if now else []

    return encounters


class CommandSuggester(Suggester):
    """Completes the last word: verbs first, then what the verb's registry entry says comes
    next (names, traits, kinds, damage types, maneuvers), then its keywords."""

    def __init__(
        self,
        names: Callable[[], list[str]],
        powers: Callable[[str], list[str]] | None = None,
        encounters: Callable[[], list[str]] | None = None,
    ) -> None:
        # Case-sensitive: Textual would casefold the whole line before asking, and accepting
        # the completion would then lowercase every name already typed (issue 14).
        super().__init__(use_cache=False, case_sensitive=True)
        self.names = names
        self.powers = powers  # a character's power names, from the name as typed
        self.encounters = encounters  # the saved encounters' names

    async def get_suggestion(self, value: str) -> str | None:
        if not value or value.endswith(" "):
            return None
        from elysium.rules.combat import MANEUVERS
        from elysium.rules.traits import all_known
        from elysium.tui.vocabulary import EXTRA, RUSSIAN_MOVES, RUSSIAN_TRAITS

        head, _, last = value.rpartition(" ")
        typed = last.lstrip('"').casefold()
        for group in self._groups(head):  # ``encounter add "Sa``: a saved group's name
            if group.casefold().startswith(typed) and group.casefold() != typed:
                return f"{head} " + (f'"{group}"' if " " in group else group)
        powers = self._powers(head)
        if powers:  # ``power NAME Ma``: that character's powers come before anyone's name
            low = last.casefold()
            for word in powers:
                if word.casefold().startswith(low) and word.casefold() != low:
                    return f"{head} " + (f'"{word}"' if " " in word else word)
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

    def _groups(self, head: str) -> list[str]:
        """The saved encounters, where ``encounter add`` or ``forget`` expects one."""
        from elysium.chronicle.commands.encounters import ADD, FORGET

        words = head.split()
        if self.encounters is None or len(words) != 2:
            return []
        if verbs.SPELLINGS.get(words[0].casefold()) != "encounter":
            return []
        return self.encounters() if words[1].casefold() in ADD + FORGET else []

    def _powers(self, head: str) -> list[str]:
        """The powers of the character named just before, where ``power`` expects one."""
        words = head.split()
        if self.powers is None or len(words) < 2:
            return []
        if verbs.SPELLINGS.get(words[0].casefold()) != "power":
            return []
        slots = verbs.BY_NAME["power"].completes
        position = len(words) - 1
        if position >= len(slots) or slots[position] != verbs.POWER:
            return []
        return self.powers(words[-1].strip('"'))

    @staticmethod
    def _after(head: str) -> list[str]:
        """What the registry says may come next after ``head``: the slot's words, then
        every spelling of the verb's keywords."""
        words = head.split()
        name = verbs.SPELLINGS.get(words[0].casefold())
        if name is None:
            return []
        from elysium.rules.combat import MANEUVERS
        from elysium.tui.vocabulary import RUSSIAN_MOVES, SLOT_WORDS, SUBCOMMANDS

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


def shown_completion(typed: str, completed: str) -> tuple[str, str]:
    """The suggestion as the bar draws it (``typed`` and then the rest) and the line that
    accepting it writes. A name completed from an unquoted beginning gains quotes, and a
    name typed in small letters its capitals, on acceptance only."""
    if completed.startswith(typed):
        return completed, completed
    head, _, last = typed.rpartition(" ")
    if not completed.startswith(head):
        return "", ""
    rest, last = completed[len(head) :], typed[len(head) :]
    bare = rest if last.lstrip().startswith('"') else rest.replace('"', "")
    if not bare.casefold().startswith(last.casefold()):
        return "", ""
    return typed + bare[len(last) :], completed


class CommandBar(Input):
    """An ``Input`` that remembers what was typed (up / down) and completes words."""

    # Textual's Input sets its virtual size to its content width at every keystroke, and a
    # layout pass sets it back: a whole-screen layout for each key typed. The bar's size is
    # fixed in the stylesheet, so its virtual size needs a repaint at most, never a layout.
    virtual_size = Reactive(Size(0, 0), layout=False)

    BINDINGS = [
        Binding("up", "history(-1)", "Previous command", show=False, id="history_back"),
        Binding("down", "history(1)", "Next command", show=False, id="history_forward"),
    ]

    def __init__(
        self,
        names: Callable[[], list[str]],
        placeholder: str,
        powers: Callable[[str], list[str]] | None = None,
        encounters: Callable[[], list[str]] | None = None,
        **kwargs,
    ) -> None:
        suggester = CommandSuggester(names, powers, encounters)
        super().__init__(placeholder=placeholder, suggester=suggester, **kwargs)
        self.cursor_blink = False  # an idle dashboard sends nothing over the link
        self.history: list[str] = []
        self.pending: str | None = None  # a command asked for, not yet saved or refused
        self.completion = ""  # what accepting the shown suggestion writes
        self._at = 0
        self._empty: tuple[tuple[object, ...], Strip] | None = None  # the bar drawn empty

    def render_line(self, y: int) -> Strip:
        """The empty bar (its placeholder) is drawn once and kept: it is what every command
        leaves, and Textual's Input lays the placeholder out again at each frame (a tenth of
        a millisecond, on the way from Enter to the result). Kept until the bar's size,
        focus or styles change."""
        if y or self.value or self.cursor_blink:
            return super().render_line(y)
        key = (self.placeholder, self.has_focus, self.size, self.scrollable_content_region)
        if self._empty is None or self._empty[0] != key:
            self._empty = (key, super().render_line(y))
        return self._empty[1]

    def notify_style_update(self) -> None:
        self._empty = None  # a theme, a class or the focus restyled the bar
        super().notify_style_update()

    async def _on_suggestion_ready(self, event: SuggestionReady) -> None:
        """Show a completion as the rest of what was typed; accept it as the suggester wrote
        it. Textual draws only the suggestion's characters past the typed length, so
        ``roll Cel`` completed to ``roll "Celeste Moreau"`` would read ``roll Celleste
        Moreau"``: the quotes (and the name's own capitals) are put in on acceptance."""
        event.prevent_default()  # Input's own handler would set the suggestion as it came
        if event.value != self.value:
            return
        self._suggestion, self.completion = shown_completion(event.value, event.suggestion)

    def action_cursor_right(self, select: bool = False) -> None:
        if not select and self.cursor_at_end and self._suggestion:
            self.value = self.completion or self._suggestion
            self.cursor_position = len(self.value)
            return
        super().action_cursor_right(select)

    async def _on_key(self, event: events.Key) -> None:
        """Run the bar's own keys (Backspace, the arrows, Ctrl+U, Enter, ↑ ↓…) in the order
        they were typed. Textual inserts a printable key at once but runs a focused Input's
        bindings only after the key has bubbled up to the app, so in one burst of keys (a
        link with lag, tmux, a fast typist) ``rolx⌫l`` became ``rolxl`` minus its last
        letter, Ctrl+U erased what was typed after it, and Enter sent the next command
        joined to this one."""
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            event.stop()
            event.prevent_default()
            await self.run_action(binding.action)
            return
        await super()._on_key(event)

    async def action_submit(self) -> None:
        """Ask for the command; the bar keeps it until it is saved (then it clears) or
        refused (then it is selected: fix it, or type the next command over it). Asked here,
        at the key, not through Input's Submitted message: the letters typed right after
        Enter then start the next command instead of joining this one."""
        text = self.value.strip()
        if not text:
            return
        long = len(text) > MAX_COMMAND  # refused at once: not tokenised, not remembered
        if not long:
            self.remember(text)
        # The text stays until the command is saved (one frame: the result and the cleared
        # bar together), but the next key typed starts the next command afresh.
        self.pending = text
        # Straight to the screen that runs commands (the bar's parent): the message would
        # only pass through the bar on its way up.
        target = self.parent if self.parent is not None else self
        target.post_message(RunCommand(text, origin=self, remember=not long))

    def insert_text_at_cursor(self, text: str) -> None:
        if self.pending is not None and self.value.strip() == self.pending:
            self.value = ""  # typing ahead while the last command is being saved
        self.pending = None
        super().insert_text_at_cursor(text)

    def command_done(self, text: str, ok: bool) -> None:
        """The screen tells the bar how its command went, in the same frame as the result:
        saved, the bar clears; refused, the text is selected. Something new typed meanwhile
        is left be."""
        if self.value.strip() != text:
            return  # something new was typed meanwhile
        self.pending = None
        if ok:
            self.empty()
        else:
            self.select_all()

    def empty(self) -> None:
        """Cleared, a command being done, without Input's Changed: nobody listens for the bar
        emptying itself, and that message takes three hops on the way to the result."""
        with self.prevent(Input.Changed):
            self.value = ""

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
