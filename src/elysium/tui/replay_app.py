"""Replay: a saved chapter, event by event, in the dashboard's four panes.

Read-only (it takes no lock, so it works while the chronicle is open for writing elsewhere).
The panes show the chronicle exactly as it stood after the event under the cursor; rolls show
the faces that were rolled, never new ones.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.timer import Timer
from textual.widgets import Footer, Input, Label, Static

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.replay import NotInChapter, Replay
from elysium.chronicle.session import Session
from elysium.describe import describe
from elysium.i18n import t
from elysium.resources import stylesheets
from elysium.tui.dialogs import Dialog
from elysium.tui.help import StatsScreen
from elysium.tui.panes import BeastPane, InitiativePane, RollLog, VitalsPane, four_panes
from elysium.tui.render import header

SPEEDS = (1, 2, 4, 8)  # events per second when playing
LOG_WINDOW = 120  # events of the chapter read for the log after a jump


def bindings(lang: str) -> list[Binding]:
    return [
        Binding("left", "step(-1)", t("key.step_back", lang), id="replay_back", priority=True),
        Binding(
            "right", "step(1)", t("key.step_forward", lang), id="replay_forward", priority=True
        ),
        Binding("pageup", "step(-10)", "-10", show=False, id="replay_back_10", priority=True),
        Binding("pagedown", "step(10)", "+10", show=False, id="replay_forward_10", priority=True),
        Binding("home", "step(-1000000)", "|<", show=False, id="replay_start", priority=True),
        Binding("end", "step(1000000)", ">|", show=False, id="replay_end", priority=True),
        Binding(
            "left_square_bracket",
            "mark('scene', -1)",
            t("key.scene_back", lang),
            id="replay_scene_back",
        ),
        Binding(
            "right_square_bracket",
            "mark('scene', 1)",
            t("key.scene_forward", lang),
            id="replay_scene_forward",
        ),
        Binding(
            "left_curly_bracket",
            "mark('round', -1)",
            t("key.round_back", lang),
            show=False,
            id="replay_round_back",
        ),
        Binding(
            "right_curly_bracket",
            "mark('round', 1)",
            t("key.round_forward", lang),
            show=False,
            id="replay_round_forward",
        ),
        Binding("space", "play", t("key.play", lang), id="replay_play"),
        Binding("plus", "speed(1)", t("key.faster", lang), show=False, id="replay_faster"),
        Binding("minus", "speed(-1)", t("key.slower", lang), show=False, id="replay_slower"),
        Binding("g", "jump", t("key.jump", lang), id="replay_jump"),
        Binding("f7", "stats", t("key.stats", lang), show=False, id="replay_stats"),
        Binding("f1", "help", t("key.help", lang), id="replay_help"),
        Binding("q", "quit", t("key.quit", lang), id="replay_quit"),
    ]


class JumpDialog(Dialog):
    """Ask for an event number."""

    def compose(self) -> ComposeResult:
        with Vertical(id="jump-dialog", classes="dialog"):
            yield Label(t("dlg.jump.title", self.lang), classes="dialog-title")
            yield Input(id="seq", type="integer", compact=True)

    @on(Input.Submitted)
    def go(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss(int(text) if text.isdigit() else None)


class ReplayApp(App[None]):
    """Step through a chapter; the panes follow the cursor."""

    CSS_PATH = stylesheets("app.tcss", "dialogs.tcss")
    TITLE = "Elysium replay"

    def __init__(self, replay: Replay, name: str, lang: str = "en") -> None:
        super().__init__()
        # The events and checkpoints live as long as the replay and never change: keep the
        # garbage collector from walking them on every full pass (a 50,000-event chronicle
        # otherwise costs a visible pause now and then).
        gc.collect()
        gc.freeze()
        self.replay = replay
        self.chronicle_name = name
        self.lang = lang
        self.cursor = 0
        self.speed = 0  # index into SPEEDS
        self.timer: Timer | None = None
        self._log_until: int | None = None

    def compose(self) -> ComposeResult:
        lang = self.lang
        yield Static("", id="topbar", markup=False)
        yield four_panes(lang)
        yield Static("", id="timeline", markup=False)
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.screen.set_class(self.size.width < 110, "narrow")
        self.query_one(VitalsPane).set_compact(self.size.width < 110)
        self.go(len(self.replay) - 1 if len(self.replay) else 0)

    def on_resize(self, event) -> None:
        narrow = event.size.width < 110
        self.screen.set_class(narrow, "narrow")
        self.query_one(VitalsPane).set_compact(narrow)
        if len(self.replay):
            self.call_after_refresh(lambda: self._draw_bar(self.replay.state(self.cursor)))

    # --- moving the cursor --------------------------------------------------------------

    def go(self, cursor: int) -> None:
        """Show the chronicle as it stood after the event at ``cursor``."""
        if not len(self.replay):
            return
        cursor = max(0, min(cursor, len(self.replay) - 1))
        state = self.replay.state(cursor)
        previous = self.cursor
        self.cursor = cursor
        vitals = self.query_one(VitalsPane)
        vitals.show(state)
        self.query_one(InitiativePane).show(state)
        self.query_one(BeastPane).show(state, vitals.selected_key)
        log = self.query_one(RollLog)
        if self._log_until is not None and cursor == previous + 1:
            log.add_events([self.replay.event(cursor)])
        else:
            log.replace_events(self.replay.events_window(cursor, LOG_WINDOW))
        self._log_until = cursor
        self._draw_bar(state)

    def _draw_bar(self, state) -> None:
        top = Text(f" {t('replay.title', self.lang)} ", style="reverse")
        top.append(" ")
        top.append_text(header(state, self.lang, readonly=False))
        self.query_one("#topbar", Static).update(top)
        n = len(self.replay)
        seq = self.replay.event(self.cursor).seq
        where = f"#{seq} · " + t("replay.event", self.lang, i=self.cursor + 1, n=n)
        mode = (
            t("replay.playing", self.lang, speed=SPEEDS[self.speed])
            if self.timer is not None
            else t("replay.paused", self.lang) + f" ×{SPEEDS[self.speed]}"
        )
        timeline = self.query_one("#timeline", Static)
        timeline.border_title = Text(f"{t('replay.timeline', self.lang)} · {where} · {mode}")
        # One line per event, cut to the width, so the current one is always in view.
        around = 1 if self.screen.has_class("narrow") else 2
        width = max(20, timeline.size.width - 2) if timeline.size.width else 200
        lines = Text()
        for cursor in range(max(0, self.cursor - around), min(n, self.cursor + around + 1)):
            event = self.replay.event(cursor)
            here = cursor == self.cursor
            line = Text("▶ " if here else "  ")
            line.append(f"#{event.seq:<6}", style="dim")
            line.append(describe(event, self.lang))
            line.truncate(width, overflow="ellipsis")
            if here:
                line.stylize("bold")
            if lines:
                lines.append("\n")
            lines.append_text(line)
        timeline.update(lines)

    def action_step(self, step: int) -> None:
        self.go(self.cursor + step)

    def action_mark(self, kind: str, step: int) -> None:
        self.go(self.replay.next_mark(self.cursor, kind, step))

    def action_play(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        else:
            self.timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)
        self._draw_bar(self.replay.state(self.cursor))

    def _tick(self) -> None:
        if self.cursor >= len(self.replay) - 1:
            self.action_play()  # the end: stop (an idle replay sends nothing)
            return
        self.go(self.cursor + 1)

    def action_speed(self, step: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        if self.timer is not None:
            self.timer.stop()
            self.timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)
        self._draw_bar(self.replay.state(self.cursor))

    def action_jump(self) -> None:
        def answer(seq: int | None) -> None:
            if seq is None:
                return
            try:
                self.go(self.replay.find(seq))
            except NotInChapter as exc:
                self.notify(exc.render(self.lang), severity="warning", markup=False)

        self.push_screen(JumpDialog(self.lang), answer)

    def action_stats(self) -> None:
        events = [self.replay.event(i) for i in range(self.cursor + 1)]
        state = self.replay.state(self.cursor)
        self.push_screen(StatsScreen(self.lang, events, state.profile, self.replay.chapter))

    def action_help(self) -> None:
        from elysium.tui.help import ReplayHelp

        self.push_screen(ReplayHelp(self.lang))

    def on_vitals_pane_character_selected(self, message: VitalsPane.CharacterSelected) -> None:
        self.query_one(BeastPane).show(self.replay.state(self.cursor), message.key)


def make_replay_app(replay: Replay, name: str, lang: str) -> ReplayApp:
    cls = type(f"ReplayApp_{lang}", (ReplayApp,), {"BINDINGS": bindings(lang)})
    return cls(replay, name, lang)


def run_replay(root: Path, chapter: int | None, lang: str) -> int:
    try:
        session = Session.open(root, readonly=True)
    except ChronicleError as exc:
        print(f"elysium replay: error: {exc}", file=sys.stderr)
        return 2
    try:
        chapters = session.store.chapters()
        if chapter is not None and chapter not in chapters:
            print(
                f"elysium replay: error: there is no chapter {chapter}; chapters are "
                f"{', '.join(map(str, chapters))}",
                file=sys.stderr,
            )
            return 2
        replay = Replay.open(session, chapter)
        name = session.state.name
        for line in [*session.report, *session.store.warnings]:
            print(f"elysium replay: warning: {line}", file=sys.stderr)
    except ChronicleError as exc:
        print(f"elysium replay: error: {exc}", file=sys.stderr)
        return 2
    finally:
        session.close()
    make_replay_app(replay, name, lang).run()
    return 0
