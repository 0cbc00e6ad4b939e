"""English messages: ``elysium watch``, the live read-only screen (issue 15)."""

STRINGS: dict[str, str] = {
    # The header's tag while watching: the writer is there, or not.
    "watch.live": "WATCHING",
    "watch.stopped": "WRITER STOPPED",
    "watch.started": "Watching: each event appears as the Storyteller's Elysium saves it.",
    "watch.no_writer": "No Elysium is writing this chronicle now: this is what was saved last. "
    "The screen follows again when the Storyteller opens it.",
    "watch.writer_stopped": "The Storyteller's Elysium has stopped writing this chronicle: "
    "this is what was saved last. The screen follows again when it comes back.",
    "watch.writer_back": "The Storyteller's Elysium is writing again: following it.",
    "watch.cannot_read": "Could not read the chronicle just now ({error}); trying again.",
}
