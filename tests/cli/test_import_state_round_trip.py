"""``elysium state --json`` read back by ``elysium import``: a character moves between
chronicles with nothing lost, and the older import format still reads as it did."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.conftest import run_cli

# A sheet that uses every part a Storyteller keeps: damage, spent blood and Willpower,
# experience, Nature and Demeanour, Backgrounds, specialties, notes, a Path, a named roll,
# armour, a derangement, a blood bond, a Thaumaturgy path and free-form traits.
SHEET = (
    'add "Anya" vampire gen 9',
    "set Anya strength 3 dexterity 4 brawl 4 occult 3 resources 3 contacts 2",
    "set Anya discipline:thaumaturgy 2 path:rego-vitae 2 ability:hacking 2 background:haven 1",
    'set Anya path "Path of Night" 6',
    "set Anya conviction 3 instinct 2 courage 4 willpower 5",
    "set Anya specialty brawl Grappling",
    "set Anya specialty dexterity Quick hands",
    'set Anya clan "Lasombra antitribu"',
    "set Anya clan-disciplines obtenebration potence thaumaturgy",
    'set Anya nature "Architect"',
    'set Anya demeanour "Bon Vivant"',
    'set Anya notes "Owes the Prince a boon. Hates [red]markup[/red]."',
    "set Anya armour 2 penalty 1",
    "power add Anya Claws strength+brawl diff 6",
    'derangement Anya add "Paranoia"',
    "damage Anya 2 lethal nosoak",
    "damage Anya 1 bashing nosoak",
    "damage Anya 1 aggravated nosoak",
    "spend Anya blood 1",
    "spend Anya wp 2",
    "award Anya 7",
    "carry Anya 30",
    'condition Anya "Blood Bond"',
    "condition Anya Dominated 2 scenes",
)


def _new(root: Path, *commands: str) -> None:
    assert run_cli("new", str(root), "--name", root.name).returncode == 0
    if commands:
        proc = run_cli("run", str(root), *commands)
        assert proc.returncode == 0, proc.stderr


def _state(root: Path) -> dict[str, Any]:
    proc = run_cli("state", str(root), "--json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _character(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in state["characters"] if c["name"] == name)


def test_the_whole_state_imports_into_another_chronicle_unchanged(tmp_path: Path) -> None:
    source, target = tmp_path / "chicago", tmp_path / "moscow"
    _new(
        source,
        *SHEET,
        'add "Bob" mortal blank',
        "set Bob wits 3",
        "set Bob hidden yes",
        'add "Lea" vampire clan Tremere',
    )
    _new(target)
    exported = tmp_path / "state.json"
    exported.write_text(run_cli("state", str(source), "--json").stdout, encoding="utf-8")
    proc = run_cli("import", str(target), str(exported))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["imported 3 characters: Anya, Bob, Lea"]
    before, after = _state(source), _state(target)
    anya = _character(after, "Anya")
    assert anya == _character(before, "Anya")
    assert _character(after, "Bob") == _character(before, "Bob")
    assert _character(after, "Bob")["hidden"] is True  # still kept off the players' view
    lea = _character(after, "Lea")
    assert lea == _character(before, "Lea") and not lea["clan_disciplines_own"]
    assert anya["clan_disciplines_own"] and "thaumaturgy" in anya["clan_disciplines"]
    # What the round trip is for, said plainly (the equality above covers the rest):
    assert anya["health"]["damage"] == {"bashing": 1, "lethal": 2, "aggravated": 1}
    assert anya["blood"]["current"] == anya["blood"]["max"] - 1
    assert anya["willpower"] == {"current": 3, "rating": 5}
    assert anya["xp"] == 7 and anya["load"] == 30
    assert [c["label"] for c in anya["conditions"]] == ["Blood Bond", "Dominated"]
    assert (anya["nature"], anya["demeanour"]) == ("Architect", "Bon Vivant")
    assert anya["backgrounds"] == {"resources": 3, "contacts": 2, "haven": 1}
    assert anya["specialties"] == {"brawl": "Grappling", "dexterity": "Quick hands"}
    assert anya["notes"] == "Owes the Prince a boon. Hates [red]markup[/red]."
    assert anya["morality"]["name"] == "Path of Night" and anya["morality"]["rating"] == 6
    assert anya["virtues"] == {"conviction": 3, "instinct": 2, "courage": 4}
    assert anya["disciplines"] == {"thaumaturgy": 2, "path:rego-vitae": 2}
    assert anya["abilities"]["hacking"] == 2
    assert anya["powers"][0]["name"] == "Claws" and anya["armour"]["rating"] == 2
    assert anya["derangements"] == ["Paranoia"]


def test_one_character_of_the_state_imports_and_the_import_undoes(tmp_path: Path) -> None:
    source, target = tmp_path / "a", tmp_path / "b"
    _new(source, *SHEET)
    _new(target, 'add "Sofia" mortal blank')
    one = tmp_path / "anya.json"
    one.write_text(json.dumps(_character(_state(source), "Anya")), encoding="utf-8")
    proc = run_cli("import", str(target), str(one))
    assert proc.returncode == 0, proc.stderr
    assert _character(_state(target), "Anya") == _character(_state(source), "Anya")
    proc = run_cli("run", str(target), "undo")
    assert proc.returncode == 0, proc.stderr
    assert [c["name"] for c in _state(target)["characters"]] == ["Sofia"]


def test_a_state_written_before_it_said_the_damage_reads_it_from_the_track(
    tmp_path: Path,
) -> None:
    """``state --json`` of earlier versions had the track's marks but not the damage, nor
    Nature or notes: what it had is read."""
    source, target = tmp_path / "old", tmp_path / "new"
    _new(
        source, 'add "Marcus" vampire gen 10', "damage Marcus 3 lethal nosoak", "spend Marcus wp 1"
    )
    _new(target)
    marcus = _character(_state(source), "Marcus")
    for key in ("nature", "demeanour", "backgrounds", "specialties", "notes", "supernatural"):
        del marcus[key]
    del marcus["health"]["damage"], marcus["health"]["condition"]
    older = tmp_path / "older.json"
    older.write_text(json.dumps({"name": "old", "characters": [marcus]}), encoding="utf-8")
    assert run_cli("import", str(target), str(older)).returncode == 0
    back = _character(_state(target), "Marcus")
    assert back["health"]["track"] == ["X", "X", "X", ".", ".", ".", "."]
    assert back["willpower"] == marcus["willpower"]


def test_the_import_format_takes_the_new_fields_and_refuses_bad_ones(tmp_path: Path) -> None:
    root = tmp_path / "c"
    _new(root)
    good = tmp_path / "good.toml"
    good.write_text(
        '[[characters]]\nname = "Hob"\nkind = "ghoul"\nnature = "Survivor"\nxp = 4\n'
        'notes = "Sleeps in the crypt.\\nFears fire."\n'
        "willpower = { rating = 4, current = 2 }\nhealth = { bashing = 2 }\n"
        "[characters.backgrounds]\nretainers = 2\n",
        encoding="utf-8",
    )
    proc = run_cli("import", str(root), str(good))
    assert proc.returncode == 0, proc.stderr
    hob = _character(_state(root), "Hob")
    assert hob["nature"] == "Survivor" and hob["xp"] == 4
    assert hob["notes"] == "Sleeps in the crypt.\nFears fire."
    assert hob["willpower"] == {"current": 2, "rating": 4}
    assert hob["health"]["damage"] == {"bashing": 2, "lethal": 0, "aggravated": 0}
    assert hob["backgrounds"] == {"retainers": 2}
    before = _state(root)
    journal = run_cli("log", str(root), "--json").stdout
    bad_values = [
        ({"health": {"bashing": "2"}}, "health must be a table"),
        ({"health": {"bashing": 9}}, "7"),
        ({"health": {"sunburn": 1}}, "health must be a table"),
        ({"xp": -3}, "experience"),
        ({"willpower": {"rating": 3, "current": 5}}, "Willpower"),
        ({"backgrounds": ["resources"]}, "backgrounds must be a table"),
        ({"backgrounds": {"resources": 6}}, "5"),
        ({"blood": {"current": 99}}, "blood"),
        ({"derangements": "Paranoia"}, "derangements"),
        ({"nature": ["Rebel"]}, "nature must be text"),
        ({"notes": {"a": 1}}, "notes must be text"),
        # as ``set NAME hidden yes`` refuses a player's character
        ({"hidden": True, "player": True}, "is a player's character: only an NPC"),
    ]
    for extra, words in bad_values:
        bad = tmp_path / "bad.json"
        entry = {"name": "Zed", "kind": "vampire", **extra}
        bad.write_text(json.dumps({"characters": [entry]}), encoding="utf-8")
        proc = run_cli("import", str(root), str(bad))
        assert proc.returncode == 2, extra
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "character 1 (Zed)" in lines[0], (extra, proc.stderr)
        assert words.lower() in lines[0].lower(), (extra, lines[0])
    both = tmp_path / "both.json"  # all or none: the good one beside it is not imported
    hidden = {"name": "X", "kind": "mortal", "hidden": True, "player": True}
    both.write_text(json.dumps({"characters": [{"name": "Ann"}, hidden]}), encoding="utf-8")
    proc = run_cli("import", str(root), str(both), "--lang", "ru")
    assert proc.returncode == 2 and proc.stderr.strip().splitlines() == [
        "elysium import: ошибка: персонаж 2 (X): X — персонаж игрока: от игроков можно скрыть "
        "только NPC"
    ]
    assert _state(root) == before
    assert run_cli("log", str(root), "--json").stdout == journal


def test_blood_on_an_attribute_lasts_the_scene_and_is_said_so(tmp_path: Path) -> None:
    source, target = tmp_path / "a", tmp_path / "b"
    _new(source, 'add "Marcus" vampire gen 10', "set Marcus strength 3", "boost Marcus strength 1")
    _new(target)
    exported = tmp_path / "state.json"
    exported.write_text(run_cli("state", str(source), "--json").stdout, encoding="utf-8")
    proc = run_cli("import", str(target), str(exported), "--lang", "ru")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[1:] == [
        "  Marcus, не перенесено: усиление кровью: Сила "
        "(оно действует до конца сцены: потратьте кровь снова)"
    ]
    marcus = _character(_state(target), "Marcus")
    assert marcus["boosts"] == {} and marcus["attributes"]["strength"] == 3


def test_a_damaged_state_file_is_refused_in_one_line(tmp_path: Path) -> None:
    source, target = tmp_path / "a", tmp_path / "b"
    _new(source, 'add "Marcus" vampire gen 10')
    _new(target)
    marcus = _character(_state(source), "Marcus")
    before = run_cli("log", str(target), "--json").stdout
    cases = [
        ({"boosts": 5}, "boosts must be a table"),
        ({"morality": "humanity", "clan_disciplines_own": False}, "morality must be a table"),
        ({"health": "fine"}, "health must be a table"),
        ({"health": {"track": "XX....."}}, "health must be a table"),
        ({"willpower": {"rating": "five"}}, "whole number"),
        ({"blood": {"current": 200}}, "blood"),
        ({"abilities": {"brawl": [3]}}, "whole number"),
        ({"powers": [{"name": 3}]}, "character 1 (Marcus)"),
        ({"frenzy": {"state": "??"}}, "character 1 (Marcus)"),
    ]
    for change, words in cases:
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps({"characters": [{**marcus, **change}]}), encoding="utf-8")
        proc = run_cli("import", str(target), str(bad))
        assert proc.returncode == 2, change
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "character 1 (Marcus)" in lines[0], (change, proc.stderr)
        assert words in lines[0], (change, lines[0])
    assert run_cli("log", str(target), "--json").stdout == before
