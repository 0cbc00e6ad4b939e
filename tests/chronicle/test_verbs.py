"""One registry of verbs (issue 11): the parser, the help, the palette, the manual and the
shell all read it, and a Russian Storyteller meets Russian for every verb."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

import elysium.chronicle.commands.registry  # noqa: F401  (importing it registers every handler)
from elysium import helptext
from elysium.chronicle import verbs
from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.parser import VERBS, Quoted, parse, tokenize
from elysium.cli import main
from elysium.i18n import t

COMMANDS = Path(__file__).resolve().parents[2] / "docs" / "commands.md"

# One command a Storyteller would type for each verb, in Russian spellings, in an order that
# works from a new chronicle: every acknowledgement is checked for English words.
RUSSIAN_SCENE = [
    'добавить "Марк" вампир поколение 10',
    'добавить "Боб" смертный пустой',
    'добавить "Рекс" гуль пустой',
    'добавить "Гость" неонат',
    "убрать Гость",
    "задать Марк ловкость 4 драка 3 выносливость 3 воля 6",
    "задать Боб ловкость 2 драка 2",
    "правила",
    "правила десятки вкл",
    "умение добавить Марк Величие ловкость+драка сл 7 цена воля 1",
    "умение Марк",
    "умение Марк Величие кости 8,8,3,1,9,2,2",
    "умение убрать Марк Величие",
    "правила десятки выкл",
    "бросок Марк ловкость+драка сл 7 кости 8,8,3,1,10,2,2",
    "бросок Марк ловкость+драка повтор 1 кости 8,8,3,1,10,2,2",
    "бросок Марк ловкость+драка не-в-счёт кости 8,8,3,1,10,2,2",
    "исключить",
    "встречная Марк ловкость+драка против Боб ловкость+драка кости 8,8,3,1,10,2,2,8,3,6,1",
    "командная Марк ловкость+драка с Боб ловкость+драка кости 8,8,3,1,10,2,2,8,3,6,1",
    'продолжительная начать Марк "ритуал" ловкость+драка цель 3',
    "продолжительная бросок ритуал кости 8,8,3,1,10,2,2",
    'продолжительная начать 3 "замок" цель 5',
    "продолжительная прервать замок",
    "урон Боб 2 лёгкие кости 8",
    "урон Марк 1 тяжёлые безпрочности",
    "лечить Марк 1",
    "потратить Марк воля 1",
    "получить Марк воля 1",
    "опыт Марк 10",
    "повысить Марк драка",
    'опыт Марк 2 "пережил засаду"',
    "журнал-опыта Марк",
    "ход",
    "питание Марк 1 из Боб",
    "ход",
    "усилить Марк сила 1",
    "ход",
    "румянец Марк",
    "ярость Марк сл 6 кости 8,8,8,8",  # a new sheet's Self-Control 4
    "успокоить Марк",
    "ротшрек Марк сл 6 кости 8,8,8",  # Courage 3
    "успокоить Марк",
    "деградация Марк грех 3 кости 8,8,8",  # Conscience 3
    'расстройство Марк добавить "Паранойя"',
    "расстройство Марк убрать паранойя",
    'достоинство Марк "Быстрые рефлексы" 3 кости +1',
    "достоинство Марк",
    'бросок Марк ловкость+драка достоинство "Быстрые рефлексы" кости 8,8,3,1,10,2,2,4,5',
    'недостаток Марк "Плохое зрение" 2 сл +1',
    "недостаток Марк Плохое зрение 0",
    'состояние Марк "Подчинён" 2 хода',
    "состояние Марк подчинён снять",
    "действие Марк прыжок кости 8,8",
    "движение Марк",
    "нести Марк 30",
    "нести Марк 0",
    "день Марк проснуться",
    "торпор Марк",
    "урон Марк 1 губительные беспрочности",
    "отдых Марк",
    "история Марк успех мудрость",
    "сцена",
    "ночь",
    "отменить",
    "вернуть",
    "бой начать Марк Боб",
    "инициатива кости Марк=7,Боб=3",
    "заявить Боб уклонение",
    "заявить Марк атака Боб удар",
    "отложить Марк",
    "далее",
    "атака Марк Боб удар",
    "защита Боб уклонение",
    "бой конец",
    'переименовать Боб "Боб Старший"',
    'группа сохранить "Стая" Рекс Рекс',
    'группа добавить "Стая"',
    "группа список",
    'группа забыть "Стая"',
    "глава",
]
ALLOWED = {"xp", "v20", "elysium"}


def _english(text: str) -> set[str]:
    words = {w.casefold() for w in re.findall(r"[A-Za-z][A-Za-z_-]+", text)}
    return {w for w in words if not set(w) <= {"x"}} - ALLOWED


def test_every_spelling_parses_to_its_verb() -> None:
    for verb in verbs.VERBS:
        for spelling in verb.spellings:
            assert VERBS[spelling.casefold()] == verb.name
            assert parse(f"{spelling.upper()} x").verb == verb.name


def test_every_verb_has_a_handler_usage_and_help_in_both_languages() -> None:
    for verb in verbs.VERBS:
        if verb.handler:
            assert callable(verbs.handler(verb.name))
        for lang in ("en", "ru"):
            for kind in ("usage", "help"):
                assert t(f"{kind}.{verb.name}", lang) != f"{kind}.{verb.name}", (verb, lang)
        # A Russian usage line starts with the Russian verb.
        assert t(f"usage.{verb.name}", "ru").startswith(verb.ru[0])


def test_the_manual_lists_every_verb_from_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    text = COMMANDS.read_text(encoding="utf-8")
    assert helptext.main(["--markdown"]) == 0
    assert text == capsys.readouterr().out, (
        "regenerate: python -m elysium.helptext --markdown > docs/commands.md"
    )
    for verb in verbs.VERBS:
        # The verb's row: its Russian spellings in the second cell, its usage after them.
        usage = t(f"usage.{verb.name}", "en").replace("|", "\\|")
        rows = [row for row in text.splitlines() if row.startswith(f"| `{verb.name}` | ")]
        assert any(
            all(f"`{s}`" in row.split(" | ")[1] for s in verb.ru) and f"`{usage}`" in row
            for row in rows
        ), verb.name


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_help_shows_every_verb_and_alias(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["help", "--lang", lang]) == 0
    overview = capsys.readouterr().out
    for verb in verbs.VERBS:
        assert verbs.spelling(verb.name, lang) in overview
        assert main(["help", verb.ru[0], "--lang", lang]) == 0
        one = capsys.readouterr().out
        assert all(s in one for s in verb.spellings)
        assert t(f"usage.{verb.name}", lang) in one


def test_run_help_names_the_verbs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    out = capsys.readouterr().out
    assert all(verb.name in out for verb in verbs.VERBS)


def test_a_russian_scene_is_acknowledged_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "c"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert main(["new", str(root)]) == 0
    capsys.readouterr()
    done = set()
    for command in RUSSIAN_SCENE:
        assert main(["run", str(root), command, "--seed", "1"]) == 0, capsys.readouterr().err
        out = capsys.readouterr().out.strip()
        assert out and not _english(out), (command, out)
        done.add(parse(command).verb)
    assert done == {v.name for v in verbs.VERBS}


@pytest.mark.parametrize("verb", [v for v in verbs.VERBS if v.name not in ("undo", "redo")])
def test_every_verb_refuses_in_russian_with_its_russian_usage(
    verb: verbs.Verb,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = tmp_path / "c"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert main(["new", str(root)]) == 0
    assert main(["run", str(root), 'добавить "Марк" вампир']) == 0
    capsys.readouterr()
    status = main(["run", str(root), f"{verb.ru[0]} Марк 99 zzz 99 zzz 99"])
    err = capsys.readouterr().err
    assert status == 2
    told = err.split(": ", 2)[-1]
    assert not _english(told.replace("zzz", "")), told


def test_the_russian_keywords_a_usage_shows_are_read(tmp_path: Path) -> None:
    """`штраф` is `penalty`; `из собаки`, `из человека` take the genitive (review of issue 11)."""
    from tests.chronicle_helpers import new_session

    s = new_session(tmp_path / "c", ['добавить "Марк" вампир'])
    s.execute("задать Марк броня 2 штраф 1")
    armour = s.state.characters["марк"].armour
    assert armour is not None and (armour.rating, armour.penalty) == (2, 1)
    with pytest.raises(ChronicleError) as refused:
        s.execute("задать Марк броня 2 штраф 9")
    assert "штраф брони — от 0 до 5, а не 9" in refused.value.render("ru")
    for command in ("потратить Марк кровь 1", "ход", "потратить Марк кровь 1", "ход"):
        s.execute(command)
    assert s.execute("питание Марк 1 из собаки").event.data["vessel"] == "dog"
    s.execute("ход")
    assert s.execute("питание Марк 1 из человека").event.data["vessel"] == "human"
    s.close()


def test_an_unknown_verb_is_answered_with_the_readers_verbs_and_a_guess() -> None:
    with pytest.raises(ChronicleError) as refused:
        parse("броск 2")
    ru = refused.value.render("ru")
    assert "(может быть, 'бросок'?)" in ru and "команды: добавить, убрать" in ru
    assert not _english(ru.replace("броск", ""))
    assert "commands: add, remove" in refused.value.render("en")
    with pytest.raises(ChronicleError) as unclosed:
        parse('бросок "Марк 2')
    assert unclosed.value.render("ru").endswith("кавычка не закрыта (закройте кавычки)")


def test_the_palette_lists_every_verb_in_russian_with_its_usage_as_text(tmp_path: Path) -> None:
    from textual.content import Content

    from elysium.tui.palette import VerbCommands
    from tests.tui_helpers import demo_app, run_async

    @run_async
    async def check() -> None:
        app = demo_app(tmp_path, "ru")
        async with app.run_test(size=(120, 40)):
            commands = list(app.get_system_commands(app.screen))
            provider = VerbCommands(app.screen)
            hits = {}
            for verb in verbs.VERBS:
                found = [hit async for hit in provider.search(verb.ru[0])]
                hits[verb.name] = [str(hit.text) for hit in found], found
        app.session.close()
        for verb in verbs.VERBS:
            titles, _ = hits[verb.name]
            assert any(title.startswith(f"{verb.ru[0]} ({verb.name}") for title in titles)
        _, found = hits["set"]
        usage = next(str(hit.help) for hit in found if str(hit.text).startswith("задать"))
        # [N] is text, not a markup tag: the palette shows the usage line exactly.
        assert Content.from_markup(usage).plain == t("usage.set", "ru")
        titles = [str(c.title) for c in commands]
        assert "Выход" in titles and "Quit" not in titles

    check()


def test_a_handler_registers_only_the_verb_the_table_names_it_for() -> None:
    def cmd_roll(ctx: object, args: object) -> None:  # the table's name, not its module
        raise AssertionError("never run")

    with pytest.raises(ValueError, match="roll"):
        verbs.runs("roll")(cmd_roll)
    assert verbs.handler("roll") is not cmd_roll
    assert verbs.handler("roll").__module__ == "elysium.chronicle.commands.dice"


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ('condition Bob "Held" 2 turns', [False, False, True, False, False]),
        ("roll 'Prince Vitel' \"\" x", [False, True, True, False]),
        ('add Mar\\"cus "a b"c', [False, False, True]),
    ],
)
def test_a_quoted_word_is_known_as_quoted(text: str, quoted: list[bool]) -> None:
    """Handlers that must tell a quoted label from a keyword (``condition Bob "scene"``) ask
    the word itself; its text is what a shell's split gives."""
    words = tokenize(text)
    assert words == shlex.split(text)
    assert [isinstance(w, Quoted) for w in words] == quoted
