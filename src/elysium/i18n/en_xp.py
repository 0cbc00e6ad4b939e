"""English messages: xp (issue 12; keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # The rows of the cost table (cheat sheet «Стоимость развития»; V20 p. 132).
    "xp.rule.new_ability": "new Ability, 3",
    "xp.rule.new_discipline": "new Discipline, 10",
    "xp.rule.new_path": "new Thaumaturgy or Necromancy path, 7",
    "xp.rule.attribute": "Attribute, {current} × 4",
    "xp.rule.ability": "Ability, {current} × 2",
    "xp.rule.clan_discipline": "clan Discipline, {current} × 5",
    "xp.rule.other_discipline": "out-of-clan Discipline, {current} × 7",
    "xp.rule.caitiff_discipline": "Caitiff Discipline, {current} × 6",
    "xp.rule.secondary_path": "secondary path, {current} × 4",
    "xp.rule.virtue": "Virtue, {current} × 2",
    "xp.rule.morality": "Humanity or Path, {current} × 2",
    "xp.rule.willpower": "Willpower, {current} × 1",
    "xp.no_price.background": (
        "the cost chart has no price for Backgrounds: the Storyteller sets {trait:t:trait} — "
        "set {who} background:{code} {level}"
    ),
    "xp.no_price.generation": (
        "the cost chart has no price for generation: the Storyteller sets it — "
        "set {who} generation {level}"
    ),
    "xp.no_price.blood": (
        "the cost chart has no price for blood: the Storyteller sets it — set {who} blood {level}"
    ),
    "xp.no_price.willpower-points": (
        "the cost chart prices Willpower, not its points: raise {who} willpower "
        "or set {who} willpower-points {level}"
    ),
    "xp.too_dear": "raising {trait} to {level} costs {cost} XP ({rule}); {who} has {have}",
    "xp.clan_disciplines.unknown": (
        "{name!r} is not a V20 Discipline{hint}; for another write {free}"
    ),
    "xp.path": "path {name}",
    "ack.raise.priced": "{who} raises {trait} to {to} for {cost} XP ({rule}) — {left} left",
    "ack.set.clan.known": "clan {clan} (clan Disciplines: {disciplines:l:t:trait})",
    "ack.set.clan.caitiff": "clan {clan} (Caitiff: every Discipline costs current × 6)",
    "ack.set.clan.unknown": (
        "clan {clan} (not in the clan table: every Discipline is out-of-clan until "
        "set with clan-disciplines)"
    ),
    "ack.set.clan.own": "clan {clan} (its own clan Disciplines: {disciplines:l:t:trait})",
    "ack.set.clan_disciplines": "clan Disciplines {disciplines:l:t:trait}",
    "ack.set.clan_disciplines.cleared": "clan Disciplines from the clan table: {disciplines:l:t:trait}",
    "ack.set.clan_disciplines.none": "(none)",
    "set.clan-disciplines": "clan Disciplines",
    "import.clan_disciplines_list": "clan_disciplines must be a list of Discipline names",
    "log.raise.priced": "{who} raises {trait} ({n} XP, {rule})",
    "cli.state_clan": "    {clan}: clan Disciplines {disciplines:l:t:trait}",
}
