"""Log lines for movement, feats, day, torpor, rest and stopping the Kiss, registered in
the table of tellers that :mod:`elysium.tell.events` reads."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from elysium.chronicle.commands.feats import number, traits_told
from elysium.i18n import Msg, t
from elysium.tell.registry import Teller, teller, tells
from elysium.tell.stored import faces, mods_told


@teller("feat")
def _feat(d: dict[str, Any], lang: str) -> str:
    values = {k: v for k, v in d.items() if k not in ("who", "roll", "feat", "outcome")}
    if "door" in values:
        values["door"] = Msg(f"feat.door.{values['door']}")
    how = Msg(f"feat.{d['feat']}.{d['outcome']}", n=d.get("successes", 0), **values)
    return t(
        "log.feat",
        lang,
        who=d["who"],
        feat=t(f"feat.{d['feat']}", lang) + mods_told(d, lang),
        diff=d.get("difficulty"),
        faces=faces(d.get("roll")),
        how=how.render(lang),
    )


@teller("move")
def _move(d: dict[str, Any], lang: str) -> str:
    return t(
        "log.move",
        lang,
        who=d["who"],
        walk=number(d["walk"]),
        jog=number(d["jog"]),
        run=number(d["run"]),
    )


@teller("day")
def _day(d: dict[str, Any], lang: str) -> str:
    what = d["what"]
    told = traits_told(d.get("traits") or "", lang)
    n = d.get("successes", 0)
    if what == "wake":
        how = Msg("day.wake.scene" if d.get("scene") else "day.wake.turns", n=d.get("turns", 0))
    elif what == "notice":
        how = Msg("day.notice.yes" if n > 0 else "day.notice.no")
    else:
        how = Msg("day.roll.done", n=n)
    return t(
        "log.day",
        lang,
        who=d["who"],
        what=t(f"day.{what}", lang, traits=told),
        diff=d.get("difficulty"),
        faces=faces(d.get("roll")),
        how=how.render(lang),
    )


@teller("torpor")
def _torpor(d: dict[str, Any], lang: str) -> str:
    from elysium.chronicle.commands.daytime import length

    rating = int(d["rating"])
    return t(
        "log.torpor",
        lang,
        who=d["who"],
        length=length(Fraction(d["length"]), d["unit"], rating),
        half=length(Fraction(d["voluntary"]), d["unit"], rating),
    )


def _outcome(key: str, flag: str) -> Teller:
    yes, no = {"risen": ("risen", "sleeps"), "stopped": ("stopped", "drinks_on")}[flag]

    def tell(d: dict[str, Any], lang: str) -> str:
        which = yes if d.get(flag) else no
        return t(f"{key}.{which}", lang, who=d["who"], faces=faces(d.get("roll")))

    return tell


tells(
    {
        "carry": lambda d, lang: (
            t("log.carry", lang, who=d["who"], lb=d["pounds"])
            if d["pounds"]
            else t("log.carry.down", lang, who=d["who"])
        ),
        "torpor_wake": _outcome("log.torpor_wake", "risen"),
        "rest": lambda d, lang: t("log.rest", lang, who=d["who"]),
        "feed_stop": _outcome("log.feed_stop", "stopped"),
    }
)
