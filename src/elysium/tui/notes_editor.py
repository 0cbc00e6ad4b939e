"""A character's notes in the Storyteller's own editor (``$VISUAL``, else ``$EDITOR``: the
order Git reads them in).

The dashboard hands the terminal over (:meth:`App.suspend`), runs the editor on a private
temporary file holding the notes, and takes the terminal back when it ends. The variable is
read as a command line (``shlex``), never given to a shell, and its program must be found
on ``PATH``; anything that stops the edit (no editor, a missing program, a terminal that
cannot be handed over, an editor that fails) is one line in the reader's language, and the
notes stay as they were.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

from textual.app import App, SuspendNotSupported

from elysium.i18n import Msg

# Read in this order, as Git and most Unix tools do; the first that is set is used.
VARIABLES = ("VISUAL", "EDITOR")


class NotEdited(Exception):
    """Why the notes were not edited: one line, told with ``.msg.render(lang)``."""

    def __init__(self, key: str, /, **values: object) -> None:
        super().__init__(key)
        self.msg = Msg(key, **values)


def editor_command(environ: Mapping[str, str]) -> list[str]:
    """The editor's program (found on ``PATH``) and its arguments, from the environment."""
    for variable in VARIABLES:
        value = environ.get(variable, "").strip()
        if value:
            break
    else:
        raise NotEdited("editor.none")
    try:
        words = shlex.split(value)
    except ValueError:
        raise NotEdited("editor.unreadable", variable=variable) from None
    program = shutil.which(words[0], path=environ.get("PATH")) if words else None
    if program is None:
        raise NotEdited("editor.missing", variable=variable, program=words[0] if words else "")
    return [program, *words[1:]]


def edit_notes(app: App[object], text: str, environ: Mapping[str, str] | None = None) -> str:
    """The notes as the editor left them (``text`` itself when they were not changed)."""
    command = editor_command(os.environ if environ is None else environ)
    handle, name = tempfile.mkstemp(prefix="elysium-notes-", suffix=".txt")  # 0600
    path = Path(name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text + "\n" if text else "")
        try:
            with app.suspend():
                done = subprocess.run([*command, str(path)], check=False)
        except SuspendNotSupported:
            raise NotEdited("editor.cannot_suspend") from None
        except OSError as exc:
            raise NotEdited("editor.cannot_run", program=command[0], why=exc.strerror) from None
        if done.returncode != 0:
            raise NotEdited("editor.failed", program=command[0], status=done.returncode)
        edited = path.read_text(encoding="utf-8", errors="replace")
    finally:
        path.unlink(missing_ok=True)
    edited = edited.replace("\r\n", "\n").rstrip("\n")  # the editor's last line break
    return text if edited == text.rstrip("\n") else edited
