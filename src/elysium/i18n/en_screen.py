"""English messages: the screen at 80x24 (issue 14)."""

STRINGS: dict[str, str] = {
    # The roll log's narrow form: the game time in words, once, when it changes.
    "screen.log.time": "Night {night} · scene {scene} · turn {turn}",
    "key.side": "Initiative / Morality",
    "key.said": "Last message in full",
    "log.undone_mark": "(undone)",
    "screen.said.none": "Nothing has been said yet.",
    "screen.more": "… ({key}: all)",
    # The Initiative pane: who declares or acts now, and why an attack waits.
    "screen.init.declare_next": "declare: {who}, slowest first; attacks after everyone declares",
    "screen.init.roll": "everyone rolls initiative: init",
    "screen.init.round_over": "round over: next",
    "screen.init.act_next": "acts now: {who}",
    "screen.init.multiple": "{n} actions",
    # A blood boost in Vitals' status words and in ``elysium state``.
    "screen.boost": "{trait} {base}→{now}",
    # A dialog or screen that raised: closed, the dashboard stays (the traceback is logged).
    "screen.failed": "a window failed and was closed (the chronicle is safe): {error}; details in {log}",
    "screen.failed.unlogged": "a window failed and was closed (the chronicle is safe): {error}; the error log could not be written",
    # The dashboard itself failed: Elysium leaves, once what is being saved is saved.
    "screen.failed.exit": "the screen failed and Elysium closed; everything acknowledged is saved: {error}; details in {log}",
    "screen.failed.exit_unlogged": "the screen failed and Elysium closed; everything acknowledged is saved: {error}; the error log could not be written",
}
