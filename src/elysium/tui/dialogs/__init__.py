"""The modal dialogs, one module each, all built on :class:`~elysium.tui.dialogs.base.Dialog`:
a typed ``ModalScreen`` that Escape closes with nothing decided. A dialog that changes the
chronicle asks for its command with ``RunCommand`` (the dashboard runs it, as it runs one typed
in the bar) and is told how it went; it is closed once the command is saved and stays open,
with every choice in it, when the command is refused."""
