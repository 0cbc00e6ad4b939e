"""Rules profiles (V20, Dark Ages, Demon: The Fallen) and the Storyteller's house rules.

RULES.md §2. A profile is an immutable value: the chronicle stores its key and the house
rules, and every rules function takes the profile it should follow.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, TypeVar

from elysium.rules.errors import RulesError

E = TypeVar("E", bound=StrEnum)


class MultipleActions(StrEnum):
    """How a turn with several declared actions shares out the dice (RULES.md §1)."""

    SPLIT = "split"  # V20 p. 264: the smallest pool is split among the actions
    SUBTRACT = "subtract"  # Dark Ages / Demon: -N, -(N+1), -(N+2), ...


class ExtendedBotch(StrEnum):
    """What a botch does to an extended action (RULES.md §1, V20 p. 268)."""

    RESTART = "restart"  # the accumulated successes are lost; start again
    END = "end"  # the attempt is over (Demon: the ST may refuse another try)


class RerolledOnes(StrEnum):
    """What a 1 on a die rerolled by the rule of ten does (the book leaves it open)."""

    IGNORE = "ignore"  # a reroll can only add successes
    CANCEL = "cancel"  # a rerolled 1 cancels a success like any other 1


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The Storyteller's toggles. Defaults follow the book's core rules."""

    # Dark Ages ch. 4 "Провал" / V20 cheat sheet: each character's first botch of a session
    # (a chapter) counts as a plain failure.
    forgiven_first_botch: bool = False
    # Dark Ages optional "rule of ten": every 10 is rolled again for more successes.
    rule_of_ten: bool = False
    rule_of_ten_ones: RerolledOnes = RerolledOnes.IGNORE
    # V20 p. 268: +1 difficulty per earlier failure at the same task (ST's option, on here).
    retry_penalty: bool = True
    # V20 p. 290: initiative as 6 + Dexterity + Wits instead of rolling a d10.
    fixed_initiative: bool = False
    # V20 p. 285: the ST may forbid Willpower on attacks.
    willpower_on_attacks: bool = True
    # Damage and soak rolls never botch; by default their 1s still cancel successes.
    ones_cancel_on_damage: bool = True
    # Demon: the ST may add +1 difficulty when a roll has no Ability (Attribute alone).
    no_ability_penalty: bool = False
    # Teamwork: V20 says one botch spoils the attempt; Dark Ages and Demon say it *may*.
    teamwork_botch_spoils: bool = True
    # Not a rule but the table's habit: the dashboard asks for every roll's faces, one step
    # at a time, instead of rolling (each command may still go the other way).
    physical_dice: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain values for storage and JSON."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HouseRules:
        """Rebuild from :meth:`to_dict`; unknown keys are an error, not silently dropped."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError("profiles.unknown_house_rule", name=unknown[0], known=sorted(known))
        values = dict(data)
        if "rule_of_ten_ones" in values:
            values["rule_of_ten_ones"] = _enum(
                RerolledOnes, values["rule_of_ten_ones"], "rule_of_ten_ones"
            )
        for name, value in values.items():
            if name != "rule_of_ten_ones" and not isinstance(value, bool):
                raise RulesError("profiles.not_bool", name=name, value=value)
        return cls(**values)


@dataclass(frozen=True, slots=True)
class Profile:
    """One game line's dice and rules settings (RULES.md §2)."""

    key: str
    title: str
    # V20 / Dark Ages: pool >= difficulty; Demon: pool > difficulty.
    auto_success_needs_more: bool
    multiple_actions: MultipleActions
    # Morality traits the line uses ("path" in V20, "road" in Dark Ages); Demon has none.
    morality_traits: tuple[str, ...]
    # Blood pool, frenzy and Rötschreck exist in this line.
    has_blood: bool
    # Extended + resisted: V20 / Dark Ages add net successes after cancelling each other;
    # Demon (001, "Продолжительные встречные") adds each side's own successes uncancelled.
    contest_cancels: bool = True
    extended_botch: ExtendedBotch = ExtendedBotch.RESTART
    # V20 p. 303: at 0 blood each required expenditure is a level of this damage instead.
    starvation_damage: str = "lethal"
    house: HouseRules = field(default_factory=HouseRules)

    def with_house(self, **changes: Any) -> Profile:
        """The same profile with some house rules changed (validated)."""
        merged = {**self.house.to_dict(), **changes}
        return replace(self, house=HouseRules.from_dict(merged))

    def auto_success_allowed(self, pool: int, difficulty: int) -> bool:
        """Whether a pool this large may take one success without rolling (V20 p. 267).

        Never in combat or a tense scene; the caller decides that, the rules only
        say whether the numbers allow it.
        """
        if self.auto_success_needs_more:
            return pool > difficulty
        return pool >= difficulty


V20 = Profile(
    key="v20",
    title="Vampire: The Masquerade 20th Anniversary",
    auto_success_needs_more=False,
    multiple_actions=MultipleActions.SPLIT,
    morality_traits=("humanity", "path"),
    has_blood=True,
)
# Celerity (rules.celerity) is one rule for V20 and Dark Ages: seed 000 says only that its
# extra actions keep their pools and are not split again; of their blood point and of the
# dots' dice it says nothing, so V20's rule stands for both.
DARK_AGES = Profile(
    key="dark-ages",
    title="Vampire: The Dark Ages",
    auto_success_needs_more=False,
    multiple_actions=MultipleActions.SUBTRACT,
    morality_traits=("humanity", "road"),
    has_blood=True,
)
DEMON = Profile(
    key="demon",
    title="Demon: The Fallen",
    auto_success_needs_more=True,
    multiple_actions=MultipleActions.SUBTRACT,
    morality_traits=(),
    has_blood=False,
    contest_cancels=False,
    extended_botch=ExtendedBotch.END,
)

PROFILES: dict[str, Profile] = {p.key: p for p in (V20, DARK_AGES, DEMON)}


def get_profile(key: str) -> Profile:
    """Look a profile up by key, with an error that lists the allowed keys."""
    try:
        return PROFILES[key.strip().lower()]
    except KeyError:
        raise RulesError("profiles.unknown", name=key, allowed=list(PROFILES)) from None


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, StrEnum) else value


def _enum(kind: type[E], value: Any, name: str) -> E:
    try:
        return kind(value)
    except ValueError:
        allowed = [m.value for m in kind]
        raise RulesError("profiles.not_one_of", name=name, allowed=allowed, value=value) from None
