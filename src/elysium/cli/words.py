"""argparse's own words (its usage errors, its --help headings) in the reader's language:
argparse asks ``gettext`` for them; :func:`argparse_words` answers from the catalogs."""

from __future__ import annotations

import re

from elysium.i18n import CATALOGS, detect_lang, t

# The language usage errors are told in: --lang when the command line has it, else the
# locale's (set by main before parsing; argparse reports while it parses).
error_lang: list[str] = []


def reader_lang() -> str:
    """The language a usage error or a help text is told in (argparse asks while parsing)."""
    return error_lang[-1] if error_lang else detect_lang()


def h(key: str, **values: object) -> str:
    """A help text of the command line (catalog ``clihelp.…``) in the reader's language;
    argparse formats it with ``%``, so a ``%`` in it is doubled."""
    return t(key, reader_lang(), **values).replace("%", "%%")


# argparse's own words in a usage error (its gettext message ids) and the catalog keys that
# tell them in another language; ``{_s}`` stands for argparse's ``%s``, ``{_r}`` for ``%r``.
_ARGPARSE = {
    "argument %(argument_name)s: %(message)s": "argparse.argument",
    "the following arguments are required: %s": "argparse.required",
    "unrecognized arguments: %s": "argparse.unrecognized",
    "expected one argument": "argparse.one",
    "expected at most one argument": "argparse.at_most_one",
    "expected at least one argument": "argparse.at_least_one",
    "invalid choice: %(value)r (choose from %(choices)s)": "argparse.choice",
    "invalid %(type)s value: %(value)r": "argparse.invalid",
    "ambiguous option: %(option)s could match %(matches)s": "argparse.ambiguous",
    "not allowed with argument %s": "argparse.not_allowed",
    "ignored explicit argument %r": "argparse.ignored",
    "one of the arguments %s is required": "argparse.one_of",
    # --help's own words
    "usage: ": "argparse.usage",
    "positional arguments": "argparse.positionals",
    "options": "argparse.options",
    "show this help message and exit": "argparse.help",
    "show program's version number and exit": "argparse.version",
}
_FIELD = re.compile(r"\{(\w+)(!r)?\}")


def argparse_words(msgid: str) -> str:
    """argparse's ``gettext``: its message id, or the same message in the reader's language
    (as a ``%`` template, which argparse fills)."""
    key = _ARGPARSE.get(msgid)
    lang = reader_lang()
    if key is None or lang == "en":
        return msgid
    text = CATALOGS.get(lang, {}).get(key)
    if text is None:
        return msgid

    def field(m: re.Match[str]) -> str:
        kind = "r" if m[2] else "s"
        return f"%{m[1][1:]}" if m[1] in ("_s", "_r") else f"%({m[1]}){kind}"

    return _FIELD.sub(field, text.replace("%", "%%"))
