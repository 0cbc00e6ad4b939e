"""House rules the Storyteller sees and switches (``rules`` / ``правила``), and
a character's named rolls (``power`` / ``умение``), driven through the command language.

Sources: RULES.md §2 (the profiles and their house-rule toggles); cheat sheet (seed 004)
"Неудача и провал": «Вариант: первый провал за игровую встречу у всех считается простой
неудачей»; "Кровь": «Всё это - не больше предела траты крови за ход (таблица поколений)»;
"Воля": «Пункт воли: +1 гарантированный успех (раз за ход, до броска)»; Demon (seed 001):
«Он может на единицу увеличить сложность броска» when a roll has no Ability.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from elysium.chronicle import state as st
from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.rules.character import Character
from elysium.rules.powers import Power
from elysium.rules.profiles import HouseRules
from elysium.tell.events import describe
from elysium.tell.recap import build, markdown
from tests.chronicle_helpers import COTERIE, new_session

SHEET = [*COTERIE, "set Marcus charisma 3 intimidation 2 wits 2"]


def _session(tmp_path: Path, extra: list[str] | None = None) -> Session:
    return new_session(tmp_path / "c", [*SHEET, *(extra or [])])


def _refused(s: Session, command: str) -> str:
    before = (s.state, s.state.events)
    with pytest.raises(ChronicleError) as refused:
        s.execute(command)
    assert (s.state, s.state.events) == before  # nothing changed, nothing written
    return refused.value.render("en")


# --- rules: the table ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "lang", "expected"),
    [
        ("rules", "en", ["Profile: Vampire: The Masquerade", "rule-of-ten", "ignore", "on"]),
        ("правила", "ru", ["Профиль: Вампиры: Маскарад", "правило-десяток", "выкл", "вкл"]),
    ],
)
def test_rules_shows_the_profile_and_every_house_rule_without_an_event(
    tmp_path: Path, command: str, lang: str, expected: list[str]
) -> None:
    s = _session(tmp_path)
    events = s.state.events
    result = s.execute(command)
    assert result.event is None and s.state.events == events
    text = result.render(lang)
    assert all(word in text for word in expected), text
    assert len(text.splitlines()) == 2 + 10  # profile, heading, one line per house rule
    s.close()


# --- rules: switching each one ------------------------------------------------------------

# (command, field, value after, the log in Russian shows)
SWITCHES = [
    ("rules rule-of-ten on", "rule_of_ten", True, "правило-десяток: выкл → вкл"),
    ("правила десятки вкл", "rule_of_ten", True, "правило-десяток: выкл → вкл"),
    ("rules rule-of-ten-ones cancel", "rule_of_ten_ones", "cancel", "не-отменяют → отменяют"),
    ("правила единицы-переброса да", "rule_of_ten_ones", "cancel", "не-отменяют → отменяют"),
    ("rules forgiven-first-botch on", "forgiven_first_botch", True, "первый-провал: выкл → вкл"),
    ("правила первый-провал вкл", "forgiven_first_botch", True, "первый-провал: выкл → вкл"),
    ("rules retry-penalty off", "retry_penalty", False, "штраф-повтора: вкл → выкл"),
    ("правила штраф-повтора нет", "retry_penalty", False, "штраф-повтора: вкл → выкл"),
    ("rules fixed-initiative yes", "fixed_initiative", True, "постоянная-инициатива"),
    ("rules physical-dice on", "physical_dice", True, "кубы-на-столе: выкл → вкл"),
    ("правила кубы-на-столе вкл", "physical_dice", True, "кубы-на-столе: выкл → вкл"),
    ("rules willpower_on_attacks off", "willpower_on_attacks", False, "воля-на-атаку"),
    ("правила воля-на-атаку выкл", "willpower_on_attacks", False, "воля-на-атаку"),
    ("rules ones-cancel-on-damage off", "ones_cancel_on_damage", False, "единицы-урона"),
    ("rules no-ability-penalty on", "no_ability_penalty", True, "без-способности"),
    ("правила провал-команды выкл", "teamwork_botch_spoils", False, "провал-команды"),
]


@pytest.mark.parametrize(("command", "field", "value", "told"), SWITCHES)
def test_a_switch_is_an_event_undone_replayed_and_told(
    tmp_path: Path, command: str, field: str, value: object, told: str
) -> None:
    s = _session(tmp_path)
    before = s.state.profile.house
    result = s.execute(command)
    house = s.state.profile.house
    assert getattr(house, field) != getattr(before, field)
    assert house.to_dict()[field] == value
    assert result.event is not None and result.event.type == "house_rule"
    assert told in describe(result.event, "ru")
    assert "house rule" in describe(result.event, "en")
    # The diff carries the profile: replayed from the journal, the change is there.
    s.close()
    s = Session.open(tmp_path / "c")
    assert s.state.profile.house == house
    s.execute("undo")
    assert s.state.profile.house == before
    s.execute("redo")
    assert s.state.profile.house == house
    s.close()


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("rules bogus on", "no house rule 'bogus'; house rules: forgiven-first-botch"),
        ("rules ten maybe", "'maybe' is neither on nor off"),
        ("rules ten off", "rule-of-ten is already off"),
        ("rules rule-of-ten-ones sometimes", "rerolled 1s either cancel or ignore"),
        ("rules ten", "rules: on or off missing"),
        ("rules ten on now", "did not understand"),
        ("правила десятки может", "'может' is neither on nor off"),
    ],
)
def test_a_bad_switch_is_refused_and_changes_nothing(
    tmp_path: Path, command: str, says: str
) -> None:
    s = _session(tmp_path)
    text = _refused(s, command)
    assert says.split(":")[0] in text or says in text, text
    s.close()


# --- rules: the next roll follows them ------------------------------------------------------


def test_rule_of_ten_on_rerolls_and_off_refuses_the_extra_face(tmp_path: Path) -> None:
    s = _session(tmp_path)
    # Marcus: Dexterity 3 + Brawl 2 = 5 dice.
    _refused(s, "roll Marcus dex+brawl dice 10,3,4,5,6,7")
    s.execute("rules rule-of-ten on")
    event = s.execute("roll Marcus dex+brawl dice 10,3,4,5,6,7").event
    assert event is not None and event.data["rerolls"] == [7] and event.data["successes"] == 3
    s.execute("undo")
    s.execute("undo")  # the rule of ten is off again: five faces, no reroll
    event = s.execute("roll Marcus dex+brawl dice 10,3,4,5,6").event
    assert event is not None and event.data["rerolls"] == [] and event.data["successes"] == 2
    s.close()


@pytest.mark.parametrize(("setting", "successes"), [("ignore", 2), ("cancel", 1)])
def test_rerolled_ones_cancel_only_when_the_rule_says(
    tmp_path: Path, setting: str, successes: int
) -> None:
    s = _session(tmp_path, ["rules ten on"])
    if setting == "cancel":
        s.execute("rules rule-of-ten-ones cancel")
    event = s.execute("roll 2 dice 10,6,1").event
    assert event is not None and event.data["successes"] == successes
    s.close()


@pytest.mark.parametrize(("forgiven", "outcome"), [(True, "failure"), (False, "botch")])
def test_forgiven_first_botch_switched(tmp_path: Path, forgiven: bool, outcome: str) -> None:
    s = _session(tmp_path, ["rules forgiven-first-botch on"])
    if not forgiven:
        s.execute("правила первый-провал выкл")
    event = s.execute("roll Marcus dex+brawl dice 1,2,3,4,5").event
    assert event is not None and event.data["outcome"] == outcome
    # Forgiven or not, a second botch in the chapter stays a botch.
    event = s.execute("roll Marcus dex+brawl dice 1,2,3,4,5").event
    assert event is not None and event.data["outcome"] == "botch"
    s.close()


def test_ones_on_damage_and_soak(tmp_path: Path) -> None:
    # Marcus soaks lethal with Stamina 3 + Fortitude 2: faces 6,6,1,1,2.
    s = _session(tmp_path)
    cancelled = s.execute("damage Marcus 3 lethal dice 6,6,1,1,2").event
    s.execute("undo")
    s.execute("rules ones-cancel-on-damage off")
    kept = s.execute("damage Marcus 3 lethal dice 6,6,1,1,2").event
    assert cancelled is not None and kept is not None
    assert (cancelled.data["taken"], kept.data["taken"]) == (3, 1)
    s.close()


def test_willpower_on_attacks_and_fixed_initiative(tmp_path: Path) -> None:
    s = _session(tmp_path, ["rules willpower-on-attacks off"])
    assert "Willpower" in _refused(s, "attack Marcus Bob punch wp dice 8,8,8,8,8")
    s.execute("combat start Marcus Bob")
    s.execute("init dice Marcus=7,Bob=3")
    s.execute("undo")
    s.execute("rules fixed-initiative on")
    _refused(s, "init dice Marcus=7,Bob=3")  # no die is rolled for initiative now
    s.close()


def test_no_ability_penalty_raises_an_attribute_alone(tmp_path: Path) -> None:
    s = _session(tmp_path, ["rules no-ability-penalty on"])
    alone = s.execute("roll Marcus dexterity dice 7,7,7").event
    paired = s.execute("roll Marcus dex+brawl dice 7,7,7,7,7").event
    assert alone is not None and paired is not None
    assert (alone.data["difficulty"], paired.data["difficulty"]) == (7, 6)
    s.close()


def test_the_recap_tells_a_rule_switched(tmp_path: Path) -> None:
    s = _session(tmp_path, ["rules rule-of-ten on"])
    for lang, line in (("en", "house rule rule-of-ten: off → on"), ("ru", "правило-десяток")):
        text = markdown(build(s.events(), 1, "Test", lang), lang)
        assert "## House" not in markdown(build(s.events()[:4], 1, "Test", lang), lang)
        heading = "House rules switched" if lang == "en" else "Переключённые домашние правила"
        assert line in text.split(f"## {heading}")[1], text
    s.close()


def test_an_old_save_without_every_house_rule_loads() -> None:
    profile = st._profile_in({"key": "v20", "house": {"rule_of_ten": True}})
    assert profile.house.rule_of_ten and profile.house.retry_penalty
    assert st._profile_in({"key": "dark-ages"}).house == HouseRules()


# --- powers ---------------------------------------------------------------------------------


def test_power_add_list_roll_pay_remove_in_english(tmp_path: Path) -> None:
    s = _session(tmp_path)
    added = s.execute("power add Marcus Majesty charisma+intimidation diff 7 cost wp 1")
    assert added.event is not None and added.event.type == "power_added"
    marcus = s.state.characters["marcus"]
    assert marcus.powers == (Power("Majesty", "charisma+intimidation", 7, 0, 1),)
    listed = s.execute("power Marcus")
    assert listed.event is None and "Majesty: charisma+intimidation, diff 7, 1 Willpower" in (
        listed.render("en")
    )
    wp = marcus.willpower_points
    used = s.execute("power Marcus Majesty dice 8,8,3,1,7").event
    assert used is not None and used.type == "power"
    assert (used.data["successes"], used.data["difficulty"], used.data["cost_wp"]) == (2, 7, 1)
    assert s.state.characters["marcus"].willpower_points == wp - 1
    assert "Marcus uses Majesty: charisma+intimidation 5d diff 7, 1 Willpower" in describe(used)
    # The same faces through roll give the same roll: one roll code.
    s.execute("undo")
    same = s.execute("roll Marcus cha+intimidation diff 7 dice 8,8,3,1,7").event
    assert same is not None
    for key in ("dice", "successes", "difficulty", "outcome", "traits", "penalty"):
        assert same.data[key] == used.data[key], key
    assert "the power's whole name" in _refused(s, "power remove Marcus maj")  # issue 14
    s.execute("power remove Marcus majesty")
    assert s.state.characters["marcus"].powers == ()
    s.execute("undo")
    assert s.state.characters["marcus"].powers[0].name == "Majesty"
    s.close()


@pytest.mark.parametrize(
    "command",
    [
        'power add Marcus "Majesty" pool cha+intimidation diff 7 cost blood 1',
        "умение добавить Marcus Majesty запас обаяние+запугивание сл 7 цена кровь 1",
        "power add Marcus Majesty cha+intimidation cost blood 1 diff 7",
    ],
)
def test_power_add_takes_pool_as_an_optional_keyword(tmp_path: Path, command: str) -> None:
    """The named-roll form as issue 12 wrote it was refused ("did not understand")."""
    s = _session(tmp_path)
    s.execute(command)
    assert s.state.characters["marcus"].powers == (
        Power("Majesty", "charisma+intimidation", 7, 1, 0),
    )
    s.close()


def test_power_in_russian_pays_blood_within_the_turn(tmp_path: Path) -> None:
    s = _session(tmp_path)
    s.execute("умение добавить Marcus Величие обаяние+запугивание цена кровь 1")
    assert "Величие: обаяние+запугивание, кровь 1" in s.execute("умение Marcus").render("ru")
    blood = s.state.characters["marcus"].blood
    event = s.execute("умение Marcus Величие кости 8,8,3,1,7").event
    assert event is not None and s.state.characters["marcus"].blood == blood - 1
    assert "Marcus — Величие: обаяние+запугивание 5к сл. 6, кровь 1" in describe(event, "ru")
    # Generation 10 spends 1 blood a turn: a second use this turn is refused, nothing spent.
    assert "1 of 1 blood this turn" in _refused(s, "умение Marcus Величие кости 8,8,3,1,7")
    s.execute("ход")
    s.execute("умение Marcus Величие кости 8,8,3,1,7")
    assert s.state.characters["marcus"].blood == blood - 2
    recap = build(s.events(), 1, "Test", "ru")
    assert recap.blood["Marcus"][0] >= 2
    s.execute("умение убрать Marcus Величие")
    assert s.state.characters["marcus"].powers == ()
    s.close()


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("power Marcus Majesty", "Marcus has no power 'Majesty'; powers: none yet"),
        ("power remove Marcus Majesty", "no power 'Majesty'"),
        ("power add Marcus Frenzied bogus+brawl", "bogus"),
        ("power add Marcus Big dex cost blood 2 cost", "did not understand"),
        ("power add Marcus Big dex cost xp 2", "'xp' is neither blood nor wp"),
        ("power add Marcus Big dex cost blood", "cost needs what and how much"),
        ("power add Marcus Big dex diff 11", "difficulty"),
        ("power add Nobody Big dex", "no character named 'Nobody'"),
        ("умение Marcus Нет", "no power 'Нет'"),
    ],
)
def test_power_refusals_change_nothing(tmp_path: Path, command: str, says: str) -> None:
    s = _session(tmp_path)
    assert says in _refused(s, command)
    s.close()


def test_a_cost_beyond_the_per_turn_limit_is_refused(tmp_path: Path) -> None:
    s = _session(tmp_path, ["power add Marcus Surge dexterity cost blood 2"])
    assert "per turn" in _refused(s, "power Marcus Surge dice 7,7,7")
    s.execute("spend Marcus wp 5")  # Willpower 5, all of it spent
    s.execute("power add Marcus Command charisma cost wp 1")
    assert "Willpower" in _refused(s, "power Marcus Command dice 7,7,7")
    s.close()


def test_a_power_with_wp_pays_its_cost_and_buys_a_success(tmp_path: Path) -> None:
    s = _session(tmp_path, ["power add Marcus Command charisma cost wp 1"])
    wp = s.state.characters["marcus"].willpower_points
    event = s.execute("power Marcus Command wp dice 2,3,4").event
    assert event is not None and event.data["successes"] == 1 and event.data["willpower"]
    assert s.state.characters["marcus"].willpower_points == wp - 2
    s.close()


def test_powers_survive_a_reopen_and_old_sheets_have_none(tmp_path: Path) -> None:
    s = _session(tmp_path, ['power add Marcus "Bone Craft" dex+medicine cost blood 1'])
    s.close()
    s = Session.open(tmp_path / "c")
    assert s.state.characters["marcus"].powers[0].name == "Bone Craft"
    assert "powers" in s.state.characters["marcus"].to_dict()
    bob = s.state.characters["bob"].to_dict()
    assert "powers" not in bob  # an empty list is left out: old saves read the same
    assert Character.from_dict(bob).powers == ()
    s.close()


def test_the_command_bar_completes_a_characters_powers() -> None:
    from elysium.tui.commandbar import CommandSuggester

    powers = {"marcus": ["Majesty", "Bone Craft"]}
    bar = CommandSuggester(lambda: ["Marcus", "Bob"], lambda n: powers.get(n.casefold(), []))

    def suggest(text: str) -> str | None:
        return asyncio.run(bar.get_suggestion(text))

    assert suggest("power Marcus Ma") == "power Marcus Majesty"
    assert suggest("power Marcus Bo") == 'power Marcus "Bone Craft"'
    assert suggest("умение убрать Marcus Ma") == "умение убрать Marcus Majesty"
    assert suggest("power ad") == "power add"
    assert suggest("rules rule-of-t") == "rules rule-of-ten"
    assert suggest("правила правило-д") == "правила правило-десяток"


def test_the_dashboard_answers_rules_in_a_dialog_and_completes_powers(tmp_path: Path) -> None:
    from elysium.tui.commandbar import CommandBar
    from elysium.tui.dialogs.answer import AnswerScreen
    from tests.tui_helpers import demo_app, run_async, settle

    @run_async
    async def check() -> None:
        app = demo_app(tmp_path, "ru")
        async with app.run_test(size=(120, 40)) as pilot:
            events = app.session.state.events
            app.dashboard.run_command("правила")
            await settle(pilot)
            assert isinstance(app.screen, AnswerScreen) and app.session.state.events == events
            assert "правило-десяток" in app.screen.text
            await pilot.press("escape")
            app.dashboard.run_command("умение добавить Ilse Удар dex+brawl")
            await settle(pilot)
            bar = app.query_one(CommandBar)
            assert bar.suggester is not None
            assert await bar.suggester.get_suggestion("умение Ilse Уд") == "умение Ilse Удар"
        app.session.close()

    check()
