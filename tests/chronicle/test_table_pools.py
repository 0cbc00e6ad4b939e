"""Rules at the table: pools, templates and displays, as the Storyteller types them.

Each case cites the seed passage it comes from (``/work/shared/seeds``):

- 004, «Пул»: «Если в пуле параметр со шкалой до 10 (Человечность, Путь, воля), к нему ничего
  не прибавляют.»
- 000, «Запас бросков»: «нельзя складывать значения более чем двух характеристик».
- 004, «Человечность»: «Пул проверок добродетелей не выше Человечности.»
- 004, «Здоровье»: «Не действует на рефлекторные проверки: прочность, большинство проверок
  добродетелей, проверку воли для отмены действия … Пул, упавший до нуля, - действие
  невозможно.»
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from tests.chronicle_helpers import new_session

SHEET = [
    'add "Марк" vampire gen 10 blank',
    "set Марк dexterity 3 brawl 2 courage 4 conscience 3 self-control 2 willpower 5",
    "set Марк humanity 2",
]


def _refusal(tmp_path: Path, command: str, setup: list[str] = SHEET) -> ChronicleError:
    s = new_session(tmp_path / "c", setup)
    before = s.state
    with pytest.raises(ChronicleError) as refused:
        s.execute(command)
    assert s.state == before  # a refusal changes nothing
    s.close()
    return refused.value


@pytest.mark.parametrize(
    ("command", "english", "russian"),
    [
        # 004: a trait rated to 10 stands alone.
        (
            "roll Марк willpower+brawl",
            "willpower is rated to 10 and is rolled alone, with nothing added",
            "Воля (шкала до 10) бросают отдельно, ничего не прибавляя",
        ),
        (
            "бросок Марк человечность+2",
            "humanity is rated to 10 and is rolled alone",
            "Человечность (шкала до 10) бросают отдельно",
        ),
        # 000: no more than two traits.
        (
            "roll Марк dex+brawl+wits",
            "a pool adds at most 2 traits; dexterity+brawl+wits has more",
            "в пул складывают не больше 2 параметров",
        ),
    ],
)
def test_pool_composition(tmp_path: Path, command: str, english: str, russian: str) -> None:
    refused = _refusal(tmp_path, command)
    assert english in str(refused)
    assert russian in refused.render("ru")


@pytest.mark.parametrize(
    ("command", "dice"),
    [
        ("roll Марк courage dice 8,8", 2),  # Courage 4, Humanity 2: two dice (004)
        ("бросок Марк смелость кости 8,8", 2),
        ("roll Марк conscience dice 8,8", 2),
        ("roll Марк dex+brawl dice 8,8,8,8,8", 5),  # not a Virtue: no cap
        ("roll Марк dex+2 dice 8,8,8,8,8", 5),  # a bonus of dice is not a trait
    ],
)
def test_a_virtue_roll_is_capped_by_humanity(tmp_path: Path, command: str, dice: int) -> None:
    s = new_session(tmp_path / "c", SHEET)
    event = s.execute(command).event
    s.close()
    assert len(event.data["dice"]) == dice


def test_a_virtue_roll_ignores_wounds_but_willpower_does_not(tmp_path: Path) -> None:
    """004: reflexive rolls (most Virtue rolls) take no wound penalty; a Willpower roll that
    is not the abort roll does (the roll to stop feeding takes them)."""
    hurt = [*SHEET, "set Марк humanity 7", "damage Марк 3 lethal nosoak"]  # Injured, -1
    s = new_session(tmp_path / "c", hurt)
    courage = s.execute("roll Марк courage dice 8,8,8,8").event.data
    willpower = s.execute("roll Марк willpower dice 8,8,8,8").event.data
    s.close()
    assert (len(courage["dice"]), courage["penalty"]) == (4, 0)
    assert (len(willpower["dice"]), willpower["penalty"]) == (4, -1)  # 5 − 1


def test_a_pool_at_zero_cannot_be_attempted_and_names_the_true_penalty(tmp_path: Path) -> None:
    """004: «Пул, упавший до нуля, - действие невозможно»; at Crippled the penalty is −5."""
    setup = [*SHEET, "damage Марк 6 lethal nosoak"]  # Crippled
    refused = _refusal(tmp_path, "roll Марк dex+brawl", setup)
    assert "after the wound penalty -5" in str(refused)
    assert "штрафа за раны -5" in refused.render("ru")


@pytest.mark.parametrize(
    ("command", "template"),
    [
        # A template fills its traits, a mortal and a ghoul too (issue 12, item 4).
        ('add "Rex" ghoul', "ghoul"),
        ('добавить "Rex" гуль', "ghoul"),
        ('add "Bob" mortal', "mortal"),
        ('добавить "Bob" смертный', "mortal"),
        # A blank character of a kind is asked for explicitly.
        ('add "Rex" ghoul blank', None),
        ('добавить "Rex" смертный пустой', None),
    ],
)
def test_templates_always_fill_their_traits(
    tmp_path: Path, command: str, template: str | None
) -> None:
    from elysium.rules.templates import TEMPLATES

    s = new_session(tmp_path / "c", [])
    event = s.execute(command).event
    c = next(iter(s.state.characters.values()))
    s.close()
    if template is None:
        # Attributes at 1; Willpower = Courage 3, as a new sheet's Virtues give it.
        assert (c.trait("strength"), c.trait("dexterity"), c.willpower) == (1, 1, 3)
    else:
        spec = TEMPLATES[template]
        assert dict(c.attributes) == spec["attributes"]
        assert c.willpower == c.willpower_points == spec["willpower"]
        assert event.data["template"] == template


def test_a_mortal_killed_past_incapacitated_shows_the_killing_damage(tmp_path: Path) -> None:
    """3 bashing, then 5 aggravated (lethal for a mortal): the track shows the lethal that
    killed, and the state says dead, not Incapacitated (issue 12, item 11)."""
    from tests.conftest import run_elysium

    root = tmp_path / "c"
    setup = ['add "Bob" mortal blank', "damage Bob 3 bashing nosoak"]
    new_session(root, [*setup, "damage Bob 5 aggravated nosoak"]).close()
    out = run_elysium("state", str(root)).stdout
    assert "XXXXX//" in out and "dead" in out and "Incapacitated" not in out


def test_a_days_rest_heals_only_wounds_already_taken(tmp_path: Path) -> None:
    """004 («Лечение»): aggravated damage heals for 5 blood and a day's rest, the rest after
    the wound: a night or a rest before it counts for nothing (review of issue 12)."""
    s = new_session(tmp_path / "c", ['add "Марк" vampire gen 10 blank', "night"])
    s.execute("damage Марк 1 aggravated nosoak")
    before = s.state
    with pytest.raises(ChronicleError):
        s.execute("heal Марк 1 aggravated")
    assert s.state == before
    s.execute("night")  # the day after the wound
    healed = s.execute("heal Марк 1 aggravated").event.data
    s.close()
    assert (healed["levels"], healed["blood"]) == (1, 5)


def test_a_rest_with_no_aggravated_wound_is_refused(tmp_path: Path) -> None:
    refused = _refusal(tmp_path, "rest Марк", ['add "Марк" vampire gen 10 blank'])
    assert "no aggravated wound" in str(refused)
    assert "нет губительных повреждений" in refused.render("ru")


def test_a_virtue_with_another_trait_is_still_capped_by_humanity(tmp_path: Path) -> None:
    """004: «Пул проверок добродетелей не выше Человечности» — with Wits added too."""
    s = new_session(tmp_path / "c", [*SHEET, "set Марк wits 3"])
    event = s.execute("roll Марк courage+wits dice 8,8").event
    s.close()
    assert len(event.data["dice"]) == 2  # Humanity 2


def test_a_frenzy_check_in_progress_ends_with_the_scene(tmp_path: Path) -> None:
    """004: the successes build up over the turns of the scene («копятся по ходам»)."""
    s = new_session(tmp_path / "c", [*SHEET, "set Марк humanity 7 self-control 3"])
    said = s.execute("frenzy Марк diff 6 dice 8,3,3").message
    assert "holds on: 1/5 successes, 1 turn bought" in said
    assert s.state.characters["марк"].frenzy is not None
    s.execute("scene")
    assert s.state.characters["марк"].frenzy is None
    s.close()


def test_spending_more_willpower_than_there_is_says_how_much_there_is(tmp_path: Path) -> None:
    refused = _refusal(tmp_path, "spend Марк wp 7")
    assert str(refused) == "Марк has only 5 Willpower points; asked for 7"
    assert refused.render("ru") == "у персонажа Марк только 5 пунктов воли; запрошено 7"


def test_every_trait_the_dashboard_names_in_russian_can_be_typed() -> None:
    """The Russian label of a trait (F3, the Vitals pane) is a spelling the parser takes."""
    from elysium.i18n import CATALOGS
    from elysium.rules.traits import normalise

    aside = {"morality", "willpower-points", "blood", "path", "road", "generation"}
    for key, label in CATALOGS["ru"].items():
        if key.startswith("trait.") and key[6:] not in aside:
            assert normalise(label) == key[6:], (label, key)


def test_extended_alone_lists_the_open_actions_and_writes_nothing(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", [*SHEET, "set Марк intelligence 3 investigation 2"])
    assert s.execute("extended").render("en") == "no extended action is open"
    s.execute('продолжительная начать Марк "архив" интеллект+расследование цель 5')
    events = s.state.events
    told = s.execute("продолжительная")
    assert s.state.events == events and told.event is None  # an answer, not an event
    assert told.render("ru").startswith("открытые продолжительные действия:\n")
    assert "'архив': Марк 0/5" in told.render("ru")
    s.close()
