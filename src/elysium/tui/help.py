"""The help screens (keys, the command language from the verb registry) and the dice
statistics screen."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Button, Label, Static

from elysium.chronicle import verbs
from elysium.i18n import t
from elysium.tui.dialogs import Dialog

SPARK = " ▁▂▃▄▅▆▇█"


HELP_KEYS = [
    ("F1 / ?", "key.help"),
    ("F2", "key.roll"),
    ("F3", "key.edit"),
    ("F4", "key.npc"),
    ("F5", "key.next"),
    ("F6", "key.filter"),
    ("F7", "key.stats"),
    ("Ctrl+Z", "key.undo"),
    ("Ctrl+Y", "key.redo"),
    ("Ctrl+P", "key.palette"),
    ("Tab", "key.panes"),
    ("↑ ↓", "key.pick"),
    ("Esc", "key.command"),
    ("Ctrl+Q", "key.quit"),
]


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
    """Keys and the command language."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Label(t("help.title", self.lang), classes="dialog-title")
            yield Static(keys_text(HELP_KEYS, self.lang), markup=False)
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
    """Dice statistics for a chapter: what was rolled against the exact expectation."""

    def __init__(self, lang: str, events, profile, chapter: int | None) -> None:
        super().__init__(lang)
        from elysium.stats import dice_stats

        self.chapter = chapter
        self.tallies = dice_stats(events, profile, chapter)

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


REPLAY_KEYS = [
    ("← →", "key.step_back"),
    ("PgUp PgDn", "key.step_forward"),
    ("Home End", "replay.ends"),
    ("[ ]", "key.scene_back"),
    ("{ }", "key.round_back"),
    ("Space", "key.play"),
    ("+ -", "key.faster"),
    ("g", "key.jump"),
    ("F7", "key.stats"),
    ("q", "key.quit"),
]


class ReplayHelp(Dialog):
    """The replay's keys."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Label(t("replay.help", self.lang), classes="dialog-title")
            yield Static(
                keys_text([(k, label + ".help") for k, label in REPLAY_KEYS], self.lang),
                markup=False,
            )
            yield Button("OK", id="ok", compact=True)

    @on(Button.Pressed, "#ok")
    def close(self) -> None:
        self.dismiss(None)
