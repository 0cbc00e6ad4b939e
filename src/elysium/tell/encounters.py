"""Saved encounters told: saved, brought into a scene, forgotten. The log, the recap and
``elysium log`` read these; the players' view does not (a group's name is the Storyteller's:
the NPCs it adds show there as any NPC does)."""

from __future__ import annotations

from typing import Any

from elysium.i18n import t
from elysium.tell.registry import teller


@teller("encounter_saved")
def _saved(d: dict[str, Any], lang: str) -> str:
    return t("log.encounter_saved", lang, name=d["name"], names=_names(d))


@teller("encounter_added")
def _added(d: dict[str, Any], lang: str) -> str:
    return t("log.encounter_added", lang, name=d["name"], names=_names(d))


@teller("encounter_forgotten")
def _forgotten(d: dict[str, Any], lang: str) -> str:
    return t("log.encounter_forgotten", lang, name=d["name"])


def _names(d: dict[str, Any]) -> list[str]:
    return [str(n) for n in d.get("names") or []]
