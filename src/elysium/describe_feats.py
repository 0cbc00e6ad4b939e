"""Log lines for movement, feats, day, torpor, rest and stopping the Kiss (issue 12), read
through :mod:`elysium.describe`'s table."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from elysium.chronicle.commands.feats import number, traits_told
from elysium.i18n import Msg, t


def _faces(roll: dict[str, Any] | None) -> str:
    from elysium.describe import faces

    return faces(roll)


def _feat(d: dict[str, Any], lang: str) -> str:
    values = {k: v for k, v in d.items() if k not in ("who", "roll", "feat", "outcome")}
    if "door" in values:
        values["door"] = Msg(f"feat.door.{values['door']}")
    how = Msg(f"feat.{d['feat']}.{d['outcome']}", n=d.get("successes", 0), **values)
    from elysium.describe import mods_told

    return t(
        "log.feat",
        lang,
        who=d["who"],
        feat=t(f"feat.{d['feat']}", lang) + mods_told(d, lang),
        diff=d.get("difficulty"),
        faces=_faces(d.get("roll")),
        how=how.render(lang),
    )


def _move(d: dict[str, Any], lang: str) -> str:
    return t(
        "log.move",
        lang,
        who=d["who"],
        walk=number(d["walk"]),
        jog=number(d["jog"]),
        run=number(d["run"]),
    )


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
        faces=_faces(d.get("roll")),
        how=how.render(lang),
    )


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


def _outcome(key: str, flag: str) -> Callable[[dict[str, Any], str], str]:
    yes, no = {"risen": ("risen", "sleeps"), "stopped": ("stopped", "drinks_on")}[flag]

    def tell(d: dict[str, Any], lang: str) -> str:
        which = yes if d.get(flag) else no
        return t(f"{key}.{which}", lang, who=d["who"], faces=_faces(d.get("roll")))

    return tell


TELLERS: dict[str, Callable[[dict[str, Any], str], str]] = {
    "feat": _feat,
    "move": _move,
    "carry": lambda d, lang: (
        t("log.carry", lang, who=d["who"], lb=d["pounds"])
        if d["pounds"]
        else t("log.carry.down", lang, who=d["who"])
    ),
    "day": _day,
    "torpor": _torpor,
    "torpor_wake": _outcome("log.torpor_wake", "risen"),
    "rest": lambda d, lang: t("log.rest", lang, who=d["who"]),
    "feed_stop": _outcome("log.feed_stop", "stopped"),
}
