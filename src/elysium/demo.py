"""The demo chronicle: a coterie in Chicago, a chapter in the middle of a fight.

``saves/demo`` is built by running this script of commands through the ordinary session, so
the demo is a real chronicle with real events (``python -m elysium.demo saves/demo``
rebuilds it). Every roll uses typed faces, so the build is the same every time.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from elysium.chronicle.session import Session
from elysium.chronicle.store.paths import DIR_MODE, FILE_MODE
from elysium.rules import V20, SeededDice

NAME = "Chicago by Night"
# A fresh copy made for the Storyteller to try things in holds this (empty) file, so the
# dashboard can say it is the demo; the shipped demo itself does not.
COPY_MARK = ".demo-copy"

CHAPTER_ONE = [
    # The coterie: three generations, one on a Path.
    'add "Lucien Marchetti" vampire gen 9',
    'set "Lucien Marchetti" clan Ventrue',
    'set "Lucien Marchetti" strength 2 dexterity 3 stamina 3 charisma 4 manipulation 4 '
    "appearance 3 perception 3 intelligence 3 wits 3",
    'set "Lucien Marchetti" leadership 3 subterfuge 3 etiquette 3 brawl 1 melee 2 '
    "firearms 2 athletics 1 dominate 3 presence 2 fortitude 2",
    'set "Lucien Marchetti" conscience 3 self-control 4 courage 3 humanity 6 willpower 6',
    'add "Ilse Varga" vampire gen 12',
    'set "Ilse Varga" clan Brujah',
    'set "Ilse Varga" strength 4 dexterity 3 stamina 3 charisma 2 manipulation 2 wits 3 '
    "brawl 4 athletics 3 intimidation 2 streetwise 3 celerity 2 potence 2 presence 1",
    'set "Ilse Varga" conscience 2 self-control 2 courage 4 humanity 5 willpower 5',
    'set "Ilse Varga" specialty brawl "dirty fighting"',
    'add "Brother Anselm" vampire gen 7',
    'set "Brother Anselm" clan Lasombra',
    'set "Brother Anselm" path "Path of Night" 6',
    'set "Brother Anselm" conviction 3 instinct 3 courage 4 willpower 7',
    'set "Brother Anselm" strength 3 dexterity 3 stamina 4 manipulation 4 wits 4 '
    "melee 3 occult 4 brawl 2 athletics 2 dominate 4 fortitude 3 potence 2",
    'set "Brother Anselm" armour 1 "leather coat"',
    # Lucien's ghoul and the mortals of the night.
    'add "Tomas Reyes" ghoul blank',
    'set "Tomas Reyes" strength 3 dexterity 3 stamina 3 wits 2 brawl 2 firearms 3 '
    "melee 2 athletics 2 potence 1",
    'set "Tomas Reyes" willpower 4 blood 3',
    'add "Det. Dana Price" mortal blank',
    'set "Det. Dana Price" dexterity 3 wits 3 perception 4 firearms 3 investigation 4 willpower 6',
    'add "Razor" mortal blank',
    'set "Razor" strength 3 dexterity 2 stamina 2 wits 2 brawl 3 melee 2',
    'add "Spike" mortal blank',
    'set "Spike" strength 2 dexterity 3 stamina 2 wits 2 brawl 2 firearms 2',
    # An evening's history.
    'roll "Lucien Marchetti" cha+leadership diff 7 dice 8,9,3,7,1,10,4',
    'roll "Det. Dana Price" per+investigation diff 6 dice 6,2,9,8,3,1,7,5',
    'set "Ilse Varga" blood 6',
    'feed "Ilse Varga" 2 from human',
    'frenzy "Ilse Varga" diff 6 dice 2,5',
    'degenerate "Ilse Varga" sin 4 diff 8 dice 3,7',
    'calm "Ilse Varga"',
    'rotschreck "Lucien Marchetti" diff 5 dice 7,8,6',
    'rotschreck "Lucien Marchetti" dice 9,6,5',
    "scene",
    'roll "Brother Anselm" man+occult diff 7 spec dice 10,7,7,2,9,4,1,8',
    'damage "Tomas Reyes" 2 lethal',
    'heal "Tomas Reyes" 1',
    'award "Lucien Marchetti" 2',
    'award "Ilse Varga" 2',
    'award "Brother Anselm" 2',
    "night",
]

CHAPTER_TWO = [
    "chapter",
    # An ambush in an alley off Wacker Drive: still in progress.
    'combat start "Ilse Varga" "Brother Anselm" "Tomas Reyes" Razor Spike',
    'init dice "Ilse Varga=8","Brother Anselm=4","Tomas Reyes=6",Razor=5,Spike=3 '
    'celerity "Ilse Varga=1"',
    'declare Spike attack "Tomas Reyes" shoot',
    'declare Razor attack "Ilse Varga" strike',
    'declare "Tomas Reyes" attack Spike shoot',
    'declare "Brother Anselm" attack Razor punch',
    'declare "Ilse Varga" attack Razor punch',
    'attack "Ilse Varga" Razor punch dice 9,8,10,3,2,6,7,4 dmg 7,8,2,9,6,3,1,4,8,5 soak 6,2',
    'attack "Brother Anselm" Razor punch dice 4,9,3,7,2 dmg 8,2,6,3,9,1 soak 3,7',
    'attack "Tomas Reyes" Spike shoot weapon 4 lethal dice 7,6,2,8,3,9 dmg 8,2,7,5,9,1,6',
    'attack "Ilse Varga" Razor punch dice 6,6,3,2,9,8,8,3 dmg 9,9,9,2,2,2,2,2,9,9 soak 1,1',
    "next",
    'init dice "Ilse Varga=2","Brother Anselm=7","Tomas Reyes=5",Spike=4',
    'declare Spike attack "Tomas Reyes" shoot',
    'declare "Tomas Reyes" attack Spike shoot',
    'declare "Ilse Varga" attack Spike bite',
    'declare "Brother Anselm" attack Spike strike',
    'attack "Brother Anselm" Spike strike weapon str+2 lethal dice 8,8,3,6,2,7 '
    "dmg 8,7,6,2,2,9,3,5,4,1",
    'frenzy "Ilse Varga" diff 6 dice 8,7',
]


def build(target: Path) -> Session:
    """Create the demo chronicle at ``target`` (which must not exist) and return the open
    session."""
    session = Session.create(target, NAME, V20, SeededDice(1987))
    for command in CHAPTER_ONE + CHAPTER_TWO:
        try:
            session.execute(command)
        except Exception as exc:
            session.close()
            raise RuntimeError(f"the demo script failed at {command!r}: {exc}") from exc
    return session


def fresh_copy(destination: Path) -> Path:
    """Copy the shipped demo to ``destination`` with private modes (0700 / 0600)."""
    from elysium.resources import demo_chronicle

    source = demo_chronicle()
    if not (source / "journal").is_dir():
        build(destination).close()  # a source tree without the built demo: make it
        (destination / COPY_MARK).touch(mode=FILE_MODE)
        return destination
    shutil.copytree(source, destination, ignore=shutil.ignore_patterns(".lock", "*.tmp"))
    (destination / COPY_MARK).touch()
    for path in [destination, *destination.rglob("*")]:
        path.chmod(DIR_MODE if path.is_dir() else FILE_MODE)
    return destination


def is_copy(root: Path) -> bool:
    """Whether the chronicle at ``root`` is a fresh copy of the demo (:func:`fresh_copy`)."""
    return (root / COPY_MARK).is_file()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m elysium.demo DIR", file=sys.stderr)
        return 2
    target = Path(argv[0])
    if target.exists():
        shutil.rmtree(target)
    session = build(target)
    print(f"built {NAME!r}: {session.state.events} events at {target}")
    session.close()
    (target / ".lock").unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
