"""Replay: a saved chapter, event by event, in the dashboard's four panes — a screen of the
same app (from the dashboard, F8; from the shell, ``elysium replay``).

Read-only: it takes no lock, so it works while the chronicle is open for writing elsewhere.
The panes show the chronicle exactly as it stood after the event under the cursor; rolls show
the faces that were rolled, never new ones.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.reactive import reactive, var
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from elysium.chronicle.replay import NotInChapter, Replay
from elysium.chronicle.state import State
from elysium.i18n import t
from elysium.tell.events import describe
from elysium.tui import keys
from elysium.tui.messages import CharacterChosen
from elysium.tui.render import header
from elysium.tui.screens import breakpoints_now
from elysium.tui.widgets.footer import KeyBar
from elysium.tui.widgets.line import Line
from elysium.tui.widgets.panes import four_panes, show_side
from elysium.tui.widgets.rolllog import RollLog

SPEEDS = (1, 2, 4, 8)  # events per second when playing
LOG_WINDOW = 120  # events of the chapter read for the log after a jump


class Timeline(Widget):
    """The events around the cursor, one line each, the current one marked; as many as the
    widget's height holds."""

    cursor: reactive[int] = reactive(0, layout=False)

    def __init__(self, replay: Replay, lang: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.replay = replay
        self.lang = lang

    def render(self) -> Text:
        n = len(self.replay)
        if not n:
            return Text()
        around = max(0, (self.content_size.height - 1) // 2)
        width = max(20, self.content_size.width)
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
        return lines


class ReplayScreen(Screen[None]):
    """Step through a chapter; the panes follow the cursor."""

    state: var[State] = var(State, always_update=True)
    selected: var[str | None] = var(None)

    def __init__(self, replay: Replay, name: str, lang: str) -> None:
        super().__init__()
        self._bindings = keys.added(self._bindings, keys.REPLAY, lang)
        self.replay = replay
        self.chronicle_name = name
        self.lang = lang
        self.cursor = max(0, len(replay) - 1)
        self.speed = 0  # index into SPEEDS
        self.timer: Timer | None = None
        self._log_until: int | None = None
        state = replay.state(self.cursor) if len(replay) else State(name=name)
        self.set_reactive(ReplayScreen.state, state)
        self.set_reactive(ReplayScreen.selected, next(iter(state.characters), None))

    def compose(self) -> ComposeResult:
        breakpoints_now(self)  # before the children are styled: they are styled once
        yield Line(self._top(self.state), id="topbar")
        yield four_panes(self.lang, self.state, self.selected, ReplayScreen)
        yield Timeline(self.replay, self.lang, id="timeline")
        yield KeyBar()

    def on_mount(self) -> None:
        self._log_until = None
        self.go(self.cursor)
        # While the Storyteller looks, work out a state every few hundred events, a few
        # milliseconds at a time, so any jump later is quick; it stops once done.
        self._preparing = self.set_interval(0.05, self._prepare)

    def _prepare(self) -> None:
        if self.replay.prepare(0.005):
            self._preparing.stop()

    def on_unmount(self) -> None:
        self.replay.close()

    def _top(self, state: State) -> Text:
        top = Text(f" {t('replay.title', self.lang)} ", style="reverse")
        top.append(" ")
        top.append_text(header(state, self.lang, readonly=False))
        return top

    # --- moving the cursor ----------------------------------------------------------------

    def go(self, cursor: int) -> None:
        """Show the chronicle as it stood after the event at ``cursor``."""
        if not len(self.replay):
            return
        cursor = max(0, min(cursor, len(self.replay) - 1))
        previous = self.cursor
        self.cursor = cursor
        state = self.replay.state(cursor)
        self.state = state
        show_side(self, state, None)  # narrow: Initiative beside the log in a fight
        if self.selected not in state.characters:
            self.selected = next(iter(state.characters), None)
        log = self.query_one(RollLog)
        if self._log_until is not None and cursor == previous + 1:
            log.add_events([self.replay.event(cursor)])
        elif self._log_until != cursor:
            log.replace_events(self.replay.events_window(cursor, LOG_WINDOW))
        self._log_until = cursor
        self.query_one("#topbar", Line).text = self._top(state)
        self._draw_bar()

    def _draw_bar(self) -> None:
        n = len(self.replay)
        seq = self.replay.event(self.cursor).seq if n else 0
        where = f"#{seq} · " + t("replay.event", self.lang, i=self.cursor + 1, n=n)
        mode = (
            t("replay.playing", self.lang, speed=SPEEDS[self.speed])
            if self.timer is not None
            else t("replay.paused", self.lang) + f" ×{SPEEDS[self.speed]}"
        )
        timeline = self.query_one(Timeline)
        timeline.border_title = Text(f"{t('replay.timeline', self.lang)} · {where} · {mode}")
        timeline.cursor = self.cursor

    @on(CharacterChosen)
    def _chosen(self, message: CharacterChosen) -> None:
        message.stop()
        self.selected = message.key

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
        self._draw_bar()

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
        self._draw_bar()

    def action_jump(self) -> None:
        from elysium.tui.dialogs.jump import JumpDialog

        def answer(seq: int | None) -> None:
            if seq is None:
                return
            try:
                self.go(self.replay.find(seq))
            except NotInChapter as exc:
                self.notify(exc.render(self.lang), severity="warning", markup=False)

        self.app.push_screen(JumpDialog(self.lang), answer)

    def action_stats(self) -> None:
        from elysium.tell.stats import dice_stats
        from elysium.tui.dialogs.stats import StatsScreen

        events = self.replay.events_until(self.cursor)
        state = self.replay.state(self.cursor)
        tallies = dice_stats(events, state.profile, self.replay.chapter, state.omitted)
        self.app.push_screen(StatsScreen(self.lang, tallies, self.replay.chapter))

    def action_help(self) -> None:
        from elysium.tui.dialogs.help import ReplayHelp, key_rows

        self.app.push_screen(ReplayHelp(self.lang, key_rows(self.app, keys.REPLAY + keys.APP)))

    def action_leave(self) -> None:
        """Back to the dashboard, or out of the app when the replay is all there is."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if len(self.app.screen_stack) > 1:
            self.dismiss(None)
        else:
            self.app.exit()
