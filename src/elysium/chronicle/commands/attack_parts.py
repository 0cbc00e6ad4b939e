"""What the ``attack`` verb reads and checks before its steps, and what it says after them:
the typed order (names, maneuver, modifiers, weapon, faces), whose turn it is, the round
moving on, and the damage taken told in the reader's language."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, replace
from typing import Any

from elysium.chronicle.commands.common import find, resolve, track_marks
from elysium.chronicle.commands.fight import CombatState, Declaration, advance, name, write
from elysium.chronicle.commands.fight_words import joined
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.state import State
from elysium.i18n import Msg, Told
from elysium.rules import combat as cr
from elysium.rules.character import Character
from elysium.rules.errors import RulesError
from elysium.rules.health import DamageType, Status, parse_damage_type
from elysium.rules.marks import marked

# The damage types, aiming points and cover as typed in either language.
DAMAGE_WORDS: dict[str, tuple[str, ...]] = {
    "bashing": ("bashing", "лёгкие", "легкие"),
    "lethal": ("lethal", "тяжёлые", "тяжелые"),
    "aggravated": ("aggravated", "губительные"),
}
AIM_WORDS = {"конечность": "limb", "кисть": "hand", "голова": "head", "глаз": "eye"}
AIM_WORDS["сердце"] = "heart"
COVER_WORDS = {"лёжа": "prone", "лежа": "prone", "стена": "wall", "голова": "head"}


@dataclass(frozen=True, slots=True)
class AttackOrder:
    """An attack as typed: who, whom, how, and the faces of physical dice if any."""

    akey: str
    attacker: Character
    tkey: str
    target: Character
    move: cr.Maneuver
    mods: cr.Modifiers
    weapon: tuple[bool, int] | None = None  # (adds to Strength, dice)
    weapon_type: DamageType | None = None
    wp: bool = False
    faces: list[int] | None = None
    dmg_faces: list[int] | None = None
    soak_faces: list[int] | None = None


@dataclass(frozen=True, slots=True)
class Turn:
    """The attacker's turn: a main, extra or delayed action, or ``free`` outside a fight."""

    kind: str = "free"
    index: int = 0  # which of several declared actions
    multiple: int = 1  # how many were declared
    smallest: int | None = None  # the smallest of their pools, as declared


# The flags of an attack (cr.Modifiers' yes/no fields) as typed in either language.
FLAGS: dict[str, tuple[str, ...]] = {
    "flank": ("flank", "фланг"),
    "rear": ("rear", "тыл"),
    "blinded": ("blinded", "ослеплён", "ослеплен"),
    "target_blinded": ("target-blinded", "цель-ослеплена"),
    "held": ("held", "цель-удержана"),
    "immobilized": ("immobilized", "цель-обездвижена"),
    "stake": ("stake", "кол"),
    "off_hand": ("offhand", "off-hand", "неосновная"),
    "moving": ("moving",),  # and its Russian spellings (parser.KEYWORDS)
}


@dataclass(frozen=True, slots=True)
class AttackWords:
    """An attack's words as read, before any name is looked up: None (or nothing) where a
    part was not typed, so that a declaration's words can fill in what an attack leaves
    out (:meth:`over`)."""

    names: tuple[str, ...]  # the attacker, the target, the maneuver: as many as typed
    weapon: tuple[bool, int] | None = None
    weapon_type: DamageType | None = None
    difficulty: int | None = None
    aim: str | None = None
    cover: str | None = None
    outnumbered: int | None = None
    flags: frozenset[str] = frozenset()
    wp: bool = False
    faces: list[int] | None = None
    dmg_faces: list[int] | None = None
    soak_faces: list[int] | None = None

    def over(self, declared: AttackWords, state: State) -> AttackWords:
        """These words, what they leave out taken from the declared attack's: the target
        and the maneuver (one word alone is the target if it names a character, else the
        maneuver), the modifiers, and the weapon while the maneuver keeps to its reach (the
        pistol declared to shoot fires a burst, but a kick is not made with it). Faces are
        never declared: dice are thrown when the attack is made."""
        names = self.names
        told = declared.names[1:3]
        if len(names) == 1:
            names = (names[0], *told)
        elif len(names) == 2 and len(told) == 2:
            word = names[1]
            move = resolve(state, word) is None and _is_maneuver(word)
            names = (names[0], told[0], word) if move else (*names, told[1])
        weapon = (self.weapon, self.weapon_type)
        if self.weapon is None and _same_reach(names[2:3], declared.names[2:3]):
            # The declared weapon, with the damage type typed now if one was.
            weapon = (declared.weapon, self.weapon_type or declared.weapon_type)
        return replace(
            self,
            names=names,
            weapon=weapon[0],
            weapon_type=weapon[1],
            difficulty=_first(self.difficulty, declared.difficulty),
            aim=_first(self.aim, declared.aim),
            cover=_first(self.cover, declared.cover),
            outnumbered=_first(self.outnumbered, declared.outnumbered),
            flags=self.flags | declared.flags,
        )


def _is_maneuver(word: str) -> bool:
    return _reach(word) is not None


def _reach(word: str) -> object:
    try:
        return cr.maneuver(word).reach
    except RulesError:
        return None


def _same_reach(typed: tuple[str, ...], declared: tuple[str, ...]) -> bool:
    """Whether the maneuver made is the declared one's kind, melee or ranged, and is made
    with a weapon: a punch is not made with the knife declared to strike, so neither the
    knife's dice nor its damage type go with it."""
    if not (typed and declared):
        return False
    try:
        move = cr.maneuver(typed[0])
    except RulesError:
        return True  # not a maneuver: the attack refuses it by name
    return move.damage == "weapon" and move.reach == _reach(declared[0])


def _first(typed: Any, declared: Any) -> Any:
    return declared if typed is None else typed


def read_words(args: Args) -> AttackWords:
    """The one grammar of an attack's words (``NAME TARGET MANEUVER`` and its modifiers,
    weapon and faces), read the same by ``attack`` and by ``declare NAME attack ...``: the
    same words are taken or refused, with the same refusal, by both (issue 14)."""
    soak_faces = _faces_after(args, ("soak", "прочность"))
    dmg_faces = _faces_after(args, ("dmg", "damage", "урон"))
    faces = args.faces()
    weapon, weapon_type = _parse_weapon(args)
    diff_text = args.keyed("diff", "difficulty", "сложность")
    extra = as_int(diff_text.lstrip("+"), "what.extra_diff", -5, 5, args) if diff_text else None
    aim = args.keyed("aim", "прицел")
    cover = args.keyed("cover", "укрытие")
    outnumbered = args.keyed_int(("outnumbered", "противников"), "what.opponents", 1, 10)
    flags = frozenset(flag for flag, spellings in FLAGS.items() if args.option(*spellings))
    wp = args.option("wp", "willpower", "воля")
    names = tuple(args.words)
    args.words.clear()
    return AttackWords(
        names,
        weapon,
        weapon_type,
        extra,
        AIM_WORDS.get(aim.casefold(), aim.casefold()) if aim else None,
        COVER_WORDS.get(cover.casefold(), cover.casefold()) if cover else None,
        outnumbered,
        flags,
        wp,
        faces,
        dmg_faces,
        soak_faces,
    )


def order_of(words: AttackWords, state: State) -> AttackOrder:
    """The attack the words name: the attacker, the target and the maneuver looked up."""
    args = Args("attack", words.names)
    akey, attacker = find(state, args.take("what.attacker"))
    tkey, target = find(state, args.take("what.attack_target"))
    move = cr.maneuver(args.take("what.maneuver"))
    args.done()
    if words.weapon is not None and move.abilities == ("brawl",):
        # A Brawl maneuver is made bare-handed: its damage is the body's (V20 p. 299), and a
        # weapon typed with it would be ignored without a word.
        raise CommandError("fight.unarmed_weapon", move=move.key)
    if akey == tkey:
        raise CommandError("combat.self_attack", who=attacker.name)
    flags = words.flags
    mods = cr.Modifiers(
        difficulty=words.difficulty or 0,
        flank="flank" in flags,
        rear="rear" in flags,
        aim=words.aim,
        outnumbered=words.outnumbered or 0,
        cover=words.cover,
        blinded="blinded" in flags,
        target_blinded="target_blinded" in flags,
        held="held" in flags,
        immobilized="immobilized" in flags,
        stake="stake" in flags,
        off_hand="off_hand" in flags,
        moving="moving" in flags,
    )
    return AttackOrder(
        akey,
        attacker,
        tkey,
        target,
        move,
        mods,
        words.weapon,
        words.weapon_type,
        words.wp,
        words.faces,
        words.dmg_faces,
        words.soak_faces,
    )


def as_declared(words: AttackWords, state: State) -> AttackWords:
    """An attack in a fight's actions made as its attacker declared it: what the words
    leave out comes from the declaration (``attack Ann`` alone: the attack declared)."""
    if state.combat is None or not words.names:
        return words
    combat = CombatState.from_dict(state.combat)
    key = resolve(state, words.names[0])
    if combat.phase != "act" and len(words.names) == 1:
        # ``attack Ann`` alone means the attack declared, which only the actions can make:
        # said as the full form would say it, not as a missing target.
        raise CommandError("combat.attack_phase", round=combat.round, phase=combat.phase)
    if combat.phase != "act" or key is None:
        return words
    declared = declared_words(combat.declared.get(key))
    if declared is None:
        if len(words.names) == 1:
            raise CommandError("combat.no_declared_attack", who=name(state, key))
        return words
    return words.over(read_words(Args("attack", (words.names[0], *declared))), state)


def declared_words(decl: Declaration | None) -> tuple[str, ...] | None:
    """A declared attack's words after the attacker (``Bob shoot weapon 4``); a declaration
    saved before they were kept gives them from its text."""
    if decl is None or not decl.attack:
        return None
    if decl.words is not None:
        return decl.words
    try:
        return tuple(shlex.split(decl.text or "")[1:])
    except ValueError:
        return None


def parse_attack(args: Args, state: State) -> AttackOrder:
    """An attack's words read and looked up (``declare NAME attack ...`` checks them so)."""
    return order_of(read_words(args), state)


def _parse_weapon(args: Args) -> tuple[tuple[bool, int] | None, DamageType | None]:
    """The weapon and its damage type; the type may come alone, for the declared weapon."""
    dtype = None
    for word, spellings in DAMAGE_WORDS.items():
        if args.option(*spellings):
            dtype = parse_damage_type(word)
    value = args.keyed("weapon", "оружие")
    if value is None:
        return None, dtype
    text = value.casefold().replace(" ", "")
    adds = text.startswith(("str+", "s+", "сила+"))
    number = text.split("+", 1)[1] if adds else text
    dice = as_int(number, "what.weapon_dice", 0, 20, args)
    return (adds, dice), dtype


def _faces_after(args: Args, names: tuple[str, ...]) -> list[int] | None:
    """``dmg 6,9`` or ``soak 3,1``: a named list of faces anywhere in the command."""
    for i, word in enumerate(args.words):
        if word.casefold() in names:
            if i + 1 >= len(args.words):
                raise args.fail("combat.needs_faces", word=word)
            text = args.words[i + 1]
            del args.words[i : i + 2]
            return [as_int(f, "what.face", 1, 10, args) for f in text.split(",") if f]
    return None


def check_turn(state: State, combat: CombatState, akey: str, tkey: str) -> Turn:
    """May the attacker act now? Their turn, a delayed action, or a refusal."""
    if combat.phase != "act":
        raise CommandError("combat.attack_phase", round=combat.round, phase=combat.phase)
    if akey not in combat.participants:
        raise CommandError("combat.not_in", who=name(state, akey))
    if tkey not in combat.participants:
        raise CommandError("combat.target_not_in", who=name(state, tkey))
    decl = combat.declared.get(akey)
    multiple = decl.actions if decl else 1
    taken = combat.attacks.get(akey, 0) + (decl.given if decl else 0)
    index = min(taken, multiple - 1)
    smallest = decl.pool if decl else None
    if akey in combat.delayed:
        return Turn("delayed", index, multiple, smallest)
    if combat.current != akey:
        now = name(state, combat.current) if combat.current else Msg("combat.nobody_ends")
        raise CommandError("combat.not_your_turn", who=name(state, akey), now=now)
    slot = combat.queue[0]
    if decl is not None and decl.replaced and slot.kind == "main":
        raise CommandError("combat.gave_to_defence", who=name(state, akey))
    return Turn(slot.kind, index, multiple, smallest)


def after_attack(
    state: State, combat: CombatState, akey: str, kind: str
) -> tuple[State, Told | None]:
    """The attack counted, the slot taken, the round moved on; what to say about it."""
    combat = combat.count_attack(akey)
    if kind == "delayed":
        combat = replace(
            combat,
            delayed=tuple(k for k in combat.delayed if k != akey),
            done=(*combat.done, akey),
        )
        return write(state, combat), None
    combat, notes = advance(state, combat.finish_slot())
    return write(state, combat), joined(notes, "; ") if notes else None


def damage_part(c: Character, data: dict[str, Any]) -> Msg:
    """``4 lethal, soak 3: +8 2 5 = 1; takes 3 — health …`` from the damage's data."""
    soak = data["soak"]
    said = []
    if data["halved"]:
        said.append(Msg("combat.bashing_halved"))
    if data["armour_destroyed"]:
        said.append(Msg("combat.armour_destroyed"))
    if data["dazed"]:
        said.append(Msg("combat.dazed_next"))
    return Msg(
        "combat.taken",
        levels=data["damage"],
        type=data["type"],
        soak=Msg("combat.soak", pool=soak["pool"], marks=_soak_marks(soak), n=soak["successes"]),
        taken=data["taken"],
        notes=Msg("combat.taken_notes", notes=joined(said, "; ")) if said else "",
        health=health(c),
    )


def _soak_marks(soak: dict[str, Any]) -> object:
    shown = marked(soak["dice"], soak["rerolls"], soak["difficulty"], soak["specialty"])
    return shown or Msg("fight.no_dice")


def health(c: Character) -> Msg:
    """``health ✓✓✗ (Injured, -1)`` in the reader's language."""
    track = c.health
    level = Msg(f"health.{track.level.key}" if track.level else "health.unhurt")
    status = c.status()
    if status not in (Status.ACTIVE, Status.INCAPACITATED):
        level = Msg(f"status.{status.value}")
    penalty = f", {track.penalty}" if track.penalty else ""
    return Msg("combat.health", marks=track_marks(c), level=level, penalty=penalty)
