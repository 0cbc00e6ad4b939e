"""The character editor (F3): the whole sheet, in tabs laid out as the printed V20 sheet.

The editor never changes the chronicle itself. Save turns what was changed into commands of
the chronicle's language and posts them one by one (:class:`RunCommand`): every rating in one
``set`` (one event), then each text (clan, Nature, Demeanour, Path, armour, a specialty,
notes) as a ``set`` of its own, and a new name last as ``rename``. Each is one undoable event.
When one is refused the form stays open with every edit in it, and what was already saved is
not sent again.
"""

from __future__ import annotations

import re
from contextlib import suppress

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static, TabbedContent, TabPane, TextArea

from elysium.i18n import t, trait_label
from elysium.rules.character import Character
from elysium.rules.errors import RulesError
from elysium.rules.merits import KINDS, Merit
from elysium.rules.traits import V20_BACKGROUNDS, V20_DISCIPLINES, closest, normalise
from elysium.tui.dialogs.base import Dialog, FormButton, quote
from elysium.tui.dialogs.editor_tabs import FIRST_TAB, TABS, Rating, SheetForm
from elysium.tui.notes_editor import NotEdited, edit_notes


def _modifier(m: Merit) -> str:
    """`` dice +1`` / `` diff -1``: a Merit's modifier as the command types it."""
    if m.dice:
        return f" dice {m.dice:+d}"
    return f" diff {m.difficulty:+d}" if m.difficulty else ""


class Unsaved(ValueError):
    """A field Save cannot turn into a command (a rating that is not a whole number)."""

    def __init__(self, said: str, field_id: str) -> None:
        super().__init__(said)
        self.field_id = field_id


class EditDialog(SheetForm, Dialog[None]):
    """Every trait of one character, in tabs; Save sends the changes as commands."""

    # The cursor starts in Strength: set at once, it does not pass through the tab bar
    # first (each focus change there restyled the bar).
    AUTO_FOCUS = "#f-strength"

    BINDINGS = [
        Binding("alt+right,ctrl+pagedown", "tab(1)", "Next tab", show=False, id="edit_next_tab"),
        Binding("alt+left,ctrl+pageup", "tab(-1)", "Previous tab", show=False, id="edit_prev_tab"),
        Binding("ctrl+g", "notes_editor", "Notes in $EDITOR", show=False, id="edit_notes_editor"),
    ]

    def __init__(self, lang: str, character: Character) -> None:
        super().__init__(lang)
        self.character = character
        self.who = character.name  # the name the next command uses (after a rename too)
        self.ratings: dict[str, Rating] = {}
        self.texts = self._texts(character, lang)
        self._pending: list[tuple[str, list[str]]] = []  # (command, the fields it saves)
        self._built: set[str] = set()  # the tabs whose fields are built
        self._stay = False  # the command sent is the editor's notes: the form stays open

    # --- the form ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        c, lang = self.character, self.lang
        with Vertical(id="edit-dialog", classes="dialog"):
            title = Text(t("dlg.edit.title", lang, name=""))
            title.append(c.name)  # user text
            yield Label(title, classes="dialog-title")
            yield Static(t("dlg.edit.hint", lang), classes="hint", markup=False)
            # Only the tab shown is built now; each other one when first shown (a whole
            # sheet of fields built at once made F3 several times slower than F2).
            with TabbedContent(id="edit-tabs", initial=f"tab-{FIRST_TAB}"):
                for name, label in zip(TABS, self._tab_labels(), strict=True):
                    with TabPane(label, id=f"tab-{name}"):
                        if name == FIRST_TAB:
                            yield self._pane(name)
            with Horizontal(classes="buttons"):
                yield FormButton(t("dlg.save", lang), variant="primary", id="save", compact=True)
                yield FormButton(t("dlg.cancel", lang), id="cancel", compact=True)

    async def _build(self, tab_id: str) -> None:
        """The fields of tab ``tab_id`` (``tab-NAME``), built the first time it is shown."""
        name = tab_id.removeprefix("tab-")
        if name in self._built or name not in TABS:
            return
        pane = self._pane(name)
        await self.query_one(f"#{tab_id}", TabPane).mount(pane)
        for box in pane.query(Input):
            box.cursor_blink = False
        for area in pane.query(TextArea):
            area.cursor_blink = False

    @on(TabbedContent.TabActivated)
    async def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        await self._build(str(event.pane.id))

    def on_mount(self) -> None:
        super().on_mount()
        self.take_breakpoints()

    async def action_tab(self, step: int) -> None:
        """Alt+Left/Right: the previous or next part of the sheet, its first field focused."""
        tabs = self.query_one(TabbedContent)
        ids = [f"tab-{name}" for name in TABS]
        shown = ids[(ids.index(tabs.active) + step) % len(ids)]
        await self._build(shown)
        tabs.active = shown
        self._focus_first()  # at once: the cursor never rests on the tab bar in between

    def _focus_first(self) -> None:
        pane = self.query_one(f"#{self.query_one(TabbedContent).active}", TabPane)
        first = pane.query("Input, TextArea, Button").first()
        first.focus()

    # --- the notes in the Storyteller's own editor -------------------------------------------

    async def action_notes_editor(self) -> None:
        """Ctrl+G: the notes in ``$EDITOR`` (the terminal handed over until it ends); changed,
        they are saved at once as one ``set``, and the form stays open."""
        if self._pending:
            return  # a Save is under way
        await self._build("tab-notes")
        self.query_one(TabbedContent).active = "tab-notes"
        self.query_one("#t-notes", TextArea).focus()
        self.call_after_refresh(self._notes_edited)  # the notes tab shown behind the editor

    def _notes_edited(self) -> None:
        area = self.query_one("#t-notes", TextArea)
        try:
            edited = edit_notes(self.app, area.text)
        except NotEdited as exc:
            self.notify(exc.msg.render(self.lang), severity="warning", markup=False)
            return
        if edited == area.text:
            self.notify(t("editor.unchanged", self.lang), markup=False)
            return
        area.load_text(edited)
        self._stay = True
        self._pending = [(f"set {quote(self.who)} notes {quote(edited)}", ["t-notes"])]
        self._send()

    # --- adding a Discipline or a Background -----------------------------------------------

    @on(Button.Pressed, "#add-discipline")
    @on(Button.Pressed, "#add-background")
    async def _add_pressed(self, event: Button.Pressed) -> None:
        await self.add_trait(str(event.button.id).removeprefix("add-"))

    async def add_trait(self, group: str) -> None:
        """A new row in the column (rated 1 until changed); saved with the rest."""
        box = self.query_one(f"#new-{group}", Input)
        try:
            typed = normalise(box.value)
        except RulesError:
            self.notify(t("dlg.edit.needs_name", self.lang), severity="warning", markup=False)
            return
        key = typed.split(":", 1)[-1]
        known = V20_DISCIPLINES if group == "discipline" else V20_BACKGROUNDS
        close = None if ":" in typed or key in known else closest(key, known)
        if close is not None:  # a typo of a V20 one; `discipline:NAME` says it is meant
            said = t("dlg.edit.did_you_mean", self.lang, name=key, group=group, close=close)
            self.notify(said, severity="warning", markup=False)
            box.focus()
            return
        name = f"{group}:{key}"
        if any(r.name == name for r in self.ratings.values()):
            label = trait_label(key, self.lang)
            self.notify(
                t("dlg.edit.already", self.lang, name=label), severity="warning", markup=False
            )
            return
        cells = self._pair(name, 0, start=1)
        box.value = ""
        await self.query_one(f"#col-{group}", Vertical).mount_all(cells)
        field = cells[1]
        field.cursor_blink = False
        field.focus()

    # --- saving ------------------------------------------------------------------------

    def commands(self) -> list[tuple[str, list[str]]]:
        """What Save sends, in order, each with the fields it saves. Refused numbers (not
        whole) are told, and nothing is sent."""
        who = quote(self.who)
        out: list[tuple[str, list[str]]] = []
        pairs: list[str] = []
        saved: list[str] = []
        for field_id, rating in self.ratings.items():
            text = self.query_one(f"#{field_id}", Input).value.strip()
            if not text:
                continue
            if not text.lstrip("-").isdigit():
                said = t("dlg.edit.not_whole", self.lang, name=rating.name, value=text)
                raise Unsaved(said, field_id)
            if int(text) != rating.value:
                pairs += [rating.name, text]
                saved.append(field_id)
        if pairs:
            out.append((" ".join(["set", who, *pairs]), saved))
        now = self._now()
        changed = {k for k, v in now.items() if v != self.texts.get(k, "")}
        for key in ("clan", "nature", "demeanour"):
            if key in changed:
                out.append((f"set {who} {key} {quote(now[key])}", [f"t-{key}"]))
        if "path" in changed and now["path"].strip():
            out.append((f"set {who} path {quote(now['path'])}", ["t-path"]))
        armour = ("armour-rating", "armour-penalty", "armour-name")
        if changed & set(armour):
            worn, penalty, label = (now[k].strip() for k in armour)
            tail = f" {quote(label)}" if label else ""
            out.append(
                (
                    f"set {who} armour {worn or 0} penalty {penalty or 0}{tail}",
                    [f"t-{k}" for k in armour],
                )
            )
        for key in sorted(k for k in changed if k.startswith("spec-")):
            trait = key.removeprefix("spec-")
            out.append((f"set {who} specialty {trait} {quote(now[key])}", [f"t-{key}"]))
        for kind in KINDS:
            out += self._merit_commands(kind, who, now, changed)
        if "notes" in changed:
            out.append((f"set {who} notes {quote(now['notes'])}", ["t-notes"]))
        if "name" in changed and now["name"].strip():
            out.append((f"rename {who} {quote(now['name'].strip())}", ["t-name"]))
        return out

    def _merit_commands(
        self, kind: str, who: str, now: dict[str, str], changed: set[str]
    ) -> list[tuple[str, list[str]]]:
        """``merit WHO NAME N`` for each Merit (or Flaw) whose points changed, its modifier
        kept (0 takes it away), and one for a new one typed in with its points."""
        out: list[tuple[str, list[str]]] = []
        have = self.character.flaws if kind == "flaw" else self.character.merits
        for i, m in enumerate(have):
            key = f"{kind}-{i}"
            if key in changed and now[key].strip():
                points = now[key].strip()
                mod = "" if points == "0" else _modifier(m)
                out.append((f"{kind} {who} {quote(m.name)} {points}{mod}", [f"t-{key}"]))
        name, points = now.get(f"new-{kind}-name", ""), now.get(f"new-{kind}-points", "")
        if name.strip() and points.strip():
            boxes = [f"new-{kind}-name", f"new-{kind}-points"]
            out.append((f"{kind} {who} {quote(name.strip())} {points.strip()}", boxes))
        return out

    def _now(self) -> dict[str, str]:
        """The text fields as they read now (and a new specialty typed in)."""
        now = {
            str(box.id).removeprefix("t-"): box.value
            for box in self.query(Input)
            if str(box.id).startswith("t-")
        }
        if "notes" not in self._built:
            return now  # a tab never shown changed nothing
        now["notes"] = self.query_one("#t-notes", TextArea).text
        trait = self.query_one("#new-spec-trait", Input).value.strip()
        text = self.query_one("#new-spec-text", Input).value.strip()
        if trait and text:
            with suppress(RulesError):  # an empty trait name: nothing to add
                now[f"spec-{normalise(trait)}"] = text
        for kind in KINDS:  # a new Merit or Flaw typed in
            for part in ("name", "points"):
                now[f"new-{kind}-{part}"] = self.query_one(f"#new-{kind}-{part}", Input).value
        return now

    @on(Button.Pressed, "#save")
    def save(self) -> None:
        for marked in self.query(".-refused"):
            marked.remove_class("-refused")
        try:
            self._pending = self.commands()
        except Unsaved as exc:
            self.notify(str(exc), severity="error", markup=False)
            self.call_later(self._refused, [exc.field_id])
            return
        if not self._pending:
            self.dismiss(None)
            return
        self._send()

    @on(Input.Submitted)
    async def _submitted(self, event: Input.Submitted) -> None:
        """Enter saves; in a new Discipline's or Background's name it adds the row."""
        event.stop()
        box = str(event.input.id)
        if box in ("new-discipline", "new-background"):
            await self.add_trait(box.removeprefix("new-"))
        else:
            self.save()

    def _send(self) -> None:
        command, _fields = self._pending[0]
        self.send(command)

    def refused(self, said: str) -> None:
        if not self._pending:
            return
        _command, fields = self._pending.pop(0)
        self._pending = []  # the form stays open, every edit in it
        self._stay = False
        self.call_later(self._refused, self._offending(fields, said))

    def saved(self) -> None:
        """One command is saved: the next is sent, and the form closes after the last."""
        if not self._pending:
            return
        _command, fields = self._pending.pop(0)
        self._mark_saved(fields)
        if self._pending:
            self._send()
        elif self._stay:  # the editor's notes are saved: the rest of the form is still open
            self._stay = False
        else:
            self.dismiss(None)

    def _offending(self, fields: list[str], said: str) -> list[str]:
        """The fields a refusal is about, of those its command saved: the ones whose trait
        it names (as ``set`` spells it, or as the form labels it), else the ones whose
        value it quotes, else all of them."""
        text = said.casefold()

        def told(word: str) -> bool:
            word = word.strip().casefold()
            return bool(word) and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None

        def names(field_id: str) -> list[str]:
            rating = self.ratings.get(field_id)
            if rating is None:
                return []
            plain = rating.name.split(":", 1)[-1]
            return [plain, trait_label(plain, self.lang)]

        named = [f for f in fields if any(told(n) for n in names(f))]
        quoted = [
            f for f in fields if f in self.ratings and told(self.query_one(f"#{f}", Input).value)
        ]
        return named or quoted or fields

    async def _refused(self, fields: list[str]) -> None:
        """Mark the refused fields and put the cursor in the first (its tab shown)."""
        found = [w for f in fields for w in self.query(f"#{f}")]
        for widget in found:
            widget.add_class("-refused")
        if not found:
            return
        first = found[0]
        pane = next((a for a in first.ancestors if isinstance(a, TabPane)), None)
        if pane is not None and pane.id:
            self.query_one(TabbedContent).active = pane.id
        self.call_after_refresh(first.focus)

    @on(Input.Changed)
    @on(TextArea.Changed)
    def _retyped(self, event: Input.Changed | TextArea.Changed) -> None:
        """A refused field typed in again is no longer marked."""
        widget = event.input if isinstance(event, Input.Changed) else event.text_area
        widget.remove_class("-refused")

    def _mark_saved(self, fields: list[str]) -> None:
        """What a command saved is the form's new starting point: not sent again."""
        for field_id in fields:
            if field_id in self.ratings:
                self.ratings[field_id].value = int(self.query_one(f"#{field_id}", Input).value)
            elif field_id == "t-notes":
                self.texts["notes"] = self.query_one("#t-notes", TextArea).text
            else:
                key = field_id.removeprefix("t-")
                if key == "name":
                    self.who = self.query_one("#t-name", Input).value.strip()
                self.texts[key] = self._now().get(key, "")
