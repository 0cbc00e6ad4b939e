"""The ``extended`` verb: an extended action opened, rolled turn after turn, and ended
(RULES.md §1 "Extended"; V20 p. 268; cheat sheet 004 "Продолжительная: одна и та же проверка
через равные промежутки, пока не наберётся нужное число успехов. Провал обычно - начать
заново (или всё пропало)").

    extended start Marcus "decipher the letter" int+occult target 10 diff 7
    extended roll Marcus dice 8,3,10,1
    extended end "decipher"

A botch follows the profile (V20 and Dark Ages: the gathered successes are lost and the
action goes on; Demon: the attempt is over). Reaching the target, or a botch that ends the
attempt, closes the action; ``end`` abandons it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.common import ANSWER, Context, Outcome, verb_word
from elysium.chronicle.commands.sides import (
    Ready,
    Side,
    prepare,
    read_side,
    side_name,
    split_at,
    throw_all,
    traits_text,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.extended import MAX_TARGET, MAX_WHAT, next_number
from elysium.chronicle.parser import Args, spellings
from elysium.chronicle.state import State
from elysium.chronicle.text import clean_name, name_key
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg, Told, t
from elysium.rules.actions import (
    Extended,
    ExtendedContest,
    Progress,
    contest_step,
    extended_step,
)
from elysium.rules.tables import DEFAULT_DIFFICULTY

SUBCOMMANDS = {
    "start": "start",
    "начать": "start",
    "roll": "roll",
    "бросок": "roll",
    "end": "end",
    "abandon": "end",
    "конец": "end",
    "прервать": "end",
}


@runs("extended")
def cmd_extended(ctx: Context, words: tuple[str, ...]) -> Outcome:
    if not words:  # the open actions, as an answer (nothing is written)
        return Outcome(ctx.state, ANSWER, {}, open_actions(ctx.state))
    args = Args("extended", words)
    typed = args.take("what.extended_sub")
    sub = SUBCOMMANDS.get(typed.casefold())
    if sub == "start":
        return _start(ctx.state, args)
    if sub == "roll":
        return _roll(ctx, args)
    if sub == "end":  # the progress is discarded: the number or the whole label
        number, action = _find(ctx.state, args.take("what.extended_ref"), exact=True)
        args.done()
        data = _about(number, action)
        state = _write(ctx.state, number, None)
        return Outcome(state, "extended_end", data, Msg("ack.extended.end", **_said(data)))
    raise args.fail("extended.bad_sub", sub=typed)


def _start(state: State, args: Args) -> Outcome:
    first = args.take("what.name_or_pool")
    what = clean_name(args.take("what.extended_what"))
    if not what or len(what) > MAX_WHAT:
        raise args.fail("extended.bad_what", most=MAX_WHAT)
    target = args.keyed_int(("target",), "what.extended_target", 1, MAX_TARGET)
    if target is None:
        raise args.fail("args.missing", what=Msg("what.extended_target"))
    parts = split_at([first, *args.words], spellings("vs"))
    args.words.clear()
    if len(parts) > 2 or not all(parts):
        raise args.fail("resist.two_sides")
    sides = [read_side("extended", part) for part in parts]
    if any(side.wp for side in sides):
        raise args.fail("extended.wp_at_start")
    rollers: list[dict[str, Any]] = []
    for side in sides:
        difficulty = DEFAULT_DIFFICULTY if side.difficulty is None else side.difficulty
        _, ready = prepare(state, side, difficulty, args)
        if ready.key is not None and any(ready.key == r["key"] for r in rollers):
            raise CommandError("rolls.twice", who=ready.who)
        rollers.append(_roller(ready))
    taken = [a["what"].casefold() for a in state.extended.values()]
    if what.casefold() in taken:
        raise CommandError("extended.twice", what=what)
    number = next_number(state.extended)
    action = {"what": what, **rollers[0], "target": target, "accumulated": 0, "rolls": 0}
    action["botches"] = 0
    if len(rollers) == 2:  # extended and resisted: the rival gathers successes too
        action |= {"vs": rollers[1], "opposed": 0}
    data = _about(number, action)
    say = Msg("ack.extended.start", **_said(data))
    return Outcome(_write(state, number, action), "extended_start", data, say)


def _roller(ready: Ready) -> dict[str, Any]:
    return {
        "who": ready.who,
        "key": ready.key,
        "traits": ready.traits,
        "pool": None if ready.key else ready.request.pool,
        "spec": ready.request.specialty,
        "difficulty": ready.request.difficulty,
    }


def _ready(
    state: State, action: dict[str, Any], roller: dict[str, Any], wp: bool, args: Args
) -> tuple[State, Ready]:
    """The stored roller, found again and checked as at any roll (wounds as they are now)."""
    key = roller["key"]
    if key is not None:
        if key not in state.characters:
            raise CommandError("extended.nobody", what=action["what"], who=roller["who"])
        side = Side(state.characters[key].name, roller["traits"], None, roller["spec"], wp)
    else:
        side = Side(str(roller["pool"]), None, None, roller["spec"], wp)
    state, ready = prepare(state, side, roller["difficulty"], args)
    if ready.key is not None and ready.key != key:  # another by a similar name
        raise CommandError("extended.nobody", what=action["what"], who=roller["who"])
    return state, ready


def _roll(ctx: Context, args: Args) -> Outcome:
    faces = args.faces()
    state = ctx.state
    number, action = _find(state, args.take("what.extended_ref"))
    wp = args.option("wp")
    args.done()
    state, ready = _ready(state, action, action, wp, args)
    if action.get("vs"):
        return _contest(ctx, state, number, action, ready, faces, args)
    state, (thrown,) = throw_all(ctx, state, [ready], faces)
    before = Extended(action["target"], action["accumulated"], action["rolls"], action["botches"])
    after = extended_step(before, thrown.result, state.profile)
    progress = {
        "accumulated": after.accumulated,
        "rolls": after.rolls,
        "botches": after.botches,
    }
    updated = {**action, **progress}
    going = after.state is Progress.GOING
    state = _write(state, number, updated if going else None)
    lost = before.accumulated if thrown.result.botch and going else 0
    data = {
        **thrown.data(),
        **_about(number, updated),
        "state": after.state.value,
        "lost": lost,
    }
    say = Msg(
        "ack.extended.roll",
        roll=thrown.told(),
        progress=_progress(data),
    )
    return Outcome(state, "extended_roll", data, say)


def _contest(
    ctx: Context,
    state: State,
    number: str,
    action: dict[str, Any],
    ready: Ready,
    faces: list[int] | None,
    args: Args,
) -> Outcome:
    """Extended and resisted: both roll each time; the first to the target wins (V20 p. 268;
    Demon adds each side's own successes, uncancelled)."""
    state, rival = _ready(state, action, action["vs"], False, args)
    state, thrown = throw_all(ctx, state, [ready, rival], faces)
    before = ExtendedContest(
        action["target"], (action["accumulated"], action["opposed"]), action["rolls"]
    )
    after = contest_step(before, thrown[0].result, thrown[1].result, state.profile)
    updated = {
        **action,
        "accumulated": after.totals[0],
        "opposed": after.totals[1],
        "rolls": after.rounds,
    }
    state = _write(state, number, updated if after.winner is None else None)
    data = {
        **_about(number, updated),
        "sides": [x.data() for x in thrown],
        "winner": after.winner,
        "state": "going" if after.winner is None else "done",
        "lost": 0,
    }
    values = _said(data)
    if after.winner is None:
        progress = Msg("ack.extended.contest", **values)
    else:
        winner = side_name([ready, rival][after.winner])
        progress = Msg("ack.extended.won", winner=winner, **values)
    say = Msg(
        "ack.extended.roll",
        roll=Msg("ack.extended.both", first=thrown[0].told(), second=thrown[1].told()),
        progress=progress,
    )
    return Outcome(state, "extended_roll", data, say)


def _progress(data: dict[str, Any]) -> Msg:
    values = _said(data)
    if data["state"] == Progress.DONE.value:
        return Msg("ack.extended.done", **values)
    if data["state"] == Progress.FAILED.value:
        return Msg("ack.extended.failed", **values)
    if data["lost"]:
        return Msg("ack.extended.lost", lost=data["lost"], **values)
    return Msg("ack.extended.going", **values)


def _find(state: State, ref: str, exact: bool = False) -> tuple[str, dict[str, Any]]:
    """An open action by number, label (or the beginning of one of its words) or roller
    (who has just one open); ``exact`` (ending one): the number or the whole label."""
    table = state.extended
    if ref.lstrip("#") in table:
        number = ref.lstrip("#")
        return number, dict(table[number])
    wanted = ref.casefold()
    if exact:
        found = [k for k, a in table.items() if a["what"].casefold() == wanted]
        if len(found) == 1:
            return found[0], dict(table[found[0]])
        close = [
            f"#{k} {a['what']}"
            for k, a in table.items()
            if wanted in a["what"].casefold() or (a["key"] and name_key(ref) in a["key"])
        ]
        if close:
            raise CommandError("exact.extended", verb=verb_word("extended"), ref=ref, close=close)
    for test in (
        lambda a: a["what"].casefold() == wanted,
        lambda a: a["what"].casefold().startswith(wanted),
        lambda a: any(w.startswith(wanted) for w in a["what"].casefold().split()),
        lambda a: a["key"] is not None and a["key"] == name_key(ref),
        lambda a: a["key"] is not None and a["key"].startswith(name_key(ref)),
    ):
        found = [k for k, a in table.items() if test(a)]
        if len(found) == 1:
            return found[0], dict(table[found[0]])
        if len(found) > 1:
            several = [table[k]["what"] for k in found]
            raise CommandError("extended.ambiguous", ref=ref, several=several)
    open_ = [f"#{k} {a['what']}" for k, a in table.items()] or Msg("extended.none_open")
    raise CommandError("extended.unknown", ref=ref, open=open_)


def _write(state: State, number: str, action: dict[str, Any] | None) -> State:
    table = {k: v for k, v in state.extended.items() if k != number}
    if action is not None:
        table[number] = action
    return replace(state, extended=dict(sorted(table.items(), key=lambda kv: int(kv[0]))))


def _about(number: str, action: dict[str, Any]) -> dict[str, Any]:
    """What every extended event says about its action."""
    return {
        "id": int(number),
        "what": action["what"],
        "who": action["who"],
        "traits": action["traits"],
        **({"pool": action["pool"]} if action["pool"] is not None else {}),
        "difficulty": action["difficulty"],
        "target": action["target"],
        "accumulated": action["accumulated"],
        "rolls": action["rolls"],
        **_rival(action),
    }


def _rival(action: dict[str, Any]) -> dict[str, Any]:
    """An extended and resisted action's other side, for the events."""
    vs = action.get("vs")
    if not vs:
        return {}
    rival = {"vs": vs["who"], "vs_traits": vs["traits"], "opposed": action["opposed"]}
    return rival | ({"vs_pool": vs["pool"]} if vs["pool"] is not None else {})


def _said(data: dict[str, Any]) -> dict[str, Any]:
    names = (data.get("traits") or "").split("+") if data.get("traits") else []
    return {
        "id": data["id"],
        "what": data["what"],
        "who": data["who"] or Msg("rolls.pool_side", n=data.get("pool")),
        "traits": Msg("ack.extended.traits", traits=traits_text(names)) if names else "",
        "diff": data["difficulty"],
        "target": data["target"],
        "n": data["accumulated"],
        "rolls": data["rolls"],
        "rival": _rival_name(data),
        "vs": Msg("ack.extended.vs", rival=_rival_name(data)) if "opposed" in data else "",
        "m": data.get("opposed", 0),
    }


def _rival_name(data: dict[str, Any]) -> Msg | str:
    if "opposed" not in data:
        return ""
    return data.get("vs") or Msg("rolls.pool_side", n=data.get("vs_pool"))


def open_actions(state: State) -> Msg:
    """Every open extended action, a line each, or the word that there are none."""
    if not state.extended:
        return Msg("extended.nothing_open")
    actions = list(state.extended.items())
    return Msg(
        "extended.open",
        lines=Told(lambda lang: "\n".join(open_line(n, a, lang) for n, a in actions)),
    )


def open_line(number: str, action: Any, lang: str) -> str:
    """An open extended action: who rolls it, how far it has come, and any rival's total."""

    def name(roller: Any) -> str:
        return roller["who"] or t("rolls.pool_side", lang, n=roller["pool"])

    vs = action.get("vs")
    rival = t("cli.extended_vs", lang, who=name(vs), n=action["opposed"]) if vs else ""
    n, target, diff = action["accumulated"], action["target"], action["difficulty"]
    values = {"id": number, "what": action["what"], "who": name(action), "vs": rival}
    return t("cli.extended", lang, n=n, target=target, diff=diff, **values)
