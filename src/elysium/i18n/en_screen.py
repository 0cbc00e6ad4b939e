"""English messages: the screen at 80x24 (issue 14)."""

STRINGS: dict[str, str] = {
    # The roll log's narrow form: the game time in words, once, when it changes.
    "screen.log.time": "Night {night} · scene {scene} · turn {turn}",
    "screen.side.hint": "{key}: {other}",
    "key.side": "Initiative / Morality",
    "key.said": "Last message in full",
    "screen.said.title": "Last message",
    "screen.said.none": "Nothing has been said yet.",
    "screen.more": "… ({key}: all)",
    # The Initiative pane: who declares or acts now, and why an attack waits.
    "screen.init.declare_next": "declare: {who}, slowest first",
    "screen.init.act_next": "acts now: {who}",
    "screen.init.multiple": "{n} actions",
    "screen.init.boosts": "boosted {boosts}",
    "screen.next.declares": "{who} declares",
    "screen.next.acts": "{who} acts",
    # A blood boost in Vitals' status words and in ``elysium state``.
    "screen.boost": "{trait} +{n}",
}
