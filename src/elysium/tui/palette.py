"""The command palette searches the domain: characters (select, edit, roll for them) and the
verbs of the command language. Names are user text: every title is built as plain
``Content`` and only the matched letters are styled, never parsed as markup."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from typing import Any

from textual.app import SystemCommand
from textual.command import DiscoveryHit, Hit, Hits, Matcher, Provider
from textual.content import Content
from textual.screen import Screen

from elysium.chronicle import verbs
from elysium.i18n import t

ACTIONS = (("select", ""), ("edit", "edit"), ("roll", "roll"), ("sheet", "sheet"))


def escape(text: str) -> str:
    """Text for a palette help line, which Textual reads as markup: every bracket is
    escaped (``textual.markup.escape`` leaves ``[LB]`` and nested brackets to be read as
    tags)."""
    return text.replace("[", "\\[")


def highlight(matcher: Matcher, text: str) -> Content:
    """``text`` as plain content with the letters the query matched highlighted."""
    content = Content(text)
    score, offsets = matcher.fuzzy_search.match(matcher.query, text)
    if not score:
        return content
    for offset in offsets:
        if not text[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content


def _select_then_sheet(choose: Any, key: str, app: Any) -> None:
    choose(key)
    app.action_sheet()


def _run(screen: Any, command: str) -> None:
    """A command through the dashboard's one place that changes the chronicle."""
    from elysium.tui.messages import RunCommand

    screen.post_message(RunCommand(command))


def _offstage(screen: Any, c: Any, lang: str) -> tuple[str, str, Any]:
    """Hide an NPC from the players' view, or show it again (``set NAME hidden yes|no``)."""
    from elysium.tui.dialogs.base import quote

    kind = "reveal" if c.hidden else "hide"
    command = f"set {quote(c.name)} hidden {'no' if c.hidden else 'yes'}"
    title = t(f"palette.char.{kind}", lang, name=c.name)
    return title, t(f"palette.char.{kind}.help", lang), partial(_run, screen, command)


class CharacterCommands(Provider):
    """Every character of the dashboard: select them, open the editor, roll for them, or
    (an NPC) hide them from the players' view and show them again."""

    def _choices(self) -> Iterator[tuple[str, str, Any]]:
        screen: Any = self.screen
        state = getattr(screen, "state", None)
        choose = getattr(screen, "action_choose", None)
        if state is None or choose is None:
            return  # the replay: nothing to edit or roll
        lang = getattr(self.app, "lang", "en")
        for key, c in state.characters.items():
            for kind, then in ACTIONS:
                title = t(f"palette.char.{kind}", lang, name=c.name)
                command = partial(choose, key, then)
                if then == "sheet":  # the app shows the sheet once the character is chosen
                    command = partial(_select_then_sheet, choose, key, self.app)
                yield title, t(f"palette.char.{kind}.help", lang), command
            if not c.player:  # only an NPC is kept off the players' view
                yield _offstage(screen, c, lang)

    async def discover(self) -> Hits:
        for title, help_text, command in self._choices():
            if command.args[1] == "":  # with nothing typed, offer to select each one
                yield DiscoveryHit(Content(title), command, text=title, help=escape(help_text))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, command in self._choices():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, highlight(matcher, title), command, title, escape(help_text))


class VerbCommands(Provider):
    """Every verb of the command language, spelled as the reader's language spells it:
    choosing one puts it in the command bar, ready for its words."""

    def _choices(self) -> Iterator[tuple[str, str, str]]:
        lang = getattr(self.app, "lang", "en")
        for verb in verbs.VERBS:
            word = verbs.spelling(verb.name, lang)
            others = ", ".join(s for s in verb.spellings if s != word)
            title = t(
                "palette.verb", lang, verb=word, others=others, help=t(f"help.{verb.name}", lang)
            )
            yield title, t(f"usage.{verb.name}", lang), word

    async def search(self, query: str) -> Hits:
        screen: Any = self.screen
        type_verb = getattr(screen, "action_type_verb", None)
        if type_verb is None:
            return
        matcher = self.matcher(query)
        for title, usage, word in self._choices():
            score = matcher.match(title)
            if score > 0:
                # Usage lines hold brackets ([N], [dice F,...]): text, never markup.
                yield Hit(
                    score, highlight(matcher, title), partial(type_verb, word), title, escape(usage)
                )


DASHBOARD_ACTIONS = (
    "roll", "edit", "npc", "undo", "redo", "next", "act", "scene", "night",
    "filter", "stats", "replay", "help",
)  # fmt: skip


def system_commands(
    app: Any, screen: Screen, textuals: Iterable[SystemCommand]
) -> Iterator[SystemCommand]:
    """What ``screen`` can do (a chronicle opened from the dashboard or the start screen, the
    dashboard's key actions), then Textual's own entries (Keys, Quit, Theme…) told in the
    reader's language."""
    from elysium.tui.screens.dashboard import DashboardScreen
    from elysium.tui.screens.start import StartScreen

    lang = app.lang
    if isinstance(screen, DashboardScreen | StartScreen):
        for name, focus in (("new_chronicle", "new"), ("open_recent", "open")):
            yield SystemCommand(
                t(f"palette.{name}", lang),
                t(f"palette.{name}.help", lang),
                partial(app.action_start, focus),
            )
    if isinstance(screen, DashboardScreen):
        for name in DASHBOARD_ACTIONS:
            if name == "act" and not screen.fighting:
                continue  # offered in a fight only, as the footer offers it
            yield SystemCommand(
                t(f"palette.{name}", lang),
                t(f"palette.{name}.help", lang),
                partial(screen.run_action, name),
            )
        yield SystemCommand(
            t("palette.sheet", lang), t("palette.sheet.help", lang), app.action_sheet
        )
    for command in textuals:
        key = f"palette.sys.{command.title.casefold()}"
        title = t(key, lang)
        if title != key:
            command = command._replace(title=title, help=t(f"{key}.help", lang))
        yield command
