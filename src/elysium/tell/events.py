"""Events told in words, in English or Russian, from their structured data.

The dashboard's roll log, ``elysium log`` and the recap all read events through here, so a
chronicle recorded in one language reads in the other. Faces are marked as on the command
line (``+8``, ``*10*``, ``-1-``), never by colour alone. Each kind's teller is registered
(:mod:`elysium.tell.registry`) by the module that tells it; this one imports them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from elysium.chronicle.commands.declared import declaration_words
from elysium.chronicle.events import Event
from elysium.chronicle.hidden import is_hidden
from elysium.chronicle.omitted import is_omitted
from elysium.i18n import t, trait_label
from elysium.rules.tables import XP_PER_DOT
from elysium.tell import (  # noqa: F401  (their tellers join the table)
    conditions,
    encounters,
    feats,
    fight,
    merits,
    rolls,
    xp_log,
)
from elysium.tell.conditions import after
from elysium.tell.fight import damage_notes, soak_text
from elysium.tell.registry import TELLERS, Teller, teller, tells
from elysium.tell.stored import faces, mods_list, verdict


def when(event: Event, lang: str) -> str:
    time = event.time
    return t(
        "log.when",
        lang,
        night=time.get("night", "?"),
        chapter=time.get("chapter", "?"),
        scene=time.get("scene", "?"),
        turn=time.get("turn", "?"),
    )


def describe(event: Event, lang: str = "en", earlier: Mapping[int, Event] | None = None) -> str:
    """One line for an event, in ``lang``: the renderer for its kind, or its own line.

    An undo or redo names the step it took back; given the ``earlier`` events (by number)
    that step is told again in ``lang``, else its English line as recorded is shown."""
    d = event.data
    if event.type in ("undo", "redo") and lang != "en" and earlier:
        target = earlier.get(d.get("target", 0))
        if target is not None and target.type not in ("undo", "redo"):
            what = describe(target, lang)
            return t(f"log.{event.type}", lang, n=d.get("target"), what=what)
    line = _told(event, lang)
    if is_omitted(d):  # left out of the statistics when it was rolled
        line = t("log.omitted", lang, line=line)
    return t("log.hidden", lang, line=line) if is_hidden(d) else line


def _told(event: Event, lang: str) -> str:
    d = event.data
    tell = TELLERS.get(event.type)
    if tell is not None:
        try:
            return tell(d, lang)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass  # a malformed record from a file: its own line says what it was
    return str(d.get("line") or event.type)


@teller("roll")
def _roll(d: dict[str, Any], lang: str) -> str:
    what, tail = _roll_parts(d, lang)
    return t(
        "log.roll",
        lang,
        who=d.get("who") or t("rolls.storyteller", lang),
        what=what,
        pool=len(d.get("dice", [])),
        diff=d.get("difficulty"),
        tail=tail,
        faces=faces(d),
        verdict=verdict(d, lang),
    )


@teller("power")
def _power(d: dict[str, Any], lang: str) -> str:
    what, tail = _roll_parts(d, lang)
    cost = ""
    if d.get("cost_blood"):
        cost = t("power.cost.blood", lang, n=d["cost_blood"])
    elif d.get("cost_wp"):
        cost = t("power.cost.wp", lang, n=d["cost_wp"])
    return t(
        "log.power",
        lang,
        who=d["who"],
        power=d["power"],
        what=what,
        pool=len(d.get("dice", [])),
        diff=d.get("difficulty"),
        tail=tail,
        cost=cost,
        faces=faces(d),
        verdict=verdict(d, lang),
    )


@teller("house_rule")
def _house_rule(d: dict[str, Any], lang: str) -> str:
    return t(
        "log.house_rule",
        lang,
        name=t(f"house.name.{d['setting']}", lang),
        was=t(f"house.value.{d['was']}", lang),
        value=t(f"house.value.{d['value']}", lang),
    )


def _roll_parts(d: dict[str, Any], lang: str) -> tuple[str, str]:
    """What was rolled (traits in the reader's language) and the options in brackets."""
    traits = d.get("traits")
    if isinstance(traits, str) and traits.isdigit():  # `roll Ilse 6`: "dice 6d", not "6 6d"
        traits = None
    what = _traits_told(traits, lang) if traits else t("log.dice", lang)
    extra = []
    if d.get("specialty"):
        extra.append(t("roll.options.specialty", lang))
    if d.get("willpower"):
        extra.append(t("roll.options.willpower", lang))
    if d.get("penalty"):
        extra.append(t("log.wounds", lang, penalty=d["penalty"]))
    extra += mods_list(d, lang)
    if d.get("retry"):
        extra.append(t("log.retry", lang, n=d["retry"], base=d.get("base_difficulty")))
    if isinstance(d.get("bearing"), int):
        extra.append(t("log.bearing", lang, mod=d["bearing"]))
    tail = f" ({', '.join(extra)})" if extra else ""
    return what, tail


@lru_cache(maxsize=1024)
def _traits_told(traits: str, lang: str) -> str:
    """``dexterity+brawl`` in the reader's words, told once per distinct pool (a long
    chronicle rolls the same few again and again)."""
    return "+".join(
        trait_label(p, lang).lower() if not p.isdigit() else p for p in traits.split("+")
    )


@teller("damage")
def _damage(d: dict[str, Any], lang: str) -> str:
    return t(
        "log.damage",
        lang,
        who=d["who"],
        n=d["damage"],
        type=t(f"damage.{d['type']}", lang),
        soak=soak_text(d.get("soak"), lang),
        taken=d["taken"],
        notes=damage_notes(d, lang),
    )


@teller("defend")
def _defend(d: dict[str, Any], lang: str) -> str:
    line = t(
        "log.defend",
        lang,
        who=d["who"],
        move=t(f"maneuver.{d['maneuver']}", lang),
        faces=faces(d.get("roll")),
        n=(d.get("roll") or {}).get("successes", 0),
    )
    if "difficulty" in d:  # a crowd makes the defence harder
        line += t("fight12.log.defend_diff", lang, diff=d["difficulty"])
    if "cover" in d:
        line += t("fight12.log.defend_cover", lang, cover=d["cover"])
    return line


def _beast(kind: str) -> Teller:
    def tell(d: dict[str, Any], lang: str) -> str:
        state = d.get("state", "")
        key = f"log.{kind}.{state}" if state else f"log.{kind}.resisting"
        return t(
            key,
            lang,
            who=d["who"],
            diff=d.get("difficulty"),
            faces=faces(d.get("roll")),
            n=d.get("accumulated", 0),
        )

    return tell


@teller("degeneration")
def _degeneration(d: dict[str, Any], lang: str) -> str:
    roll = d.get("roll")
    if not d.get("morality_lost"):
        result = t("log.degeneration.holds", lang)
    elif d.get("derangement"):
        result = t("log.degeneration.botch", lang)
    else:
        result = t("log.degeneration.falls", lang)
    return t(
        "log.degeneration",
        lang,
        who=d["who"],
        sin=d["sin"],
        diff=d.get("difficulty"),
        faces=faces(roll) if roll else t("log.no_dice", lang),
        result=result,
    )


@teller("feed")
def _feed(d: dict[str, Any], lang: str) -> str:
    vessel = str(d.get("vessel", ""))
    label = t(f"vessel.{vessel}", lang)
    return t(
        "log.feed",
        lang,
        who=d["who"],
        n=d["amount"],
        vessel=label if label != f"vessel.{vessel}" else vessel,
    )


def _resource(kind: str) -> Teller:
    def tell(d: dict[str, Any], lang: str) -> str:
        what = t(f"resource.{d['what']}", lang)
        return t(f"log.{kind}", lang, who=d["who"], n=d["amount"], what=what)

    return tell


def _simple(key: str, **fields: str) -> Teller:
    """A line whose values are the event's fields as they are (``who=who``)."""

    def tell(d: dict[str, Any], lang: str) -> str:
        return t(key, lang, **{name: d.get(field) for name, field in fields.items()})

    return tell


@teller("raise")
def _raised(d: dict[str, Any], lang: str) -> str:
    """A dot bought; newer events name the row of the cost table that priced it."""
    name, cost, rule = str(d["trait"]), d.get("cost", 0), d.get("rule")
    if name.startswith("path:"):  # a Thaumaturgy or Necromancy path
        trait = t("xp.path", lang, name=name.removeprefix("path:"))
    else:
        trait = trait_label(name, lang)
    if not isinstance(rule, str) or f"xp.rule.{rule}" == t(f"xp.rule.{rule}", lang):
        return t("log.raise", lang, who=d["who"], trait=trait, n=cost)
    per = XP_PER_DOT.get(rule, 0)
    row = t(f"xp.rule.{rule}", lang, current=cost // per if per else 0)
    return t("log.raise.priced", lang, who=d["who"], trait=trait, n=cost, rule=row)


@teller("trait_set")
def _trait_set(d: dict[str, Any], lang: str) -> str:
    if not d.get("values"):
        # A Path, specialty, armour, clan or notes: the data names only what was set.
        if d.get("flag") in ("yes", "no"):
            return t("log.set_flag", lang, who=d["name"], trait=d["trait"], flag=d["flag"])
        if lang == "en" and d.get("line"):
            return str(d["line"])
        if isinstance(d.get("text"), str):
            return t("log.set_text", lang, who=d["name"], trait=d["trait"], text=d["text"])
        return t("log.set_other", lang, who=d["name"], trait=d.get("trait", ""))
    values = ", ".join(f"{trait_label(k, lang)} {v}" for k, v in d["values"].items())
    return f"{d['name']}: {values}"


@teller("story")
def _story(d: dict[str, Any], lang: str) -> str:
    from elysium.chronicle.commands.story import told

    return told(d).render(lang)


@teller("recovered")
def _recovered(d: dict[str, Any], lang: str) -> str:
    lost = ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in d.get("lost") or [])
    return t("log.recovered", lang, lost=lost or "—")


tells(
    {
        "frenzy": _beast("frenzy"),
        "rotschreck": _beast("rotschreck"),
        "night": after(_simple("log.night", n="night")),
        "scene": after(_simple("log.scene", n="scene")),
        "turn": after(_simple("log.turn", n="turn")),
        "chapter": after(_simple("log.chapter", n="chapter")),
        "undo": lambda d, lang: t("log.undo", lang, n=d.get("target"), what=d.get("what", "")),
        "redo": lambda d, lang: t("log.redo", lang, n=d.get("target"), what=d.get("what", "")),
        "character_removed": _simple("log.removed", who="name"),
        "renamed": lambda d, lang: t("log.renamed", lang, old=d["name"], new=d["new"]),
        "next": _simple("log.next", phase="phase"),
        "character_added": lambda d, lang: t(
            "log.added", lang, who=d["name"], kind=t(f"kind.{d['kind']}", lang)
        ),
        "heal": lambda d, lang: t(
            "log.heal", lang, who=d["who"], n=d["levels"], blood=d.get("blood", 0)
        ),
        "spend": _resource("spend"),
        "gain": _resource("gain"),
        "calm": _simple("log.calm", who="who"),
        "boost": lambda d, lang: t(
            "log.boost", lang, who=d["who"], n=d["amount"], trait=trait_label(d["attribute"], lang)
        ),
        "blush": lambda d, lang: t("log.blush", lang, who=d["who"], n=d.get("paid", 0)),
        "import": lambda d, lang: t("log.import", lang, names=", ".join(d.get("names", []))),
        "combat_start": lambda d, lang: t(
            "log.combat_start", lang, names=", ".join(d.get("participants", []))
        ),
        "combat_end": lambda d, lang: t("log.combat_end", lang, n=d.get("rounds", 0)),
        "combat_join": _simple("log.combat_join", who="who"),
        "combat_leave": _simple("log.combat_leave", who="who"),
        "delay": _simple("log.delay", who="who"),
        "round_end": after(_simple("log.round_end", round="round")),
        "declare": lambda d, lang: t(
            "log.declare", lang, who=d["who"], text=declaration_words(d.get("text", ""), lang)
        ),
        "created": lambda d, lang: t("log.created", lang, name=d["name"]),
        "power_added": lambda d, lang: t("log.power_added", lang, who=d["who"], power=d["name"]),
        "power_removed": _simple("log.power_removed", who="who", name="power"),
        "derangement_added": _simple("log.derangement_added", who="who", name="name"),
        "derangement_removed": _simple("log.derangement_removed", who="who", name="name"),
    }
)
