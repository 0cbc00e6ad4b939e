"""The help screens: the keys as bound now, and the command language from the verb registry
(the dashboard's F1; the replay's own keys)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Button, Label, Static

from elysium.chronicle import verbs
from elysium.i18n import t
from elysium.tui import keys
from elysium.tui.dialogs.base import Dialog


def key_rows(app: App, shown: tuple[keys.Key, ...]) -> list[tuple[str, str]]:
    """The keys of ``shown`` as they are bound now (the user's keymap applied), each with
    the catalog key of what it does, then the keys of the widgets."""
    keymap = getattr(app, "_keymap", {})
    rows = []
    for key in shown:
        spelled = keymap.get(key.id, key.keys).split(",")
        display = " / ".join(app.get_key_display(Binding(k.strip(), "")) for k in spelled)
        rows.append((display, key.label))
    for spelled, label in keys.WIDGET_KEYS:
        rows.append(
            (" ".join(app.get_key_display(Binding(k, "")) for k in spelled.split(",")), label)
        )
    return rows


def commands_text(lang: str) -> Text:
    """Every verb from the registry, by group: its spellings, what it does, its usage."""
    out = Text()
    for group in verbs.GROUPS:
        out.append(t(f"help.group.{group}", lang) + "\n", style="bold underline")
        for verb in verbs.VERBS:
            if verb.group != group:
                continue
            main = verbs.spelling(verb.name, lang)
            others = [s for s in verb.spellings if s != main]
            out.append(f"  {main}", style="bold")
            out.append(f" ({', '.join(others)})" if others else "")
            out.append(f" — {t(f'help.{verb.name}', lang)}\n")
            out.append(f"      {t(f'usage.{verb.name}', lang)}\n", style="dim")
    return out


def keys_text(keys: list[tuple[str, str]], lang: str) -> Text:
    """A two-column list: the key in bold, what it does in ``lang``."""
    width = max(len(k) for k, _ in keys) + 1
    out = Text()
    for key, label in keys:
        out.append(f"{key:<{width}}", style="bold")
        out.append(f" {t(label, lang)}\n")
    return out


class HelpScreen(Dialog[None]):
    """Keys (as bound now) and the command language."""

    def __init__(self, lang: str, rows: list[tuple[str, str]]) -> None:
        super().__init__(lang)
        self.rows = rows

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Label(t("help.title", self.lang), classes="dialog-title")
            yield Static(keys_text(self.rows, self.lang), markup=False)
            yield Label(t("help.flow.title", self.lang), classes="help-section")
            act = keys.shown(self.app, "act")  # as bound now
            flow = Text(t("help.flow", self.lang, act=act))
            yield Static(flow, markup=False, id="combat-flow")
            yield Static(commands_text(self.lang), markup=False, classes="commands")
            yield Button("OK", id="ok", compact=True)


class ReplayHelp(HelpScreen):
    """The replay's keys (as bound now)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Label(t("replay.help", self.lang), classes="dialog-title")
            yield Static(keys_text(self.rows, self.lang), markup=False)
            yield Button("OK", id="ok", compact=True)
