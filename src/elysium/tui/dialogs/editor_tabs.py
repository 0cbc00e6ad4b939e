"""The character editor's form (F3): the fields of each tab, laid out as the printed V20
sheet, built when the tab is first shown (see :mod:`elysium.tui.dialogs.editor`).

A column of the sheet is a two-column grid of traits and their fields, with no container
around each row: some sixty rows, three widgets each, made the editor several times slower
to open than the roll dialog.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from rich.text import Text
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Label, Static, TextArea

from elysium.i18n import t, trait_label
from elysium.rules.character import Character
from elysium.rules.merits import Merit
from elysium.rules.traits import HUMANITY, Kind
from elysium.tell.sheet import ATTRIBUTE_GROUPS, VIRTUE_ORDER, abilities_by_group
from elysium.tui.dialogs.base import Field, FormButton

SAFE_ID = re.compile(r"[a-z][a-z0-9-]*")
TABS = ("identity", "attributes", "abilities", "advantages", "condition", "notes")
TAB_LABELS = (
    *("dlg.edit.identity", "sheet.attributes", "sheet.abilities"),
    *("sheet.advantages", "dlg.edit.condition", "sheet.notes"),
)
FIRST_TAB = "attributes"  # the tab F3 opens on, its first field focused


def _pane(*rows: Widget) -> VerticalScroll:
    return VerticalScroll(*rows, classes="pane", can_focus=False)


@dataclass
class Rating:
    """One number on the form: what ``set`` calls it, and its value when the form opened
    (or was last saved)."""

    name: str  # the word for ``set``: strength, discipline:obeah, background:herd
    value: int
    field_id: str


class SheetForm:
    """The editor's fields, tab by tab; the dialog holds the state they are built from."""

    lang: str
    character: Character
    ratings: dict[str, Rating]
    texts: dict[str, str]
    _built: set[str]

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
        for kind, have in (("merit", c.merits), ("flaw", c.flaws)):  # their points, by place
            texts.update({f"{kind}-{i}": str(m.points) for i, m in enumerate(have)})
        return texts

    def _rating(
        self, name: str, value: int, label: str | None = None, start: int | None = None
    ) -> Horizontal:
        """A labelled number field on a row of its own."""
        return Horizontal(*self._pair(name, value, label, start), classes="row")

    def _pair(
        self, name: str, value: int, label: str | None = None, start: int | None = None
    ) -> tuple[Label, Field]:
        """A number field and its label; ``name`` is what ``set`` calls the trait. In a
        column of the sheet the two are cells of the column's grid: no row container
        around each (a row for each of some sixty traits made the editor slow to open)."""
        plain = name.split(":", 1)[-1]
        field_id = f"f-{plain}" if SAFE_ID.fullmatch(plain) and ":" not in name else ""
        field_id = field_id or f"f-x{len(self.ratings)}"
        self.ratings[field_id] = Rating(name, value, field_id)
        shown = label or trait_label(plain, self.lang)
        field = Field(
            str(value if start is None else start),
            id=field_id,
            type="integer",
            compact=True,
            classes="rating",
        )
        return Label(Text(shown), classes="trait"), field

    def _text(self, key: str, label: str) -> Horizontal:
        return Horizontal(
            Label(Text(label), classes="trait"),
            Field(self.texts[key], id=f"t-{key}", compact=True, classes="text"),
            classes="row",
        )

    def _points(self, key: str, name: str) -> Horizontal:
        """A Merit's or Flaw's points on a row of its own, its name (user text) beside."""
        return Horizontal(
            Label(Text(name), classes="trait"),
            Field(self.texts[key], id=f"t-{key}", type="integer", compact=True, classes="text"),
            classes="row",
        )

    def _adder(self, group: str) -> Vertical:
        """A new Discipline's or Background's name, and Add, under the column: the whole
        column's width for the name (beside Add it was cut to four letters at 80x24)."""
        return Vertical(
            Field(placeholder=t("dlg.edit.new_name", self.lang), id=f"new-{group}", compact=True),
            FormButton(t("dlg.edit.add", self.lang), id=f"add-{group}", compact=True),
            classes="new-trait",
        )

    def _tab_labels(self) -> list[str]:
        return [t(key, self.lang) for key in TAB_LABELS]

    def _pane(self, name: str) -> VerticalScroll:
        """One tab's fields, in a scrolling pane."""
        self._built.add(name)
        c = self.character
        parts = {
            "identity": self._identity,
            "attributes": self._attributes,
            "abilities": self._abilities,
            "advantages": self._advantages,
            "condition": self._condition,
            "notes": self._notes,
        }
        return parts[name](c)

    def _identity(self, c: Character) -> VerticalScroll:
        lang = self.lang
        rows: list[Widget] = [
            self._text("name", t("dlg.edit.name", lang)),
            self._text("clan", t("sheet.clan", lang)),
            self._text("nature", t("sheet.nature", lang)),
            self._text("demeanour", t("sheet.demeanour", lang)),
        ]
        if c.kind is Kind.VAMPIRE and c.generation is not None:
            rows.append(self._rating("generation", c.generation))
        kind = t(f"kind.{c.kind.value}", lang)
        rows.append(Static(Text(f"{t('sheet.kind', lang)}: {kind}"), classes="hint"))
        return _pane(*rows)

    def _columns(self, groups: list[tuple[str, list[tuple[str, int]]]]) -> VerticalScroll:
        columns = [
            Vertical(
                Label(Text(title), classes="group"),
                *(cell for name, value in rows for cell in self._pair(name, value)),
                classes="column",
            )
            for title, rows in groups
        ]
        return _pane(Horizontal(*columns, classes="columns"))

    def _attributes(self, c: Character) -> VerticalScroll:
        groups = [
            (t(f"sheet.{g}", self.lang), [(n, c.attributes.get(n, 0)) for n in names])
            for g, names in ATTRIBUTE_GROUPS
        ]
        return self._columns(groups)

    def _abilities(self, c: Character) -> VerticalScroll:
        groups = [
            (t(f"sheet.{g}", self.lang), [(n, c.abilities.get(n, 0)) for n in names])
            for g, names in abilities_by_group(c)
        ]
        return self._columns(groups)

    def _advantages(self, c: Character) -> VerticalScroll:
        lang = self.lang
        columns = [
            self._growing("discipline", t("sheet.disciplines", lang), c.disciplines),
            self._growing("background", t("sheet.backgrounds", lang), c.backgrounds),
            Vertical(
                Label(t("sheet.virtues", lang), classes="group"),
                *(
                    cell
                    for n in VIRTUE_ORDER
                    if n in c.virtues
                    for cell in self._pair(n, c.virtues[n])
                ),
                classes="column",
            ),
        ]
        return _pane(Horizontal(*columns, classes="columns"))

    def _growing(self, group: str, title: str, ratings: Mapping[str, int]) -> Vertical:
        """Disciplines or Backgrounds: the rated ones, then a box to add one by name."""
        return Vertical(
            Vertical(
                Label(title, classes="group"),
                *(cell for n, v in ratings.items() for cell in self._pair(f"{group}:{n}", v)),
                classes="column",
                id=f"col-{group}",
            ),
            self._adder(group),
            classes="growing",
        )

    def _condition(self, c: Character) -> VerticalScroll:
        lang = self.lang
        morality = trait_label(HUMANITY, lang) if c.has_humanity else c.morality
        rows: list[Widget] = [
            self._text("path", t("dlg.edit.path", lang)),
            self._rating("morality", c.morality_rating, morality),
            self._rating("willpower", c.willpower),
            self._rating("willpower-points", c.willpower_points),
        ]
        if c.blood_max:
            rows.append(self._rating("blood", c.blood, t("dlg.edit.blood", lang)))
        rows += [
            self._text("armour-rating", t("dlg.edit.armour_rating", lang)),
            self._text("armour-penalty", t("dlg.edit.armour_penalty", lang)),
            self._text("armour-name", t("dlg.edit.armour_name", lang)),
        ]
        level = c.health.level
        health = t(f"health.{level.key if level else 'unhurt'}", lang)
        marks = "".join(c.health.marks(lang))
        line = f"{t('sheet.health', lang)}: {health} {marks} — {t('dlg.edit.health', lang)}"
        rows.append(Static(Text(line), classes="hint"))
        return _pane(*rows)

    def _notes(self, c: Character) -> VerticalScroll:
        lang = self.lang
        rows: list[Widget] = [Label(t("dlg.edit.specialties", lang), classes="group")]
        for key in self.texts:
            if key.startswith("spec-") and SAFE_ID.fullmatch(key):
                trait = key.removeprefix("spec-")
                rows.append(self._text(key, trait_label(trait, lang)))
        rows += [
            Horizontal(
                Field(
                    placeholder=t("dlg.edit.specialty_for", lang), id="new-spec-trait", compact=True
                ),
                Field(placeholder="…", id="new-spec-text", compact=True),
                classes="adder",
            ),
        ]
        for kind, have in (("merit", c.merits), ("flaw", c.flaws)):
            rows += self._merits(kind, have)
        rows += [
            Label(t("sheet.notes", lang), classes="group"),
            Static(t("dlg.edit.notes_editor", lang), classes="hint", markup=False),
            TextArea(c.notes, id="t-notes", soft_wrap=True),
        ]
        return _pane(*rows)

    def _merits(self, kind: str, have: tuple[Merit, ...]) -> list[Widget]:
        """Merits or Flaws: each one's points (0 takes it away), then a new one's name and
        points. Their names are user text, shown as plain text."""
        lang = self.lang
        rows: list[Widget] = [Label(t(f"ui.{kind}s", lang), classes="group")]
        rows += [self._points(f"{kind}-{i}", m.name) for i, m in enumerate(have)]
        rows.append(
            Horizontal(
                Field(
                    placeholder=t(f"dlg.edit.new_{kind}", lang), id=f"new-{kind}-name", compact=True
                ),
                Field(
                    placeholder=t("dlg.edit.points", lang), id=f"new-{kind}-points", compact=True
                ),
                classes="adder",
            )
        )
        return rows
