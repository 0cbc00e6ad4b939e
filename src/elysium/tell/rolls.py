"""Log lines for the compound rolls: resisted, teamwork and extended actions, registered in
the table of tellers that :mod:`elysium.tell.events` reads.
"""

from __future__ import annotations

from typing import Any

from elysium.i18n import t, trait_label
from elysium.tell.registry import Teller, teller, tells
from elysium.tell.stored import faces, verdict


def side(d: dict[str, Any], lang: str) -> str:
    """One roller's part: ``Marcus wits+subterfuge 5d diff 6: +8 3 → 2 moderate``."""
    traits = d.get("traits")
    if not traits:
        return t(
            "log.side.dice",
            lang,
            who=_name(d, lang),
            diff=d.get("difficulty"),
            faces=faces(d),
            verdict=verdict(d, lang),
        )
    what = "+".join(
        trait_label(p, lang).lower() if not p.isdigit() else p for p in traits.split("+")
    )
    diff = d.get("difficulty")
    if isinstance(d.get("bearing"), int):
        diff = f"{diff} ({t('log.bearing', lang, mod=d['bearing'])})"
    return t(
        "log.side",
        lang,
        who=d.get("who") or t("rolls.storyteller", lang),
        what=what,
        pool=len(d.get("dice", [])),
        diff=diff,
        faces=faces(d),
        verdict=verdict(d, lang),
    )


def _name(d: dict[str, Any], lang: str) -> str:
    return str(d.get("who") or t("rolls.pool_side", lang, n=d.get("pool", 0)))


@teller("resist")
def _resist(d: dict[str, Any], lang: str) -> str:
    first, second = d["sides"]
    winner = d.get("winner")
    if winner is None:
        result = t("log.resist.even", lang)
    else:
        who = _name(d["sides"][winner], lang)
        result = t("log.resist.wins", lang, who=who, n=d.get("margin", 0))
    return t("log.resist", lang, first=side(first, lang), second=side(second, lang), result=result)


@teller("teamwork")
def _teamwork(d: dict[str, Any], lang: str) -> str:
    rolls = "; ".join(side(r, lang) for r in d["rolls"])
    if d.get("botch"):
        result = t("log.teamwork.spoiled", lang)
    else:
        result = t("log.teamwork.total", lang, n=d.get("successes", 0))
    return t("log.teamwork", lang, rolls=rolls, result=result)


def _values(d: dict[str, Any], lang: str) -> dict[str, Any]:
    rival = d.get("vs") or t("rolls.pool_side", lang, n=d.get("vs_pool", 0))
    return {
        "vs": t("ack.extended.vs", lang, rival=rival) if "opposed" in d else "",
        "id": d["id"],
        "what": d["what"],
        "who": _name(d, lang),
        "target": d["target"],
        "diff": d.get("difficulty"),
        "n": d.get("accumulated", 0),
    }


def _extended(key: str) -> Teller:
    def tell(d: dict[str, Any], lang: str) -> str:
        return t(key, lang, **_values(d, lang))

    return tell


@teller("extended_roll")
def _extended_roll(d: dict[str, Any], lang: str) -> str:
    values = _values(d, lang)
    if d.get("sides"):  # extended and resisted: both rolls, both totals
        first, second = d["sides"]
        rival = _name(second, lang)
        values |= {"rival": rival, "m": d.get("opposed", 0)}
        if d.get("winner") is None:
            progress = t("log.extended.contest", lang, **values)
        else:
            winner = _name(d["sides"][d["winner"]], lang)
            progress = t("log.extended.won", lang, winner=winner, **values)
        both = {"first": side(first, lang), "second": side(second, lang)}
        return t("log.extended_both", lang, progress=progress, **both, **values)
    progress = t(f"log.extended.{d.get('state', 'going')}", lang, lost=d.get("lost", 0), **values)
    if d.get("state") == "going" and d.get("lost"):
        progress = t("log.extended.lost", lang, lost=d["lost"], **values)
    return t("log.extended_roll", lang, roll=side(d, lang), progress=progress, **values)


tells(
    {
        "extended_start": _extended("log.extended_start"),
        "extended_end": _extended("log.extended_end"),
    }
)
