"""A character as the rules see it: the sheet plus its condition in the current scene.

RULES.md §3, §5, §7, §8. A :class:`Character` is an immutable value; every rules function
returns a new one, so the chronicle can keep history and undo by replaying events. Values
are validated on the way in (:func:`validate`), with messages that say what is allowed.

The pieces live in their own modules (the sheet and its checks in :mod:`elysium.rules.sheet`,
the generation table in :mod:`elysium.rules.tables`, changes by name in
:mod:`elysium.rules.editing`, new sheets in :mod:`elysium.rules.templates`); this module
gathers them under the old names.
"""

from __future__ import annotations

from elysium.rules.editing import SPECIALTY_MIN, set_specialty, set_trait, with_path
from elysium.rules.sheet import MAX_NAME, Armour, Boost, Character, validate
from elysium.rules.tables import generation_row
from elysium.rules.templates import TEMPLATES, from_template, new_character

__all__ = [
    "MAX_NAME",
    "SPECIALTY_MIN",
    "TEMPLATES",
    "Armour",
    "Boost",
    "Character",
    "from_template",
    "generation_row",
    "new_character",
    "set_specialty",
    "set_trait",
    "validate",
    "with_path",
]
