"""The players' view (issue 15): the projection, `elysium share` and its secrets."""

from __future__ import annotations

import grp
import json
import os
import stat
from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.projection import VERSION, project
from elysium.chronicle.session import Session
from elysium.cli import main
from tests.chronicle_helpers import COTERIE, new_session

TABLE = [
    *COTERIE,
    "set Marcus player yes",
    'add "Prince Vitel" elder',
    'set Marcus notes "SECRET-PC-NOTE sire is alive"',
    'set "Prince Vitel" notes "SECRET-NPC-NOTE plans the blood hunt"',
]


def without_sheets(view: dict) -> dict:
    """A view without its players' sheets, which name every Attribute by design (a
    player's own traits): what is left must not name an NPC's traits."""
    rows = [{k: v for k, v in c.items() if k != "sheet"} for c in view.get("characters", [])]
    return view | {"characters": rows}


def _view(root: Path) -> Path:
    return root.parent / "shared" / "view.json"


def _share(root: Path, *more: str) -> Path:
    to = root.parent / "shared"
    assert main(["share", str(root), "--to", str(to), *more]) == 0
    return to


def test_a_character_is_a_players_only_when_marked(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    assert not s.state.characters["marcus"].player
    said = s.execute("set Marcus player yes")
    assert s.state.characters["marcus"].player and "player character: yes" in said.render("en")
    said = s.execute("задать Marcus игрок нет")
    assert not s.state.characters["marcus"].player and "персонаж игрока: нет" in said.render("ru")
    before = s.state
    with pytest.raises(ChronicleError) as refused:
        s.execute("set Marcus player maybe")
    assert "player takes yes or no" in refused.value.render("en")
    assert "да или нет" in refused.value.render("ru")
    assert s.state == before
    s.close()


def test_the_projection_shows_pcs_pools_and_npcs_wounds_in_words(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", TABLE)
    s.execute('damage "Prince Vitel" 2 lethal nosoak')
    s.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
    npc = s.execute('roll "Prince Vitel" dex+brawl').event
    s.execute("roll Marcus wits+brawl hidden dice 1,1,1")
    view = project(s.state, s.events())
    assert view["version"] == VERSION and view["time"]["scene"] == 1
    people = {c["name"]: c for c in view["characters"]}
    marcus, vitel = people["Marcus"], people["Prince Vitel"]
    assert marcus["player"] and marcus["willpower"] == {"points": 5, "rating": 5}
    assert marcus["blood"]["points"] == s.state.characters["marcus"].blood
    assert set(vitel) == {"name", "player", "wounds"}
    assert vitel["wounds"] == {"en": "Hurt", "ru": t_ru("health.hurt")}
    rolls = [r for r in view["rolls"] if r["type"] == "roll"]
    assert npc is not None
    assert [r["faces"] for r in rolls] == [[7, 3, 10, 2, 8], npc.data["dice"]]
    assert "dexterity" in rolls[0]["line"]["en"]  # a player's own roll, told whole
    assert "dexterity" not in rolls[1]["line"]["en"]  # an NPC's: faces and result only
    assert rolls[1]["line"]["en"].startswith("Prince Vitel: ")
    hidden = project(s.state, s.events(), npcs="hidden")
    assert [c["name"] for c in hidden["characters"]] == ["Marcus"]
    assert all(r["who"] != "Prince Vitel" for r in hidden["rolls"])
    s.close()


def t_ru(key: str) -> str:
    from elysium.i18n import t

    return t(key, "ru")


def test_the_fight_shows_the_order_and_who_acts(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", TABLE)
    s.execute('combat start Marcus "Prince Vitel"')
    s.execute("init dice Marcus=5,Prince=3")
    fight = project(s.state, s.events())["fight"]
    assert fight is not None and fight["round"] == 1
    assert {o["name"] for o in fight["order"]} == {"Marcus", "Prince Vitel"}
    assert fight["declaring"] in ("Marcus", "Prince Vitel")
    s.close()


def test_share_publishes_for_the_group_and_keeps_the_chronicle_private(tmp_path: Path) -> None:
    root = tmp_path / "c"
    new_session(root, TABLE).close()
    group = grp.getgrgid(os.getgid()).gr_name
    to = _share(root, "--group", group)
    view = to / "view.json"
    assert stat.S_IMODE(view.stat().st_mode) == 0o640
    assert stat.S_IMODE(to.stat().st_mode) == 0o750
    assert view.stat().st_gid == os.getgid()
    assert json.loads(view.read_bytes())["writer"]["stopped"] is True
    # The writer publishes after each event and says when it stopped.
    s = Session.open(root)
    s.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
    live = json.loads(view.read_bytes())
    assert live["rolls"][-1]["faces"] == [7, 3, 10, 2, 8] and live["writer"]["stopped"] is False
    assert live["writer"]["pid"] == os.getpid() and live["writer"]["host"]
    s.close()
    assert json.loads(view.read_bytes())["writer"]["stopped"] is True
    for path in [root, *root.rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode & 0o077 == 0, (path, oct(mode))  # the chronicle stays 0700/0600
    assert not list(to.glob(".*tmp*"))  # no temp file left behind
    assert main(["share", str(root), "--stop"]) == 0
    assert not view.exists()
    s = Session.open(root)
    s.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
    s.close()
    assert not view.exists()  # withdrawn: the writer no longer publishes


def test_share_refuses_an_unknown_group_and_the_chronicle_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "c"
    new_session(root, TABLE).close()
    assert main(["share", str(root), "--group", "no-such-group-x"]) == 2
    assert "there is no group 'no-such-group-x'" in capsys.readouterr().err
    assert main(["share", str(root), "--to", str(root / "x"), "--lang", "ru"]) == 2
    assert "нельзя положить" in capsys.readouterr().err
    assert not (tmp_path / "shared").exists()


def test_no_secret_reaches_the_published_bytes(tmp_path: Path) -> None:
    """Hidden rolls, notes, NPC traits and pools never reach the players' files."""
    root = tmp_path / "c"
    new_session(root, TABLE).close()
    to = _share(root)
    s = Session.open(root)
    s.execute('set "Prince Vitel" dominate 5')
    kept = [
        s.execute("roll Marcus wits+brawl hidden dice 1,1,1"),
        s.execute('roll "Prince Vitel" wits+dominate скрытно'),
        s.execute('frenzy "Prince Vitel" diff 6 hidden'),
    ]
    public = s.execute('roll "Prince Vitel" manipulation+dominate diff 8').event
    assert public is not None
    seen: list[bytes] = []
    for command in ("turn", "roll Marcus dex+brawl dice 7,3,10,2,8", "undo", "turn"):
        s.execute(command)
        seen.append((to / "view.json").read_bytes())
    s.close()
    seen.append((to / "view.json").read_bytes())
    for data in seen:
        for word in (b"SECRET-PC-NOTE", b"SECRET-NPC-NOTE", b"dominate"):
            assert word not in data
        assert b"manipulation" not in json.dumps(without_sheets(json.loads(data))).encode()
        assert b"1, 1, 1" not in data
        assert "скрыт".encode() not in data and b"hidden" not in data and "🔒".encode() not in data
        assert b"frenzy" not in data and b"notes" not in data and b"diff 8" not in data
        view = json.loads(data)
        vitel = next(c for c in view["characters"] if c["name"] == "Prince Vitel")
        assert set(vitel) == {"name", "player", "wounds"}
        vitels = [r["faces"] for r in view["rolls"] if r["who"] == "Prince Vitel"]
        assert vitels == [public.data["dice"]]  # the public roll; none of the hidden ones
        rows = [r.get("faces") for r in view["rolls"]]
        for r in kept:
            assert r.event is not None and r.event.data.get("dice") not in rows
        assert b'"seq"' not in data  # event numbers' gaps would betray a hidden step


def test_an_attack_shows_the_dice_but_not_an_npcs_pool_or_soak(tmp_path: Path) -> None:
    """A player's attack is told whole but the NPC's soak (its Stamina) becomes its wounds in
    words; an NPC's attack shows its dice, not its pool or difficulty."""
    s = new_session(tmp_path / "c", TABLE)
    s.execute('set "Prince Vitel" dexterity 4')
    s.execute('set "Prince Vitel" brawl 3')
    s.execute('set "Prince Vitel" strength 3')
    s.execute('combat start Marcus "Prince Vitel"')
    s.execute("init dice Marcus=9,Prince=1")
    s.execute('declare "Prince Vitel" attack Marcus punch')
    s.execute('declare Marcus attack "Prince Vitel" punch')
    s.execute('attack Marcus "Prince Vitel" punch dice 8,8,8,8,8')
    theirs_event = s.execute('attack "Prince Vitel" Marcus punch').event
    assert theirs_event is not None
    pool, diff = theirs_event.data["pool"], theirs_event.data["difficulty"]
    rolls = [r for r in project(s.state, s.events())["rolls"] if r["type"] == "attack"]
    s.close()
    assert len(rolls) == 2
    mine, theirs = rolls[0]["line"], rolls[1]["line"]
    assert mine["en"].startswith("Marcus → Prince Vitel, punch 5d diff 6: +8 +8 +8 +8 +8")
    assert "soak" not in mine["en"]
    assert mine["en"].endswith(("Prince Vitel takes damage", "Prince Vitel takes no damage"))
    assert "прочность" not in mine["ru"]
    assert theirs["en"].startswith("Prince Vitel → Marcus, punch: ")
    assert f"{pool}d" not in theirs["en"] and f"diff {diff}" not in theirs["en"]
    if theirs_event.data["hits"]:
        assert "soak" in theirs["en"] and "takes" in theirs["en"]  # a player's own soak


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_the_players_recap_keeps_the_storytellers_secrets(
    tmp_path: Path, fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``elysium recap DIR --players``: the chapter as the table saw it. The Storyteller's
    own recap of the same chapter has the hidden roll, marked."""
    root = tmp_path / "c"
    s = new_session(root, TABLE)
    s.execute('set "Prince Vitel" dominate 5')
    s.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
    s.execute('roll "Prince Vitel" wits+dominate hidden dice 9,9,9,9,9,9,9,9,9')
    s.execute('damage "Prince Vitel" 2 lethal nosoak')
    s.execute("spend Marcus blood 1")
    s.close()
    capsys.readouterr()
    assert main(["recap", str(root), "--format", fmt]) == 0
    own = capsys.readouterr().out
    assert "🔒" in own and "wits+dominate" in own and "soak" in own
    assert main(["recap", str(root), "--players", "--format", fmt]) == 0
    theirs = capsys.readouterr().out
    assert "+7 3" in theirs and "Prince Vitel takes damage" in theirs
    assert "Marcus: spent 1" in theirs  # a player's character's own tallies are told
    for secret in ("🔒", "hidden", "dominate", "SECRET", "notes", "soak 8d", "9 +9 +9"):
        assert secret not in theirs, secret
    assert "Prince Vitel: took" not in theirs  # an NPC's tallies are the Storyteller's
    assert main(["recap", str(root), "--players", "--npcs", "hidden"]) == 0
    assert "Prince Vitel" not in capsys.readouterr().out


def test_a_fight_in_the_players_recap_names_no_hidden_npc(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With NPCs hidden the players' recap names a fight by the players' characters only, as
    the live view leaves them out of its order; told in words, the NPC is named."""
    root = tmp_path / "c"
    s = new_session(root, TABLE)
    s.execute('combat start Marcus "Prince Vitel"')
    s.execute("combat end")
    s.close()
    capsys.readouterr()
    for lang in ("en", "ru"):
        assert main(["recap", str(root), "--players", "--npcs", "hidden", "--lang", lang]) == 0
        hidden = capsys.readouterr().out
        assert "Marcus" in hidden and "Prince Vitel" not in hidden, hidden
        assert main(["recap", str(root), "--players", "--lang", lang]) == 0
        assert "Marcus, Prince Vitel" in capsys.readouterr().out


def test_share_never_takes_over_a_directory_that_holds_anything_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A home or a web root given as --to is refused and left exactly as it was."""
    root = tmp_path / "c"
    new_session(root, TABLE).close()
    home = tmp_path / "home"
    home.mkdir(mode=0o755)
    (home / ".bashrc").write_text("x")
    before = home.stat()
    assert main(["share", str(root), "--to", str(home)]) == 2
    assert "already holds other files (such as .bashrc)" in capsys.readouterr().err
    after = home.stat()
    assert (after.st_mode, after.st_gid) == (before.st_mode, before.st_gid)
    assert not (home / "view.json").exists()
    other = tmp_path / "other"
    new_session(other, TABLE).close()
    assert main(["share", str(root), "--to", str(other), "--lang", "ru"]) == 2
    assert "нельзя положить" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["share", str(root), "--to", str(empty)]) == 0  # new or empty: fine
    assert main(["share", str(root), "--to", str(empty)]) == 0  # and sharing it again


def test_a_hidden_step_leaves_the_view_untouched_and_a_failed_publish_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing the table sees changed: the file is not rewritten, so no watcher wakes up to
    notice the Storyteller did something. A view that cannot be written is told with the
    command that saved its event (``elysium run``'s warning; the dashboard's status line)."""
    root = tmp_path / "c"
    new_session(root, TABLE).close()
    to = _share(root)
    s = Session.open(root)
    s.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
    before = (to / "view.json").stat()
    for command in (
        "roll Marcus wits+brawl hidden dice 1,1,1",
        'set "Prince Vitel" notes "SECRET again"',
        'set "Prince Vitel" dominate 4',
    ):
        result = s.execute(command)
        assert result.warnings == ()
    after = (to / "view.json").stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    s.execute("turn")  # the table sees the turn go by
    assert (to / "view.json").stat().st_ino != before.st_ino
    (to / "view.json").unlink()
    to.rmdir()
    to.write_text("in the way")  # the shared directory is gone: a file is in its place
    result = s.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
    assert result.event is not None  # the event stands
    assert len(result.warnings) == 1
    assert "players' view could not be published" in result.warnings[0].render("en")
    s.close()
    to.unlink()
    assert main(["run", str(root), "turn"]) == 0  # it publishes again
    assert (to / "view.json").exists()
    capsys.readouterr()
    to_file = to / "view.json"
    to_file.unlink()
    to.rmdir()
    to.write_text("in the way")
    assert main(["run", str(root), "turn"]) == 0
    err = capsys.readouterr().err
    assert "elysium run: warning: the players' view could not be published" in err


def test_compound_rolls_never_show_an_npcs_traits_or_the_storytellers_words(
    tmp_path: Path,
) -> None:
    """Resisted, teamwork and extended rolls with an NPC in them: each side as the table
    saw it (a player's whole, an NPC's dice and result), no action name typed by the
    Storyteller; with NPCs hidden, nothing of the NPC. All players': told whole."""
    s = new_session(tmp_path / "c", TABLE)
    s.execute('set "Prince Vitel" subterfuge 4')
    rival = '"Prince Vitel" wits+subterfuge'
    s.execute(f'extended start Marcus "SECRET research" dex+brawl vs {rival} target 5')
    s.execute("extended roll Marcus")
    s.execute('resist Marcus dex+brawl vs "Prince Vitel" wits+subterfuge')
    s.execute('teamwork Marcus dex+brawl with "Prince Vitel" wits+subterfuge')
    s.execute('frenzy "Prince Vitel" diff 6')
    for npcs in ("words", "hidden"):
        view = project(s.state, s.events(), npcs=npcs)
        text = json.dumps(without_sheets(view), ensure_ascii=False)
        assert "subterfuge" not in json.dumps(view) and "SECRET" not in json.dumps(view)
        for secret in ("subterfuge", "SECRET", "wits", "Storyteller rolled"):
            assert secret not in text, (npcs, secret)
        lines = [r["line"]["en"] for r in view["rolls"]]
        assert any(line.startswith("resisted: Marcus dexterity+brawl") for line in lines)
        if npcs == "hidden":
            assert "Prince Vitel" not in text
        else:
            assert any("Prince Vitel: " in line for line in lines if "resisted" in line)
            frenzy = [line for line in lines if line.startswith("Prince Vitel") and "→" in line]
            assert frenzy, lines  # an NPC's public frenzy roll: its dice and result
    s.close()


def test_share_to_a_group_one_is_not_in_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only root may give a file to a group it is not in; for anyone else ``share`` says what
    the administrator has to do, and keeps nothing (no setting, no directory)."""
    root = tmp_path / "c"
    new_session(root, TABLE).close()
    group = grp.getgrgid(os.getgid()).gr_name
    monkeypatch.setattr(os, "geteuid", lambda: 4242)  # a user, not root (the suite runs as root)
    monkeypatch.setattr(os, "getegid", lambda: 4242)
    monkeypatch.setattr(os, "getgroups", lambda: [4242])
    to = tmp_path / "shared"
    assert main(["share", str(root), "--group", group, "--to", str(to)]) == 2
    err = capsys.readouterr().err
    assert f"you are not in the group {group}" in err and f"usermod -aG {group}" in err
    assert not to.exists()
    assert main(["share", str(root), "--stop"]) == 0
    assert "is not shared" in capsys.readouterr().out  # no setting was kept


def test_share_while_the_writer_runs_shows_it_live(tmp_path: Path) -> None:
    """Sharing while the Storyteller's dashboard is open: the heartbeat names that writer,
    so the players see it live at once, not stopped until its next event."""
    from elysium.chronicle.players import writer_alive

    root = tmp_path / "c"
    new_session(root, TABLE).close()
    writer = Session.open(root)
    try:
        to = _share(root)
        beat = json.loads((to / "view.json").read_bytes())["writer"]
        assert beat["pid"] == os.getpid() and beat["stopped"] is False
        assert writer_alive(beat)
    finally:
        writer.close()
    assert json.loads((to / "view.json").read_bytes())["writer"]["stopped"] is True
