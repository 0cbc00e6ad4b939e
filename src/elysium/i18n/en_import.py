"""English: importing a Foundry VTT actor and reading back ``state --json``."""

from __future__ import annotations

STRINGS: dict[str, str] = {
    "import.done_but": "{done}{skipped}",
    "import.skipped": "  {who}, not imported: {what}",
    "import.taken_as": "  {who}, taken as: {what}",
    "import.foundry_merit": "Merit {name!r} ({points:n:point|points})",
    "import.foundry_flaw": "Flaw {name!r} ({points:n:point|points})",
    "import.foundry_group.discipline": "Discipline",
    "import.foundry_group.background": "Background",
    "import.foundry_near": "{group} {name!r} {value} as {first:t:trait} (the one name it is near)",
    "import.foundry_near_doubt": (
        "{group} {name!r} {value} (near both {first:t:trait} and {second:t:trait}: set the one "
        "meant by hand)"
    ),
    "import.foundry_twice": (
        "{group} {name!r} {value} ({trait:t:trait} is named twice: the higher rating, {kept}, "
        "is kept)"
    ),
    "import.foundry_xp": "experience 0 (Foundry counts {gained} gained and {spent} spent)",
    "import.foundry_clan": (
        "the clan {clan!r}, one Elysium does not know: no clan Disciplines, every Discipline "
        "costs as out-of-clan until 'set NAME clan-disciplines …' names them"
    ),
    "import.foundry_trait": "Attribute {name!r} {value} (not one of V20's)",
    "import.foundry_ability": (
        "Ability {name!r} {value} (not one of V20's: 'set NAME ability:{name} {value}' adds it)"
    ),
    "import.foundry_specialty": (
        "the specialty {text!r}: {trait:t:trait} is {rating}, and a specialty needs 4 dots"
    ),
    "import.foundry_generation_background": (
        "the Generation Background {value} (the generation already counts it)"
    ),
    "import.foundry_field": "{field}: {text!r}",
    "import.foundry_bio.concept": "Concept",
    "import.foundry_bio.sire": "Sire",
    "import.foundry_bio.sect": "Sect",
    "import.foundry_bio.player": "Player",
    "import.foundry_bio.appearance": "Appearance",
    "import.foundry_bio.background": "Background story",
    "import.foundry_bio.clan": "Clan",
    "import.foundry_powers": "the Discipline powers {names:l} (the Disciplines' ratings are kept)",
    "import.foundry_items": "{type} items: {names:l}",
    "import.state_boosts": "a blood boost to {names:l} (it lasts the scene: spend the blood again)",
    "import.state_table": "{field} must be a table, as state --json writes it",
    "import.foundry_where": "{name}: {error}",
    "import.foundry_type": "a Foundry actor of type {type!r}; Elysium imports {types:l}",
    "import.foundry_table": "{field} must be a table",
    "import.foundry_list": "{field} must be a list",
    "import.not_text": "{field} must be text",
    "import.foundry_number": "{field} must be a whole number, not {value!r}",
    "import.foundry_item_name": "every item needs a name",
    "import.health_table": "health must be a table of bashing, lethal and aggravated damage",
    "import.backgrounds_table": "backgrounds must be a table of trait = rating",
}
