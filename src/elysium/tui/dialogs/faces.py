"""Physical dice, one step at a time: the prompt that asks the table for each roll's faces.

The dashboard runs a command with :class:`~elysium.rules.table_dice.TableDice`; when a roll
needs faces not typed yet, nothing is written and this prompt opens. It says what the dice
are for and how many to throw, shows the rolls already made, and takes the faces; the
command then runs again with them, until it needs no more and is saved as one event. A
wrong count is said (the faces typed with it) and asked again for that step only, the box
emptied; Esc leaves with nothing written.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input

from elysium.i18n import Msg, t
from elysium.rules.errors import RulesError
from elysium.rules.table_dice import NeedFaces, Step, Typed, read_faces
from elysium.tell.marks import verdict
from elysium.tui.dialogs.base import Dialog
from elysium.tui.messages import RunCommand
from elysium.tui.widgets.line import Line

# What to type for "let Elysium roll this step" (never an empty Enter: that is a slip).
ROLL_IT = ("r", "roll", "б", "бросок")


def label(what: object, lang: str) -> str:
    return what.render(lang) if isinstance(what, Msg) else t("table.a_roll", lang)


def step_line(step: Step, lang: str) -> str:
    """``the damage roll: throw 5 dice, difficulty 6``."""
    what = label(step.what, lang)
    if step.reroll:
        return t("table.reroll", lang, what=what, n=step.count)
    if step.difficulty is None:
        return t("table.throw", lang, what=what, n=step.count)
    return t("table.throw_diff", lang, what=what, n=step.count, diff=step.difficulty)


def faces_text(faces: tuple[int, ...], rerolls: tuple[int, ...]) -> str:
    shown = " ".join(str(f) for f in faces)
    return f"{shown} | {' '.join(str(f) for f in rerolls)}" if rerolls else shown


class FacesPrompt(Dialog[bool]):
    """One command's rolls, asked of the table step by step; dismissed with True once the
    command is saved, None when cancelled (nothing written)."""

    def __init__(self, lang: str, command: str, typed: Typed, need: NeedFaces) -> None:
        super().__init__(lang)
        self.command = command
        self.typed = typed  # grows a step at a time; the dashboard runs the command with it
        self.need = need
        self.waiting = False

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(classes="dialog", id="faces-dialog"):
            title = Text(t("table.title", lang) + " · ", style="bold")
            title.append(self.command)  # typed text: never markup
            yield Line(title, classes="dialog-title", id="faces-command")
            yield Line(id="faces-done")
            yield Line(id="faces-step")
            box = Input(placeholder=t("table.placeholder", lang), id="faces", compact=True)
            yield box
            yield Line(id="faces-error")
            yield Line(Text(t("table.hint", lang), style="dim"), id="faces-hint")

    def on_mount(self) -> None:
        super().on_mount()
        self.ask(self.need)

    def ask(self, need: NeedFaces) -> None:
        """Show the next step (and the rolls made so far), ready for its faces."""
        lang = self.lang
        self.need = need
        self.waiting = False
        done = Text()
        for n, scored in enumerate(need.scored):
            if n:
                done.append("\n")
            r = scored.result
            done.append(
                t(
                    "table.scored",
                    lang,
                    what=label(scored.what, lang),
                    faces=faces_text(r.dice, r.rerolls),
                    verdict=verdict(r, lang),
                )
            )
        shown = self.query_one("#faces-done", Line)
        shown.display = bool(need.scored)
        self._show("#faces-done", done)
        self._show("#faces-step", Text(step_line(need.step, lang), style="bold"))
        self._show("#faces-error", Text())
        box = self.query_one("#faces", Input)
        box.value = ""
        box.focus()

    def _show(self, selector: str, text: Text) -> None:
        """A line of the prompt given new text, as many rows high as it wraps to: a Line
        keeps the height it was measured at for its width, so the rolls made so far would
        be cut to the rows the first of them took (the damage under the attack, unseen)."""
        line = self.query_one(selector, Line)
        line.text = text
        line.clear_cached_dimensions()
        line.refresh(layout=True)

    @on(Input.Submitted, "#faces")
    def given(self, event: Input.Submitted) -> None:
        if self.waiting:
            return
        text = event.value.strip()
        if not text:  # Enter on an empty box (a slip of the finger) throws nothing
            self.wrong(t("table.empty", self.lang))
            return
        if text.casefold() in ROLL_IT:
            self.typed.append(None)  # Elysium rolls this step
        else:
            try:
                faces = read_faces(text)
            except RulesError as exc:
                why = exc.msg.render(self.lang)
                self.wrong(t("table.refused_faces", self.lang, faces=text, why=why))
                return
            need = self.need.step.count
            if len(faces) != need:
                told = t("table.wrong_count", self.lang, given=len(faces), need=need)
                self.wrong(t("table.refused_faces", self.lang, faces=text, why=told))
                return
            self.typed.append(faces)
        self.waiting = True
        self.post_message(RunCommand(self.command, origin=self, dice=self.typed))

    def wrong(self, why: str) -> None:
        """Say what was wrong with these faces (what was typed, and why), and empty the box
        for the faces typed again: the line stays until the step is thrown. This step only:
        the steps before it keep theirs."""
        self._show("#faces-error", Text(why, style="bold"))  # typed text: never markup
        self.query_one("#faces", Input).value = ""

    def saved(self) -> None:
        self.dismiss(True)

    def refused(self, said: str) -> None:
        self.dismiss(False)
