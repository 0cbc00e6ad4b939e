"""The ``rules`` verb: the chronicle's profile and the Storyteller's house rules, shown and
changed one at a time (RULES.md §2). A change is an event like any other: undone, replayed,
told in the log and the recap."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from elysium.chronicle.commands.common import ANSWER, Context, Outcome
from elysium.chronicle.parser import Args
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg, Told, t
from elysium.rules.profiles import HouseRules, RerolledOnes

# Every house rule, in the order the table shows them (the dataclass's order).
SETTINGS: tuple[str, ...] = tuple(f.name for f in fields(HouseRules))
# Short spellings besides the field's own name and each language's label (house.name.*).
SHORT: dict[str, tuple[str, ...]] = {
    "rule_of_ten": ("ten", "десятки"),
    "rule_of_ten_ones": ("rerolled-ones", "ten-ones"),
    "forgiven_first_botch": ("first-botch", "forgiven-botch"),
    "retry_penalty": ("retry", "повтор"),
    "fixed_initiative": ("initiative",),
    "willpower_on_attacks": ("wp-attacks",),
    "ones_cancel_on_damage": ("damage-ones",),
    "no_ability_penalty": ("no-ability",),
    "teamwork_botch_spoils": ("teamwork", "команда"),
    "physical_dice": ("physical", "dice", "кубы", "живые-кубы"),
}
ON = ("on", "yes", "true", "вкл", "да")
OFF = ("off", "no", "false", "выкл", "нет")
# The rerolled ones setting is not a switch: its values, with on/off meaning cancel/ignore.
CANCEL = ("cancel", "отменяют", *ON)
IGNORE = ("ignore", "не-отменяют", *OFF)


def _key(word: str) -> str:
    return word.casefold().replace("_", "-")


def setting_words() -> dict[str, str]:
    """Every spelling of every setting (any case, ``_`` or ``-``) to its field name."""
    out: dict[str, str] = {}
    for name in SETTINGS:
        for word in (name, t(f"house.name.{name}", "en"), t(f"house.name.{name}", "ru")):
            out[_key(word)] = name
        for word in SHORT.get(name, ()):
            out[_key(word)] = name
    return out


def value_word(value: Any) -> str:
    """A setting's value as the catalog names it (``house.value.on`` …)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(getattr(value, "value", value))


def _value(args: Args, name: str) -> Any:
    word = args.take("what.house_value")
    low = word.casefold()
    if name == "rule_of_ten_ones":
        if low in CANCEL:
            return RerolledOnes.CANCEL
        if low in IGNORE:
            return RerolledOnes.IGNORE
        raise args.fail("house.bad_ones", word=word)
    if low in ON:
        return True
    if low in OFF:
        return False
    raise args.fail("house.bad_value", word=word)


def table(house: HouseRules, profile_key: str) -> Msg:
    """The profile and every house rule with its value and what it means."""

    def rows(lang: str) -> str:
        lines = []
        for name in SETTINGS:
            lines.append(
                t(
                    "house.row",
                    lang,
                    name=t(f"house.name.{name}", lang),
                    value=t(f"house.value.{value_word(getattr(house, name))}", lang),
                    meaning=t(f"house.meaning.{name}", lang),
                )
            )
        return "\n".join(lines)

    return Msg("house.table", profile=Msg(f"house.profile.{profile_key}"), rows=Told(rows))


@runs("rules")
def cmd_rules(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("rules", words)
    state = ctx.state
    profile = state.profile
    if not words:
        return Outcome(state, ANSWER, {}, table(profile.house, profile.key))
    word = args.take("what.house_setting")
    name = setting_words().get(_key(word))
    if name is None:
        labels = [Msg(f"house.name.{n}") for n in SETTINGS]
        raise args.fail("house.unknown", word=word, names=labels)
    value = _value(args, name)
    args.done()
    was = getattr(profile.house, name)
    if was == value:
        raise args.fail(
            "house.already", name=Msg(f"house.name.{name}"), value=_told(value_word(value))
        )
    new_profile = replace(profile, house=replace(profile.house, **{name: value}))
    data = {"setting": name, "value": value_word(value), "was": value_word(was)}
    say = Msg(
        "ack.house_rule",
        name=Msg(f"house.name.{name}"),
        value=_told(value_word(value)),
        meaning=Msg(f"house.meaning.{name}"),
    )
    return Outcome(replace(state, profile=new_profile), "house_rule", data, say)


def _told(word: str) -> Msg:
    return Msg(f"house.value.{word}")
