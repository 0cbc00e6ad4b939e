"""``elysium new / run / state / log / import`` as a user runs them."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from tests.conftest import run_cli, run_elysium


def _new(tmp_path: Path, *extra: str) -> Path:
    root = tmp_path / "chron"
    proc = run_cli("new", str(root), "--name", "Chicago by Night", *extra)
    assert proc.returncode == 0, proc.stderr
    return root


def test_new_run_state(tmp_path: Path) -> None:
    root = _new(tmp_path)
    proc = run_cli(
        "run",
        str(root),
        'add "Marcus" vampire gen 10',
        'add "Bob" mortal blank',
        'add "Rex" ghoul blank',
        "set Marcus stamina 3",
        "damage Marcus 4 lethal dice 7,1,8",
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 5  # one result line per command
    assert "takes 3" in lines[-1]
    state = json.loads(run_cli("state", str(root), "--json").stdout)
    assert (state["profile"], state["night"], state["chapter"], state["scene"]) == ("v20", 1, 1, 1)
    assert state["events"] == 6
    marcus = next(c for c in state["characters"] if c["name"] == "Marcus")
    assert marcus["kind"] == "vampire" and marcus["generation"] == 10
    assert marcus["blood"] == {"current": 13, "max": 13, "per_turn": 1}
    # A new sheet: Humanity = Conscience + Self-Control, Willpower = Courage; bearing 0 at 7.
    assert marcus["willpower"] == {"current": 3, "rating": 3}
    assert marcus["morality"] == {"name": "humanity", "rating": 7, "bearing": 0}
    assert marcus["virtues"] == {"conscience": 3, "self-control": 4, "courage": 3}
    assert marcus["health"]["track"] == ["X", "X", "X", ".", ".", ".", "."]
    assert (marcus["health"]["penalty"], marcus["health"]["status"]) == (-1, "active")
    bob = next(c for c in state["characters"] if c["name"] == "Bob")
    assert bob["generation"] is None and bob["health"]["penalty"] == 0


def test_run_stops_at_the_first_refusal_and_keeps_the_earlier_commands(tmp_path: Path) -> None:
    root = _new(tmp_path)
    proc = run_cli(
        "run",
        str(root),
        'add "Marcus" vampire gen 13',
        "spend Marcus blood 1",
        "spend Marcus blood 1",
        "spend Marcus blood 1",
    )
    assert proc.returncode == 2
    assert proc.stdout.splitlines()[-1].startswith("Marcus spends 1 blood")
    err = proc.stderr.strip().splitlines()
    assert len(err) == 1 and "command 3" in err[0]
    assert "already spent 1 of 1 blood this turn" in err[0]
    state = json.loads(run_cli("state", str(root), "--json").stdout)
    assert state["characters"][0]["blood"]["current"] == 9
    assert state["events"] == 3


def test_log_text_and_json(tmp_path: Path) -> None:
    root = _new(tmp_path)
    run_cli("run", str(root), "roll 3 diff 6 dice 8,1,10", "chapter", "roll 2 dice 2,3")
    events = json.loads(run_cli("log", str(root), "--json").stdout)
    assert [e["type"] for e in events] == ["created", "roll", "chapter", "roll"]
    assert events[1]["data"]["dice"] == [8, 1, 10]
    assert events[1]["time"] == {"night": 1, "chapter": 1, "scene": 1, "turn": 1}
    assert events[1]["wall"].endswith("Z")
    chapter2 = json.loads(run_cli("log", str(root), "--chapter", "2", "--json").stdout)
    assert [e["type"] for e in chapter2] == ["chapter", "roll"]
    text = run_cli("log", str(root)).stdout
    assert "+8 -1- *10*" in text
    bad = run_cli("log", str(root), "--chapter", "9")
    assert bad.returncode == 2 and "there is no chapter 9" in bad.stderr


def test_import_json_and_toml_all_or_nothing(tmp_path: Path) -> None:
    root = _new(tmp_path)
    good = tmp_path / "coterie.json"
    good.write_text(
        json.dumps(
            {
                "characters": [
                    {
                        "name": "Lucita",
                        "kind": "vampire",
                        "generation": 7,
                        "attributes": {"dexterity": 5},
                        "disciplines": {"celerity": 5, "obtenebration": 4},
                        "path": "Path of Night",
                        "path_rating": 6,
                    },
                    {"name": "Hob", "template": "ghoul"},
                ]
            }
        )
    )
    proc = run_cli("import", str(root), str(good))
    assert proc.returncode == 0, proc.stderr
    toml = tmp_path / "npcs.toml"
    toml.write_text(
        '[[characters]]\nname = "Watchman"\nkind = "mortal"\n'
        "[characters.attributes]\nstrength = 3\n"
    )
    assert run_cli("import", str(root), str(toml)).returncode == 0
    state = json.loads(run_cli("state", str(root), "--json").stdout)
    names = [c["name"] for c in state["characters"]]
    assert names == ["Lucita", "Hob", "Watchman"]
    lucita = state["characters"][0]
    assert lucita["morality"] == {"name": "Path of Night", "rating": 6, "bearing": 0}
    assert lucita["blood"]["max"] == 20

    broken = tmp_path / "broken.json"
    broken.write_text(
        json.dumps(
            {
                "characters": [
                    {"name": "Ok", "kind": "mortal"},
                    {"name": "Bad", "kind": "mortal", "attributes": {"strenght": 2}},
                ]
            }
        )
    )
    proc = run_cli("import", str(root), str(broken))
    assert proc.returncode == 2
    assert "character 2 (Bad)" in proc.stderr and "did you mean 'strength'" in proc.stderr
    after = json.loads(run_cli("state", str(root), "--json").stdout)
    assert after["events"] == state["events"]  # nothing of it was imported
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    proc = run_cli("import", str(root), str(garbage))
    assert proc.returncode == 2 and "not valid JSON" in proc.stderr


# These two run a real `python -m elysium`: new, run and state as a shell runs them.
def test_a_plain_name_lives_in_the_private_data_directory(tmp_path: Path) -> None:
    proc = run_elysium("new", "Sabbat Nights", "--profile", "dark-ages")
    assert proc.returncode == 0, proc.stderr
    data = Path(os.environ["XDG_DATA_HOME"]) / "elysium"
    assert (data / "Sabbat Nights" / "chronicle.json").exists()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    state = json.loads(run_elysium("state", "Sabbat Nights", "--json").stdout)
    assert state["profile"] == "dark-ages"


def test_chronicle_errors_are_one_line(tmp_path: Path) -> None:
    root = _new(tmp_path)
    cases = [
        (("new", str(root)), "already holds a chronicle"),
        (("state", str(tmp_path / "nowhere")), "there is no chronicle"),
        (("run", str(root), "dance"), "unknown command 'dance'"),
        (("import", str(root), str(tmp_path / "missing.json")), "cannot read missing.json"),
        (("new", str(tmp_path / "x"), "--profile", "werewolf"), "use one of: v20"),
    ]
    for args, message in cases:
        proc = run_cli(*args)
        assert proc.returncode == 2, args
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and message in lines[0], (args, proc.stderr)
        assert "Traceback" not in proc.stderr


def test_a_second_writer_is_refused_from_the_shell(tmp_path: Path) -> None:
    from elysium.chronicle.session import Session

    root = _new(tmp_path)
    holder = Session.open(root)
    try:
        proc = run_elysium("run", str(root), "roll 2")
        assert proc.returncode == 2 and "already open for writing" in proc.stderr
        assert run_elysium("state", str(root)).returncode == 0  # reading still works
    finally:
        holder.close()
