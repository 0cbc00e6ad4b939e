"""The Storyteller's own settings: ``config.toml`` in the config directory.

```toml
language = "ru"          # en | ru
profile = "v20"          # the rules profile of a new chronicle
theme = "textual-dark"   # the dashboard's Textual theme (kept when chosen from the palette);
                         # "ansi-dark" / "ansi-light": the terminal's own 16 colours
[keys]                   # binding id = key(s), Textual's keymap syntax
roll = "f9"
```

Which language wins: ``--lang`` on the command line, then ``language`` here, then the
locale. A setting that is wrong (a line that is not TOML, a wrong type, an unknown language,
profile or setting) is one line in :attr:`Config.problems` saying what was wrong and what is
allowed; it is skipped and the rest of the file still applies. Nothing here raises.

Used by the command line as well as the dashboard, so it never imports Textual; the
dashboard checks what only it knows (its binding ids, its themes) with :func:`unknown_keys`
and :func:`unknown_theme`.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from elysium.chronicle.errors import Line
from elysium.chronicle.store.paths import config_dir, make_private_dirs
from elysium.i18n import LANGUAGES
from elysium.rules.profiles import PROFILES

CONFIG_FILE = "config.toml"
DEFAULT_PROFILE = "v20"
DEFAULT_THEME = "textual-dark"  # Textual's own default, shown when the file names none
# Textual's themes drawn in the terminal's own 16 colours, for a terminal without true colour
# (a console, many SSH clients, tmux without ``Tc``): the dashboard's default there.
ANSI_THEMES = ("ansi-dark", "ansi-light")
TRUE_COLOUR = ("truecolor", "24bit")  # what COLORTERM says in a terminal with true colour
SETTINGS = ("language", "profile", "theme", "keys")
KEY_EXAMPLES = ("f9", "f9,ctrl+r")
EXAMPLES = {"language": "ru", "profile": DEFAULT_PROFILE, "theme": DEFAULT_THEME}
MAX_BYTES = 1 << 20  # a settings file is a few lines; anything bigger is not one
MAX_SKIPPED = 20  # lines that are not TOML skipped before the whole file is given up
MAX_SEARCHED = 2000  # lines searched for the culprit when TOML cannot say where it is
MAX_DEPTH = 8  # settings nest a table or two; a file nested deeper is not settings

_AT = re.compile(r"\s*\((?:at line (\d+), column \d+|at end of document)\)\s*$")
_COMMENTED_THEME = re.compile(r"^\s*#\s*theme\s*=")


@dataclass(frozen=True)
class Config:
    """The settings in effect; what the file got wrong is in ``problems`` (one line each,
    told in any language with ``line.render(lang)``)."""

    language: str | None = None  # en | ru (--lang wins over it); None: the locale decides
    profile: str = DEFAULT_PROFILE  # a key of elysium.rules.PROFILES
    theme: str | None = None  # a Textual theme's name; None: the dashboard's default
    keys: dict[str, str] = field(default_factory=dict)  # binding id -> "key,key"
    problems: tuple[Line, ...] = ()
    path: Path | None = None  # the file read (None: no file was looked at)
    given: frozenset[str] = frozenset()  # the settings the file gave (and that apply)


def default_theme(environ: Mapping[str, str]) -> str:
    """The theme when the file names none (or an unknown one): Textual's own where the
    terminal says it has true colour (``COLORTERM``) or colour is off (``NO_COLOR``, which
    Textual greys as before), else ``ansi-dark``: a terminal over SSH then draws in its own
    palette, not in a 256-colour approximation of Textual's."""
    if environ.get("NO_COLOR") or environ.get("COLORTERM", "").casefold() in TRUE_COLOUR:
        return DEFAULT_THEME
    return ANSI_THEMES[0]


def config_path() -> Path:
    """``$XDG_CONFIG_HOME/elysium/config.toml`` (``~/.config/elysium/config.toml``)."""
    return config_dir() / CONFIG_FILE


def load_config(path: Path | None = None) -> Config:
    """The settings from ``path`` (default :func:`config_path`); a missing file is the
    defaults, with no problems."""
    path = config_path() if path is None else path
    file = path.name
    text, problems = read_text(path)
    if text is None:
        return Config(problems=tuple(problems), path=path)
    data, parse_problems = _parse(text, file)
    values, value_problems = _settings(data, file)
    return Config(
        **values,
        problems=(*problems, *parse_problems, *value_problems),
        path=path,
        given=frozenset(values),
    )


def keymap(config: Config) -> dict[str, str]:
    """The ``[keys]`` table as ``App.set_keymap`` takes it: binding id -> ``"f9,ctrl+r"``."""
    return dict(config.keys)


def unknown_keys(config: Config, known_ids: Iterable[str]) -> list[Line]:
    """One line for each ``[keys]`` entry that names no binding of the caller's."""
    known = sorted(set(known_ids))
    file = _file(config)
    return [
        Line("config.unknown_binding", file=file, name=name, known=known)
        for name in config.keys
        if name not in known
    ]


def unknown_theme(config: Config, known_themes: Iterable[str]) -> list[Line]:
    """One line when the theme named is not one the caller has."""
    known = sorted(set(known_themes))
    if config.theme is None or config.theme in known:
        return []
    return [Line("config.unknown_theme", file=_file(config), name=config.theme, known=known)]


def _file(config: Config) -> str:
    return (config.path or Path(CONFIG_FILE)).name


# Reading ------------------------------------------------------------------------------


def read_text(path: Path) -> tuple[str | None, list[Line]]:
    """The file's text, or None (missing, or unreadable: then one line why). A symlinked
    config (a dotfiles repository) is read through; a FIFO or a huge file is not."""
    file = path.name
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return None, []
    except OSError as exc:
        return None, [Line("config.unreadable", file=file, why=exc.strerror or str(exc))]
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None, [Line("config.not_regular", file=file)]
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_BYTES and (chunk := os.read(fd, 1 << 16)):
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        return None, [Line("config.unreadable", file=file, why=exc.strerror or str(exc))]
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        return None, [Line("config.too_large", file=file, limit=MAX_BYTES)]
    try:
        return b"".join(chunks).decode("utf-8").removeprefix("\ufeff"), []
    except UnicodeDecodeError:
        return None, [Line("config.not_utf8", file=file)]


def _parse(text: str, file: str) -> tuple[dict[str, Any], list[Line]]:
    """The TOML, with each line TOML refuses skipped (and named) so the rest still applies."""
    import tomllib  # only when there is a file: a start without one never loads TOML

    from elysium.chronicle.jsonsafe import loads_toml

    lines = text.split("\n")  # TOML's own line breaks, so its line numbers match
    problems: list[Line] = []
    for _ in range(MAX_SKIPPED):
        try:
            return loads_toml("\n".join(lines), MAX_DEPTH), problems
        except tomllib.TOMLDecodeError as exc:
            said = str(exc)
            why = _AT.sub("", said)
            at = _AT.search(said)
            n = int(at[1]) if at and at[1] else _culprit(lines)
            if n is None or not 1 <= n <= len(lines) or not lines[n - 1].strip():
                return {}, [Line("config.not_toml", file=file, why=why)]
            lines[n - 1] = ""
            problems.append(Line("config.bad_line", file=file, line=n, why=why))
        except ValueError:  # nested deeper than any setting
            return {}, [Line("config.too_deep", file=file, limit=MAX_DEPTH)]
    return {}, [Line("config.not_toml", file=file, why=problems[-1].msg.values["why"])]


def _culprit(lines: list[str]) -> int | None:
    """The line after the longest beginning of the file that is still TOML (for errors TOML
    reports at the end of the document: a repeated key, a string never closed)."""
    from elysium.chronicle.jsonsafe import loads_toml  # as _parse

    if len(lines) > MAX_SEARCHED:
        return None
    for k in range(len(lines) - 1, -1, -1):
        try:
            loads_toml("\n".join(lines[:k]), MAX_DEPTH)
        except ValueError:
            continue
        return k + 1
    return None


def _kind(value: object) -> str:
    """A value's TOML type, as a catalog word (``config.kind.*``)."""
    import datetime as dt  # as _parse

    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "table"
    if isinstance(value, (dt.date, dt.time)):
        return "date"
    return "text"


def _settings(data: dict[str, Any], file: str) -> tuple[dict[str, Any], list[Line]]:
    values: dict[str, Any] = {}
    problems: list[Line] = []
    for name, value in data.items():
        if name not in SETTINGS:
            problems.append(Line("config.unknown_setting", file=file, name=name, allowed=SETTINGS))
        elif name == "keys":
            keys, bad = _keys(value, file)
            problems += bad
            if isinstance(value, dict):
                values["keys"] = keys
        elif not isinstance(value, str):
            example = f"{name} = {toml_string(EXAMPLES[name])}"
            problems.append(
                Line(
                    "config.wrong_type", file=file, setting=name, example=example, got=_kind(value)
                )
            )
        elif name == "language":
            if value.strip().lower() in LANGUAGES:
                values["language"] = value.strip().lower()
            else:
                problems.append(_bad_choice(file, name, value, LANGUAGES))
        elif name == "profile":
            if value.strip().lower() in PROFILES:
                values["profile"] = value.strip().lower()
            else:
                problems.append(_bad_choice(file, name, value, tuple(PROFILES)))
        elif not value.strip():
            problems.append(Line("config.empty_theme", file=file))
        else:
            values["theme"] = value.strip()
    return values, problems


def _bad_choice(file: str, name: str, value: str, allowed: tuple[str, ...]) -> Line:
    return Line(
        "config.bad_choice", file=file, setting=name, got=toml_string(value), allowed=allowed
    )


def _keys(value: object, file: str) -> tuple[dict[str, str], list[Line]]:
    """The ``[keys]`` table: each entry a key or keys as text; a bad entry is skipped."""
    if not isinstance(value, dict):
        return {}, [Line("config.keys_not_table", file=file, got=_kind(value))]
    keys: dict[str, str] = {}
    problems: list[Line] = []
    one, two = (toml_string(example) for example in KEY_EXAMPLES)
    for name, keys_text in value.items():
        examples = {"file": file, "name": name, "one": one, "two": two}
        if not isinstance(keys_text, str):
            problems.append(Line("config.key_not_text", **examples, got=_kind(keys_text)))
            continue
        parts = [part.strip() for part in keys_text.split(",")]
        if not all(parts) or any(len(part.split()) != 1 for part in parts):
            problems.append(Line("config.bad_key_list", **examples, got=toml_string(keys_text)))
            continue
        keys[name] = ",".join(parts)
    return keys, problems


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string (quotes, backslashes and control characters escaped)."""
    out = []
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


# Keeping the theme ---------------------------------------------------------------------


def save_theme(name: str, path: Path | None = None) -> Line | None:
    """Keep ``theme = "name"`` in the config file (default :func:`config_path`), changing
    only that setting (or adding it) through tomlkit, so the Storyteller's comments, order
    and other settings stay as written. Atomic (temp file, fsync, rename), 0600; the file and
    its directory (0700) are made when missing; a symlinked file is written where it points.
    A failure is returned as one line for the screen, never raised: a theme is a convenience,
    not a save."""
    import tomllib  # as _parse

    from elysium.chronicle.errors import StoreError
    from elysium.chronicle.jsonsafe import loads_toml
    from elysium.chronicle.store.files import atomic_write, write_error
    from elysium.i18n.message import Msg

    path = config_path() if path is None else path
    file = path.name
    what = Msg("config.theme_not_kept", file=file)
    if not name.strip() or any(ord(c) < 0x20 for c in name):
        return Line("config.theme_bad_name", name=name)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    text, problems = read_text(target)
    if problems:
        return Line("store.what_why", what=what, why=problems[0].msg)
    old = text or ""
    try:
        data = loads_toml(old, MAX_DEPTH)
    except tomllib.TOMLDecodeError as exc:
        return Line("config.theme_file_invalid", file=file, why=_AT.sub("", str(exc)))
    except ValueError:
        return Line("config.theme_file_invalid", file=file, why=Msg("config.why_deep"))
    new = _with_theme(old, name) if isinstance(data.get("theme", ""), str) else None
    try:
        changed_safely = new is not None and loads_toml(new, MAX_DEPTH) == {**data, "theme": name}
    except ValueError:
        changed_safely = False
    if new is None or not changed_safely:
        return Line("config.theme_not_safe", file=file, line=f"theme = {toml_string(name)}")
    try:
        _make_dir(target.parent)
        atomic_write(target, new.encode("utf-8"), what=what)
    except StoreError as exc:
        return Line(exc.msg)
    except OSError as exc:
        return write_error(exc, what)
    return None


def _make_dir(directory: Path) -> None:
    """The config directory, made 0700 if missing; an existing one (perhaps a symlink into
    a dotfiles repository) is used as it is."""
    if directory.is_dir():
        return
    make_private_dirs(directory)  # and its missing parents, 0700 whatever the umask


def _with_theme(text: str, name: str) -> str | None:
    """``text`` with its top-level ``theme`` set to ``name`` (a trailing comment kept), or
    such a setting added after the last top-level setting (else under a commented-out
    ``# theme = …``, else before the comments that introduce the first table). None when
    tomlkit cannot give the file back as written: it is then left alone."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError
    from tomlkit.items import Comment

    newline = "\r\n" if "\r\n" in text else "\n"
    if text and not text.endswith("\n"):
        text += newline  # the added line starts a line of its own
    try:
        doc = tomlkit.parse(text)
        if doc.as_string() != text:  # tomlkit would reorder it (tables split by others)
            return None
        if "theme" in doc:
            doc["theme"] = name
            return doc.as_string()
        setting = tomlkit.item(name)
        setting.trivia.trail = newline
        body = doc.body
        at = _theme_place(body)
        out = tomlkit.document()
        out.parsing(True)  # items as they were read: no blank line added before a table
        for i, (key, item) in enumerate(body):
            if i == at:
                out.add("theme", setting)
                if isinstance(item, Comment) or _is_header(key, item):
                    out.add(tomlkit.ws(newline))
            if key is None:  # a comment or blank lines
                out.add(item)
            else:
                out.add(key, item)
        if at == len(body):
            out.add("theme", setting)
        return out.as_string()
    except (TOMLKitError, ValueError, TypeError):
        return None


def _theme_place(body: list[tuple[Any, Any]]) -> int:
    """Where in the document's top-level items a new ``theme`` goes."""
    from tomlkit.items import Comment

    end = next((i for i, (key, item) in enumerate(body) if _is_header(key, item)), len(body))
    settings = [i for i in range(end) if body[i][0] is not None]
    if settings:
        return settings[-1] + 1
    commented = [
        i
        for i in range(end)
        if isinstance(body[i][1], Comment) and _COMMENTED_THEME.match(body[i][1].as_string())
    ]
    if commented:
        return commented[-1] + 1
    at = end  # only comments: before the comment block that introduces the first table
    while at > 0 and isinstance(body[at - 1][1], Comment):
        at -= 1
    return at


def _is_header(key: Any, item: Any) -> bool:
    """A ``[table]`` or ``[[array]]`` (a dotted ``a.b = 1`` is a setting, not a header)."""
    from tomlkit.items import AoT, Table

    return isinstance(item, (Table, AoT)) and not (key is not None and key.is_dotted())
