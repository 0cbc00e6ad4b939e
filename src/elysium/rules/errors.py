"""The one exception the rules core raises for input that breaks a rule."""


class RulesError(ValueError):
    """A request the rules do not allow.

    The message is one sentence a Storyteller can read: what was wrong and what is allowed.
    Front ends show it as it is, so it never contains a traceback or internal names.
    """
