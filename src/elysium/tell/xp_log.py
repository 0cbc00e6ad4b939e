"""The lines of an award with its reason and of a roll left out of the statistics (or
counted again), in the reader's language."""

from __future__ import annotations

from typing import Any

from elysium.i18n import t
from elysium.tell.registry import teller


@teller("xp")
def _award(d: dict[str, Any], lang: str) -> str:
    """An award; newer ones say why it was earned (the reason is the Storyteller's text)."""
    reason = d.get("reason")
    if isinstance(reason, str) and reason:
        return t("log.xp.reason", lang, who=d.get("who"), n=d.get("amount"), reason=reason)
    return t("log.xp", lang, who=d.get("who"), n=d.get("amount"))


@teller("omit")
def _omit(d: dict[str, Any], lang: str) -> str:
    key = "log.omit.out" if d.get("left_out") else "log.omit.in"
    if d.get("name"):
        key += ".who"
    return t(key, lang, n=d.get("roll"), who=d.get("name", ""))
