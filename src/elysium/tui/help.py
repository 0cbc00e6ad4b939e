"""The help screens (keys, the command language from the verb registry) and the dice
statistics screen."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Button, Label, Static

from elysium.chronicle import verbs
from elysium.i18n import t
from elysium.tui import keys
from elysium.tui.dialogs import Dialog

SPARK = " ▁▂▃▄▅▆▇█"


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


class HelpScreen(Dialog):
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

    @on(Button.Pressed, "#ok")
    def close(self) -> None:
        self.dismiss(None)


class AnswerScreen(Dialog):
    """A question's answer that takes more than the status line: the house rules, a
    character's powers."""

    def __init__(self, lang: str, text: str) -> None:
        super().__init__(lang)
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Static(Text(self.text), markup=False)
            yield Button("OK", id="ok", compact=True)

    @on(Button.Pressed, "#ok")
    def close(self) -> None:
        self.dismiss(None)


def _bar(value: float, top: float, width: int = 16) -> str:
    filled = 0 if top <= 0 else round(width * min(value, top) / top)
    return "█" * filled + "·" * (width - filled)


def _spark(counts: list[int]) -> str:
    top = max(counts) if counts else 0
    if not top:
        return ""
    return "".join(SPARK[round(c / top * (len(SPARK) - 1))] for c in counts)


class StatsScreen(Dialog):
    """Dice statistics for a chapter: what was rolled against the exact expectation. The
    tallies are counted before (off the screen's thread, from the chronicle's events)."""

    def __init__(self, lang: str, tallies: dict, chapter: int | None) -> None:
        super().__init__(lang)
        self.chapter = chapter
        self.tallies = tallies

    def compose(self) -> ComposeResult:
        lang = self.lang
        with VerticalScroll(id="stats-dialog", classes="dialog"):
            title = t("stats.title", lang)
            if self.chapter is not None:
                title += " · " + t("recap.chapter", lang, n=self.chapter)
            yield Label(title, classes="dialog-title")
            yield Static(self._body(), markup=False)
            yield Button("OK", id="ok", compact=True)

    def _body(self) -> Text:
        lang = self.lang
        everyone = self.tallies["*"]
        if not everyone.rolls:
            return Text(t("stats.none", lang))
        out = Text()
        top = max(max(float(x.expected_successes), x.successes) for x in self.tallies.values())
        for who, tally in sorted(self.tallies.items(), key=lambda kv: (kv[0] == "*", kv[0])):
            name = t("stats.all", lang) if who == "*" else who  # user text: plain
            name = t("rolls.storyteller", lang) if name == "—" else name  # stats.ANYONE
            out.append(name, style="bold")
            out.append(f"  {t('stats.rolls', lang)} {tally.rolls}\n")
            out.append(f"  {t('stats.successes', lang):<10} {tally.successes:>4} ")
            out.append(_bar(tally.successes, top))
            out.append(f"  {t('stats.expected', lang)} {float(tally.expected_successes):.2f}\n")
            out.append(f"  {t('stats.expected', lang):<10}      ")
            out.append(_bar(float(tally.expected_successes), top), style="dim")
            out.append("\n")
            rate = tally.botches / tally.rolls
            expected_rate = float(tally.expected_botches) / tally.rolls
            out.append(
                f"  {t('stats.botches', lang):<10} {tally.botches:>4}  {rate:.0%} "
                f"({t('stats.expected', lang)} {expected_rate:.1%})\n"
            )
            keys = ["botch", *range(0, max([k for k in tally.outcomes if k != "botch"] or [0]) + 1)]
            counts = [tally.outcomes.get(k, 0) for k in keys]
            out.append(f"  {t('stats.outcomes', lang):<10} ")
            out.append(_spark(counts))
            out.append(f"  (✗ {counts[0]}; 0…{len(keys) - 2})\n")
            faces = [tally.faces.get(f, 0) for f in range(1, 11)]
            out.append(f"  {t('stats.faces', lang):<10} ")
            out.append(_spark(faces))
            out.append(f"  {' '.join(map(str, faces))}\n\n")
        return out

    @on(Button.Pressed, "#ok")
    def close(self) -> None:
        self.dismiss(None)


class ReplayHelp(HelpScreen):
    """The replay's keys (as bound now)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Label(t("replay.help", self.lang), classes="dialog-title")
            yield Static(keys_text(self.rows, self.lang), markup=False)
            yield Button("OK", id="ok", compact=True)

    @on(Button.Pressed, "#ok")
    def close(self) -> None:
        self.dismiss(None)
