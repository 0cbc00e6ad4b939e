"""Messages that cross widgets. A pane, a dialog or the command bar asks for a command with
:class:`RunCommand`; the screen that owns the session runs it (the one place that changes the
chronicle) and tells the asker how it went with :class:`CommandDone`."""

from __future__ import annotations

from dataclasses import dataclass, field

from textual.message import Message
from textual.message_pump import MessagePump


@dataclass
class RunCommand(Message):
    """Run ``text`` in the chronicle's command language.

    ``origin`` (the command bar, an editor that stays open) is told the outcome;
    ``remember`` keeps the line in the command history (typed lines, not key presses);
    ``physical`` chooses this command's dice against the chronicle's setting (None: the
    setting); ``dice`` are the faces the table has typed so far, step by step."""

    text: str
    origin: MessagePump | None = field(default=None, compare=False)
    remember: bool = False
    physical: bool | None = None
    dice: list[tuple[int, ...] | None] | None = field(default=None, compare=False)


@dataclass
class CommandDone(Message):
    """The outcome of a :class:`RunCommand`, sent back to its origin: ``ok`` when the event
    is durable (or the question answered); otherwise ``said`` is the refusal."""

    text: str
    ok: bool
    said: str = ""


@dataclass
class CharacterChosen(Message):
    """A character was picked (a Vitals row, the palette): the screen selects it."""

    key: str | None
