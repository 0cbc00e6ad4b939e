"""English messages: terminals as they are over SSH (a character's notes in $EDITOR)."""

STRINGS: dict[str, str] = {
    "dlg.edit.notes_editor": "Ctrl+G: write the notes in your own editor ($EDITOR); they are saved when it closes.",
    "editor.none": "no editor to open: set $VISUAL or $EDITOR to one, such as EDITOR=nano",
    "editor.unreadable": "${variable} cannot be read as a command line (a quote left open?); the notes are as they were",
    "editor.missing": "the editor {program!r} (${variable}) is not installed or not on PATH; the notes are as they were",
    "editor.cannot_suspend": "this terminal cannot be handed over to an editor here; edit the notes in the box",
    "editor.cannot_run": "the editor {program} could not be started ({why}); the notes are as they were",
    "editor.failed": "the editor {program} ended with status {status}; the notes are as they were",
    "editor.unchanged": "the notes are unchanged",
}
