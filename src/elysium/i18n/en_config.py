"""English messages: the settings file, config.toml (keys with values; see
elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # Reading config.toml: each problem is one line, and the rest of the file still applies.
    "config.unreadable": "{file}: cannot read it ({why}); the defaults apply",
    "config.not_regular": "{file} is not a regular file; the defaults apply",
    "config.too_large": "{file} is larger than {limit:,} bytes, too large for settings; the defaults apply",
    "config.not_utf8": "{file} is not UTF-8 text; the defaults apply",
    "config.not_toml": "{file} is not valid TOML ({why}); the defaults apply",
    "config.bad_line": "{file}, line {line}: not valid TOML ({why}); that line is skipped",
    "config.unknown_setting": "{file}: there is no setting {name!r}; the settings are {allowed:l}",
    "config.wrong_type": "{file}: {setting} must be text in quotes, such as {example}, not {got:t:config.kind}",
    "config.bad_choice": "{file}: {setting} = {got} is not known; use one of {allowed:l}",
    "config.empty_theme": "{file}: theme is empty; name a theme, or leave the line out",
    "config.keys_not_table": "{file}: keys must be a table, [keys], of binding = key(s), not {got:t:config.kind}",
    "config.key_not_text": "{file}: [keys] {name!r} must be a key or keys in quotes, such as {one} or {two}, not {got:t:config.kind}",
    "config.bad_key_list": "{file}: [keys] {name!r} = {got} is not a list of keys; write keys separated by commas, such as {one} or {two}",
    "config.unknown_binding": "{file}: [keys] {name!r} is not a binding of the dashboard; the bindings are {known:l}",
    "config.unknown_theme": "{file}: there is no theme {name!r}; the themes are {known:l}",
    "config.kind.text": "text",
    "config.kind.number": "a number",
    "config.kind.boolean": "true or false",
    "config.kind.array": "an array",
    "config.kind.table": "a table",
    "config.kind.date": "a date",
    # Keeping a theme chosen from the palette.
    "config.theme_not_kept": "the theme was not kept in {file}",
    "config.theme_bad_name": "the theme {name!r} was not kept: a theme's name is one line of text",
    "config.theme_file_invalid": "the theme was not kept: {file} is not valid TOML ({why}); correct it, then choose the theme again",
    "config.theme_not_safe": "the theme was not kept: {file} could not be changed safely; write {line} in it yourself",
    # elysium config: the settings in effect, as TOML with comments.
    "config.show.file": "# settings: {path}",
    "config.show.missing": "# settings: {path} (not there yet, so the defaults apply; {command} prints an example)",
    "config.show.from_flag": "from --lang",
    "config.show.from_file": "from {file}",
    "config.show.from_locale": "from the locale",
    "config.show.default": "the default",
    "config.show.theme_default": "the dashboard's default",
    "config.show.no_keys": "# no key remapped",
    "config.show.state": "# command history and the last chronicle: {path}",
    "config.show.data": "# chronicles: {path}",
    # elysium config --example: the comments of the example file.
    "config.example.head": "# Elysium's settings: {path}\n# Every line may be left out. A wrong one is reported (by {command} and on the dashboard)\n# and skipped; the rest of the file still applies.",
    "config.example.language": "# The language of the dashboard and the commands: {allowed:l}.\n# --lang wins over it; without either, the locale decides.",
    "config.example.profile": "# The rules profile of a new chronicle: {allowed:l} ({option} wins over it).",
    "config.example.theme": "# The dashboard's Textual theme; a theme chosen from the command palette is kept here.",
    "config.example.keys": "# Keys: binding = key or keys, in Textual's keymap syntax ({one} or {two}).\n# A binding the dashboard does not have is reported.",
}
