"""The end of a story: every character's Willpower comes back whole, and the story's
experience awards are given, one event.

Seed 004: «Восстановление: весь запас - в конце истории» (Willpower) and, in «Выдача
опыта», «Конец истории, сверх того: за успех, за опасность, за мудрость - по одному».
The awards are named, not counted::

    story                                  # Willpower back for everyone; no experience
    story success danger                   # both to every player's character
    story Marcus success danger, Anna wisdom   # each their own
    story success Marcus wisdom            # success to the players, wisdom to Marcus too

Awards before any name go to the players' characters (``set NAME player yes``); a name
takes the awards written after it. The chapter's awards stay with ``award`` (and the
chapter with ``chapter``): a story's end is often a chapter's too, but not always.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.common import Context, Outcome, find
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, VerbWord
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules.character import Character
from elysium.rules.experience import award, story_award
from elysium.rules.health import Status
from elysium.rules.tables import XP_STORY_AWARDS
from elysium.rules.willpower import regain_willpower

# The awards as a Storyteller types them, English and Russian (seed 004's words).
AWARD_WORDS: dict[str, str] = {
    **{name: name for name in XP_STORY_AWARDS},
    "успех": "success",
    "опасность": "danger",
    "мудрость": "wisdom",
}
GONE = (Status.FINAL_DEATH, Status.DEAD)  # no Willpower comes back to the dead


def read_awards(ctx: Context, words: list[str]) -> dict[str, list[str]]:
    """Each character's key and the awards named for them, in the order written."""
    state = ctx.state
    general: list[str] = []
    named: dict[str, list[str]] = {}
    current: list[str] | None = None
    for word in words:
        for part in (p for p in word.split(",") if p):
            found = AWARD_WORDS.get(part.casefold())
            if found is not None:
                target = general if current is None else current
                if found not in target:
                    target.append(found)
                continue
            key, c = find(state, part)
            if key in named:
                raise CommandError("story.twice", who=c.name)
            named[key] = current = []
    empty = [state.characters[k].name for k, v in named.items() if not v]
    if empty:
        raise CommandError("story.no_awards_for", who=empty[0], allowed=list(XP_STORY_AWARDS))
    out: dict[str, list[str]] = {}
    if general:
        players = [k for k, c in state.characters.items() if c.player]
        if not players:
            raise CommandError("story.no_players", awards=_told(general))
        out = {k: list(general) for k in players}
    for key, awards in named.items():
        out[key] = out.get(key, []) + [a for a in awards if a not in out.get(key, [])]
    return out


@runs("story")
def cmd_story(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("story", words)
    if ctx.state.combat is not None:
        raise CommandError("time.in_fight", verb=VerbWord("story"))
    given = read_awards(ctx, list(args.words))
    args.words.clear()
    characters: dict[str, Character] = {}
    refilled: list[list[object]] = []
    for key, c in ctx.state.characters.items():
        if c.status() not in GONE and c.willpower_points < c.willpower:
            after = regain_willpower(c, "story")
            refilled.append([c.name, c.willpower_points, after.willpower_points])
            c = after
        characters[key] = c
    awarded = []
    for key, names in given.items():
        c = characters[key]
        amount = story_award(names)
        characters[key] = award(c, amount)
        awarded.append({"who": c.name, "awards": names, "amount": amount})
    state = replace(ctx.state, characters=characters)
    data = {"willpower": refilled, "awards": awarded}
    return Outcome(state, "story", data, told(data, "ack.story"))


def _told(awards: list[str]) -> list[Msg]:
    return [Msg(f"story.award.{a}") for a in awards]


def told(data: dict[str, Any], key: str = "log.story") -> Msg:
    """What the end of a story did, as the acknowledgement (and the log) says it."""
    refilled = [Msg("story.refilled_one", who=w, was=a, now=b) for w, a, b in data["willpower"]]
    awarded = [
        Msg("story.award_one", who=x["who"], n=x["amount"], awards=_told(x["awards"]))
        for x in data["awards"]
    ]
    willpower = Msg("story.refilled", who=refilled) if refilled else Msg("story.all_full")
    xp = Msg("story.awarded", who=awarded) if awarded else ""
    return Msg(key, willpower=willpower, xp=xp)
