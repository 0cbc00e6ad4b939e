"""Every key of the app as data: a binding id (what a keymap in ``config.toml`` remaps), the
default keys, the action, and the words that describe it. The footer, the help screens and
the palette are generated from these, as remapped."""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingsMap

from elysium.i18n import t


@dataclass(frozen=True)
class Key:
    id: str
    keys: str
    action: str
    label: str  # catalog key of the short description (footer, help)
    show: bool = True
    priority: bool = False

    def binding(self, lang: str) -> Binding:
        return Binding(
            self.keys,
            self.action,
            t(self.label, lang),
            show=self.show,
            id=self.id,
            priority=self.priority,
        )


APP = (
    Key("palette", "ctrl+p", "command_palette", "key.palette"),
    Key("quit", "ctrl+q", "quit", "key.quit", priority=True),
)

DASHBOARD = (
    Key("help", "f1,question_mark", "help", "key.help"),
    Key("roll", "f2", "roll", "key.roll"),
    Key("edit", "f3", "edit", "key.edit"),
    Key("npc", "f4", "npc", "key.npc", show=False),
    Key("next", "f5", "next", "key.next"),
    Key("act", "f12", "act", "key.act"),
    Key("filter", "f6", "filter", "key.filter", show=False),
    Key("other_dice", "ctrl+t", "other_dice", "key.other_dice", show=False),
    Key("stats", "f7", "stats", "key.stats", show=False),
    Key("replay", "f8", "replay", "key.replay", show=False),
    Key("sheet", "ctrl+o", "app.sheet", "key.sheet", show=False),
    Key("undo", "ctrl+z", "undo", "key.undo", priority=True),
    Key("redo", "ctrl+y", "redo", "key.redo", show=False, priority=True),
    Key("command", "escape", "focus_command", "key.command", show=False),
    Key("reload", "ctrl+r", "reload", "key.reload", show=False),
    Key("side", "f9", "side", "key.side", show=False),
    Key("said", "ctrl+l", "said", "key.said", show=False),
)

REPLAY = (
    Key("replay_back", "left", "step(-1)", "key.step_back", priority=True),
    Key("replay_forward", "right", "step(1)", "key.step_forward", priority=True),
    Key("replay_back_10", "pageup", "step(-10)", "key.back_10", show=False, priority=True),
    Key("replay_forward_10", "pagedown", "step(10)", "key.forward_10", show=False, priority=True),
    Key("replay_start", "home", "step(-1000000)", "key.start", show=False, priority=True),
    Key("replay_end", "end", "step(1000000)", "key.end", show=False, priority=True),
    Key("replay_scene_back", "left_square_bracket", "mark('scene', -1)", "key.scene_back"),
    Key("replay_scene_forward", "right_square_bracket", "mark('scene', 1)", "key.scene_forward"),
    Key("replay_round_back", "left_curly_bracket", "mark('round', -1)", "key.round_back", False),
    Key(
        "replay_round_forward",
        "right_curly_bracket",
        "mark('round', 1)",
        "key.round_forward",
        False,
    ),
    Key("replay_play", "space", "play", "key.play"),
    Key("replay_faster", "plus", "speed(1)", "key.faster", show=False),
    Key("replay_slower", "minus", "speed(-1)", "key.slower", show=False),
    Key("replay_jump", "g", "jump", "key.jump"),
    Key("replay_stats", "f7", "stats", "key.stats", show=False),
    Key("replay_help", "f1", "help", "key.help"),
    Key("replay_quit", "q,escape", "leave", "key.leave"),
)

START = (
    Key("start_new", "ctrl+n", "new", "key.new_chronicle"),
    Key("start_back", "escape", "back", "key.back"),
)

# Keys of widgets inside the screens (not remappable here): told in help all the same.
WIDGET_KEYS = (("tab", "key.panes"), ("up,down", "key.pick"))

ALL = APP + DASHBOARD + REPLAY + START
IDS = frozenset(k.id for k in ALL)


def bindings(keys: tuple[Key, ...], lang: str) -> list[Binding]:
    return [k.binding(lang) for k in keys]


def added(own: BindingsMap, keys: tuple[Key, ...], lang: str) -> BindingsMap:
    """A node's bindings with ``keys`` added, described in ``lang``: ours join Textual's own
    (Tab, Shift+Tab, Ctrl+C…); where both bind a key, ours is the one."""
    mine = BindingsMap(bindings(keys, lang))
    rest = {k: v for k, v in own.key_to_bindings.items() if k not in mine.key_to_bindings}
    return BindingsMap.merge([mine, BindingsMap.from_keys(rest)])


def shown(app: object, key_id: str) -> str:
    """The first key bound to ``key_id`` as the footer spells it (the user's keymap
    applied): for sentences such as the command bar's "(F1 help)"."""
    from textual.app import App

    default = next(k.keys for k in ALL if k.id == key_id)
    config = getattr(app, "config", None)
    spelled = (config.keys.get(key_id) if config is not None else None) or default
    first = spelled.split(",")[0].strip()
    return app.get_key_display(Binding(first, "")) if isinstance(app, App) else first


def clashes(keymap: dict[str, str]) -> list[tuple[str, str, str]]:
    """Keys the user's keymap gives to a binding that another binding of the same screen
    still has by default: (key, the binding given it, the one that loses it). Textual lets
    the remapped one win and does not say so."""
    found = []
    for group in (APP + DASHBOARD, APP + REPLAY, APP + START):
        for moved in group:
            if moved.id not in keymap:
                continue
            for key in (k.strip() for k in keymap[moved.id].split(",")):
                for other in group:
                    if other.id == moved.id or other.id in keymap:
                        continue
                    if key in (k.strip() for k in other.keys.split(",")):
                        found.append((key, moved.id, other.id))
    return sorted(set(found))
