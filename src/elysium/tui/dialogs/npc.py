"""The NPC dialog (F4): a name, a template, and for a vampire's template its clan and
generation, sent as one ``add`` (one event, one undo). The dialog closes once the NPC is
saved; a refusal is told on its last line, one line, and the cursor stays in the form (on
the field the refusal is about)."""

from __future__ import annotations

import re

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select

from elysium.i18n import t
from elysium.rules.character import TEMPLATES
from elysium.rules.traits import Kind
from elysium.tui.dialogs.base import Dialog, quote
from elysium.tui.widgets.line import Line

FIRST_TEMPLATE = "mortal"  # the commonest NPC


def vampire(template: str) -> bool:
    return TEMPLATES[template]["kind"] is Kind.VAMPIRE


class NpcDialog(Dialog[None]):
    """``add "NAME" TEMPLATE [clan CLAN] [gen N]``."""

    AUTO_FOCUS = "#npc-name"

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="npc-dialog", classes="dialog"):
            yield Label(t("dlg.npc.title", lang), classes="dialog-title")
            yield Label(t("dlg.npc.name", lang))
            yield Input(id="npc-name", compact=True, placeholder=t("dlg.npc.name", lang))
            yield Label(t("dlg.npc.template", lang))
            yield Select(
                # Shown in the reader's language; the value sent stays the template's key.
                [(t(f"template.{k}", lang), k) for k in TEMPLATES],
                value=FIRST_TEMPLATE,
                allow_blank=False,
                id="template",
            )
            with Horizontal(id="npc-vampire"):
                with Vertical(id="npc-clan-column"):
                    yield Label(t("dlg.npc.clan", lang))
                    yield Input(id="npc-clan", compact=True, placeholder=t("dlg.npc.no_clan", lang))
                with Vertical():
                    yield Label(t("dlg.npc.generation", lang))
                    yield Input(id="npc-gen", compact=True, type="integer")
            yield Line(id="npc-said")
            with Horizontal(classes="buttons"):
                yield Button(t("dlg.npc.add", lang), variant="primary", id="add", compact=True)
                yield Button(t("dlg.cancel", lang), id="cancel", compact=True)

    def on_mount(self) -> None:
        super().on_mount()
        self._template_shown(FIRST_TEMPLATE)

    @on(Select.Changed, "#template")
    def _template_changed(self, event: Select.Changed) -> None:
        self._template_shown(str(event.value))

    def _template_shown(self, template: str) -> None:
        """A vampire's template: its own generation to start from; a mortal or a ghoul
        has neither clan nor generation."""
        clan, gen = self.query_one("#npc-clan", Input), self.query_one("#npc-gen", Input)
        is_vampire = vampire(template)
        clan.disabled = gen.disabled = not is_vampire
        gen.value = str(TEMPLATES[template]["generation"]) if is_vampire else ""

    def tell(self, text: str) -> None:
        self.query_one("#npc-said", Line).text = Text(text.splitlines()[0] if text else "")

    def _refused(self, text: str, field: str) -> None:
        self.tell(text)
        self.query_one(f"#{field}", Input).focus()

    def command(self) -> str | None:
        """The ``add`` to send, or None when the form itself is refused (told)."""
        name = self.query_one("#npc-name", Input).value.strip()
        if not name:
            self._refused(t("dlg.npc.needs_name", self.lang), "npc-name")
            return None
        template = str(self.query_one("#template", Select).value)
        parts = ["add", quote(name), template]
        if vampire(template):
            clan = self.query_one("#npc-clan", Input).value.strip()
            if clan:
                parts += ["clan", quote(clan)]
            gen = self.query_one("#npc-gen", Input).value.strip()
            if not gen.isdigit():
                self._refused(t("dlg.npc.not_whole", self.lang, value=gen), "npc-gen")
                return None
            if int(gen) != TEMPLATES[template]["generation"]:
                parts += ["gen", gen]
        return " ".join(parts)

    @on(Button.Pressed, "#add")
    @on(Input.Submitted)
    def add(self) -> None:
        command = self.command()
        if command is not None:
            self.tell("")
            self.send(command)

    def refused(self, said: str) -> None:
        """The cursor goes to what the refusal is about: the generation it quotes, the clan
        (a near miss of a known one), or the name (taken, too long); else it stays."""
        gen = self.query_one("#npc-gen", Input).value.strip()
        clan = self.query_one("#npc-clan", Input).value.strip()
        if gen and re.search(rf"(?<!\d){re.escape(gen)}(?!\d)", said):
            self._refused(said, "npc-gen")
        elif clan and f"'{clan}'".casefold() in said.casefold():
            self._refused(said, "npc-clan")
        elif self.query_one("#npc-name", Input).value.strip().casefold() in said.casefold():
            self._refused(said, "npc-name")
        else:
            self.tell(said)
