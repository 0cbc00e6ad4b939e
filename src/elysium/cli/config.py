"""``elysium config``: where the settings live, which are in effect and where each comes
from; ``--example`` prints a commented config.toml in the reader's language.

The output is TOML itself (the facts are comments), so a Storyteller can start a file from it.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

from elysium.chronicle.store.paths import data_dir, state_dir
from elysium.config import (
    DEFAULT_PROFILE,
    DEFAULT_THEME,
    KEY_EXAMPLES,
    Config,
    config_path,
    default_theme,
    load_config,
    toml_string,
    unknown_keys,
)
from elysium.i18n import LANGUAGES, t
from elysium.rules.profiles import PROFILES

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def cmd_config(args: argparse.Namespace, lang: str) -> int:
    config = getattr(args, "config", None)
    config = config if isinstance(config, Config) else load_config()
    if args.example:
        print(example(lang))
        return 0
    from elysium.tui.keys import IDS  # the dashboard's binding ids (data, no screen)

    print(shown(config, lang, flag=args.lang))
    problems = [*config.problems, *unknown_keys(config, IDS)]
    for line in problems:
        said = line.render(lang)
        print(t("cli.warning", lang, prog="elysium config", line=said), file=sys.stderr)
    return 1 if problems else 0


def shown(config: Config, lang: str, flag: str | None = None) -> str:
    """The settings in effect as TOML, each with where it comes from."""
    path = config.path or config_path()
    file = path.name
    head = "config.show.file" if os.path.lexists(path) else "config.show.missing"
    out = [t(head, lang, path=path, command="elysium config --example")]

    def setting(name: str, value: str, source: str) -> None:
        out.append(f"{name} = {toml_string(value)}  # {source}")

    from_file = t("config.show.from_file", lang, file=file)
    if flag:
        setting("language", flag, t("config.show.from_flag", lang))
    elif config.language:
        setting("language", config.language, from_file)
    else:
        setting("language", lang, t("config.show.from_locale", lang))
    given = config.given
    default = t("config.show.default", lang)
    setting("profile", config.profile, from_file if "profile" in given else default)
    if config.theme:
        setting("theme", config.theme, from_file)
    else:
        shown = default_theme(os.environ)  # this terminal's: ansi-dark without true colour
        setting("theme", shown, t("config.show.theme_default", lang))
    out.append("[keys]")
    out += [f"{_key(name)} = {toml_string(keys)}" for name, keys in config.keys.items()]
    if not config.keys:
        out.append(t("config.show.no_keys", lang))
    out += ["", t("config.show.state", lang, path=state_dir())]
    out.append(t("config.show.data", lang, path=data_dir()))
    return "\n".join(out)


def example(lang: str) -> str:
    """A config.toml to start from: every setting, commented in ``lang``; the keys only
    as an example, so copying it changes no key."""
    one, two = (toml_string(key) for key in KEY_EXAMPLES)
    return "\n".join(
        [
            t("config.example.head", lang, path=config_path(), command="elysium config"),
            "",
            t("config.example.language", lang, allowed=LANGUAGES),
            f"language = {toml_string(lang)}",
            "",
            t(
                "config.example.profile",
                lang,
                allowed=tuple(PROFILES),
                option="elysium new --profile",
            ),
            f"profile = {toml_string(DEFAULT_PROFILE)}",
            "",
            t("config.example.theme", lang),
            f"theme = {toml_string(DEFAULT_THEME)}",
            "",
            t("config.example.keys", lang, one=one, two=two),
            "[keys]",
            f"# roll = {one}",
        ]
    )


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else toml_string(name)
