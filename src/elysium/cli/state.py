"""``elysium state DIR``: the chronicle as it stands, as text or as JSON (``--json``), read
without the writer's lock."""

from __future__ import annotations

import argparse
import json
from typing import Any

from elysium.chronicle.state import State
from elysium.cli.chronicle import open_session
from elysium.i18n import t
from elysium.rules.beast import vampire_bearing as bearing
from elysium.rules.character import Character
from elysium.rules.clans import in_clan, is_caitiff
from elysium.tell.conditions import conditions_words
from elysium.tell.marks import bearing_note, boosts, load_words


def character_json(c: Character) -> dict[str, Any]:
    """The ``state --json`` shape of one character; ``elysium import`` reads it back."""
    track = c.health
    sheet = c.to_dict()
    return {
        "name": c.name,
        "kind": c.kind.value,
        "generation": c.generation,
        "clan": c.clan,
        "clan_disciplines": list(in_clan(c.clan, c.clan_disciplines)),
        "clan_disciplines_own": bool(c.clan_disciplines),
        "caitiff": is_caitiff(c.clan),
        "blood": {"current": c.blood, "max": c.blood_max, "per_turn": c.blood_per_turn},
        "willpower": {"current": c.willpower_points, "rating": c.willpower},
        "morality": {"name": c.morality, "rating": c.morality_rating, "bearing": bearing(c)},
        "virtues": dict(c.virtues),
        "health": {
            "track": list(track.marks()),
            "penalty": track.penalty if track.penalty is not None else 0,
            "status": c.status().value,
            "level": track.level.key if track.level else None,
            "damage": {
                "bashing": track.bashing,
                "lethal": track.lethal,
                "aggravated": track.aggravated,
            },
            "condition": track.condition.value,
        },
        "nature": c.nature,
        "demeanour": c.demeanour,
        "attributes": dict(c.attributes),
        "abilities": dict(c.abilities),
        "disciplines": dict(c.disciplines),
        "backgrounds": dict(c.backgrounds),
        "specialties": dict(c.specialties),
        "notes": c.notes,
        "supernatural": c.supernatural,
        "frenzy": c.frenzy.to_dict() if c.frenzy else None,
        "rotschreck": c.fear.to_dict() if c.fear else None,
        "derangements": list(c.derangements),
        "derangements_due": c.derangements_due,
        "xp": c.xp,
        "rested": c.aggravated_rested,
        "boosts": {  # what blood adds now (after fading), as rolls count it
            k: {"base": c.attributes.get(k, 0), "now": c.trait(k)}
            for k in c.boosts
            if c.boost_bonus(k)
        },
        **({"load": c.load} if c.load else {}),  # pounds carried (``carry``)
        # The rest of the sheet, so that ``import`` reads a character back whole:
        **({"armour": sheet["armour"]} if c.armour else {}),
        **({"powers": sheet["powers"]} if c.powers else {}),
        **({"player": True} if c.player else {}),
        **({"hidden": True} if c.hidden else {}),  # kept off the players' view
        **({"bonds": dict(c.bonds)} if c.bonds else {}),
        **({"staked": True} if c.staked else {}),
        **({"conditions": [tag.to_dict() for tag in c.conditions]} if c.conditions else {}),
        "merits": [m.to_dict() for m in c.merits],  # name, points and any modifier
        "flaws": [m.to_dict() for m in c.flaws],
    }


def state_json(state: State) -> dict[str, Any]:
    from elysium.chronicle.combat import combat_json

    return {
        "name": state.name,
        "profile": state.profile.key,
        "night": state.night,
        "chapter": state.chapter,
        "scene": state.scene,
        "turn": state.turn,
        "events": state.events,
        "characters": [character_json(c) for c in state.characters.values()],
        "combat": combat_json(state),
        "extended": [{"id": int(k), **v} for k, v in state.extended.items()],
        "undo": len(state.undo),
        "redo": len(state.redo),
    }


def cmd_state(args: argparse.Namespace, lang: str) -> int:
    session = open_session(args, readonly=True, lang=lang)
    try:
        state = session.state
        if args.json:
            print(json.dumps(state_json(state), ensure_ascii=False))
            return 0
        print(
            t(
                "cli.state",
                lang,
                name=state.name,
                profile=state.profile.key,
                night=state.night,
                chapter=state.chapter,
                scene=state.scene,
                turn=state.turn,
                events=state.events,
            )
        )
        width = min(24, max((len(c.name) for c in state.characters.values()), default=4))
        for key, c in state.characters.items():
            print(_character_line(state, key, c, width, lang))
            if c.clan or c.clan_disciplines:
                own = list(in_clan(c.clan, c.clan_disciplines)) or t("ack.set.none", lang)
                print(t("cli.state_clan", lang, clan=c.clan or "—", disciplines=own))
        _print_fight(state, lang)
    finally:
        session.close()
    return 0


def _character_line(state: State, key: str, c: Character, width: int, lang: str) -> str:
    """One character of ``elysium state``: track, blood, willpower, morality and marks."""
    track = c.health
    level = t(f"health.{track.level.key}" if track.level else "health.unhurt", lang)
    status = c.status().value
    if status not in ("active", "incapacitated"):
        level = t("status." + status, lang)  # dead is not "Incapacitated"
    flags = _marks(state, key, c, lang)
    name = c.name if len(c.name) <= width else c.name[: width - 1] + "…"
    extra = f" [{'; '.join(flags)}]" if flags else ""
    kind = c.kind.value if lang == "en" else t(f"kind.{c.kind.value}", lang)
    morality = c.morality
    if lang != "en" and c.has_humanity:
        morality = t("ui.humanity", lang)
    return t(
        "cli.state_character",
        lang,
        name=f"{name:<{width}}",
        kind=f"{kind:<7}",
        track="".join(track.marks(lang)),
        level=f"{level:<14}",
        blood=c.blood,
        blood_max=c.blood_max,
        wp=c.willpower_points,
        wp_max=c.willpower,
        morality=morality,
        rating=c.morality_rating,
        bearing=bearing_note(c, lang),
        extra=extra,
    )


def _marks(state: State, key: str, c: Character, lang: str) -> list[str]:
    """What a character's line adds in brackets: frenzy, fear, boosts, load, stake…"""
    flags = [t("ui.offstage", lang)] if c.hidden else []
    if c.frenzied:
        flags.append(t("ui.frenzy", lang))
    if c.in_rotschreck:
        flags.append(t("ui.rotschreck", lang))
    for check, label in ((c.frenzy, "ui.frenzy_check"), (c.fear, "ui.rotschreck_check")):
        if check is not None and check.state.value == "resisting":
            flags.append(f"{t(label, lang)} {check.accumulated}/5")
    flags += boosts(c, lang)
    flags += load_words(c, lang)
    if c.staked:
        flags.append(t("ui.staked", lang))
    flags += [t("ui.dazed", lang)] if key in (state.combat or {}).get("dazed", ()) else []
    flags += conditions_words(c, lang)
    if c.aggravated_rested:
        flags.append(t("ui.rested", lang))
    if c.lost:
        flags.append(t("ui.lost", lang))
    return flags


def _print_fight(state: State, lang: str) -> None:
    """The round, the initiative order and who is dazed; then each open extended action."""
    from elysium.chronicle.combat import combat_json
    from elysium.chronicle.commands.extended import open_line

    combat = combat_json(state)
    if combat:
        order = ", ".join(f"{e['name']} {e['initiative']}" for e in combat["order"]) or t(
            "cli.no_initiative", lang
        )
        now = t("cli.now", lang, who=combat["current"]) if combat["current"] else ""
        round_ = combat["round"]
        phase = combat["phase"]
        print(t("cli.combat", lang, round=round_, phase=phase, order=order, now=now))
        if combat["dazed"]:
            print(t("cli.dazed", lang, names=combat["dazed"]))
    for number, action in state.extended.items():
        print(open_line(number, action, lang))
