"""The one exception the rules core raises for input that breaks a rule."""

from elysium.i18n.message import Refusal


class RulesError(Refusal, ValueError):
    """A request the rules do not allow.

    Raised as a message key with values (``RulesError("xp.not_enough", who=…)``); the
    catalog tells it as one sentence a Storyteller can read, in their language: what was
    wrong and what is allowed. Never a traceback or an internal name.
    """
