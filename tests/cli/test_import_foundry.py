"""``elysium import`` of a Foundry VTT actor (the World of Darkness 20th system): what maps
to the sheet, what it says it left out, the older layout, and hostile files."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from elysium.chronicle.foundry import merits_and_flaws
from tests.conftest import run_cli

SAMPLE = Path(__file__).parent / "data" / "foundry_vampire.json"
SAVES_COPY = Path(__file__).parents[2] / "saves" / "foundry_vampire.json"


def _actor() -> dict[str, Any]:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


def _older(actor: dict[str, Any]) -> dict[str, Any]:
    """The same actor as the system's older versions wrote it: Abilities nested under
    talent, skill and knowledge, and the Virtues, the Path, Willpower and the blood pool
    beside the other fields instead of under ``advantages``."""
    old = copy.deepcopy(actor)
    system = old["system"]
    nested: dict[str, dict[str, Any]] = {"talent": {}, "skill": {}, "knowledge": {}}
    for key, node in system["abilities"].items():
        group = node.pop("type")
        nested[group][key] = node
    system["abilities"] = nested
    nested["talent"]["brawl"]["value"] = "4"  # some versions keep numbers as digit strings
    advantages = system.pop("advantages")
    path = advantages.pop("path")
    system["path"] = {"value": path["permanent"], "max": 10, "label": path["label"]}
    system.update(advantages)
    return old


def _new(root: Path, *extra: str) -> Path:
    assert run_cli("new", str(root), "--name", "Chicago", *extra).returncode == 0
    return root


def _import(root: Path, actor: Any, tmp_path: Path, *flags: str) -> Any:
    path = tmp_path / "actor.json"
    text = actor if isinstance(actor, str) else json.dumps(actor, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return run_cli("import", str(root), str(path), *flags)


def _sheet(root: Path, name: str = "Dmitri Volkov") -> dict[str, Any]:
    state = json.loads(run_cli("state", str(root), "--json").stdout)
    return next(c for c in state["characters"] if c["name"] == name)


# What the sample's actor holds that Elysium's sheet has no place for, a line each.
LEFT_OUT_EN = [
    "  Dmitri Volkov, not imported: Ability 'dodge' 2 (not one of V20's: "
    "'set NAME ability:dodge 2' adds it)",
    "  Dmitri Volkov, not imported: Concept: 'Union organiser'",
    "  Dmitri Volkov, not imported: Sire: 'Katya'",
    "  Dmitri Volkov, not imported: Sect: 'Anarch Movement'",
    "  Dmitri Volkov, not imported: the Discipline powers Awe (the Disciplines' ratings are kept)",
    "  Dmitri Volkov, not imported: Melee Weapon items: Switchblade",
    "  Dmitri Volkov, not imported: the specialty 'Knives': Melee is 3, "
    "and a specialty needs 4 dots",
]


def test_the_sample_vampire_maps_to_the_sheet_and_says_what_it_left_out(tmp_path: Path) -> None:
    root = _new(tmp_path / "c")
    proc = _import(root, _actor(), tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["imported 1 character: Dmitri Volkov", *LEFT_OUT_EN]
    c = _sheet(root)
    assert (c["kind"], c["generation"], c["clan"]) == ("vampire", 11, "Brujah")  # 12 less 1
    assert c["attributes"]["dexterity"] == 3 and "composure" not in c["attributes"]
    assert c["abilities"]["animal-ken"] == 1 and c["abilities"]["brawl"] == 4
    assert "dodge" not in c["abilities"]
    assert c["virtues"] == {"conscience": 3, "self-control": 2, "courage": 4}
    assert c["morality"] == {"name": "humanity", "rating": 6, "bearing": 0}
    assert c["willpower"] == {"current": 3, "rating": 5}
    assert c["blood"]["current"] == 8
    assert c["health"]["damage"] == {"bashing": 1, "lethal": 2, "aggravated": 0}
    assert c["disciplines"] == {"potence": 2, "presence": 1, "celerity": 1}
    assert c["backgrounds"] == {"resources": 2, "contacts": 3, "haven": 1}
    assert c["xp"] == 6  # 12 gained less 6 spent
    assert (c["nature"], c["demeanour"]) == ("Rebel", "Bravo")
    assert c["specialties"] == {"brawl": "Dirty fighting"}
    assert c["notes"] == "Owes Sofia a favour & a warning."  # the editor's HTML taken off
    assert c["derangements"] == ["Paranoia", "Bulimia"]
    assert c["merits"] == [{"name": "Iron Will", "points": 3}]  # Foundry's items, on the sheet
    assert c["flaws"] == [{"name": "Nightmares", "points": 1}]
    # Undone as one event, like any import.
    assert run_cli("run", str(root), "undo").returncode == 0
    assert json.loads(run_cli("state", str(root), "--json").stdout)["characters"] == []


def test_the_lines_are_in_the_storytellers_language(tmp_path: Path) -> None:
    root = _new(tmp_path / "c")
    proc = _import(root, _actor(), tmp_path, "--lang", "ru")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 1 + len(LEFT_OUT_EN)
    assert "  Dmitri Volkov, не перенесено: концепция: 'Union organiser'" in lines
    assert "not imported" not in proc.stdout


def test_the_older_abilities_layout_reads_the_same(tmp_path: Path) -> None:
    newer, older = _new(tmp_path / "newer"), _new(tmp_path / "older")
    assert _import(newer, _actor(), tmp_path).returncode == 0
    proc = _import(older, _older(_actor()), tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert _sheet(older) == _sheet(newer)


@pytest.mark.parametrize(
    ("label", "custom", "virtues", "morality"),
    [
        # V20 p. 267-271: a Path of Enlightenment replaces Humanity, its Virtues by its label.
        ("wod.advantages.path.night", "", ("conviction", "instinct"), "Path of Night"),
        ("wod.advantages.path.caine", "", ("conviction", "instinct"), "Path of Caine"),
        ("custom", "Path of the Scorched Heart", ("conscience", "self-control"), None),
        ("Road of Kings", "", ("conscience", "self-control"), "Road of Kings"),
        ("wod.advantages.path.humanity", "", ("conscience", "self-control"), "humanity"),
    ],
)
def test_a_path_by_its_label(
    tmp_path: Path, label: str, custom: str, virtues: tuple[str, str], morality: str | None
) -> None:
    actor = _actor()
    advantages = actor["system"]["advantages"]
    advantages["path"].update(label=label, custom=custom, permanent=5)
    if virtues[0] == "conviction":
        advantages["virtues"]["conscience"]["label"] = "wod.advantages.virtue.conviction"
        advantages["virtues"]["selfcontrol"]["label"] = "wod.advantages.virtue.instinct"
    root = _new(tmp_path / "c")
    assert _import(root, actor, tmp_path).returncode == 0
    c = _sheet(root)
    assert c["morality"]["name"] == (morality or custom) and c["morality"]["rating"] == 5
    assert set(c["virtues"]) == {*virtues, "courage"}


def test_russian_item_names_and_near_misses_map_to_the_traits(tmp_path: Path) -> None:
    actor = _actor()
    names = {"Potence": "Мощь", "Presence": "Присутсвие", "Resources": "Ресурсы"}
    for item in actor["items"]:
        item["name"] = names.get(item["name"], item["name"])
    actor["items"].append(
        {
            "name": "Path of Blood",
            "type": "Power",
            "system": {"type": "wod.types.discipline", "value": 2},
        }
    )
    root = _new(tmp_path / "c")
    assert _import(root, actor, tmp_path).returncode == 0
    c = _sheet(root)
    assert c["disciplines"] == {"potence": 2, "presence": 1, "celerity": 1, "path:path-of-blood": 2}
    assert c["backgrounds"]["resources"] == 2


def test_a_list_of_actors_imports_them_all(tmp_path: Path) -> None:
    root = _new(tmp_path / "c")
    second = {**_actor(), "name": "Katya"}
    proc = _import(root, [_actor(), second], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == "imported 2 characters: Dmitri Volkov, Katya"
    assert _sheet(root, "Katya")["abilities"] == _sheet(root)["abilities"]


def test_a_mortal_and_a_ghoul(tmp_path: Path) -> None:
    root = _new(tmp_path / "c")
    ghoul = _actor()
    ghoul.update(name="Hob", type="Mortal")
    ghoul["system"]["settings"]["variant"] = "ghoul"
    ghoul["system"]["advantages"]["bloodpool"]["temporary"] = 2
    mortal = copy.deepcopy(ghoul)
    mortal["name"] = "Sam"
    mortal["system"]["settings"]["variant"] = ""
    mortal["items"] = [i for i in mortal["items"] if i["system"]["type"] != "wod.types.discipline"]
    assert _import(root, ghoul, tmp_path).returncode == 0
    assert _import(root, mortal, tmp_path).returncode == 0
    hob, sam = _sheet(root, "Hob"), _sheet(root, "Sam")
    assert (hob["kind"], hob["generation"], hob["blood"]["current"]) == ("ghoul", None, 2)
    assert hob["disciplines"]["potence"] == 2
    assert (sam["kind"], sam["blood"]["current"], sam["disciplines"]) == ("mortal", 10, {})


def test_merits_and_flaws_are_collected_for_the_sheet() -> None:
    assert merits_and_flaws(_actor()) == (
        [{"name": "Iron Will", "points": 3}],
        [{"name": "Nightmares", "points": 1}],
    )


def test_a_merit_the_sheet_cannot_hold_is_said_and_the_rest_imported(tmp_path: Path) -> None:
    """V20: a Merit or Flaw is 1 to 7 points; Foundry lets a sheet hold 0, 9 or one twice."""
    actor = _actor()
    items = actor["items"]
    merit = next(i for i in items if i["system"]["type"] == "wod.types.merit")
    for points, name in ((9, "Too Dear"), (0, "Free"), (2, "iron will")):
        items.append({**merit, "name": name, "system": {**merit["system"], "value": points}})
    root = _new(tmp_path / "c")
    proc = _import(root, actor, tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    for said in ("Merit 'Too Dear' (9 points)", "Merit 'Free' (0 points)", "'iron will' (2"):
        assert any(said in line for line in lines), said
    assert _sheet(root)["merits"] == [{"name": "Iron Will", "points": 3}]


def test_the_players_view_keeps_the_imported_sheet_secret(tmp_path: Path) -> None:
    from elysium.chronicle.projection import project
    from elysium.chronicle.session import Session

    root = _new(tmp_path / "c")
    assert _import(root, _actor(), tmp_path).returncode == 0
    session = Session.open(root, readonly=True)
    try:
        view = json.dumps(project(session.state, session.events()), ensure_ascii=False)
    finally:
        session.close()
    assert "Dmitri Volkov" in view
    for secret in ("Sofia", "Rebel", "Iron Will", "Dirty fighting", "Potence", "potence"):
        assert secret not in view


def test_names_are_data(tmp_path: Path) -> None:
    actor = _actor()
    actor["name"] = "Dmitri \x1b]0;pwned\x07[bold]Volkov[/bold]"
    actor["items"][-1]["name"] = "[red]Switch\x1b[2Jblade"
    actor["system"]["notes"] = "<p>One &#27;]0;x&#7;</p><p>Two <script>[b]</script></p>"
    root = _new(tmp_path / "c")
    proc = _import(root, actor, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "\x1b" not in proc.stdout and "\x07" not in proc.stdout
    assert "[bold]Volkov[/bold]" in proc.stdout and "[red]Switch\ufffd[2Jblade" in proc.stdout
    state = json.loads(run_cli("state", str(root), "--json").stdout)
    assert state["characters"][0]["name"] == "Dmitri \ufffd]0;pwned\ufffd[bold]Volkov[/bold]"
    assert state["characters"][0]["notes"] == "One ]0;x\nTwo [b]"  # no escape left in


def _hostile() -> list[tuple[str, Any, str]]:
    actor = _actor()
    cases: list[tuple[str, Any, str]] = []

    def case(name: str, change: Any, words: str) -> None:
        bad = copy.deepcopy(actor)
        change(bad)
        cases.append((name, bad, words))

    case("werewolf", lambda a: a.update(type="Werewolf"), "type 'Werewolf'; Elysium imports")
    case("attributes list", lambda a: a["system"].update(attributes=[1, 2]), "attributes")
    case(
        "rating as words",
        lambda a: a["system"]["attributes"]["wits"].update(value="three"),
        "system.attributes.wits.value must be a whole number, not 'three'",
    )
    case(
        "rating too big",
        lambda a: a["system"]["attributes"]["wits"].update(value=10**40),
        "longer than any",
    )
    case("items not a list", lambda a: a.update(items={"a": 1}), "items must be a list")
    case("item without name", lambda a: a["items"][0].pop("name"), "every item needs a name")
    case("notes a number", lambda a: a["system"].update(notes=7), "system.notes must be text")
    case(
        "a dot too many",
        lambda a: a["system"]["attributes"]["wits"].update(value=7),
        "character 1 (Dmitri Volkov)",
    )
    case(
        "damage past the track",
        lambda a: a["system"]["health"]["damage"].update(lethal=9),
        "character 1 (Dmitri Volkov)",
    )
    case(
        "blood past the pool",
        lambda a: a["system"]["advantages"]["bloodpool"].update(temporary=40),
        "blood",
    )
    return cases


def test_hostile_actors_are_refused_in_one_line_and_change_nothing(tmp_path: Path) -> None:
    root = _new(tmp_path / "c")
    before = run_cli("log", str(root), "--json").stdout
    files: list[tuple[str, Any, str]] = _hostile()
    deep = '{"type": "Vampire", "name": "Deep", "system": ' + '{"x": ' * 5000 + "{}"
    deep += "}" * 5001
    files.append(("deep nesting", deep, "nest"))
    for name, actor, words in files:
        proc = _import(root, actor, tmp_path)
        assert proc.returncode == 2, name
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0], (name, proc.stderr)
        assert "Traceback" not in proc.stderr and not proc.stdout, name
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps({**_actor(), "pad": "x" * (3 * 1024 * 1024)}), encoding="utf-8")
    proc = run_cli("import", str(root), str(huge))
    assert proc.returncode == 2 and "huge.json is larger than" in proc.stderr
    proc = _import(root, {**_actor(), "type": "Mage"}, tmp_path, "--lang", "ru")
    assert proc.returncode == 2 and "персонаж Foundry типа 'Mage'" in proc.stderr
    assert run_cli("log", str(root), "--json").stdout == before


def test_the_sample_ships_with_the_saves() -> None:
    """A Storyteller finds the sample beside the demo chronicle; it is the tests' file."""
    assert SAVES_COPY.read_bytes() == SAMPLE.read_bytes()


def _item(name: str, kind: str, value: int) -> dict[str, Any]:
    """An item as the system writes it: Disciplines, paths and Backgrounds are Powers and
    Features with ``system.type`` and ``system.value``."""
    return {"name": name, "type": "Power", "system": {"type": kind, "value": value}}


DISC, PATH = "wod.types.discipline", "wod.types.disciplinepath"
BACKGROUND = "wod.types.background"


@pytest.mark.parametrize(
    ("text", "derangements"),
    [
        # docs/import.md: split at commas, semicolons and new lines
        (
            "Megalomania\nFugue, Multiple Personalities",
            ["Megalomania", "Fugue", "Multiple Personalities"],
        ),
        ("Paranoia\r\nBulimia;Fugue", ["Paranoia", "Bulimia", "Fugue"]),
        ("\nParanoia\n\n", ["Paranoia"]),
    ],
)
def test_derangements_are_split_at_new_lines_too(
    tmp_path: Path, text: str, derangements: list[str]
) -> None:
    actor = _actor()
    actor["system"]["derangement"] = text
    root = _new(tmp_path / "c")
    assert _import(root, actor, tmp_path).returncode == 0
    assert _sheet(root)["derangements"] == derangements


@pytest.mark.parametrize(
    ("items", "group", "key", "kept", "said"),
    [
        (
            [("Dominate", DISC, 3), ("Доминирование", DISC, 2)],
            "disciplines",
            "dominate",
            3,
            "Discipline 'Доминирование' 2 (Dominate is named twice: the higher rating, 3, is kept)",
        ),
        (
            [("Доминирование", DISC, 2), ("Dominate", DISC, 3)],
            "disciplines",
            "dominate",
            3,
            "Discipline 'Dominate' 3 (Dominate is named twice: the higher rating, 3, is kept)",
        ),
        (
            [("Ресурсы", BACKGROUND, 4)],  # the sample's Resources 2 comes first
            "backgrounds",
            "resources",
            4,
            "Background 'Ресурсы' 4 (Resources is named twice: the higher rating, 4, is kept)",
        ),
        (
            [("Path of Blood", PATH, 3), ("Путь крови", PATH, 1)],
            "disciplines",
            "path:path-of-blood",
            3,
            "Discipline 'Путь крови' 1 (path:path-of-blood is named twice: the higher rating, "
            "3, is kept)",
        ),
    ],
)
def test_a_trait_named_twice_keeps_the_higher_and_says_so(
    tmp_path: Path, items: list[tuple[str, str, int]], group: str, key: str, kept: int, said: str
) -> None:
    actor = _actor()
    actor["items"] += [_item(*i) for i in items]
    root = _new(tmp_path / "c")
    proc = _import(root, actor, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert f"  Dmitri Volkov, not imported: {said}" in proc.stdout.splitlines()
    assert _sheet(root)[group][key] == kept


@pytest.mark.parametrize(
    ("name", "kind", "key"),
    [
        # V20 Chapter Four: Thaumaturgy's and Necromancy's paths, rated on their own
        ("Path of Blood", PATH, "path:path-of-blood"),
        ("Путь крови", PATH, "path:path-of-blood"),
        ("The Lure of Flames", PATH, "path:lure-of-flames"),
        ("Lure of Flames", DISC, "path:lure-of-flames"),  # a path kept as a Discipline item
        ("Движение разумом", DISC, "path:movement-of-the-mind"),
        ("Путь Костей", PATH, "path:bone-path"),
        ("Path of Shadows", PATH, "path:path-of-shadows"),  # one the table lacks: its own key
        ("Путь теней", PATH, "path:путь-теней"),
    ],
)
def test_a_path_becomes_the_sheets_path(tmp_path: Path, name: str, kind: str, key: str) -> None:
    actor = _actor()
    actor["items"].append(_item(name, kind, 2))
    root = _new(tmp_path / "c")
    proc = _import(root, actor, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["imported 1 character: Dmitri Volkov", *LEFT_OUT_EN]
    assert _sheet(root)["disciplines"][key] == 2
    # A secondary path: current × 4 (cheat sheet «Стоимость развития»), not a Discipline's × 7.
    proc = run_cli("run", str(root), 'award "Dmitri Volkov" 8', f'raise "Dmitri Volkov" {key}')
    assert proc.returncode == 0, proc.stderr
    assert "for 8 XP (secondary path, 2 × 4)" in proc.stdout


def _changed(actor: dict[str, Any], case: str) -> None:
    system, items = actor["system"], actor["items"]
    if case == "overspent":
        items.append(
            {
                "name": "Spent",
                "type": "Experience",
                "system": {"type": "wod.types.expspent", "amount": 20, "isspent": True},
            }
        )
    elif case == "unknown clan":
        system["clan"] = "wod.bio.vampire.foobar"
    elif case == "ghoul's clan":
        actor["type"] = "Mortal"
        system["settings"]["variant"] = "ghoul"
    elif case in ("Auspecs", "Potean"):
        items.append(_item(case, DISC, 1))


@pytest.mark.parametrize(
    ("case", "line", "sheet"),
    [
        (
            "overspent",
            "taken as: experience 0 (Foundry counts 12 gained and 26 spent)",
            {"xp": 0},
        ),
        (
            "unknown clan",
            "taken as: the clan 'Foobar', one Elysium does not know: no clan Disciplines, "
            "every Discipline costs as out-of-clan until 'set NAME clan-disciplines …' names them",
            {"clan": "Foobar"},
        ),
        ("ghoul's clan", "not imported: Clan: 'Brujah'", {"kind": "ghoul", "clan": ""}),
        (
            "Auspecs",
            "taken as: Discipline 'Auspecs' 1 as Auspex (the one name it is near)",
            {"disciplines": {"potence": 2, "presence": 1, "celerity": 1, "auspex": 1}},
        ),
        (
            "Potean",  # as near Protean as Potence: neither is taken
            "not imported: Discipline 'Potean' 1 (near both Protean and Potence: "
            "set the one meant by hand)",
            {"disciplines": {"potence": 2, "presence": 1, "celerity": 1}},
        ),
    ],
)
def test_a_value_changed_on_its_way_in_is_said(
    tmp_path: Path, case: str, line: str, sheet: dict[str, Any]
) -> None:
    actor = _actor()
    _changed(actor, case)
    root = _new(tmp_path / "c")
    proc = _import(root, actor, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert f"  Dmitri Volkov, {line}" in proc.stdout.splitlines()
    c = _sheet(root)
    assert {k: c[k] for k in sheet} == sheet


def test_the_changed_values_are_said_in_russian(tmp_path: Path) -> None:
    actor = _actor()
    for case in ("overspent", "Auspecs", "Potean"):
        _changed(actor, case)
    root = _new(tmp_path / "c")
    proc = _import(root, actor, tmp_path, "--lang", "ru")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert (
        "  Dmitri Volkov, перенесено с поправкой: опыт 0 (в Foundry получено 12, а потрачено 26)"
        in lines
    )
    assert (
        "  Dmitri Volkov, не перенесено: Дисциплина 'Potean' 1 "
        "(похоже и на Превращение, и на Мощь: задайте нужное вручную)"
    ) in lines
    assert "taken as" not in proc.stdout and "not imported" not in proc.stdout
