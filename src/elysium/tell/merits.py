"""The ``merit`` and ``flaw`` events told: a Merit or Flaw given, changed or taken away."""

from __future__ import annotations

from typing import Any

from elysium.chronicle.commands.merits import line
from elysium.i18n import t
from elysium.rules.merits import Merit
from elysium.tell.registry import teller


def _told(kind: str, d: dict[str, Any], lang: str) -> str:
    """Points 0 took it away; ``was`` says it was on the sheet before."""
    if not d.get("points"):
        return t(f"log.{kind}.removed", lang, who=d["who"], name=d["name"])
    merit = Merit(d["name"], d["points"], d.get("dice", 0), d.get("difficulty", 0))
    told = "changed" if "was" in d else "added"
    return t(f"log.{kind}.{told}", lang, who=d["who"], line=line(merit))


@teller("merit")
def _merit(d: dict[str, Any], lang: str) -> str:
    return _told("merit", d, lang)


@teller("flaw")
def _flaw(d: dict[str, Any], lang: str) -> str:
    return _told("flaw", d, lang)
