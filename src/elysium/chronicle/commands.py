"""Command handlers: each reads the state, asks the rules core, and returns the new state
with what the log should show. Nothing here writes to disk; the session does that, before
anyone sees the result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.pools import is_whole, trait_pool
from elysium.chronicle.state import State
from elysium.chronicle.text import clean_name, clean_text, name_key
from elysium.i18n import t
from elysium.rules import blood as bl
from elysium.rules import roll as throw
from elysium.rules import roll_faces
from elysium.rules.beast import (
    beast_request,
    calm,
    degenerate,
    degeneration_request,
    frenzy_pool,
    lose_to_beast,
    needs_degeneration_roll,
    resist,
    rotschreck_pool,
    sin_at,
    start_frenzy,
    start_rotschreck,
)
from elysium.rules.beast_state import BeastCheck, BeastKind, BeastState
from elysium.rules.character import (
    SPECIALTY_MIN,
    TEMPLATES,
    Armour,
    Character,
    from_template,
    new_character,
    set_specialty,
    set_trait,
    with_path,
)
from elysium.rules.dice import DiceSource, RollKind, RollRequest, RollResult, forgive_botch
from elysium.rules.errors import RulesError
from elysium.rules.experience import award, raise_trait
from elysium.rules.health import (
    DamageType,
    Source,
    Status,
    armour_destroyed,
    damage_after_soak,
    dazed,
    heal,
    parse_damage_type,
    soak_pool,
    take_damage,
)
from elysium.rules.tables import DEFAULT_DIFFICULTY, HUMAN_BLOOD
from elysium.rules.traits import Kind, normalise, parse_kind
from elysium.rules.willpower import Use, spend_willpower

MAX_LEVELS = 30  # damage or healing in one command: a sanity bound, not a rule


@dataclass(frozen=True, slots=True)
class Outcome:
    """A command's result: the new state, the event's type and data, and the line to show."""

    state: State
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    message: str = ""


@dataclass
class Context:
    state: State
    rng: DiceSource


Handler = Callable[[Context, tuple[str, ...]], Outcome]


# --- helpers ------------------------------------------------------------------------------


def resolve(state: State, name: str) -> str | None:
    """The key for a name: exact (any case), or the one character whose name starts with
    it (``Lucien`` for ``Lucien Marchetti``). None when nobody or several match."""
    key = name_key(name)
    if key in state.characters:
        return key
    if not key:
        return None
    matches = [k for k in state.characters if k.startswith(key)]
    if not matches:  # any word of the name: "Anselm" for "Brother Anselm"
        matches = [k for k in state.characters if any(w.startswith(key) for w in k.split())]
    return matches[0] if len(matches) == 1 else None


def find(state: State, name: str) -> tuple[str, Character]:
    key = resolve(state, name)
    if key is None:
        wanted = name_key(name)
        several = [
            c.name
            for k, c in state.characters.items()
            if wanted and (k.startswith(wanted) or any(w.startswith(wanted) for w in k.split()))
        ]
        if len(several) > 1:
            raise CommandError(
                f"{clean_name(name)!r} could be {', '.join(several)}; type more of the name"
            )
        names = ", ".join(ch.name for ch in state.characters.values()) or "none yet"
        raise CommandError(f"no character named {clean_name(name)!r}; characters: {names}")
    return key, state.characters[key]


def put(state: State, key: str, c: Character) -> State:
    return replace(state, characters={**state.characters, key: c})


def able(c: Character, reflexive: bool = False) -> None:
    """Refuse actions by those who cannot act (reflexive rolls go on at Incapacitated)."""
    status = c.status()
    if status in (Status.DEAD, Status.FINAL_DEATH):
        raise CommandError(f"{c.name} is {_status_word(status)} and cannot act")
    if status is Status.TORPOR:
        raise CommandError(f"{c.name} is in torpor and cannot act")
    if status is Status.INCAPACITATED and not reflexive:
        raise CommandError(f"{c.name} is incapacitated and cannot act")
    if c.staked and not reflexive:
        raise CommandError(f"{c.name} is staked through the heart and cannot move")


def _status_word(status: Status) -> str:
    return status.value.replace("_", " ")


def throw_dice(
    ctx: Context,
    request: RollRequest,
    faces: list[int] | None,
    profile=None,
    what: str = "the pool",
) -> RollResult:
    """Roll from the session's dice, or score the faces typed for physical dice."""
    profile = profile or ctx.state.profile
    if faces is not None:
        if not profile.house.rule_of_ten and len(faces) != request.dice:
            raise CommandError(
                f"{what} is {request.dice} {'die' if request.dice == 1 else 'dice'} "
                f"but {len(faces)} {'face was' if len(faces) == 1 else 'faces were'} given; "
                f"give one face per die"
            )
        return roll_faces(request, faces, profile)
    return throw(request, ctx.rng, profile)


def marks(result: RollResult) -> str:
    from elysium.present import die_mark

    req = result.request
    shown = [die_mark(f, req.difficulty, req.specialty) for f in result.dice]
    if result.rerolls:
        shown.append("|")
        shown += [die_mark(f, req.difficulty, req.specialty) for f in result.rerolls]
    return " ".join(shown) if shown else "no dice"


def roll_data(result: RollResult) -> dict[str, Any]:
    return result.to_dict()


def verdict_text(result: RollResult) -> str:
    from elysium.present import verdict

    return verdict(result)


def health_text(c: Character) -> str:
    track = c.health
    level = t(f"health.{track.level.key}" if track.level else "health.unhurt")
    penalty = track.penalty
    pen = "" if not penalty else f", {penalty}"
    status = c.status()
    if status not in (Status.ACTIVE, Status.INCAPACITATED):
        level = t(f"status.{status.value}")
    return f"health {''.join(track.marks())} ({level}{pen})"


def _diff(args: Args, default: int = DEFAULT_DIFFICULTY) -> int:
    value = args.keyed_int(("diff", "difficulty", "сложность", "сл"), "difficulty", 2, 10)
    return default if value is None else value


# --- add, remove, set ----------------------------------------------------------------------

KIND_WORDS = {
    "vampire": "vampire",
    "ghoul": "ghoul",
    "mortal": "mortal",
    "вампир": "vampire",
    "гуль": "ghoul",
    "смертный": "mortal",
}


def cmd_add(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("add", words, 'add "NAME" vampire|ghoul|mortal|neonate|ancilla|elder [gen N]')
    name = clean_name(args.take("a name"))
    kind_word = args.take("a kind").casefold()
    gen = args.keyed_int(("gen", "generation", "поколение"), "generation", 3, 15)
    args.done()
    if not name:
        raise args.fail("the name is empty")
    key = name_key(name)
    if key in ctx.state.characters:
        raise CommandError(f"there is already a character named {ctx.state.characters[key].name!r}")
    if kind_word in TEMPLATES and kind_word not in KIND_WORDS:
        if gen is not None:
            raise args.fail("a template sets its own generation; set it afterwards")
        c = from_template(name, kind_word)
    else:
        if kind_word not in KIND_WORDS:
            raise args.fail(
                f"{kind_word!r} is not a kind or a template; use vampire, ghoul, mortal, "
                f"or one of the templates: {', '.join(TEMPLATES)}"
            )
        kind = parse_kind(KIND_WORDS[kind_word])
        if gen is not None and kind is not Kind.VAMPIRE:
            raise args.fail(f"only vampires have a generation, not a {kind.value}")
        if gen == 3:
            raise args.fail("the 3rd generation has no book numbers; use 4 or later")
        c = new_character(name, kind, gen)
    state = put(ctx.state, key, c)
    gen_text = f", generation {c.generation}" if c.generation else ""
    return Outcome(
        state,
        "character_added",
        {"name": c.name, "kind": c.kind.value, "template": kind_word},
        f"added {c.name} ({c.kind.value}{gen_text}; blood {c.blood}/{c.blood_max})",
    )


def cmd_remove(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("remove", words, 'remove "NAME"')
    key, c = find(ctx.state, args.take("a name"))
    args.done()
    chars = {k: v for k, v in ctx.state.characters.items() if k != key}
    return Outcome(
        replace(ctx.state, characters=chars),
        "character_removed",
        {"name": c.name},
        f"removed {c.name}",
    )


def cmd_set(ctx: Context, words: tuple[str, ...]) -> Outcome:
    usage = (
        'set NAME TRAIT N | set NAME path "PATH" [N] | set NAME specialty TRAIT "TEXT" | '
        'set NAME armour N [penalty N] | set NAME clan "CLAN" | set NAME notes "TEXT"'
    )
    args = Args("set", words, usage)
    key, c = find(ctx.state, args.take("a name"))
    trait = args.take("a trait")
    what = normalise(trait)
    profile = ctx.state.profile
    if what in ("path", "road") and args.words and not is_whole(args.words[0]):
        path = clean_name(args.take("a Path's name"))
        rating = as_int(args.take("a rating"), "rating", 0, 10, args) if args.words else None
        args.done()
        new = with_path(c, path, rating)
        detail = f"{path} {new.morality_rating}"
    elif what in ("specialty", "специализация"):
        target = args.take("a trait")
        text = clean_name(" ".join(args.words))
        args.words.clear()
        new = set_specialty(c, target, text)
        detail = f"specialty {normalise(target)}: {text or '(none)'}"
    elif what in ("armour", "armor", "броня"):
        rating = args.take_int("an armour rating", 0, 5)
        penalty = args.keyed_int(("penalty",), "armour penalty", 0, 5) or 0
        label = clean_name(" ".join(args.words)) or "armour"
        args.words.clear()
        new = replace(c, armour=Armour(label, rating, penalty) if rating else None)
        detail = f"armour {rating}" + (f", penalty {penalty}" if penalty else "")
    elif what in ("clan", "клан"):
        clan = clean_name(" ".join(args.words))
        args.words.clear()
        new = replace(c, clan=clan)
        detail = f"clan {clan or '(none)'}"
    elif what in ("notes", "заметки"):
        notes = clean_text(" ".join(args.words), multiline=True)
        args.words.clear()
        new = replace(c, notes=notes)
        detail = "notes"
    elif what == "supernatural":
        flag = args.take("yes or no").casefold()
        args.done()
        if flag not in ("yes", "no", "да", "нет"):
            raise args.fail("supernatural takes yes or no")
        new = replace(c, supernatural=flag in ("yes", "да"))
        detail = f"supernatural {flag}"
    else:
        # One or more TRAIT VALUE pairs: set Marcus strength 3 dexterity 4 (one event).
        new = c
        changed: dict[str, int] = {}
        while True:
            value = args.take_int(f"a value for {trait}", -100, 100)
            new = set_trait(new, trait, value, profile)
            changed[normalise(trait)] = value
            if not args.words:
                break
            trait = args.take("a trait")
        detail = ", ".join(f"{k} {v}" for k, v in changed.items())
        state = put(ctx.state, key, new)
        data = {"name": c.name, "trait": what, "values": changed}
        return Outcome(state, "trait_set", data, f"{c.name}: {detail}")
    state = put(ctx.state, key, new)
    return Outcome(state, "trait_set", {"name": c.name, "trait": what}, f"{c.name}: {detail}")


# --- rolls -----------------------------------------------------------------------------------


def _ten_warning(difficulty: int) -> str:
    return " (difficulty 10: small pools botch less often than large)" if difficulty == 10 else ""


def cmd_roll(ctx: Context, words: tuple[str, ...]) -> Outcome:
    usage = "roll NAME TRAIT+TRAIT [diff D] [spec] [wp] [dice F,F,...] | roll N [diff D] ..."
    args = Args("roll", words, usage)
    faces = args.faces()
    # The name and the traits come first, so "roll Marcus willpower diff 8" rolls the
    # Willpower rating and only a later "wp" spends a point.
    first = args.take("a name or a number of dice")
    expr = None
    if not is_whole(first):
        expr = args.take("the traits to roll, such as dex+brawl")
    difficulty = _diff(args)
    spec = args.option("spec", "specialty", "спец")
    wp = args.option("wp", "willpower", "воля")
    args.done()
    state = ctx.state
    if expr is None:
        pool = as_int(first, "the pool", 1, 100, args)
        if wp:
            raise args.fail("Willpower belongs to a character: roll NAME TRAITS wp")
        request = RollRequest(pool, difficulty, specialty=spec)
        result = throw_dice(ctx, request, faces)
        data = {"who": None, "traits": None, "penalty": 0, **roll_data(result)}
        msg = (
            f"{pool} dice, diff {difficulty}: {marks(result)} — {verdict_text(result)}"
            f"{_ten_warning(difficulty)}"
        )
        return Outcome(state, "roll", data, msg)

    key, c = find(state, first)
    try:
        counted = trait_pool(c, expr)
    except CommandError as exc:
        raise args.fail(str(exc)) from None
    names = list(counted.names)
    if spec and not any(
        name in c.specialties or rating >= SPECIALTY_MIN for name, rating in counted.ratings()
    ):
        raise CommandError(
            f"a specialty needs a trait rated {SPECIALTY_MIN} or more; {'+'.join(names)} has none"
        )
    able(c, reflexive=counted.reflexive)
    dice_pool, penalty = counted.pool, counted.penalty
    if dice_pool < 1:
        why = f" after the wound penalty {penalty}" if penalty else ""
        raise CommandError(f"{c.name} has no dice for {expr}{why}: the action cannot be attempted")
    if wp:
        c = spend_willpower(c, Use.SUCCESS)
    request = RollRequest(dice_pool, difficulty, specialty=spec, willpower=wp)
    result = throw_dice(ctx, request, faces)
    forgiven = state.forgiven
    if result.botch and state.profile.house.forgiven_first_botch and key not in forgiven:
        result = forgive_botch(result)
        forgiven = forgiven | {key}
    state = replace(put(state, key, c), forgiven=forgiven)
    data = {"who": c.name, "traits": "+".join(names), "penalty": penalty, **roll_data(result)}
    pen = f" ({penalty} wounds)" if penalty else ""
    extra = " + Willpower" if wp else ""
    msg = (
        f"{c.name} rolls {'+'.join(names)} = {dice_pool}{pen}{extra}, diff {difficulty}: "
        f"{marks(result)} — {verdict_text(result)}{_ten_warning(difficulty)}"
    )
    return Outcome(state, "roll", data, msg)


# --- damage and healing ------------------------------------------------------------------------

SOURCES = {
    "fire": Source.FIRE,
    "sun": Source.SUNLIGHT,
    "sunlight": Source.SUNLIGHT,
    "claws": Source.CLAWS,
    "fangs": Source.CLAWS,
    "огонь": Source.FIRE,
    "солнце": Source.SUNLIGHT,
    "когти": Source.CLAWS,
}


def apply_damage(
    ctx: Context,
    c: Character,
    levels: int,
    dtype: DamageType,
    *,
    soak: bool,
    source: Source,
    faces: list[int] | None,
) -> tuple[Character, dict[str, Any], str]:
    """Soak (rolled by the rules, or typed faces), halving, armour, the track, dazing.
    Shared by the ``damage`` command and the combat engine."""
    if c.status() in (Status.DEAD, Status.FINAL_DEATH):
        raise CommandError(f"{c.name} is already {_status_word(c.status())}")
    data: dict[str, Any] = {
        "who": c.name,
        "damage": levels,
        "type": dtype.value,
        "source": source.value,
        "soak": None,
    }
    armour = c.armour.rating if c.armour else 0
    if soak:
        pool = soak_pool(
            c.kind,
            c.trait("stamina"),
            c.disciplines.get("fortitude", 0),
            dtype,
            source=source,
            armour=armour,
            supernatural=c.supernatural,
        )
        if pool == 0 and faces:
            raise CommandError(f"{c.name} has no soak dice against {dtype.value} damage")
        request = RollRequest(pool, 6, kind=RollKind.SOAK)
        result = throw_dice(
            ctx, request, faces or ([] if pool == 0 else None), what="the soak roll"
        )
        soaked = result.successes
        taken = damage_after_soak(levels, soaked, dtype, c.kind)
        data["soak"] = roll_data(result)
        soak_text = f"soak {pool}: {marks(result)} = {soaked}"
    else:
        if faces is not None:
            raise CommandError("nosoak takes no dice: the damage was already soaked")
        taken = levels
        soak_text = "no soak"
    halved = soak and c.kind is Kind.VAMPIRE and dtype is DamageType.BASHING
    broke = bool(
        soak
        and armour
        and source not in (Source.FIRE, Source.SUNLIGHT)
        and armour_destroyed(levels, armour)
    )
    track = take_damage(c.health, taken, dtype, c.kind)
    c = replace(c, health=track, armour=None if broke else c.armour)
    was_dazed = (
        taken > 0
        and c.status() is Status.ACTIVE
        and dazed(taken, c.trait("stamina"), c.supernatural_being)
    )
    data.update(taken=taken, halved=halved, armour_destroyed=broke, dazed=was_dazed)
    data["status"] = c.status().value
    notes = []
    if halved:
        notes.append("bashing halved")
    if broke:
        notes.append("armour destroyed")
    if was_dazed:
        notes.append("dazed: loses the next action")
    extra = f" ({'; '.join(notes)})" if notes else ""
    msg = f"{c.name}: {levels} {dtype.value}, {soak_text}; takes {taken}{extra} — {health_text(c)}"
    return c, data, msg


def cmd_damage(ctx: Context, words: tuple[str, ...]) -> Outcome:
    usage = "damage NAME N bashing|lethal|aggravated [nosoak] [fire|sun|claws] [dice F,...]"
    args = Args("damage", words, usage)
    faces = args.faces()
    nosoak = args.option("nosoak", "безпрочности")
    source = Source.WEAPON
    for word, src in SOURCES.items():
        if args.option(word):
            source = src
    key, c = find(ctx.state, args.take("a name"))
    levels = args.take_int("the levels of damage", 1, MAX_LEVELS)
    dtype = parse_damage_type(args.take("the damage type (bashing, lethal, aggravated)"))
    args.done()
    if source in (Source.FIRE, Source.SUNLIGHT) and dtype is not DamageType.AGGRAVATED:
        raise args.fail("fire and sunlight deal aggravated damage")
    c, data, msg = apply_damage(ctx, c, levels, dtype, soak=not nosoak, source=source, faces=faces)
    return Outcome(put(ctx.state, key, c), "damage", data, msg)


def cmd_heal(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("heal", words, "heal NAME N [bashing|lethal|aggravated]")
    key, c = find(ctx.state, args.take("a name"))
    levels = args.take_int("the levels to heal", 1, MAX_LEVELS)
    dtype = parse_damage_type(args.words.pop(0)) if args.words else None
    args.done()
    before = c.blood
    if c.kind is Kind.MORTAL:
        if dtype is DamageType.AGGRAVATED:
            raise CommandError("a mortal has no aggravated damage; it counts as lethal")
        track, healed = heal(c.health, levels, dtype)
        if healed < levels:
            raise CommandError(f"{c.name} has only {healed} such levels to heal")
        c = replace(c, health=track)
        how = "naturally (no blood)"
    elif dtype is DamageType.AGGRAVATED:
        if ctx.state.combat is not None:
            raise CommandError("aggravated damage heals over a day's rest, not in a fight")
        c = bl.heal_aggravated_with_blood(c, levels)
        how = f"{before - c.blood} blood after a day's rest"
    else:
        c = bl.heal_with_blood(c, levels, dtype)
        how = f"{before - c.blood} blood"
    data = {
        "who": c.name,
        "levels": levels,
        "type": dtype.value if dtype else None,
        "blood": before - c.blood,
    }
    msg = f"{c.name} heals {levels} ({how}) — {health_text(c)}, blood {c.blood}/{c.blood_max}"
    return Outcome(put(ctx.state, key, c), "heal", data, msg)


# --- blood and Willpower ---------------------------------------------------------------------


def _resource(args: Args) -> str:
    word = args.take("blood, wp or xp").casefold()
    table = {
        "blood": "blood",
        "кровь": "blood",
        "wp": "wp",
        "willpower": "wp",
        "воля": "wp",
        "xp": "xp",
        "опыт": "xp",
    }
    if word not in table:
        raise args.fail(f"{word!r} is not blood, wp or xp")
    return table[word]


def cmd_spend(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("spend", words, "spend NAME blood N | spend NAME wp N [wounds]")
    wounds = args.option("wounds", "раны")
    key, c = find(ctx.state, args.take("a name"))
    what = _resource(args)
    amount = args.take_int("the amount", 1, 50)
    args.done()
    if what == "xp":
        raise args.fail("experience is spent with raise NAME TRAIT")
    if wounds and (what != "wp" or amount != 1):
        raise args.fail("one Willpower point sets wound penalties aside: spend NAME wp 1 wounds")
    able(c, reflexive=True)
    if what == "blood":
        c = bl.spend_blood(c, amount)
        msg = f"{c.name} spends {amount} blood — blood {c.blood}/{c.blood_max}"
    elif wounds:
        c = spend_willpower(c, Use.IGNORE_WOUNDS)
        msg = (
            f"{c.name} spends Willpower: no wound penalties this turn — "
            f"{c.willpower_points}/{c.willpower}"
        )
    else:
        for _ in range(amount):
            c = spend_willpower(c, Use.OTHER)
        msg = f"{c.name} spends {amount} Willpower — {c.willpower_points}/{c.willpower}"
    data = {"who": c.name, "what": what, "amount": amount, "wounds": wounds}
    return Outcome(put(ctx.state, key, c), "spend", data, msg)


def cmd_gain(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("gain", words, "gain NAME blood N | gain NAME wp N | gain NAME xp N")
    key, c = find(ctx.state, args.take("a name"))
    what = _resource(args)
    amount = args.take_int("the amount", 1, 100)
    args.done()
    if what == "blood":
        c = bl.gain_blood(c, amount)
        msg = f"{c.name} gains {amount} blood — blood {c.blood}/{c.blood_max}"
    elif what == "wp":
        room = c.willpower - c.willpower_points
        if amount > room:
            raise CommandError(f"{c.name} can regain only {room} Willpower (rating {c.willpower})")
        c = replace(c, willpower_points=c.willpower_points + amount)
        msg = f"{c.name} regains {amount} Willpower — {c.willpower_points}/{c.willpower}"
    else:
        c = award(c, amount)
        msg = f"{c.name} gains {amount} experience — {c.xp} unspent"
    data = {"who": c.name, "what": what, "amount": amount}
    return Outcome(put(ctx.state, key, c), "gain", data, msg)


def cmd_award(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("award", words, "award NAME N")
    key, c = find(ctx.state, args.take("a name"))
    amount = args.take_int("the experience", 1, 100)
    args.done()
    c = award(c, amount)
    return Outcome(
        put(ctx.state, key, c),
        "xp",
        {"who": c.name, "amount": amount},
        f"{c.name} is awarded {amount} experience — {c.xp} unspent",
    )


def cmd_feed(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("feed", words, "feed NAME N [from human|from NAME|from dog ...]")
    key, c = find(ctx.state, args.take("a name"))
    amount = args.take_int("the blood drunk", 1, 20)
    source = args.keyed("from", "из", "от")
    args.done()
    able(c)
    state = ctx.state
    if c.kind is Kind.GHOUL:
        return _ghoul_drinks(ctx, key, c, amount, source)
    data: dict[str, Any] = {"who": c.name, "amount": amount}
    victim_key = None
    if source is None or source.casefold() in ("human", "человек"):
        fed = bl.feed(c, amount, HUMAN_BLOOD, human=True)
        data["vessel"] = "human"
        tail = f" (the vessel took {fed.vessel_damage} lethal)" if fed.vessel_damage else ""
    elif resolve(state, source) is not None:
        victim_key, victim = find(state, source)
        if victim_key == key:
            raise CommandError(f"{c.name} cannot feed on themselves")
        fed = bl.feed(c, amount, victim.blood, human=victim.kind is not Kind.VAMPIRE)
        drained = bl.drain_vessel(victim, fed)
        if victim.kind is Kind.VAMPIRE:
            fed = replace(fed, feeder=bl.drink_from_kindred(fed.feeder, victim.name))
        state = put(state, victim_key, drained)
        data["vessel"] = victim.name
        tail = f"; {victim.name}: blood {drained.blood}, {health_text(drained)}"
        if victim.kind is Kind.VAMPIRE:
            drinks = fed.feeder.bonds.get(victim.name, 0)
            tail += f"; drinks of {victim.name}'s blood: {drinks}" + (
                " (blood bound)" if drinks >= 3 else ""
            )
    else:
        vessel = VESSEL_WORDS.get(source.casefold(), source.casefold())
        fed = bl.feed(c, amount, bl.vessel_blood(vessel), human=vessel in ("child",))
        data["vessel"] = vessel
        tail = f" (a {vessel})"
    data["vessel_damage"] = fed.vessel_damage
    state = put(state, key, fed.feeder)
    msg = f"{c.name} drinks {amount} — blood {fed.feeder.blood}/{fed.feeder.blood_max}{tail}"
    return Outcome(state, "feed", data, msg)


def _ghoul_drinks(ctx: Context, key: str, c: Character, amount: int, source: str | None) -> Outcome:
    """A ghoul drinks a vampire's vitae: the vampire loses it, the ghoul holds it, and the
    drinks count toward a blood bond."""
    if source is None or resolve(ctx.state, source) is None:
        raise CommandError(f"a ghoul drinks a vampire's blood: feed {c.name} N from VAMPIRE")
    donor_key, donor = find(ctx.state, source)
    if donor.kind is not Kind.VAMPIRE:
        raise CommandError(f"{donor.name} is not a vampire; ghouls live on vitae")
    if amount > donor.blood:
        raise CommandError(f"{donor.name} has only {donor.blood} blood")
    room = c.blood_max - c.blood
    if amount > room:
        raise CommandError(f"{c.name} can hold only {room} more blood")
    fed = bl.drink_from_kindred(replace(c, blood=c.blood + amount), donor.name)
    state = put(put(ctx.state, key, fed), donor_key, replace(donor, blood=donor.blood - amount))
    drinks = fed.bonds.get(donor.name, 0)
    bond = " (blood bound)" if drinks >= 3 else ""
    msg = (
        f"{c.name} drinks {amount} of {donor.name}'s vitae — blood {fed.blood}/{fed.blood_max}; "
        f"drinks of {donor.name}'s blood: {drinks}{bond}"
    )
    data = {"who": c.name, "amount": amount, "vessel": donor.name, "vessel_damage": 0}
    return Outcome(state, "feed", data, msg)


def cmd_boost(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("boost", words, "boost NAME strength|dexterity|stamina N")
    key, c = find(ctx.state, args.take("a name"))
    attribute = normalise(args.take("strength, dexterity or stamina"))
    amount = args.take_int("the blood spent", 1, 10)
    args.done()
    able(c)
    c = bl.boost(c, attribute, amount)
    msg = (
        f"{c.name} spends {amount} blood: {attribute} {c.trait(attribute)} until the scene "
        f"ends — blood {c.blood}/{c.blood_max}"
    )
    data = {"who": c.name, "attribute": attribute, "amount": amount}
    return Outcome(put(ctx.state, key, c), "boost", data, msg)


def cmd_blush(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("blush", words, "blush NAME")
    key, c = find(ctx.state, args.take("a name"))
    args.done()
    able(c)
    before = c.blood
    c = bl.blush_of_life(c)
    paid = before - c.blood
    if c.blush:
        msg = f"{c.name} takes on the blush of life ({paid} blood) until the scene ends"
    else:
        due = bl.blush_cost(c) - c.blush_paid
        msg = f"{c.name} pays {paid} blood toward the blush of life; {due} more next turn"
    data = {"who": c.name, "paid": paid, "up": c.blush}
    return Outcome(put(ctx.state, key, c), "blush", data, msg)


def cmd_raise(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("raise", words, "raise NAME TRAIT   (spends experience)")
    key, c = find(ctx.state, args.take("a name"))
    trait = args.take("a trait")
    args.done()
    new, cost = raise_trait(c, trait, ctx.state.profile)
    name = normalise(trait).split(":", 1)[-1]
    msg = f"{c.name} raises {name} to {new.trait(name)} for {cost} XP — {new.xp} left"
    data = {"who": c.name, "trait": name, "cost": cost}
    return Outcome(put(ctx.state, key, new), "raise", data, msg)


VESSEL_WORDS = {
    "вампир": "vampire",
    "оборотень": "lupine",
    "ребёнок": "child",
    "ребенок": "child",
    "корова": "cow",
    "собака": "dog",
    "кошка": "cat",
    "пакет": "blood_bag",
    "blood-bag": "blood_bag",
    "bag": "blood_bag",
    "птица": "bird",
    "летучая-мышь": "bat",
    "крыса": "rat",
}


# --- time ------------------------------------------------------------------------------------


def _each(state: State, fn: Callable[[Character], Character]) -> dict[str, Character]:
    return {k: fn(c) for k, c in state.characters.items()}


def _scene_end(c: Character) -> Character:
    c = bl.end_scene(c)
    # Frenzy and flight usually last the scene; a botched one lasts until the ST calms it.
    if c.frenzy and not c.frenzy.botched and c.frenzy.state is not BeastState.RESISTING:
        c = calm(c, BeastKind.FRENZY)
    if c.fear and not c.fear.botched and c.fear.state is not BeastState.RESISTING:
        c = calm(c, BeastKind.ROTSCHRECK)
    return c


def _no_fight(state: State, verb: str) -> None:
    if state.combat is not None:
        raise CommandError(f"a fight is going on: combat end before {verb}")


def cmd_night(ctx: Context, words: tuple[str, ...]) -> Outcome:
    Args("night", words, "night").done()
    _no_fight(ctx.state, "night")
    state = ctx.state
    chars = {}
    notes = []
    for k, c in state.characters.items():
        after, damage = bl.sunset(c, state.profile)
        after = _scene_end(after)
        if c.kind is Kind.VAMPIRE and c.status() not in (Status.TORPOR, Status.FINAL_DEATH):
            notes.append(
                f"{c.name} {after.blood}" + (f" (starving: {damage} lethal)" if damage else "")
            )
        chars[k] = after
    new = replace(state, characters=chars, night=state.night + 1, scene=state.scene + 1, turn=1)
    tail = f" — sunset: {', '.join(notes)}" if notes else ""
    return Outcome(new, "night", {"night": new.night}, f"night {new.night}{tail}")


def cmd_scene(ctx: Context, words: tuple[str, ...]) -> Outcome:
    Args("scene", words, "scene").done()
    _no_fight(ctx.state, "scene")
    s = ctx.state
    new = replace(s, characters=_each(s, _scene_end), scene=s.scene + 1, turn=1)
    return Outcome(new, "scene", {"scene": new.scene}, f"scene {new.scene}")


def cmd_turn(ctx: Context, words: tuple[str, ...]) -> Outcome:
    Args("turn", words, "turn").done()
    s = ctx.state
    new = replace(s, characters=_each(s, bl.new_turn), turn=s.turn + 1)
    return Outcome(new, "turn", {"turn": new.turn}, f"turn {new.turn}")


def cmd_chapter(ctx: Context, words: tuple[str, ...]) -> Outcome:
    Args("chapter", words, "chapter").done()
    _no_fight(ctx.state, "chapter")
    s = ctx.state
    new = replace(
        s,
        characters=_each(s, _scene_end),
        chapter=s.chapter + 1,
        scene=1,
        turn=1,
        forgiven=frozenset(),
    )
    return Outcome(new, "chapter", {"chapter": new.chapter}, f"chapter {new.chapter} begins")


# --- the Beast ---------------------------------------------------------------------------------


def _beast(ctx: Context, words: tuple[str, ...], kind: BeastKind) -> Outcome:
    verb = kind.value
    args = Args(verb, words, f"{verb} NAME diff D [dice F,...]")
    faces = args.faces()
    diff = args.keyed_int(("diff", "difficulty", "сложность"), "difficulty", 2, 10)
    key, c = find(ctx.state, args.take("a name"))
    args.done()
    if c.kind is not Kind.VAMPIRE or not ctx.state.profile.has_blood:
        raise CommandError(
            f"only vampires frenzy or know the Red Fear; {c.name} is a {c.kind.value}"
        )
    check = c.frenzy if kind is BeastKind.FRENZY else c.fear
    started = False
    if check is None or check.state is not BeastState.RESISTING:
        if diff is None:
            raise args.fail("give the difficulty from the trigger table, e.g. diff 6")
        c = start_frenzy(c, diff) if kind is BeastKind.FRENZY else start_rotschreck(c, diff)
        started = True
        check = _check_of(c, kind)
    elif diff is not None and diff != check.difficulty:
        raise args.fail(f"the check in progress is at difficulty {check.difficulty}")
    data: dict[str, Any] = {"who": c.name, "started": started, "difficulty": check.difficulty}
    word = "frenzy" if kind is BeastKind.FRENZY else "Rötschreck"
    if check.automatic:
        # Instinct: no roll (any typed faces are not needed), the frenzy simply comes.
        data.update(state=check.state.value, automatic=True, accumulated=0)
        return Outcome(
            put(ctx.state, key, c),
            verb,
            data,
            f"{c.name} has Instinct and falls into frenzy at once (no roll)",
        )
    pool = frenzy_pool(c) if kind is BeastKind.FRENZY else rotschreck_pool(c)
    if pool < 1:
        # No dice to resist with (no blood, say): the Beast wins without a roll.
        c = lose_to_beast(c, kind)
        check = _check_of(c, kind)
        data.update(state=check.state.value, accumulated=check.accumulated, roll=None)
        what = "falls into frenzy" if kind is BeastKind.FRENZY else "flees in Rötschreck"
        return Outcome(
            put(ctx.state, key, c),
            verb,
            data,
            f"{c.name} has no dice to resist with (pool 0) and {what}",
        )
    request = beast_request(c, kind)
    result = throw_dice(ctx, request, faces)
    c = resist(c, kind, result)
    check = _check_of(c, kind)
    data.update(roll=roll_data(result), state=check.state.value, accumulated=check.accumulated)
    if check.state is BeastState.RESISTED:
        how = f"resists the {word} ({check.accumulated}/5)"
    elif check.state is BeastState.RESISTING:
        how = f"holds on: {check.accumulated}/5 successes, {check.turns_bought} turn(s) bought"
    elif check.botched:
        how = f"BOTCH — {word} for as long as the Storyteller says (a derangement may follow)"
    else:
        how = "falls into frenzy" if kind is BeastKind.FRENZY else "flees in Rötschreck"
    msg = f"{c.name} {word} check, diff {check.difficulty}: {marks(result)} — {how}"
    return Outcome(put(ctx.state, key, c), verb, data, msg)


def _check_of(c: Character, kind: BeastKind) -> BeastCheck:
    """The check the rules just started or advanced (always there at that point)."""
    check = c.frenzy if kind is BeastKind.FRENZY else c.fear
    if check is None:  # pragma: no cover - the rules functions always leave one
        raise CommandError(f"{c.name} has no {kind.value} check in progress")
    return check


def cmd_frenzy(ctx: Context, words: tuple[str, ...]) -> Outcome:
    return _beast(ctx, words, BeastKind.FRENZY)


def cmd_rotschreck(ctx: Context, words: tuple[str, ...]) -> Outcome:
    return _beast(ctx, words, BeastKind.ROTSCHRECK)


def cmd_calm(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("calm", words, "calm NAME [frenzy|rotschreck]")
    key, c = find(ctx.state, args.take("a name"))
    which = args.words.pop(0).casefold() if args.words else None
    args.done()
    kind = {"frenzy": BeastKind.FRENZY, "rotschreck": BeastKind.ROTSCHRECK, None: None}.get(which)
    if which is not None and kind is None:
        raise args.fail("calm takes frenzy or rotschreck")
    if c.frenzy is None and c.fear is None:
        raise CommandError(f"{c.name} is neither in frenzy nor in Rötschreck")
    c = calm(c, kind)
    return Outcome(put(ctx.state, key, c), "calm", {"who": c.name}, f"{c.name} calms down")


def cmd_degenerate(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("degenerate", words, "degenerate NAME sin S [diff 8] [dice F,...]")
    faces = args.faces()
    diff = _diff(args, 8)
    sin = args.keyed_int(("sin", "грех"), "the sin's level", 1, 10)
    key, c = find(ctx.state, args.take("a name"))
    args.done()
    if sin is None:
        raise args.fail("give the sin's level on the hierarchy, e.g. sin 5")
    if not needs_degeneration_roll(c, sin):
        raise CommandError(
            f"no roll: a level-{sin} sin ({sin_at(sin).replace('_', ' ')}) is above "
            f"{c.name}'s {c.morality} {c.morality_rating}"
        )
    try:
        request = degeneration_request(c, diff)
    except RulesError:
        result = None
    else:
        result = throw_dice(ctx, request, faces)
    out = degenerate(c, result)
    new = out.character
    data = {
        "who": c.name,
        "sin": sin,
        "difficulty": diff,
        "roll": roll_data(result) if result else None,
        "morality_lost": out.morality_lost,
        "conscience_lost": out.conscience_lost,
        "derangement": out.derangement,
    }
    rolled = f"{marks(result)} — " if result else "no Conscience to roll — "
    if out.morality_lost == 0:
        how = f"{c.morality} holds at {new.morality_rating}"
    elif out.derangement:
        how = (
            f"BOTCH: {c.morality} {new.morality_rating}, Conscience {new.conscience}, "
            f"and a derangement"
        )
    else:
        how = f"{c.morality} falls to {new.morality_rating}"
    if new.lost:
        how += f"; {c.name} is lost to the Beast and passes to the Storyteller"
    msg = f"{c.name} degeneration (sin {sin}), diff {diff}: {rolled}{how}"
    return Outcome(put(ctx.state, key, new), "degeneration", data, msg)


HANDLERS: dict[str, Handler] = {
    "boost": cmd_boost,
    "blush": cmd_blush,
    "raise": cmd_raise,
    "add": cmd_add,
    "remove": cmd_remove,
    "set": cmd_set,
    "roll": cmd_roll,
    "damage": cmd_damage,
    "heal": cmd_heal,
    "spend": cmd_spend,
    "gain": cmd_gain,
    "award": cmd_award,
    "feed": cmd_feed,
    "night": cmd_night,
    "scene": cmd_scene,
    "turn": cmd_turn,
    "chapter": cmd_chapter,
    "frenzy": cmd_frenzy,
    "rotschreck": cmd_rotschreck,
    "calm": cmd_calm,
    "degenerate": cmd_degenerate,
}
