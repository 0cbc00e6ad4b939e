"""The combat turn engine lives in ``elysium.chronicle.commands`` (fight, rounds, attack,
defend); this name keeps ``combat_json`` where the CLI and the dashboard import it."""

from elysium.chronicle.commands.fight import CombatState, combat_json

__all__ = ["CombatState", "combat_json"]
