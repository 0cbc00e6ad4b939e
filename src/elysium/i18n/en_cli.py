"""English messages: the command line's help (elysium --help, elysium COMMAND --help):
what each command does and each argument means."""

STRINGS: dict[str, str] = {
    "clihelp.check.description": (
        "Verify every file and checksum of a chronicle without changing anything. Exit 0 when"
        " it is sound, 1 when something is damaged."
    ),
    "clihelp.check.help": "verify every file and checksum of a chronicle",
    "clihelp.config.arg.example": "print a commented example config.toml",
    "clihelp.config.description": (
        "Print the path of config.toml, the settings in effect (language, default profile, "
        "theme, keys) and where each comes from, and any problem in the file (exit 1 when "
        "there is one)."
    ),
    "clihelp.config.help": "where your settings live and which are in effect",
    "clihelp.dashboard.arg.demo": "open a fresh copy of the demo",
    "clihelp.dashboard.arg.dir": (
        "a chronicle: a name (kept in your data directory) or a path (default: the one used last)"
    ),
    "clihelp.dashboard.arg.readonly": "look, change nothing",
    "clihelp.dashboard.description": (
        "Open the dashboard: the most recent chronicle, or DIR, or a fresh demo. Other "
        "commands: {commands} (elysium COMMAND --help)."
    ),
    "clihelp.description": "Elysium: the Storyteller's screen for Vampire: The Masquerade (V20).",
    "clihelp.dir": "a chronicle: a name (kept in your data directory) or a path",
    "clihelp.epilog": (
        "The dashboard: elysium [DIR] [--demo] [--readonly] [--lang en|ru]. Without DIR it "
        "opens the chronicle used last, or a start screen to open the demo or create one; "
        "--demo opens a fresh copy of the demo chronicle, --readonly looks without changing "
        "anything. elysium COMMAND --help tells a command's arguments."
    ),
    "clihelp.export.arg.chapter": (
        "default: the latest chapter; all: every chapter, the story so far"
    ),
    "clihelp.export.arg.format": "Markdown or HTML (default md)",
    "clihelp.export.arg.mode": (
        "permissions of the file written (default 600: private, like every save)"
    ),
    "clihelp.export.arg.npcs": "with --players: NPCs shown",
    "clihelp.export.arg.o": "write here (default: stdout)",
    "clihelp.export.arg.players": "the players' recap: only what the table saw",
    "clihelp.export.description": (
        "A chapter told as a recap: scenes, fights round by round, notable rolls, damage, "
        "blood, the Beast, experience. HTML is one standalone page."
    ),
    "clihelp.export.help": "a chapter's recap as Markdown or HTML (also: elysium recap)",
    "clihelp.help.arg.verb": "a verb, in any spelling",
    "clihelp.help.description": (
        "Every verb of the command language by group, or one verb (any of its spellings) with"
        " its usage and keywords, in the session's language."
    ),
    "clihelp.help.help": "the command language: every verb, or one verb in detail",
    "clihelp.import.arg.file": "the JSON or TOML file (import format, state --json, Foundry actor)",
    "clihelp.import.description": (
        "Add the characters a JSON or TOML file lists, each checked as set checks it, all or "
        "none, as one undoable event. The file may also be what state --json writes, or a "
        "Foundry VTT actor (World of Darkness 20th); what the sheet has no place for is "
        "said after, a line each."
    ),
    "clihelp.import.help": "add characters from a JSON or TOML file",
    "clihelp.json": "print JSON instead of text",
    "clihelp.lang": "language (default: language in config.toml, else the locale's)",
    "clihelp.log.arg.chapter": "default: every chapter",
    "clihelp.log.description": "Every event of the chronicle (or of one chapter), oldest first.",
    "clihelp.log.help": "list a chronicle's events",
    "clihelp.new.arg.name": "the chronicle's title (default: the directory's name)",
    "clihelp.new.arg.profile": "rules profile (default: profile in config.toml, else v20)",
    "clihelp.new.description": (
        "Create an empty chronicle (then add characters with elysium run, or open it in the "
        "dashboard: elysium DIR)."
    ),
    "clihelp.new.help": "create a chronicle",
    "clihelp.odds.description": "The exact chances of a roll: success, failure, botch, each count.",
    "clihelp.odds.help": "exact odds of a roll before it is thrown",
    "clihelp.repair.description": (
        "Recover a chronicle explicitly: finish or undo an interrupted chapter close, cut off"
        " an unfinished record, rebuild damaged files from what is readable. Every original "
        "is kept as NAME.damaged-DATE."
    ),
    "clihelp.repair.help": "repair a damaged chronicle, keeping every original aside",
    "clihelp.replay.arg.chapter": "default: the latest chapter",
    "clihelp.replay.description": (
        "A saved chapter event by event, read-only, in the dashboard's panes."
    ),
    "clihelp.replay.help": "step through a saved chapter in the dashboard",
    "clihelp.roll.arg.auto": "take the automatic success without rolling, where the pool allows it",
    "clihelp.roll.arg.dice": (
        "faces rolled on physical dice, one per die (then the rule of ten's rerolls)"
    ),
    "clihelp.roll.arg.seed": "repeatable dice",
    "clihelp.roll.description": "Roll a pool (or score faces from physical dice) and judge it.",
    "clihelp.roll.epilog": (
        "Faces: +8 a success, *10* a ten (**10** counts twice with a specialty), -1- a one "
        "that cancels a success, a bare number does nothing."
    ),
    "clihelp.roll.help": "roll a pool of d10s and judge it",
    "clihelp.rollopts.arg.diff": "difficulty 2-10 (default 6)",
    "clihelp.rollopts.arg.json": "print one JSON object",
    "clihelp.rollopts.arg.kind": "damage and soak rolls never botch (default action)",
    "clihelp.rollopts.arg.pool": "number of d10s, 1-{most}",
    "clihelp.rollopts.arg.profile": "rules profile (default v20)",
    "clihelp.rollopts.arg.rule_of_ten": "house rule: every 10 is rolled again for more successes",
    "clihelp.rollopts.arg.spec": "specialty: each 10 counts twice",
    "clihelp.rollopts.arg.wp": "spend Willpower: one success no 1 can cancel; never a botch",
    "clihelp.run.arg.commands": "commands, or - for stdin",
    "clihelp.run.arg.seed": "repeatable dice for rolls without typed faces",
    "clihelp.run.description": (
        "Apply commands in order, one result line each, printed as soon as the event is on "
        "disk. A single '-' reads the commands from standard input, one a line (blank lines "
        "and # comments skipped). The first refused command stops the run (exit 2); the ones "
        "before it are kept."
    ),
    "clihelp.run.epilog": (
        "Verbs: {verbs}. Russian spellings work too; elysium help VERB explains one."
    ),
    "clihelp.run.help": "apply commands to a chronicle",
    "clihelp.serve.arg.host": "the address to listen on (default {host})",
    "clihelp.serve.arg.key": (
        "what the page's address must carry (?key=KEY; default: a new random key each run)"
    ),
    "clihelp.serve.arg.no_key": "an open page: anyone who reaches the address sees it",
    "clihelp.serve.arg.npcs": "NPCs' wounds in words, or hidden (a chronicle only)",
    "clihelp.serve.arg.port": "the port (default {port}; 0: any)",
    "clihelp.serve.description": (
        "Serve the players' view of a chronicle (or of a directory elysium share publishes "
        "to) as a web page that follows the game live. Read-only: the page cannot change "
        "anything. Bound to {host} unless --host says otherwise; anyone who can reach the "
        "address sees the page."
    ),
    "clihelp.serve.help": "show the players' view in a web browser (a TV at the table)",
    "clihelp.share.arg.group": "the Unix group that may read the view",
    "clihelp.share.arg.npcs": "NPCs' wounds as a level in words, or hidden entirely",
    "clihelp.share.arg.stop": "withdraw the players' view",
    "clihelp.share.arg.to": "where (default: ~/.local/share/elysium-shared)",
    "clihelp.share.description": (
        "After every event the Storyteller's writer (the dashboard, elysium run) publishes "
        "what the players may see to a separate directory, readable by GROUP; the chronicle "
        "stays private. --stop withdraws it."
    ),
    "clihelp.share.help": "publish the players' view of a chronicle for a group to watch",
    "clihelp.sheet.arg.format": "default: md",
    "clihelp.sheet.arg.lang": "the sheet's language",
    "clihelp.sheet.arg.name": "the character (any unique part of the name)",
    "clihelp.sheet.description": (
        "A character's whole sheet, as on the printed V20 sheet, in Markdown or HTML (names "
        "and notes escaped)."
    ),
    "clihelp.sheet.help": "a character's sheet as Markdown or HTML",
    "clihelp.state.description": "The chronicle as it stands: time, combat, every character.",
    "clihelp.state.help": "show a chronicle's current state",
    "clihelp.stats.arg.chapter": "default: every chapter",
    "clihelp.stats.description": (
        "Rolls, successes and botches per character against their exact expectation, with "
        "histograms of outcomes and faces."
    ),
    "clihelp.stats.help": "dice statistics against the exact odds",
    "clihelp.watch.arg.dir": "{dir}, or a directory elysium share publishes the players' view to",
    "clihelp.watch.arg.npcs": "with --players: NPCs' wounds in words, or hidden",
    "clihelp.watch.arg.players": "show a chronicle as the players see it",
    "clihelp.watch.description": (
        "The dashboard of a chronicle another process writes, read-only: each event appears "
        "as it is saved, and the top line says when the writer stops. On a directory elysium "
        "share publishes to, or with --players, the players' screen: only what the table may "
        "see."
    ),
    "clihelp.watch.help": (
        "follow the Storyteller's Elysium live, read-only (a chronicle or a shared view)"
    ),
}
