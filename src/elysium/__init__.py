"""Elysium: a terminal dashboard for the Storyteller of a V20 chronicle."""

__version__ = "0.1.0"
