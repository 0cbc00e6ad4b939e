"""The chronicle on disk: every event in a journal before anyone sees it, sealed checkpoints,
a lock against a second writer, and recovery that never overwrites a damaged file.

Its face is :class:`~elysium.chronicle.store.store.Store` (open, append, checkpoint, close)
and, for reading a long chronicle a record at a time,
:class:`~elysium.chronicle.store.stream.Stream`. This module imports nothing, so a caller
that needs only where files live (:mod:`~elysium.chronicle.store.paths`) does not load the
whole store.
"""
