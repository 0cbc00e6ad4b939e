"""Experience costs by the cheat sheet's table (issue 12, item 3).

Seed ``004_3dfb9354a854cd5d.txt``, «Опыт» → «Стоимость развития»:

    | Новая способность | 3 |                 | Новая Дисциплина | 10 |
    | Новый путь Некромантии или Тауматургии | 7 |
    | Характеристика | текущее × 4 |          | Способность | текущее × 2 |
    | Клановая Дисциплина | текущее × 5 † |   | Сторонняя Дисциплина | текущее × 7 † |
    | Вторичный путь Некромантии или Тауматургии | текущее × 4 |
    | Добродетель | текущее × 2 ‡ |           | Человечность или Путь | текущее × 2 |
    | Воля | текущее × 1 |
    † Каитифы: любая Дисциплина - текущее × 6. ‡ Не поднимает Человечность, Путь и волю.

(RULES.md §9.) Which Disciplines are a clan's is V20's clan table (elysium.rules.clans).
Every case is typed as a Storyteller would, in English and in Russian.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.rules.clans import CLAN_DISCIPLINES, clan_key, in_clan
from elysium.rules.errors import RulesError
from elysium.rules.experience import Category, Price, xp_price
from elysium.rules.traits import V20_DISCIPLINES
from tests.chronicle_helpers import new_session
from tests.conftest import run_elysium

START = 30  # `award B 30`

# (why, setup, the raise, cost, the rule the acknowledgement names)
CASES = [
    # «Клановая Дисциплина | текущее × 5»: a Brujah raising Potence 1 → 2 pays 5 (not 7).
    (
        "clan Discipline ×5",
        ["set B clan Brujah", "set B potence 1"],
        "raise B potence",
        5,
        "clan Discipline, 1 × 5",
    ),
    (
        "clan Discipline, Russian",
        ["задать B клан Бруха", "задать B мощь 1"],
        "повысить B мощь",
        5,
        "clan Discipline, 1 × 5",
    ),
    (
        "clan typed in capitals",
        ["set B clan BRUJAH", "set B celerity 2"],
        "raise B celerity",
        10,
        "clan Discipline, 2 × 5",
    ),
    (
        "clan named with 'clan'",
        ["set B clan clan Ventrue", "set B dominate 1"],
        "raise B dominate",
        5,
        "clan Discipline, 1 × 5",
    ),
    # «Сторонняя Дисциплина | текущее × 7»
    (
        "out-of-clan ×7",
        ["set B clan Brujah", "set B auspex 1"],
        "raise B auspex",
        7,
        "out-of-clan Discipline, 1 × 7",
    ),
    (
        "Russian clan plural",
        ["задать B клан Тореадоры", "задать B ясновидение 2"],
        "повысить B ясновидение",
        10,
        "clan Discipline, 2 × 5",
    ),
    (
        "Tremere Thaumaturgy",
        ["set B clan Tremere", "set B thaumaturgy 1"],
        "raise B thaumaturgy",
        5,
        "clan Discipline, 1 × 5",
    ),
    (
        "Followers of Set, Russian",
        ["задать B клан Последователи Сета", "задать B serpentis 1"],
        "повысить B серпентис",
        5,
        "clan Discipline, 1 × 5",
    ),
    (
        "Setites",
        ["set B clan Setites", "set B presence 1"],
        "raise B presence",
        5,
        "clan Discipline, 1 × 5",
    ),
    (
        "Tzimisce, Russian",
        ["задать B клан Цимисхи", "задать B изменчивость 1"],
        "повысить B изменчивость",
        5,
        "clan Discipline, 1 × 5",
    ),
    (
        "bloodline Samedi",
        ["set B clan Samedi", "set B thanatosis 1"],
        "raise B thanatosis",
        5,
        "clan Discipline, 1 × 5",
    ),
    (
        "bloodline Salubri, Russian",
        ["задать B клан Салюбри", "задать B обеа 1"],
        "повысить B обеа",
        5,
        "clan Discipline, 1 × 5",
    ),
    # An unknown clan is free text: every Discipline out-of-clan.
    (
        "unknown clan",
        ["set B clan Nagloper", "set B potence 1"],
        "raise B potence",
        7,
        "out-of-clan Discipline, 1 × 7",
    ),
    ("no clan", ["set B potence 1"], "raise B potence", 7, "out-of-clan Discipline, 1 × 7"),
    # † «Каитифы: любая Дисциплина - текущее × 6»
    (
        "Caitiff ×6",
        ["set B clan Caitiff", "set B potence 2"],
        "raise B potence",
        12,
        "Caitiff Discipline, 2 × 6",
    ),
    (
        "Caitiff, Russian",
        ["задать B клан каитиф", "задать B стремительность 1"],
        "повысить B стремительность",
        6,
        "Caitiff Discipline, 1 × 6",
    ),
    (
        "Caitiff with an own list is still ×6",
        ["set B clan Caitiff", "set B clan-disciplines potence", "set B potence 1"],
        "raise B potence",
        6,
        "Caitiff Discipline, 1 × 6",
    ),
    # The character's own clan Disciplines win over the table (a house, an antitribu).
    (
        "own list: in",
        ["set B clan Brujah", "set B clan-disciplines auspex dominate", "set B auspex 1"],
        "raise B auspex",
        5,
        "clan Discipline, 1 × 5",
    ),
    (
        "own list: out",
        ["set B clan Brujah", "set B clan-disciplines auspex dominate", "set B potence 1"],
        "raise B potence",
        7,
        "out-of-clan Discipline, 1 × 7",
    ),
    (
        "own list, Russian",
        [
            "задать B клан Бруха",
            "задать B клановые-дисциплины ясновидение доминирование",
            "задать B доминирование 1",
        ],
        "повысить B доминирование",
        5,
        "clan Discipline, 1 × 5",
    ),
    (
        "own list for an unknown clan",
        ["set B clan Nagloper", "set B clan-disciplines potence,obfuscate", "set B obfuscate 2"],
        "raise B obfuscate",
        10,
        "clan Discipline, 2 × 5",
    ),
    (
        "own list cleared",
        [
            "set B clan Brujah",
            "set B clan-disciplines auspex",
            "set B clan-disciplines",
            "set B potence 1",
        ],
        "raise B potence",
        5,
        "clan Discipline, 1 × 5",
    ),
    # «Новая Дисциплина | 10», «Новая способность | 3»
    ("new clan Discipline", ["set B clan Brujah"], "raise B potence", 10, "new Discipline, 10"),
    ("new Discipline, Russian", [], "повысить B присутствие", 10, "new Discipline, 10"),
    ("new Ability", [], "raise B brawl", 3, "new Ability, 3"),
    ("new Ability, Russian", [], "повысить B драка", 3, "new Ability, 3"),
    # «Характеристика | текущее × 4», «Способность | текущее × 2»
    ("Attribute", ["set B strength 3"], "raise B strength", 12, "Attribute, 3 × 4"),
    ("Attribute, Russian", [], "повысить B сила", 4, "Attribute, 1 × 4"),
    ("Ability", ["set B brawl 2"], "raise B brawl", 4, "Ability, 2 × 2"),
    # «Новый путь … | 7», «Вторичный путь … | текущее × 4»
    (
        "new path",
        ["set B thaumaturgy 1"],
        "raise B path:lure-of-flames",
        7,
        "new Thaumaturgy or Necromancy path, 7",
    ),
    (
        "secondary path",
        ["set B path:lure-of-flames 2"],
        "raise B path:lure-of-flames",
        8,
        "secondary path, 2 × 4",
    ),
    (
        "secondary path, Russian",
        ["задать B путь:огня 1"],
        "повысить B путь:огня",
        4,
        "secondary path, 1 × 4",
    ),
    # «Добродетель | текущее × 2», «Человечность или Путь | текущее × 2», «Воля | текущее × 1»
    ("Virtue", ["set B courage 3"], "raise B courage", 6, "Virtue, 3 × 2"),
    ("Virtue, Russian", [], "повысить B совесть", 6, "Virtue, 3 × 2"),  # a new sheet's 3
    ("Humanity", [], "raise B humanity", 14, "Humanity or Path, 7 × 2"),
    ("Humanity, Russian", [], "повысить B человечность", 14, "Humanity or Path, 7 × 2"),
    ("Willpower", ["set B willpower 5"], "raise B willpower", 5, "Willpower, 5 × 1"),
    ("Willpower, Russian", [], "повысить B воля", 3, "Willpower, 3 × 1"),  # = Courage 3
]


def _session(tmp_path: Path, setup: list[str]) -> Session:
    return new_session(tmp_path / "c", ['add "B" vampire', f"award B {START}", *setup])


@pytest.mark.parametrize(
    ("why", "setup", "command", "cost", "rule"), CASES, ids=[c[0] for c in CASES]
)
def test_raise_pays_the_cheat_sheets_price(
    tmp_path: Path, why: str, setup: list[str], command: str, cost: int, rule: str
) -> None:
    s = _session(tmp_path, setup)
    trait = command.split()[-1]
    before = s.state.characters["b"]
    result = s.execute(command)
    after = s.state.characters["b"]
    assert after.xp == START - cost, why
    assert after.trait(trait) == _rating(before, trait) + 1
    assert f"for {cost} XP ({rule})" in result.message
    event = s.events()[-1]
    assert (event.type, event.data["cost"]) == ("raise", cost)


def _rating(c, trait: str) -> int:
    try:
        return c.trait(trait)
    except RulesError:  # a trait not on the sheet yet
        return 0


def test_the_acknowledgement_names_the_rule_in_russian(tmp_path: Path) -> None:
    s = _session(tmp_path, ["задать B клан Бруха", "задать B мощь 1"])
    result = s.execute("повысить B мощь")
    assert result.render("ru") == (
        "B: Мощь — до 2 за 5 пунктов опыта (клановая Дисциплина, 1 × 5); осталось 25"
    )
    s.execute("задать B ясновидение 1")
    assert "(сторонняя Дисциплина, 1 × 7)" in s.execute("повысить B ясновидение").render("ru")


def test_raising_a_virtue_raises_nothing_else(tmp_path: Path) -> None:
    # ‡ «Не поднимает Человечность, Путь и волю.»
    s = _session(tmp_path, ["set B conscience 2 self-control 2 courage 2 willpower 3"])
    before = s.state.characters["b"]
    for virtue in ("conscience", "самоконтроль", "courage"):
        s.execute(f"raise B {virtue}")
    after = s.state.characters["b"]
    assert (after.conscience, after.self_control, after.courage) == (3, 3, 3)
    assert (after.morality_rating, after.willpower, after.willpower_points) == (
        before.morality_rating,
        before.willpower,
        before.willpower_points,
    )
    assert after.xp == START - 3 * 4


@pytest.mark.parametrize(
    ("setup", "command", "en", "ru"),
    [
        (
            ["set B clan Brujah", "set B potence 1"],
            "raise B potence",
            "raising potence to 2 costs 5 XP (clan Discipline, 1 × 5); B has 4",
            "Мощь: повышение до 2 стоит 5 пунктов опыта (клановая Дисциплина, 1 × 5); "
            "у персонажа B — 4",
        ),
        (
            ["задать B клан каитиф", "задать B мощь 1"],
            "повысить B мощь",
            "raising мощь to 2 costs 6 XP (Caitiff Discipline, 1 × 6); B has 4",
            "Мощь: повышение до 2 стоит 6 пунктов опыта (Дисциплина каитифа, 1 × 6); "
            "у персонажа B — 4",
        ),
        (
            [],
            "raise B auspex",
            "raising auspex to 1 costs 10 XP (new Discipline, 10); B has 4",
            "Ясновидение: повышение до 1 стоит 10 пунктов опыта (новая Дисциплина, 10); "
            "у персонажа B — 4",
        ),
    ],
)
def test_short_of_experience_the_refusal_names_the_real_cost(
    tmp_path: Path, setup: list[str], command: str, en: str, ru: str
) -> None:
    s = new_session(tmp_path / "c", ['add "B" vampire', "award B 4", *setup])
    before = s.state
    with pytest.raises(ChronicleError) as caught:
        s.execute(command)
    assert (str(caught.value), caught.value.render("ru")) == (en, ru)
    assert s.state == before  # nothing changed


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("set B clan-disciplines potense", "'potense' is not a V20 Discipline (did you mean"),
        ("задать B клановые-дисциплины мощ", "'мощ' is not a V20 Discipline"),
        ("raise B nosuch", "unknown trait 'nosuch'"),
    ],
)
def test_bad_words_are_refused_and_change_nothing(tmp_path: Path, command: str, says: str) -> None:
    s = _session(tmp_path, ["set B clan Brujah"])
    before = s.state
    with pytest.raises(ChronicleError, match=re.escape(says)):
        s.execute(command)
    assert s.state == before


# The table above has no row for a Background, for generation or for blood (the chart's rows
# are all there is; no house rule prices them): `raise` of one is refused, saying the chart
# has no price for it and how the Storyteller sets it, one step up. B is a vampire of the
# 13th generation with Resources 2 and Herd 0; Bob a mortal (his own refusal: no generation).
# (the raise, in English, in Russian)
UNPRICED = [
    (
        "raise B resources",
        "the cost chart has no price for Backgrounds: the Storyteller sets Resources — "
        "set B background:resources 3",
        "в таблице «Стоимость развития» нет цены для дополнений: Ресурсы задаёт рассказчик — "
        "задать B дополнение:resources 3",
    ),
    ("повысить B ресурсы", "set B background:resources 3", "задать B дополнение:resources 3"),
    ("raise B background:resources", "sets Resources — set B background:resources 3", "Ресурсы"),
    ("raise B herd", "the Storyteller sets Herd — set B background:herd 1", "Стадо задаёт"),
    ("raise B background:lands", "sets lands — set B background:lands 1", "дополнение:lands 1"),
    (
        "raise B generation",
        "the cost chart has no price for generation: the Storyteller sets it — set B generation 12",
        "в таблице «Стоимость развития» нет цены для поколения: его задаёт рассказчик — "
        "задать B поколение 12",
    ),
    ("raise B blood", "no price for blood: the Storyteller sets it — set B blood 2", "крови"),
    ("raise Bob generation", "only vampires have a generation; Bob is a mortal", "вампиров"),
]


@pytest.mark.parametrize(("command", "en", "ru"), UNPRICED)
def test_what_the_chart_has_no_price_for_is_refused(
    tmp_path: Path, command: str, en: str, ru: str
) -> None:
    s = _session(
        tmp_path, ["set B generation 13", "set B background:resources 2", "add Bob mortal"]
    )
    s.execute("set B blood 1")
    before, events = s.state, s.state.events
    with pytest.raises(ChronicleError) as caught:
        s.execute(command)
    assert en in str(caught.value) and ru in caught.value.render("ru")
    assert "\n" not in str(caught.value)
    assert s.state == before and s.state.events == events  # no experience spent, no event


def test_a_free_form_ability_is_still_priced_as_an_ability(tmp_path: Path) -> None:
    s = _session(tmp_path, [])
    said = s.execute("raise B ability:sailing").message
    assert "for 3 XP (new Ability, 3)" in said
    assert s.state.characters["b"].abilities["sailing"] == 1


def test_a_free_form_discipline_can_be_a_clan_discipline(tmp_path: Path) -> None:
    s = _session(
        tmp_path, ["set B clan-disciplines discipline:mortis", "set B discipline:mortis 1"]
    )
    assert "(clan Discipline, 1 × 5)" in s.execute("raise B discipline:mortis").message


def test_setting_a_clan_tells_what_it_means_for_experience(tmp_path: Path) -> None:
    s = _session(tmp_path, [])
    known = s.execute("set B clan Brujah")
    assert known.message == "B: clan Brujah (clan Disciplines: Celerity, Potence, Presence)"
    assert s.execute("задать B клан Бруха").render("ru") == (
        "B: клан Бруха (клановые Дисциплины: Стремительность, Мощь, Присутствие)"
    )
    assert "Caitiff: every Discipline costs current × 6" in s.execute("set B clan Caitiff").message
    unknown = s.execute("set B clan Nagloper").message
    assert "not in the clan table" in unknown
    own = s.execute("set B clan-disciplines auspex dominate")
    assert own.message == "B: clan Disciplines Auspex, Dominate"
    assert s.state.characters["b"].clan_disciplines == ("auspex", "dominate")
    assert "its own clan Disciplines: Auspex, Dominate" in s.execute("set B clan Brujah").message


def test_the_clan_table() -> None:
    # V20's thirteen clans, Caitiff and the bloodlines; every Discipline is a known name.
    thirteen = [
        "assamite",
        "brujah",
        "followers-of-set",
        "gangrel",
        "giovanni",
        "lasombra",
        "malkavian",
        "nosferatu",
        "ravnos",
        "toreador",
        "tremere",
        "tzimisce",
        "ventrue",
    ]
    assert set(thirteen) <= set(CLAN_DISCIPLINES)
    assert all(len(CLAN_DISCIPLINES[c]) == 3 for c in thirteen)
    assert CLAN_DISCIPLINES["caitiff"] == ()
    for disciplines in CLAN_DISCIPLINES.values():
        assert set(disciplines) <= set(V20_DISCIPLINES)
    assert clan_key("Последователи Сета") == clan_key("followers of set") == "followers-of-set"
    assert clan_key("Истинные Бруха") == "true-brujah"
    assert clan_key("whatever") is None and in_clan("whatever") == ()


def test_old_saves_without_an_own_list_load(tmp_path: Path) -> None:
    from elysium.rules.character import Character

    s = _session(tmp_path, ["set B clan Brujah"])
    stored = s.state.characters["b"].to_dict()
    del stored["clan_disciplines"]
    c = Character.from_dict(stored)
    assert c.clan_disciplines == () and in_clan(c.clan, c.clan_disciplines)[1] == "potence"


def test_state_shows_the_clan_disciplines(tmp_path: Path) -> None:
    root = tmp_path / "chron"
    assert run_elysium("new", str(root), "--name", "Clans").returncode == 0
    proc = run_elysium(
        "run",
        str(root),
        'add "B" vampire',
        "set B clan Brujah",
        'add "T" vampire',
        "set T clan Tremere",
        "set T clan-disciplines auspex dominate thaumaturgy obfuscate",
    )
    assert proc.returncode == 0, proc.stderr
    state = json.loads(run_elysium("state", str(root), "--json").stdout)
    b, t = state["characters"]
    assert (b["clan"], b["clan_disciplines"], b["clan_disciplines_own"]) == (
        "Brujah",
        ["celerity", "potence", "presence"],
        False,
    )
    assert t["clan_disciplines"][-1] == "obfuscate" and t["clan_disciplines_own"]
    text = run_elysium("state", str(root)).stdout
    assert "Brujah: clan Disciplines Celerity, Potence, Presence" in text


@pytest.mark.parametrize(
    ("category", "current", "caitiff", "cost", "rule"),
    [
        (Category.ABILITY, 0, False, 3, "new_ability"),
        (Category.CLAN_DISCIPLINE, 0, False, 10, "new_discipline"),
        (Category.OTHER_DISCIPLINE, 0, True, 10, "new_discipline"),
        (Category.PATH, 0, False, 7, "new_path"),
        (Category.ATTRIBUTE, 2, False, 8, "attribute"),
        (Category.ABILITY, 3, False, 6, "ability"),
        (Category.CLAN_DISCIPLINE, 3, False, 15, "clan_discipline"),
        (Category.OTHER_DISCIPLINE, 3, False, 21, "other_discipline"),
        (Category.CLAN_DISCIPLINE, 3, True, 18, "caitiff_discipline"),
        (Category.OTHER_DISCIPLINE, 3, True, 18, "caitiff_discipline"),
        (Category.PATH, 3, False, 12, "secondary_path"),
        (Category.VIRTUE, 4, False, 8, "virtue"),
        (Category.MORALITY, 5, False, 10, "morality"),
        (Category.WILLPOWER, 7, False, 7, "willpower"),
    ],
)
def test_each_row_of_the_table(
    category: Category, current: int, caitiff: bool, cost: int, rule: str
) -> None:
    # The rules core alone: «Стоимость развития», row by row.
    assert xp_price(category, current, caitiff) == Price(cost, rule, current)


def test_the_log_names_the_rule(tmp_path: Path) -> None:
    from elysium.tell.events import describe

    s = _session(tmp_path, ["задать B клан Бруха", "задать B мощь 1", "повысить B мощь"])
    event = s.events()[-1]
    assert event.data["rule"] == "clan_discipline"
    assert describe(event, "en") == "B raises Potence (5 XP, clan Discipline, 1 × 5)"
    assert describe(event, "ru") == "B: Мощь — на точку выше (опыт 5; клановая Дисциплина, 1 × 5)"
    s.execute("raise B path:lure-of-flames")
    told = describe(s.events()[-1], "ru")
    assert told.startswith("B: путь lure-of-flames — на точку выше (опыт 7;")


def test_an_import_file_may_give_the_clan_disciplines(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c")
    good = tmp_path / "npcs.json"
    entry = {"name": "Anatole", "kind": "vampire", "clan": "Malkavian"}
    own = {**entry, "clan_disciplines": ["auspex", "dominate", "obfuscate"]}
    good.write_text(json.dumps({"characters": [own]}))
    s.import_file(good)
    assert s.state.characters["anatole"].clan_disciplines == ("auspex", "dominate", "obfuscate")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"characters": [{**entry, "name": "X", "clan_disciplines": 3}]}))
    with pytest.raises(ChronicleError, match="clan_disciplines must be a list"):
        s.import_file(bad)
    assert "x" not in s.state.characters
