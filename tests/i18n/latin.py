"""The Latin words a Russian message may hold, shared by the catalogs' test and the help's."""

# Latin words a Russian message may hold: program and file names, the game's abbreviations,
# technical names a Storyteller types as they are.
ALLOWED_LATIN = {
    "elysium",
    "repair",
    "help",
    "check",
    "export",
    "run",
    "state",
    "json",
    "toml",
    "tinydb",
    "utf",
    "sha",
    "v20",
    "xp",
    "npc",
    "id",
    "st",
    "pid",
    "ssh",
    "xdg_data_home",
    "lang",
    "dmg",
    # A chronicle's folders, named as they are on disk (chapters/chapter-0001.json).
    "chapters",
    "journal",
    # The checkpoint's file name (chronicle.json).
    "chronicle",
    # Options of `elysium roll` a Storyteller types as they are (--dice, --seed).
    "dice",
    "seed",
    # The key an import file lists its characters under.
    "characters",
    # Foundry VTT, whose actors import reads: a program's name.
    "foundry",
    # config.toml's table of keys, and the library whose themes and key syntax it names.
    "keys",
    "textual",
    # Key caps: Russian keyboards print Enter and Esc in Latin letters.
    "enter",
    "esc",
    "ctrl",
    "alt",
    # `elysium share`, `serve` and their options, typed as they are (--stop, --npcs, --to,
    # --group, --host, --port), and the file share writes (view.json).
    "share",
    "serve",
    "group",
    "stop",
    "npcs",
    "to",
    "host",
    "port",
    "view",
    # `elysium export --chapter all`, typed as it is.
    "all",
    # The administrator's command to put a user in a group (usermod -aG GROUP NAME).
    "usermod",
    "ag",
    # The serve page's address ends in ?key=..., and serve's --key and --no-key options.
    "key",
    "no",
    # The command line's help names what is typed as it is: the settings file (config.toml),
    # the dashboard's arguments (DIR, --demo, --readonly, --lang en|ru), --players, recap,
    # the formats (--format md|html: Markdown, HTML), a kept original (NAME.damaged-DATE)
    # and share's default directory (~/.local/share/elysium-shared).
    "config",
    "dir",
    "demo",
    "readonly",
    "en",
    "ru",
    "players",
    "recap",
    "md",
    "html",
    "markdown",
    "damaged",
    "local",
    "shared",
    # The environment's names for the Storyteller's editor and where programs are found
    # ($EDITOR, $VISUAL, PATH), and a common editor as the example to set (EDITOR=nano).
    "editor",
    "visual",
    "path",
    "nano",
}
