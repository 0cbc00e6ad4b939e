"""English messages: house (issue 12; keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # The rules verb: the profile and the house rules.
    "usage.rules": "rules [SETTING on|off] | rules rule-of-ten-ones cancel|ignore",
    "help.rules": "show the profile and every house rule, or switch one",
    "help.group.chronicle": "Chronicle",
    "what.house_setting": "a house rule's name, such as rule-of-ten",
    "what.house_value": "on or off",
    "house.table": "Profile: {profile}\nHouse rules (rules SETTING on|off):\n{rows}",
    "house.row": "  {name:<22} {value:<11} {meaning}",
    "house.profile.v20": "Vampire: The Masquerade 20th Anniversary",
    "house.profile.dark-ages": "Vampire: The Dark Ages",
    "house.profile.demon": "Demon: The Fallen",
    "house.value.on": "on",
    "house.value.off": "off",
    "house.value.cancel": "cancel",
    "house.value.ignore": "ignore",
    "house.name.rule_of_ten": "rule-of-ten",
    "house.name.rule_of_ten_ones": "rule-of-ten-ones",
    "house.name.forgiven_first_botch": "forgiven-first-botch",
    "house.name.retry_penalty": "retry-penalty",
    "house.name.fixed_initiative": "fixed-initiative",
    "house.name.willpower_on_attacks": "willpower-on-attacks",
    "house.name.ones_cancel_on_damage": "ones-cancel-on-damage",
    "house.name.no_ability_penalty": "no-ability-penalty",
    "house.name.teamwork_botch_spoils": "teamwork-botch-spoils",
    "house.meaning.rule_of_ten": "every 10 is rolled again for more successes (Dark Ages option)",
    "house.meaning.rule_of_ten_ones": "a 1 on a rerolled die cancels a success, or is ignored",
    "house.meaning.forgiven_first_botch": (
        "each character's first botch of a chapter counts as a plain failure"
    ),
    "house.meaning.retry_penalty": "+1 difficulty for each earlier failure at the same task",
    "house.meaning.fixed_initiative": "initiative is 6 + Dexterity + Wits, no die rolled",
    "house.meaning.willpower_on_attacks": "a Willpower point may buy a success on an attack",
    "house.meaning.ones_cancel_on_damage": (
        "1s cancel successes on damage and soak rolls (these never botch)"
    ),
    "house.meaning.no_ability_penalty": "+1 difficulty when a pool has no Ability (Demon option)",
    "house.meaning.teamwork_botch_spoils": "one helper's botch spoils the whole teamwork attempt",
    "house.unknown": "no house rule {word!r}; house rules: {names:l}",
    "house.bad_value": "{word!r} is neither on nor off (on, off, yes, no)",
    "house.bad_ones": "{word!r}: rerolled 1s either cancel or ignore",
    "house.already": "{name} is already {value}",
    "ack.house_rule": "house rule {name} is now {value} ({meaning})",
    "recap.house": "House rules switched",
    "log.house_rule": "house rule {name}: {was} → {value}",
    # The power verb: a character's named rolls.
    "usage.power": (
        "power add NAME POWER TRAIT+TRAIT [diff D] [cost blood N | cost wp N] | "
        "power NAME POWER [spec] [wp] [dice F,F,...] | power remove NAME POWER | power NAME"
    ),
    "help.power": "a character's named rolls: save one, roll it by name paying its cost, list",
    "what.power_name": "the power's name, such as Majesty",
    "power.bad_name": "a power's name is 1 to {most} characters",
    "power.bad_pool": "a power's pool is 1 to {most} characters of traits",
    "power.bad_difficulty": "a power's difficulty is 2 to 10, not {value}",
    "power.bad_cost": "a power costs 0 to {most} points, not {value}",
    "power.one_cost": "a power costs blood or Willpower, not both",
    "power.too_many": "a character keeps at most {most} powers",
    "power.cost_needs": "cost needs what and how much: cost blood 1 or cost wp 1",
    "power.cost_what": "{word!r} is neither blood nor wp",
    "power.none_yet": "none yet",
    "power.unknown": "{who} has no power {name!r}; powers: {names:l}",
    "power.cost.blood": ", {n} blood",
    "power.cost.wp": ", {n} Willpower",
    "power.diff": ", diff {n}",
    "power.line": "{name}: {traits}{diff}{cost}",
    "power.list": "{who}'s powers:\n{lines}",
    "power.list_empty": "{who} has no powers yet (power add NAME POWER TRAIT+TRAIT)",
    "ack.power.added": "{who} can use {power}",
    "ack.power.removed": "{who} no longer has the power {name}",
    "ack.power": (
        "{who} uses {power}: {traits} = {pool}{pen}{wp}{cost}, diff {diff}: {faces} — {verdict}"
    ),
    "log.power": "{who} uses {power}: {what} {pool}d diff {diff}{tail}{cost}: {faces} → {verdict}",
    "log.power_added": "{who} gains the power {power}",
    "log.power_removed": "{who} loses the power {name}",
}
