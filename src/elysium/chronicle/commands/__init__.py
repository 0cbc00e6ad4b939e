"""Command handlers, by domain. Each reads the state, asks the rules core, and returns the
new state, the event's data and what to say about it. Nothing here writes to disk; the
session does that, before anyone sees the result. The verbs are declared in
``elysium.chronicle.verbs``; each handler registers the verb it runs there (``@runs``), and
importing :mod:`elysium.chronicle.commands.registry` imports every handler module, so that
all are registered. The session does that at its first command: this package imports
nothing, so a module that needs one handler module's words (the dashboard's completion, its
fight pane) does not load them all at the dashboard's start.
"""
