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
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Static, TabbedContent, TabPane, TextArea

from elysium.i18n import t, trait_label
from elysium.rules.character import Character
from elysium.rules.errors import RulesError
from elysium.rules.traits import HUMANITY, Kind, normalise
from elysium.sheet import ATTRIBUTE_GROUPS, VIRTUE_ORDER, abilities_by_group
from elysium.tui.dialogs import Dialog, quote
from elysium.tui.messages import CommandDone, RunCommand

SAFE_ID = re.compile(r"[a-z][a-z0-9-]*")
TABS = ("identity", "attributes", "abilities", "advantages", "condition", "notes")


@dataclass
class Rating:
    """One number on the form: what ``set`` calls it, and its value when the form opened
    (or was last saved)."""

    name: str  # the word for ``set``: strength, discipline:obeah, background:herd
    value: int
    field_id: str


class EditDialog(Dialog):
    """Every trait of one character, in tabs; Save sends the changes as commands."""

    BINDINGS = [
        Binding("alt+right,ctrl+pagedown", "tab(1)", "Next tab", show=False, id="edit_next_tab"),
        Binding("alt+left,ctrl+pageup", "tab(-1)", "Previous tab", show=False, id="edit_prev_tab"),
    ]

    def __init__(self, lang: str, character: Character) -> None:
        super().__init__(lang)
        self.character = character
        self.who = character.name  # the name the next command uses (after a rename too)
        self.ratings: dict[str, Rating] = {}
        self.texts = self._texts(character, lang)
        self._pending: list[tuple[str, list[str]]] = []  # (command, the fields it saves)

    # --- the form ----------------------------------------------------------------------

    @staticmethod
    def _texts(c: Character, lang: str) -> dict[str, str]:
        armour = c.armour
        texts = {
            "name": c.name,
            "clan": c.clan,
            "nature": c.nature,
            "demeanour": c.demeanour,
            "path": trait_label(HUMANITY, lang) if c.has_humanity else c.morality,
            "armour-rating": str(armour.rating if armour else 0),
            "armour-penalty": str(armour.penalty if armour else 0),
            "armour-name": armour.name if armour else "",
            "notes": c.notes,
        }
        texts.update({f"spec-{k}": v for k, v in c.specialties.items()})
        return texts

    def _rating(
        self, name: str, value: int, label: str | None = None, start: int | None = None
    ) -> Horizontal:
        """A labelled number field; ``name`` is what ``set`` calls the trait."""
        plain = name.split(":", 1)[-1]
        field_id = f"f-{plain}" if SAFE_ID.fullmatch(plain) and ":" not in name else ""
        field_id = field_id or f"f-x{len(self.ratings)}"
        self.ratings[field_id] = Rating(name, value, field_id)
        shown = label or trait_label(plain, self.lang)
        return Horizontal(
            Label(Text(shown), classes="trait"),
            Input(
                str(value if start is None else start),
                id=field_id,
                type="integer",
                compact=True,
                classes="rating",
            ),
            classes="row",
        )

    def _text(self, key: str, label: str) -> Horizontal:
        return Horizontal(
            Label(Text(label), classes="trait"),
            Input(self.texts[key], id=f"t-{key}", compact=True, classes="text"),
            classes="row",
        )

    def _adder(self, group: str) -> Horizontal:
        return Horizontal(
            Input(placeholder=t("dlg.edit.new_name", self.lang), id=f"new-{group}", compact=True),
            Button(t("dlg.edit.add", self.lang), id=f"add-{group}", compact=True),
            classes="adder",
        )

    def compose(self) -> ComposeResult:
        c, lang = self.character, self.lang
        with Vertical(id="edit-dialog", classes="dialog"):
            title = Text(t("dlg.edit.title", lang, name=""))
            title.append(c.name)  # user text
            yield Label(title, classes="dialog-title")
            yield Static(t("dlg.edit.hint", lang), classes="hint", markup=False)
            with TabbedContent(id="edit-tabs"):
                with TabPane(t("dlg.edit.identity", lang), id="tab-identity"):
                    yield from self._identity(c)
                with TabPane(t("sheet.attributes", lang), id="tab-attributes"):
                    yield from self._attributes(c)
                with TabPane(t("sheet.abilities", lang), id="tab-abilities"):
                    yield from self._abilities(c)
                with TabPane(t("sheet.advantages", lang), id="tab-advantages"):
                    yield from self._advantages(c)
                with TabPane(t("dlg.edit.condition", lang), id="tab-condition"):
                    yield from self._condition(c)
                with TabPane(t("sheet.notes", lang), id="tab-notes"):
                    yield from self._notes(c)
            with Horizontal(classes="buttons"):
                yield Button(t("dlg.save", lang), variant="primary", id="save", compact=True)
                yield Button(t("dlg.cancel", lang), id="cancel", compact=True)

    def _identity(self, c: Character) -> ComposeResult:
        lang = self.lang
        with VerticalScroll(classes="pane", can_focus=False):
            yield self._text("name", t("dlg.edit.name", lang))
            yield self._text("clan", t("sheet.clan", lang))
            yield self._text("nature", t("sheet.nature", lang))
            yield self._text("demeanour", t("sheet.demeanour", lang))
            if c.kind is Kind.VAMPIRE and c.generation is not None:
                yield self._rating("generation", c.generation)
            kind = t(f"kind.{c.kind.value}", lang)
            yield Static(Text(f"{t('sheet.kind', lang)}: {kind}"), classes="hint")

    def _columns(self, groups: list[tuple[str, list[tuple[str, int]]]]) -> ComposeResult:
        with VerticalScroll(classes="pane", can_focus=False), Horizontal(classes="columns"):
            for title, rows in groups:
                with Vertical(classes="column"):
                    yield Label(Text(title), classes="group")
                    for name, value in rows:
                        yield self._rating(name, value)

    def _attributes(self, c: Character) -> ComposeResult:
        groups = [
            (t(f"sheet.{g}", self.lang), [(n, c.attributes.get(n, 0)) for n in names])
            for g, names in ATTRIBUTE_GROUPS
        ]
        yield from self._columns(groups)

    def _abilities(self, c: Character) -> ComposeResult:
        groups = [
            (t(f"sheet.{g}", self.lang), [(n, c.abilities.get(n, 0)) for n in names])
            for g, names in abilities_by_group(c)
        ]
        yield from self._columns(groups)

    def _advantages(self, c: Character) -> ComposeResult:
        lang = self.lang
        with VerticalScroll(classes="pane", can_focus=False), Horizontal(classes="columns"):
            with Vertical(classes="column", id="col-discipline"):
                yield Label(t("sheet.disciplines", lang), classes="group")
                for name, value in c.disciplines.items():
                    yield self._rating(f"discipline:{name}", value)
                yield self._adder("discipline")
            with Vertical(classes="column", id="col-background"):
                yield Label(t("sheet.backgrounds", lang), classes="group")
                for name, value in c.backgrounds.items():
                    yield self._rating(f"background:{name}", value)
                yield self._adder("background")
            with Vertical(classes="column"):
                yield Label(t("sheet.virtues", lang), classes="group")
                for name in VIRTUE_ORDER:
                    if name in c.virtues:
                        yield self._rating(name, c.virtues[name])

    def _condition(self, c: Character) -> ComposeResult:
        lang = self.lang
        morality = trait_label(HUMANITY, lang) if c.has_humanity else c.morality
        with VerticalScroll(classes="pane", can_focus=False):
            yield self._text("path", t("dlg.edit.path", lang))
            yield self._rating("morality", c.morality_rating, morality)
            yield self._rating("willpower", c.willpower)
            yield self._rating("willpower-points", c.willpower_points)
            if c.blood_max:
                yield self._rating("blood", c.blood, t("dlg.edit.blood", lang))
            yield self._text("armour-rating", t("dlg.edit.armour_rating", lang))
            yield self._text("armour-penalty", t("dlg.edit.armour_penalty", lang))
            yield self._text("armour-name", t("dlg.edit.armour_name", lang))
            level = c.health.level
            health = t(f"health.{level.key if level else 'unhurt'}", lang)
            marks = "".join(c.health.marks(lang))
            line = f"{t('sheet.health', lang)}: {health} {marks} — {t('dlg.edit.health', lang)}"
            yield Static(Text(line), classes="hint")

    def _notes(self, c: Character) -> ComposeResult:
        lang = self.lang
        with VerticalScroll(classes="pane", can_focus=False):
            yield Label(t("dlg.edit.specialties", lang), classes="group")
            for key in self.texts:
                if key.startswith("spec-") and SAFE_ID.fullmatch(key):
                    trait = key.removeprefix("spec-")
                    yield self._text(key, trait_label(trait, lang))
            with Horizontal(classes="adder"):
                yield Input(
                    placeholder=t("dlg.edit.specialty_for", lang), id="new-spec-trait", compact=True
                )
                yield Input(placeholder="…", id="new-spec-text", compact=True)
            yield Label(t("sheet.notes", lang), classes="group")
            yield TextArea(c.notes, id="t-notes", soft_wrap=True)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(TextArea).cursor_blink = False
        self.query_one(TabbedContent).active = "tab-attributes"
        self.query_one("#f-strength", Input).focus()

    def action_tab(self, step: int) -> None:
        """Alt+Left/Right: the previous or next part of the sheet, its first field focused."""
        tabs = self.query_one(TabbedContent)
        ids = [f"tab-{name}" for name in TABS]
        tabs.active = ids[(ids.index(tabs.active) + step) % len(ids)]
        self.call_after_refresh(self._focus_first)

    def _focus_first(self) -> None:
        pane = self.query_one(f"#{self.query_one(TabbedContent).active}", TabPane)
        first = pane.query("Input, TextArea, Button").first()
        first.focus()

    # --- adding a Discipline or a Background -----------------------------------------------

    @on(Button.Pressed, "#add-discipline")
    @on(Button.Pressed, "#add-background")
    async def _add_pressed(self, event: Button.Pressed) -> None:
        await self.add_trait(str(event.button.id).removeprefix("add-"))

    async def add_trait(self, group: str) -> None:
        """A new row in the column (rated 1 until changed); saved with the rest."""
        box = self.query_one(f"#new-{group}", Input)
        try:
            key = normalise(box.value).split(":", 1)[-1]
        except RulesError:
            self.notify(t("dlg.edit.needs_name", self.lang), severity="warning", markup=False)
            return
        name = f"{group}:{key}"
        if any(r.name == name for r in self.ratings.values()):
            label = trait_label(key, self.lang)
            self.notify(
                t("dlg.edit.already", self.lang, name=label), severity="warning", markup=False
            )
            return
        row = self._rating(name, 0, start=1)
        box.value = ""
        adder = box.parent if isinstance(box.parent, Horizontal) else None
        await self.query_one(f"#col-{group}", Vertical).mount(row, before=adder)
        field = row.query_one(Input)
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
                raise ValueError(t("dlg.edit.not_whole", self.lang, name=rating.name, value=text))
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
        if "notes" in changed:
            out.append((f"set {who} notes {quote(now['notes'])}", ["t-notes"]))
        if "name" in changed and now["name"].strip():
            out.append((f"rename {who} {quote(now['name'].strip())}", ["t-name"]))
        return out

    def _now(self) -> dict[str, str]:
        """The text fields as they read now (and a new specialty typed in)."""
        now = {
            str(box.id).removeprefix("t-"): box.value
            for box in self.query(Input)
            if str(box.id).startswith("t-")
        }
        now["notes"] = self.query_one("#t-notes", TextArea).text
        trait = self.query_one("#new-spec-trait", Input).value.strip()
        text = self.query_one("#new-spec-text", Input).value.strip()
        if trait and text:
            with suppress(RulesError):  # an empty trait name: nothing to add
                now[f"spec-{normalise(trait)}"] = text
        return now

    @on(Button.Pressed, "#save")
    def save(self) -> None:
        try:
            self._pending = self.commands()
        except ValueError as exc:
            self.notify(str(exc), severity="error", markup=False)
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
        self.post_message(RunCommand(command, origin=self))

    @on(CommandDone)
    def saved(self, message: CommandDone) -> None:
        if not self._pending:
            return
        _command, fields = self._pending.pop(0)
        if not message.ok:
            self._pending = []  # the form stays open, every edit in it
            return
        self._mark_saved(fields)
        if self._pending:
            self._send()
        else:
            self.dismiss(None)

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

    @on(Button.Pressed, "#cancel")
    def cancel(self) -> None:
        self.dismiss(None)
