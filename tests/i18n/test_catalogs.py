"""Every message key renders in both languages, and Russian messages are Russian.

Each template is filled with sample values chosen from its own fields (a count for a plural,
a catalog word for a lookup, a list for a list), so a template that cannot be told — a
missing key, a field the other language lacks, a broken format — fails here rather than in
front of a Storyteller.
"""

from __future__ import annotations

import re
import string

import pytest

from elysium.i18n import CATALOGS, PARTS, Msg, t
from elysium.i18n.templates import plural_form
from tests.i18n.latin import ALLOWED_LATIN

SAMPLE_NAME = "Zxq"


def _fields(template: str) -> list[tuple[str, str, str | None]]:
    out = []
    for _, field, spec, conversion in string.Formatter().parse(template):
        if field is not None:
            out.append((field, spec or "", conversion))
    return out


def _sample(field: str, spec: str) -> object:
    kind, _, arg = spec.partition(":")
    if kind in ("l", "j"):
        return [SAMPLE_NAME, SAMPLE_NAME]
    if kind in ("n", "w") or spec.endswith("d") or spec == ",":
        return 3
    if kind == "t":
        prefix = arg + "."
        for key in CATALOGS["en"]:
            if key.startswith(prefix):
                return key[len(prefix) :]
        return SAMPLE_NAME
    return SAMPLE_NAME


def _values(key: str) -> dict[str, object]:
    values: dict[str, object] = {}
    for lang in ("en", "ru"):
        for field, spec, _ in _fields(CATALOGS[lang].get(key, "")):
            values.setdefault(field.split(".")[0].split("[")[0], _sample(field, spec))
    return values


def test_both_languages_have_the_same_keys() -> None:
    en, ru = set(CATALOGS["en"]), set(CATALOGS["ru"])
    assert not sorted(en - ru), "missing in Russian"
    assert not sorted(ru - en), "missing in English"


def test_a_key_lives_in_one_part_of_a_catalog() -> None:
    for lang, parts in PARTS.items():
        seen: dict[str, int] = {}
        for i, part in enumerate(parts):
            for key in part:
                assert key not in seen, f"{lang}: {key} is in parts {seen[key]} and {i}"
                seen[key] = i


def _render_problem(key: str, lang: str) -> str | None:
    """What is wrong with one key told in one language, or None: a field the sample values
    lack, a template that raises, is left unfilled or keeps a brace."""
    values = _values(key)
    template = CATALOGS[lang][key]
    fields = {f.split(".")[0].split("[")[0] for f, _, _ in _fields(template)}
    if not fields <= set(values):
        return f"fields {sorted(fields - set(values))} have no sample value"
    try:
        text = t(key, lang, **values)
    except Exception as error:
        return f"raises {error!r}"
    if text.startswith(template) and fields:
        return f"left unfilled: {text!r}"
    if "{" in text.replace("{" + SAMPLE_NAME, ""):
        return f"keeps a brace: {text!r}"
    return None


def _failures(problems: dict[str, str | None]) -> str:
    found = {key: problem for key, problem in problems.items() if problem}
    return f"{len(found)} key(s) fail:\n" + "\n".join(f"  {k}: {v}" for k, v in found.items())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_key_renders(lang: str) -> None:
    """One test per catalog, listing every key that cannot be told (not one item a key:
    thousands of items cost more than the checks they hold)."""
    problems = {key: _render_problem(key, lang) for key in sorted(CATALOGS[lang])}
    assert not any(problems.values()), _failures(problems)


def _english_in_russian(key: str) -> str | None:
    text = t(key, "ru", **_values(key)).replace(SAMPLE_NAME, "")
    words = {w.casefold() for w in re.findall(r"[A-Za-z][A-Za-z_]+", text)}
    english = words - ALLOWED_LATIN
    return f"{text!r} has {sorted(english)}" if english else None


def test_russian_messages_have_no_english_words() -> None:
    problems = {key: _english_in_russian(key) for key in sorted(CATALOGS["ru"])}
    assert not any(problems.values()), _failures(problems)


@pytest.mark.parametrize(
    ("n", "form"),
    [(1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (12, 2), (14, 2), (21, 0), (22, 1), (25, 2), (0, 2)],
)
def test_russian_plural_forms(n: int, form: int) -> None:
    assert plural_form(n, "ru") == form
    words = ["пункт", "пункта", "пунктов"]
    assert Msg("x", n=n).render("ru") == "x"  # an unknown key is itself, whatever the values
    from elysium.i18n.templates import tell

    assert tell("{n:n:пункт|пункта|пунктов}", "ru", {"n": n}, lambda k, lang: None) == (
        f"{n} {words[form]}"
    )


# --- Russian that needs no case or gender -----------------------------------------------------

# A name is the Storyteller's: Russian cannot agree a verb with it or decline it, so a name
# stands where neither is needed ("добавлен персонаж: X", "у персонажа X", "X: ...").
GENDER_BRACKETS = re.compile(r"\((а|ы|о|ла|на|ен|ён)\)")
NAME = r"\{(?:who|name|old|winner|first|donor)(?:![a-z])?(?::[^}]*)?\}"
WHO = r"\{(?:who|old|winner|first|donor)(?:![a-z])?(?::[^}]*)?\}"  # {name} is often a file
# A name, then a past-tense verb or a short participle that would agree with it.
ENDS = r"(?:ил|ал|ял|ел|ёл|ул|ыл|лся|ан|ен|ён|ит)"
AGREEING = re.compile(WHO + r"\s+(?:уже\s+|не\s+|окончательно\s+)?[а-яё]+" + ENDS + r"\b")
# Present-tense verbs (no gender) and words that agree with something else (нужен пункт).
AGREEING_EXCEPT = {
    "может",
    "платит",
    "тратит",
    "лечит",
    "бежит",
    "стоит",
    "спит",
    "выходит",
    "нужен",
    "клан",  # a noun: "задать {who} клан …" (the command to type)
}
# A name after a preposition or a noun that would decline it.
DECLINED = re.compile(r"(?:^|[\s«(\"])(?:у|от|ход|кости инициативы|крови|витэ)\s+" + NAME)


def test_russian_has_no_gender_brackets() -> None:
    found = {k: v for k, v in CATALOGS["ru"].items() if GENDER_BRACKETS.search(str(v))}
    assert not found  # "добавлен(а)", "повышен(а)": a neutral wording instead


def test_russian_agrees_no_verb_with_a_name() -> None:
    found = {}
    for key, text in CATALOGS["ru"].items():
        for m in AGREEING.finditer(str(text)):
            if m.group(0).split()[-1] not in AGREEING_EXCEPT:
                found[key] = text
    assert not found


def test_russian_declines_no_name() -> None:
    found = {k: v for k, v in CATALOGS["ru"].items() if DECLINED.search(str(v))}
    assert not found  # "у персонажа {who}", not "у {who}"


def test_dazed_is_one_word_in_russian() -> None:
    # The cheat sheet's «Ошеломление» (seed 004): «ошеломлён», never «оглушён».
    assert not {k for k, v in CATALOGS["ru"].items() if "оглуш" in str(v)}
    assert t("ui.dazed", "ru") == t("log.dazed", "ru") == "ошеломлён"


def test_everything_set_can_set_has_a_name_in_both_languages() -> None:
    from elysium.chronicle.commands.characters import SET_WORDS

    for what in set(SET_WORDS.values()):
        for lang in ("en", "ru"):
            assert f"set.{what}" in CATALOGS[lang], (lang, what)  # "Marcus: player" was raw
