"""F4, an NPC from a template: its clan and generation too (a vampire's template starts
from its own generation), one event; a refused value is told on the dialog's last line and
the cursor stays in the form, on the field it is about."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select

from elysium.tui.dialogs.npc import NpcDialog
from elysium.tui.widgets.line import Line
from tests.tui_helpers import check, demo_app, run_async, settle

SIZE = (80, 24)


async def _npc(pilot) -> NpcDialog:
    await pilot.press("f4")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, NpcDialog)
    return dialog


async def _choose(pilot, dialog: NpcDialog, template: str) -> None:
    dialog.query_one("#template", Select).value = template
    await settle(pilot)


async def a_vampire_npc_gets_its_clan_and_generation_in_one_event(pilot) -> None:
    app = pilot.app
    before = app.session.state.events
    dialog = await _npc(pilot)
    assert dialog.focused is dialog.query_one("#npc-name")  # typing names the NPC
    gen, clan = dialog.query_one("#npc-gen", Input), dialog.query_one("#npc-clan", Input)
    assert gen.disabled and clan.disabled  # a mortal has neither
    await pilot.press(*"Kyle")
    await _choose(pilot, dialog, "neonate")
    assert not gen.disabled and gen.value == "13"  # the template's own
    clan.value, gen.value = "Brujah", "12"
    await pilot.click("#add")
    await settle(pilot)
    assert not isinstance(app.screen, NpcDialog)
    kyle = app.session.state.characters["kyle"]
    # seed 004, "Поколения": "| 12 | 11 | 1 | 5 |" (the 12th: a pool of 11)
    assert (kyle.clan, kyle.generation, kyle.blood_max) == ("Brujah", 12, 11)
    assert app.session.state.events == before + 1
    # The defaults alone: the template's generation, no clan.
    dialog = await _npc(pilot)
    await pilot.press(*"Old One")
    await _choose(pilot, dialog, "elder")
    dialog.query_one("#npc-name", Input).focus()
    await pilot.press("enter")
    await settle(pilot)
    elder = app.session.state.characters["old one"]
    assert (elder.clan, elder.generation) == ("", 8)


REFUSED = {
    "en": ("3rd generation", "a whole number", "already"),
    "ru": ("третьего поколения", "целое число", "уже"),
}
NEAR_MISS = {"en": "did you mean 'Бруха'?", "ru": "'Бруха'?"}
TEMPLATES = {
    "en": ["mortal", "ghoul", "neonate", "ancilla", "elder"],
    "ru": ["смертный", "гуль", "неонат", "анцилла", "старейшина"],
}


async def close(pilot) -> None:
    """Esc out of the dialog, so that the next check opens a fresh one."""
    await pilot.press("escape")
    await settle(pilot)
    assert not isinstance(pilot.app.screen, NpcDialog), "Esc left the NPC dialog open"


async def a_refused_value_is_told_in_one_line_and_the_cursor_stays_on_it(pilot, lang: str) -> None:
    app = pilot.app
    gen_said, whole_said, taken_said = REFUSED[lang]
    before = app.session.state
    dialog = await _npc(pilot)
    said = dialog.query_one("#npc-said", Line)
    name, gen = dialog.query_one("#npc-name", Input), dialog.query_one("#npc-gen", Input)
    await _choose(pilot, dialog, "ancilla")
    name.value = "Kyle"
    for typed, told in (("3", gen_said), ("", whole_said)):
        gen.value = typed
        gen.focus()
        await pilot.press("enter")
        for _ in range(3):
            await settle(pilot)
        assert app.screen is dialog and dialog.focused is gen
        assert told in said.plain and "\n" not in said.plain, said.plain
    gen.value = "10"
    name.value = "Lucien Marchetti"
    await pilot.click("#add")
    for _ in range(3):
        await settle(pilot)
    assert app.screen is dialog and dialog.focused is name
    assert taken_said in said.plain, said.plain
    assert app.session.state.events == before.events  # nothing was added
    assert app.session.state.characters == before.characters


async def a_clan_near_miss_is_refused_on_the_clan_field(pilot, lang: str) -> None:
    app = pilot.app
    near = NEAR_MISS[lang]
    before = app.session.state
    dialog = await _npc(pilot)
    await _choose(pilot, dialog, "neonate")
    dialog.query_one("#npc-name", Input).value = "Vera"
    clan = dialog.query_one("#npc-clan", Input)
    clan.value = "Бру\x78а"  # a Latin x among Cyrillic letters
    await pilot.click("#add")
    for _ in range(3):
        await settle(pilot)
    said = dialog.query_one("#npc-said", Line).plain
    assert app.screen is dialog and dialog.focused is clan
    assert near in said and "\n" not in said, said
    assert app.session.state.characters == before.characters


async def the_templates_are_shown_in_the_readers_language(pilot, lang: str) -> None:
    app = pilot.app
    dialog = await _npc(pilot)
    template = dialog.query_one("#template", Select)
    assert [str(label) for label, _value in template._options] == TEMPLATES[lang]
    await _choose(pilot, dialog, "elder")  # the value sent stays the template's key
    dialog.query_one("#npc-name", Input).value = "Old One"
    await pilot.click("#add")
    await settle(pilot)
    assert app.session.state.characters["old one"].generation == 8


@pytest.mark.parametrize("lang", ["en", "ru"])
@run_async
async def test_the_npc_dialog_adds_npcs_refuses_bad_values_on_their_field_and_translates(
    tmp_path: Path, lang: str
) -> None:
    """One dashboard, its checks in turn: in English, a vampire NPC and an elder added (then
    undone); the refusals (each dialog left with Esc, nothing added); then the templates'
    names, which adds an NPC."""
    app = demo_app(tmp_path, lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if lang == "en":
            first = app.session.state.characters
            await check(
                "a vampire NPC", a_vampire_npc_gets_its_clan_and_generation_in_one_event(pilot)
            )
            await pilot.press("ctrl+z", "ctrl+z")  # the two NPCs taken back
            await settle(pilot)
            assert app.session.state.characters == first, "the NPCs added were not undone"
        await check(
            "refused value",
            a_refused_value_is_told_in_one_line_and_the_cursor_stays_on_it(pilot, lang),
        )
        await close(pilot)
        await check("clan near miss", a_clan_near_miss_is_refused_on_the_clan_field(pilot, lang))
        await close(pilot)
        await check("templates", the_templates_are_shown_in_the_readers_language(pilot, lang))
    app.session.close()
