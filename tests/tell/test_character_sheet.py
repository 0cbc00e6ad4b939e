"""The whole character sheet: ``rename`` in both languages, ``elysium sheet`` as
Markdown and HTML (user text escaped), Nature, Demeanour and Backgrounds in the rules core."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.rules.character import set_trait
from elysium.rules.errors import RulesError
from elysium.rules.templates import from_template

HOSTILE = "Lord <script>alert(1)</script> *Bold* [l](x) #1 `t`"


def _open(tmp_path: Path, *commands: str) -> Session:
    root = tmp_path / "c"
    assert main(["new", str(root)]) == 0
    session = Session.open(root)
    for command in commands:
        session.execute(command)
    return session


# --- rename ---------------------------------------------------------------------------------


def test_rename_is_one_undoable_event_and_the_fight_follows(tmp_path: Path) -> None:
    s = _open(
        tmp_path,
        "add Marcus neonate",
        "add Bob mortal",
        "add Ilse ghoul",
        "combat start Marcus Bob",
        "init dice Marcus=7,Bob=3",
        "extended start Marcus research int+occult target 5",
    )
    try:
        before = s.state.events
        s.execute('rename Marcus "Marcus the Elder"')
        assert s.state.events == before + 1
        assert s.events()[-1].type == "renamed"
        state = s.state
        assert list(state.characters) == ["marcus the elder", "bob", "ilse"]  # order kept
        assert "marcus" not in state.characters
        assert state.characters["marcus the elder"].name == "Marcus the Elder"
        assert "marcus the elder" in state.combat["participants"]
        assert "marcus the elder" in state.combat["init"]
        action = next(iter(state.extended.values()))
        assert (action["key"], action["who"]) == ("marcus the elder", "Marcus the Elder")
        # Everything keyed by the character keeps working under the new name.
        s.execute("declare Bob dodge")
        s.execute("declare Marcus attack Bob strike")
        s.execute("extended roll research dice 8,8")
        s.execute("roll Elder dex+brawl dice 7,7,7,7,7,7")  # a neonate: Celerity 1, +1 die
        assert s.events()[-1].data["who"] == "Marcus the Elder"
        # Undo takes back the rolls and the declarations, then the rename in one step.
        steps = 0
        while "marcus the elder" in s.state.characters and steps < 10:
            s.execute("undo")
            steps += 1
        assert s.events()[-1].data["what"] == "Marcus is now Marcus the Elder"
        assert list(s.state.characters) == ["marcus", "bob", "ilse"]
        assert "marcus" in s.state.combat["participants"]
        s.execute("redo")
        assert list(s.state.characters) == ["marcus the elder", "bob", "ilse"]
    finally:
        s.close()


def test_a_renamed_chronicle_replays_to_the_same_state(tmp_path: Path) -> None:
    s = _open(tmp_path, "add Marcus neonate", "add Bob mortal", "rename Marcus Lucius")
    state = s.state
    s.close()
    again = Session.open(tmp_path / "c")
    try:
        assert list(again.state.characters) == list(state.characters) == ["lucius", "bob"]
    finally:
        again.close()


def test_rename_moves_blood_bonds_kept_by_the_donors_name(tmp_path: Path) -> None:
    s = _open(tmp_path, "add Marcus neonate", "add Ilse ghoul", "rename Marcus Regent")
    try:
        # A bond recorded before the rename is found under the new name afterwards.
        from dataclasses import replace

        from elysium.chronicle.commands.rename import _bonds_renamed

        ilse = replace(s.state.characters["ilse"], bonds={"Marcus": 2})
        assert _bonds_renamed(ilse, "Marcus", "Regent").bonds == {"Regent": 2}
    finally:
        s.close()


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ('rename Bob "marcus"', "there is already a character named 'Marcus'"),
        ('rename Bob ""', "the new name is empty"),
        ("rename Bob", "rename: missing the new name"),
        ("rename Bob Bob", "'Bob' already has that name"),
        ('переименовать Боб "марк"', "персонаж 'Марк' уже есть"),
        ('переименовать Боб ""', "новое имя пустое"),
    ],
)
def test_rename_refusals_say_why_and_change_nothing(
    tmp_path: Path, command: str, says: str
) -> None:
    people = ("add Marcus neonate", "add Марк neonate", "add Bob mortal", "add Боб mortal")
    s = _open(tmp_path, *people)
    try:
        before = s.state
        with pytest.raises(CommandError) as caught:
            s.execute(command)
        lang = "ru" if command.startswith("пере") else "en"
        assert says in caught.value.render(lang)
        assert s.state == before
    finally:
        s.close()


def test_russian_rename_with_quotes_and_spaces(tmp_path: Path) -> None:
    s = _open(tmp_path, "add Марк neonate")
    try:
        result = s.execute("переименовать Марк \"Марк 'Старший' [x]\"")
        assert result.render("ru") == "Марк теперь Марк 'Старший' [x]"
        assert s.state.characters["марк 'старший' [x]"].name == "Марк 'Старший' [x]"
    finally:
        s.close()


def test_a_case_only_rename_keeps_the_key(tmp_path: Path) -> None:
    s = _open(tmp_path, "add marcus neonate")
    try:
        s.execute("rename marcus MARCUS")
        assert list(s.state.characters) == ["marcus"]
        assert s.state.characters["marcus"].name == "MARCUS"
    finally:
        s.close()


# --- Nature, Demeanour, Backgrounds ------------------------------------------------------------


def test_nature_demeanour_and_backgrounds_are_set_and_kept(tmp_path: Path) -> None:
    s = _open(
        tmp_path,
        "add Marcus neonate",
        'set Marcus nature "Survivor"',
        "задать Marcus маска Бунтарь",
        "set Marcus resources 3",
        "set Marcus background:feeding-grounds 2",
        "задать Marcus дополнение:стадо 1",
    )
    try:
        c = s.state.characters["marcus"]
        assert (c.nature, c.demeanour) == ("Survivor", "Бунтарь")
        assert dict(c.backgrounds) == {"resources": 3, "feeding-grounds": 2, "herd": 1}
        assert c.trait("resources") == 3
        s.execute("set Marcus resources 0")  # 0 removes it, like a Discipline
        assert "resources" not in s.state.characters["marcus"].backgrounds
    finally:
        s.close()


def test_a_background_above_five_is_refused() -> None:
    c = from_template("Marcus", "neonate")
    with pytest.raises(RulesError) as caught:
        set_trait(c, "herd", 6)
    assert "rated 0 to 5, not 6" in caught.value.render("en")


def test_an_old_character_record_is_unchanged_without_the_new_fields() -> None:
    data = from_template("Marcus", "neonate").to_dict()
    assert not {"nature", "demeanour", "backgrounds"} & set(data)


# --- elysium sheet --------------------------------------------------------------------------


def _sheet_chronicle(tmp_path: Path) -> Path:
    root = tmp_path / "c"
    assert main(["new", str(root)]) == 0
    commands = [
        f"add {_q(HOSTILE)} neonate",
        f"set Lord clan {_q('Brujah <b>')}",
        f"set {_q(HOSTILE)} notes {_q('a [red]note[/] & <i>')}",  # notes: the whole name
        "set Lord resources 2",
    ]
    assert main(["run", str(root), *commands]) == 0
    return root


def _q(text: str) -> str:
    import shlex

    return shlex.quote(text)


def test_sheet_as_markdown_escapes_user_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _sheet_chronicle(tmp_path)
    capsys.readouterr()
    assert main(["sheet", str(root), "Lord", "--format", "md"]) == 0
    out = capsys.readouterr().out
    title = "# Lord \\<script\\>alert(1)\\</script\\> \\*Bold\\* \\[l\\](x) \\#1 \\`t\\`"
    assert out.startswith(title)
    assert "<script>" not in out and "*Bold*" not in out
    assert "- **Clan:** Brujah \\<b\\>" in out
    assert "### Physical" in out and "### Knowledges" in out and "### Backgrounds" in out
    assert "- Resources: ●●○○○ 2" in out
    assert "a \\[red\\]note\\[/\\] & \\<i\\>" in out


def test_sheet_as_html_escapes_user_text_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _sheet_chronicle(tmp_path)
    capsys.readouterr()
    assert main(["sheet", str(root), "Lord", "--format", "html", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<!DOCTYPE html>") and '<html lang="ru">' in out
    assert "<script>" not in out
    assert "<h1>Lord &lt;script&gt;alert(1)&lt;/script&gt; *Bold*" in out
    assert "<td>Клан</td><td>Brujah &lt;b&gt;</td>" in out
    assert "<h2>Атрибуты</h2>" in out and "<h3>Таланты</h3>" in out
    assert "<td>Ресурсы</td>" in out
    assert "a [red]note[/] &amp; &lt;i&gt;" in out


def test_sheet_of_nobody_is_one_line_naming_who_there_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _sheet_chronicle(tmp_path)
    capsys.readouterr()
    assert main(["sheet", str(root), "nobody", "--lang", "ru"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "nobody" in err and "Lord" in err
