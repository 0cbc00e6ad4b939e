"""English messages: store (keys with values; see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # Where chronicles live (paths).
    "store.name_a_chronicle": "name a chronicle directory",
    "store.name_nul": "a chronicle name cannot contain a NUL character",
    "store.name_control": "a chronicle name cannot contain control characters",
    "store.name_leaves": "the chronicle name {name!r} would leave {root}",
    "store.cannot_create": "cannot create {path}: {why}",
    "store.dir_symlink": "{path} is a symbolic link; refusing to use it as a save directory",
    "store.not_a_dir": "{path} is not a directory",
    "store.not_ours": "{path} belongs to another user; refusing to use it",
    "store.file_symlink": "{name} is a symbolic link; refusing to read or write it",
    "store.not_regular": "{name} is not a regular file",
    "store.cannot_open": "cannot open {name}: {why}",
    "store.no_chronicle": "there is no chronicle at {root}",
    "store.symlink": "{path} is a symbolic link; refusing to use it",
    "store.not_a_chronicle": "{root} is not an Elysium chronicle (no journal directory)",
    "store.repair_hint": "run `elysium repair {root}` to repair it (every original is kept)",
    # Writing files.
    "store.could_not_save": "could not save",
    "store.disk_full": "the disk is full",
    "store.quota_exhausted": "the disk quota is exhausted",
    "store.file_size_limit": "the file size limit was reached",
    "store.write_failed": "{what}: {why}. Nothing was changed",
    "store.write_failed_space": "{what}: {why}. Nothing was changed; free some space and try again",
    "store.could_not_write": "could not write {name}",
    "store.could_not_create": "could not create {name}",
    "store.already_exists": "{what}: {name} already exists",
    "store.oversize": "{name} is {size:,} bytes, more than the {limit:,} an Elysium file can be",
    "store.grew_past": "{name} grew past {limit:,} bytes while read",
    "store.could_not_keep_aside": "could not keep {name} aside",
    "store.could_not_keep_copy": "could not keep a copy of {name}",
    # The store: opening, locking, writing.
    "store.already_chronicle": "{root} already holds a chronicle; open it instead",
    "store.not_empty": "{root} is not empty; choose a new directory for the chronicle",
    "store.cannot_read": "cannot read the chronicle: {why}",
    "store.kept_changing": "the chronicle kept changing while it was being read; try again",
    "store.locked": "this chronicle is already open for writing by another process; open it "
    "read-only instead",
    "store.locked_by": "this chronicle is already open for writing by another process "
    "({who}); open it read-only instead",
    "store.holder": "pid {pid} on {host} since {since}",
    "store.read_only": "this chronicle is open read-only; nothing can be changed",
    "store.changed_opening": "{name} changed while it was being opened; try again",
    "store.could_not_start": "could not start chapter {chapter}",
    "store.could_not_close": "could not close chapter {chapter}",
    "store.removed": "the chronicle at {root} was removed or replaced while it was open; "
    "nothing more can be saved there (the last command was not saved)",
    "store.no_journal": "this chronicle has no open journal",
    "store.most_chapters": "a chronicle holds at most {most:,} chapters",
    "store.changed_meanwhile": "{name} was changed by something else while open; {hint}",
    "store.checkpoint_postponed": "the checkpoint was postponed: {error}",
    # A session: undo, redo, import, what no command may do.
    "session.undo_needs_chronicle": "undo needs a chronicle",
    "session.redo_needs_chronicle": "redo needs a chronicle",
    "session.undo_no_words": "undo takes no words",
    "session.redo_no_words": "redo takes no words",
    "session.nothing_to_undo": "nothing to undo",
    "session.nothing_to_redo": "nothing to redo",
    "session.undo_done": "undone (event {target}): {line}",
    "session.redo_done": "redone (event {target}): {line}",
    "session.cannot_undo": "cannot undo that step: its saved record does not fit the chronicle "
    "({why}); {hint}",
    "session.cannot_redo": "cannot redo that step: its saved record does not fit the chronicle "
    "({why}); {hint}",
    "session.imported": "imported {n} character(s): {names:l}",
    "session.most_events": "a chronicle holds at most {most:,} events",
    "session.does_not_fit": "this command does not fit the saved state: {why}",
    "session.checkpoint_postponed": "checkpoint postponed: {error}",
    # Reading a chronicle: what is wrong with it, and ``elysium check``.
    "store.with_hint": "{error}; {hint}",
    "store.cannot_read_dir": "cannot read {name}/: {why}",
    "store.digest_mismatch": "{name} does not match the digest the checkpoint holds for it",
    "store.entry_damage": "{name}: {detail}",
    "store.more_damaged": "{name}: {n} more damaged entries",
    "store.event": "event {ranges}",
    "store.events": "events {ranges}",
    "store.events_more": "events {ranges}, and {more} more",
    "store.no_chapters": "{root} holds no chapters: it is not a chronicle, or all is lost",
    "store.index_damaged": "the checkpoint chronicle.json is damaged ({detail})",
    "store.index_missing": "the checkpoint chronicle.json is missing",
    "store.empty_top": "{name} holds no whole record: the close of chapter {chapter} did not "
    "complete",
    "store.close_incomplete": "the close of chapter {chapter} did not complete",
    "store.stray": "chapters/{name} belongs to a close that did not complete",
    "store.bad_records": "{name} has {n} damaged record(s)",
    "store.torn": "{name} ends with an unfinished record (a write cut off)",
    "store.index_disagrees": "the checkpoint does not match the journal it covers (it holds "
    "{n} events)",
    "store.realigned": "the events end in an earlier chapter than the open journal (chapter "
    "{chapter}): the event that began it is lost",
    "store.journal_missing": "the journal of chapter {chapter} is missing",
    "store.adopted": "the readable events end at {end}; the checkpoint holds the state after "
    "event {seq}",
    "store.unreadable": "{events} cannot be read",
    "store.no_longer_fit": "{events} no longer fit the state (they depend on lost ones)",
    "store.no_such_chapter": "there is no chapter {chapter}; chapters are {chapters:l}",
    "store.no_digest": "the checkpoint holds no digest for chapters/{name}",
    "store.temps": "{n} temporary file(s) left by an interrupted write",
    "store.sound": "sound: {chapters} chapter(s), {events} events, every checksum and digest "
    "verified",
    "store.sound_open": "sound: {chapters} chapter(s), {events} events, every checksum and "
    "digest verified (a writer has it open)",
    # Recovery and ``elysium repair``: what was done, one sentence each.
    "store.removed_temps": "removed {n} temporary file(s) left by an interrupted write",
    "store.index_rebuilt": "the checkpoint was damaged ({detail}); kept as {kept} and rebuilt "
    "from the events",
    "store.index_was_missing": "the checkpoint file was missing; rebuilt it from the events",
    "store.index_not_yet": "the checkpoint could not be written yet: {error}",
    "store.rolled_back_kept": "{name} held no whole record (kept as {kept}): the close of "
    "chapter {chapter} was rolled back and chapter {chapter} stays open",
    "store.rolled_back_empty": "{name} was empty: the close of chapter {chapter} was rolled "
    "back and chapter {chapter} stays open",
    "store.close_undone": "the close of chapter {chapter} had not completed; chapter {chapter} "
    "stays open",
    "store.stray_kept": "chapters/{name} did not belong to a closed chapter; kept as {kept}",
    "store.begun_afresh": "{what}; kept as {kept} and begun afresh",
    "store.could_not_repair": "could not repair {name}",
    "store.records_kept": "{name} had {n} damaged record(s); kept {good} good ones (the "
    "original is kept as {kept})",
    "store.torn_kept": "; its {n} bytes are kept as {kept}",
    "store.torn_lost": "; its bytes could not be kept (the disk is full)",
    "store.torn_cut": "{name} ended with an unfinished record (a write cut off before it was "
    "acknowledged); cut it off{note}",
    "store.disagree_kept": "the checkpoint (state after event {seq}) and the journal (readable "
    "events up to {have}) disagree; kept as {kept}",
    "store.disagree_kept_both": "the checkpoint (state after event {seq}) and the journal "
    "(readable events up to {have}) disagree; kept as {kept} and {also}",
    "store.closed_rewritten": "chapters/{name} was damaged; kept as {kept} and rewritten with "
    "the {n} events still readable",
    "store.could_not_complete": "could not complete the close of chapter {chapter}",
    "store.close_completed": "the close of chapter {chapter} had been interrupted; it was "
    "completed",
    "store.lost": "{events} could not be read",
    "store.journal_was_missing": "the journal of chapter {chapter} was missing",
    "store.newer_restored": "the newer state was restored from the checkpoint",
    "store.goes_on": "the chronicle goes on in chapter {chapter}, as its journal says",
    "store.left_out": "{events} no longer fit the state and are left out",
    "store.recorded": "{what}: event {seq} records this in the log",
    # The command line's chronicle commands (elysium new, run, state, log, check, repair).
    "cli.error": "{prog}: error: {error}",
    "cli.warning": "{prog}: warning: {line}",
    "cli.recovered": "{prog}: recovered: {line}",
    "cli.created": "created chronicle {name!r} at {root} ({profile})",
    "cli.where": "{where}: {error}",
    "cli.where_line": "line {n}",
    "cli.where_line_text": "line {n} ({text!r})",
    "cli.where_command": "command {n} ({text!r})",
    "cli.state": "{name} ({profile}) — night {night}, chapter {chapter}, scene {scene}, turn "
    "{turn}; {events} events",
    "cli.state_character": "  {name} {kind} {track} {level} blood {blood}/{blood_max}  wp "
    "{wp}/{wp_max}  {morality} {rating}{extra}",
    "cli.no_initiative": "initiative not rolled",
    "cli.now": "; {who} now",
    "cli.combat": "  combat: round {round}, {phase} — {order}{now}",
    "cli.dazed": "  dazed: {names:l}",
    "cli.damaged": "damaged: run `elysium repair {root}` to repair it",
    "cli.repaired": "repaired: {line}",
    "cli.nothing_to_repair": "nothing to repair",
    "cli.wrote": "wrote {path}",
    # Writing an export.
    "export.symlink": "{path} is a symbolic link; write the export to a regular file",
    "export.not_regular": "{path} is not a regular file; choose another file",
    "export.inside": "{path} is inside a chronicle; write the export elsewhere",
    "export.no_dir": "there is no directory {directory} to write {name} in",
    # Usage errors of the command line (argparse names the argument).
    "cli.must_be": "must be {allowed}, got {got!r}",
    "cli.allowed.pool": "a whole number of dice, 1-{most}",
    "cli.allowed.difficulty": "a whole number from 2 to 10",
    "cli.allowed.whole": "a whole number",
    "cli.allowed.chapter": "a chapter number",
    "cli.needs_faces": "needs faces such as 7,3,10",
    "cli.faces_whole": "takes whole numbers 1-10 separated by commas, got {got!r}",
    "cli.octal": "must be octal permissions such as 600 or 644, got {got!r}",
    "cli.dice_or_seed": "use --dice (faces you rolled) or --seed (generated dice), not both",
    "cli.dice_count": "--dice gave {faces} faces but the pool is {dice} dice; give exactly one "
    "face per die",
    "cli.rule_of_ten_hint": "{error} (with the rule of ten give each 10's reroll after the pool)",
    # The dashboard's command history.
    "store.history_not_saved": "command history was not saved",
    "store.what_why": "{what}: {why}",
}
