"""The dice statistics of a chapter (F7): what was rolled against the exact expectation, for
each roller and for everyone."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Button, Label, Static

from elysium.i18n import t
from elysium.tell.marks import decimal, share
from elysium.tui.dialogs.base import SPARK, Dialog


def _bar(value: float, top: float, width: int = 16) -> str:
    filled = 0 if top <= 0 else round(width * min(value, top) / top)
    return "█" * filled + "·" * (width - filled)


def _spark(counts: list[int]) -> str:
    top = max(counts) if counts else 0
    if not top:
        return ""
    return "".join(SPARK[round(c / top * (len(SPARK) - 1))] for c in counts)


class StatsScreen(Dialog[None]):
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
        left_out = t("stats.omitted", lang, n=everyone.omitted) if everyone.omitted else ""
        if not everyone.rolls:
            return Text("\n".join(filter(None, [t("stats.none", lang), left_out])))
        out = Text()
        if left_out:
            out.append(left_out + "\n\n", style="italic")
        top = max(max(float(x.expected_successes), x.successes) for x in self.tallies.values())
        for who, tally in sorted(self.tallies.items(), key=lambda kv: (kv[0] == "*", kv[0])):
            name = t("stats.all", lang) if who == "*" else who  # user text: plain
            name = t("rolls.storyteller", lang) if name == "—" else name  # stats.ANYONE
            out.append(name, style="bold")
            out.append(f"  {t('stats.rolls', lang)} {tally.rolls}\n")
            out.append(f"  {t('stats.successes', lang):<10} {tally.successes:>4} ")
            out.append(_bar(tally.successes, top))
            expected = decimal(float(tally.expected_successes), lang)
            out.append(f"  {t('stats.expected', lang)} {expected}\n")
            out.append(f"  {t('stats.expected', lang):<10}      ")
            out.append(_bar(float(tally.expected_successes), top), style="dim")
            out.append("\n")
            rate = tally.botches / tally.rolls
            expected_rate = float(tally.expected_botches) / tally.rolls
            out.append(
                f"  {t('stats.botches', lang):<10} {tally.botches:>4}  {share(rate, 0, lang)} "
                f"({t('stats.expected', lang)} {share(expected_rate, 1, lang)})\n"
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
