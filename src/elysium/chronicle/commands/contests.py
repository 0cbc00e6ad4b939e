"""``resist`` and ``teamwork``: rolls with more than one roller (RULES.md §1 "Compound
actions"; V20 p. 268-269; cheat sheet 004 "Встречные, продолжительные, командные").

    resist Marcus wits+subterfuge vs Anna perception+empathy diff 7 dice 8,3,6,2,9,1,7
    teamwork Marcus int+occult with Anna int+occult, Bob int+academics diff 7

Each side or participant is ``NAME TRAIT+TRAIT [spec] [wp]`` or a number of dice. In a
resisted roll each side has its own ``diff``; teamwork has one difficulty for all. Typed
faces are given once, at the end, in the order the rollers are written.
"""

from __future__ import annotations

from elysium.chronicle.commands.common import Context, Outcome
from elysium.chronicle.commands.sides import Ready, Side, prepare, read_side, side_name, split_at
from elysium.chronicle.commands.sides import throw_all as throw_sides
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, spellings
from elysium.chronicle.state import State
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules.actions import resisted, teamwork
from elysium.rules.tables import DEFAULT_DIFFICULTY

MAX_TEAM = 10  # participants in one teamwork roll: a sanity bound


@runs("resist")
def cmd_resist(ctx: Context, words: tuple[str, ...]) -> Outcome:
    """Both sides roll; each side's successes cancel the other's (V20 p. 268)."""
    args = Args("resist", words)
    faces = args.faces()
    parts = split_at(args.words, spellings("vs"))
    if len(parts) != 2 or not all(parts):
        raise args.fail("resist.two_sides")
    sides = [read_side("resist", part, bearing_allowed=True) for part in parts]
    state, ready = _prepare_all(ctx.state, sides, None, args)
    state, thrown = throw_sides(ctx, state, ready, faces)
    contest = resisted(thrown[0].result, thrown[1].result)
    names = [side_name(r) for r in ready]
    data = {
        "sides": [x.data() for x in thrown],
        "successes": list(contest.successes),
        "winner": contest.winner,
        "margin": contest.margin,
    }
    if contest.winner is None:
        result = Msg("ack.resist.even")
    else:
        result = Msg("ack.resist.wins", who=names[contest.winner], n=contest.margin)
    say = Msg("ack.resist", first=thrown[0].told(), second=thrown[1].told(), result=result)
    return Outcome(state, "resist", data, say)


@runs("teamwork")
def cmd_teamwork(ctx: Context, words: tuple[str, ...]) -> Outcome:
    """Each participant rolls their own pool; the successes add; a botch spoils it all
    unless the house rule says it need not (V20 p. 269; seed 000 "может испортить")."""
    args = Args("teamwork", words)
    faces = args.faces()
    difficulty = args.keyed_int(("diff",), "what.difficulty", 2, 10)
    parts = split_at(args.words, spellings("with"))
    if len(parts) < 2 or not all(parts):
        raise args.fail("teamwork.two_or_more")
    if len(parts) > MAX_TEAM:
        raise args.fail("teamwork.too_many", most=MAX_TEAM)
    sides = [read_side("teamwork", part, diff_allowed=False) for part in parts]
    diff = DEFAULT_DIFFICULTY if difficulty is None else difficulty
    state, ready = _prepare_all(ctx.state, sides, diff, args)
    state, thrown = throw_sides(ctx, state, ready, faces)
    team = teamwork([x.result for x in thrown], state.profile)
    names = [side_name(r) for r in ready]
    botched = [names[i] for i in team.botched_by]
    data = {
        "rolls": [x.data() for x in thrown],
        "difficulty": diff,
        "successes": team.successes,
        "botch": team.botch,
        "botched_by": [ready[i].who for i in team.botched_by],
        "spoils": state.profile.house.teamwork_botch_spoils,
    }
    if team.botch:
        result = Msg("ack.teamwork.spoiled", who=botched)
    elif botched:
        result = Msg("ack.teamwork.kept", n=team.successes, who=botched)
    elif team.successes:
        result = Msg("ack.teamwork.total", n=team.successes)
    else:
        result = Msg("ack.teamwork.none")
    say = Msg(
        "ack.teamwork",
        leader=names[0],
        helpers=names[1:],
        rolls=[x.told() for x in thrown],
        result=result,
    )
    return Outcome(state, "teamwork", data, say)


def _prepare_all(
    state: State, sides: list[Side], difficulty: int | None, args: Args
) -> tuple[State, list[Ready]]:
    """Check every roller before any die is thrown; nobody may roll twice."""
    ready: list[Ready] = []
    for side in sides:
        diff = difficulty or side.difficulty or DEFAULT_DIFFICULTY
        state, r = prepare(state, side, diff, args)
        if r.key is not None and any(r.key == other.key for other in ready):
            raise CommandError("rolls.twice", who=r.who)
        ready.append(r)
    return state, ready
