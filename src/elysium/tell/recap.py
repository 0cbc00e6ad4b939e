"""A chapter told as a recap, in Markdown or as one standalone HTML page.

Built from the events alone (every line through :mod:`elysium.tell.events`, so it reads in
English or Russian). The HTML has no scripts and no external assets, and every piece of user
text is escaped. The events may come as a stream: what was undone is known first (from the
undos and redos, :func:`elysium.chronicle.events.undone`), then the chapter's events are read once.
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from elysium.chronicle.commands.feats import BOTCH_HARM
from elysium.chronicle.events import Event
from elysium.chronicle.events import undone as taken_back
from elysium.i18n import t
from elysium.tell.events import describe, when
from elysium.tell.html_page import page_head, page_style
from elysium.tell.table import Table

NOISE = frozenset(
    {
        "created",
        "trait_set",
        "turn",
        "next",
        "declare",
        "delay",
        "round_end",
        "initiative",
        "omit",  # what the statistics count is bookkeeping, not the story
    }
)  # left out of the story; a turn or a round's end that ended a condition is told


@dataclass
class Recap:
    title: str
    chapter: int | None  # None: every chapter, the story so far
    nights: tuple[int, int]
    scenes: list[tuple[str, list[str]]] = field(default_factory=list)
    fights: list[tuple[str, list[tuple[str, list[str]]]]] = field(default_factory=list)
    notable: list[str] = field(default_factory=list)
    damage: dict[str, list[int]] = field(default_factory=dict)  # who -> [taken, healed]
    blood: dict[str, list[int]] = field(default_factory=dict)  # who -> [spent, fed]
    beast: list[str] = field(default_factory=list)
    degeneration: list[str] = field(default_factory=list)
    xp: dict[str, list[int]] = field(default_factory=dict)  # who -> [awarded, spent]
    reasons: dict[str, list[str]] = field(default_factory=dict)  # who -> why awarded
    house: list[str] = field(default_factory=list)  # house rules switched this chapter


def build(
    events: Iterable[Event],
    chapter: int | None,
    title: str,
    lang: str = "en",
    undone: set[int] | None = None,
    table: Table | None = None,
) -> Recap:
    """Gather a chapter's story from its events (every chapter's, or only this one's when
    ``undone`` is given: the steps undone in the whole chronicle,
    :func:`elysium.chronicle.events.undone`). With ``table``, the players' recap: only what
    the table may read, told as their view tells it (no hidden roll, no note, no NPC's
    traits, pools or soak), and the tallies of the players' characters alone. ``chapter``
    None: every chapter's events, the story so far (each scene named with its chapter)."""
    if undone is None:
        events = list(events)
        undone = taken_back(events)
    story = _Story(Recap(title=title, chapter=chapter, nights=(1, 1)), lang)
    for e in events:
        if (chapter is not None and e.time.get("chapter") != chapter) or e.seq in undone:
            continue  # another chapter's, or undone (and not redone): it did not happen
        if e.type in ("undo", "redo"):
            continue  # the undos and redos are left out with what they undid
        if table is not None and table.line(e, lang) is None:
            continue  # not the table's to read
        story.add(e, _line(e, lang, table))
    return story.finished(table)


def _line(e: Event, lang: str, table: Table | None) -> Callable[[], str]:
    """The event's line, told once when it is first needed (most events are never told)."""
    told: list[str] = []

    def line() -> str:
        if not told:
            told.append(describe(e, lang) if table is None else str(table.line(e, lang)))
        return told[0]

    return line


def _tallies() -> dict[str, list[int]]:
    return defaultdict(lambda: [0, 0])


@dataclass
class _Story:
    """A chapter while its events are gathered: where the next line goes (the scene, or the
    fight's round), the nights it spans, and the tallies of harm, blood and experience."""

    recap: Recap
    lang: str
    damage: dict[str, list[int]] = field(default_factory=_tallies)
    blood: dict[str, list[int]] = field(default_factory=_tallies)
    xp: dict[str, list[int]] = field(default_factory=_tallies)
    reasons: dict[str, list[str]] = field(default_factory=dict)  # who -> the awards' reasons
    scene: tuple[Any, ...] | None = None
    fight: tuple[str, list[tuple[str, list[str]]]] | None = None
    nights: list[int] = field(default_factory=list)  # the first and last night told

    def add(self, e: Event, line: Callable[[], str]) -> None:
        night = e.time.get("night", 1)
        nights = self.nights
        if not nights:
            nights[:] = [night, night]
        elif night < nights[0]:
            nights[0] = night
        elif night > nights[1]:
            nights[1] = night
        self._place(e, line)
        if e.type in _NOTED:
            self._note(e, line)

    def _place(self, e: Event, line: Callable[[], str]) -> None:
        """The line in its scene, or in its fight's round (the scene names the fight)."""
        recap, lang = self.recap, self.lang
        time = e.time
        key: tuple[Any, ...] = (time.get("chapter"), time.get("night"), time.get("scene"))
        if recap.chapter is not None:
            key = key[1:]  # (every event of one chapter is the chapter's)
        if key != self.scene and (self.fight is None or e.type == "combat_start"):
            recap.scenes.append((_scene_name(key, lang), []))
            self.scene = key
        if e.type == "combat_start":
            self.fight = (line(), [])
            recap.fights.append(self.fight)
            # The scene says where the fight happened; its story is told under Fights.
            recap.scenes[-1][1].append(t("recap.fight_here", lang, fight=line()))
        elif e.type == "initiative" and self.fight is not None:
            # The round opens with its order: every value (and die) as the log tells it.
            self.fight[1].append((t("recap.round", lang, n=e.data.get("round")), [line()]))
        elif e.type == "combat_end":
            self.fight = None
        elif (e.type not in NOISE or e.data.get("ended")) and not e.type.startswith("combat"):
            if self.fight is not None:  # whatever happened during the fight, in its round
                if not self.fight[1]:
                    self.fight[1].append((t("recap.round", lang, n=1), []))
                self.fight[1][-1][1].append(line())
            else:
                recap.scenes[-1][1].append(line())

    def _note(self, e: Event, line: Callable[[], str]) -> None:
        """What the recap lists apart: notable rolls, house rules, the Beast, degeneration,
        and the tallies."""
        recap, lang = self.recap, self.lang
        try:  # a malformed record read from a file adds nothing to the tallies
            for roll in _rolls(e):
                botch = roll.get("botch")
                if botch or roll.get("successes", 0) >= 5:
                    recap.notable.append(f"{when(e, lang)} {line()}")
                    break
            _tally(e, self.damage, self.blood, self.xp)
            if e.type == "xp" and e.data.get("reason"):
                self.reasons.setdefault(e.data["who"], []).append(str(e.data["reason"]))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass
        if e.type == "house_rule":  # the rules changed: the rolls after follow the new ones
            recap.house.append(f"{when(e, lang)} {line()}")
        if e.type in ("frenzy", "rotschreck"):
            recap.beast.append(line())
        if e.type == "degeneration":
            recap.degeneration.append(line())

    def finished(self, table: Table | None) -> Recap:
        recap = self.recap
        if self.nights:
            recap.nights = (self.nights[0], self.nights[1])
        if table is not None:  # an NPC's wounds, blood and experience are the Storyteller's
            for tally in (self.damage, self.blood, self.xp, self.reasons):
                for who in [w for w in tally if not table.player(w)]:
                    del tally[who]
        recap.damage = dict(self.damage)
        recap.blood = dict(self.blood)
        recap.xp = dict(self.xp)
        recap.reasons = dict(self.reasons)
        return recap


def _scene_name(key: tuple[Any, ...], lang: str) -> str:
    """A scene's heading: its night and number, and its chapter in the story so far."""
    if len(key) == 2:
        return t("recap.scene", lang, night=key[0], scene=key[1])
    return t("recap.chapter_scene", lang, chapter=key[0], night=key[1], scene=key[2])


def heading(recap: Recap, lang: str) -> str:
    """What the recap tells: its chapter, or the story so far."""
    if recap.chapter is None:
        return t("recap.story_so_far", lang)
    return t("recap.chapter", lang, n=recap.chapter)


def _nothing(recap: Recap, lang: str) -> str:
    return t("recap.nothing" if recap.chapter is not None else "recap.nothing_yet", lang)


# The types :meth:`_Story._note` reads (their rolls, tallies or sections); the others, most
# of a chapter, it passes by at once.
_NOTED = frozenset(
    {
        *("roll", "power", "attack", "frenzy", "rotschreck", "degeneration", "defend", "feat"),
        *("damage", "initiative", "heal", "spend", "boost", "blush", "feed", "xp", "gain"),
        *("raise", "story", "house_rule"),
    }
)


def _rolls(e: Event) -> list[dict[str, Any]]:
    d = e.data
    if e.type in ("roll", "power"):
        return [d]
    if e.type == "attack":
        return [d.get("attack") or {}]
    if e.type in ("frenzy", "rotschreck", "degeneration", "defend", "feat"):
        return [d.get("roll") or {}]
    return []


def _tally(e: Event, damage, blood, xp) -> None:
    d = e.data
    if e.type == "damage":
        damage[d["who"]][0] += d.get("taken", 0)
    elif e.type == "attack" and d.get("damage"):
        damage[d["target"]][0] += d["damage"].get("taken", 0)
    elif e.type == "feat" and d.get("hurt"):  # a botched jump, door, lift or stand
        damage[d["who"]][0] += BOTCH_HARM
    elif e.type == "initiative":  # Celerity's extra actions: a blood point at initiative
        for key, entry in d["init"].items():
            paid = e.changes.get("chars", {}).get(key, {}).get("blood")
            if entry.get("celerity") and paid:  # none paid on a line without blood
                blood[d["names"][key]][0] += paid[0] - paid[1]
    elif e.type == "heal":
        damage[d["who"]][1] += d.get("levels", 0)
        blood[d["who"]][0] += d.get("blood", 0)
    elif (e.type == "spend" and d.get("what") == "blood") or e.type == "boost":
        blood[d["who"]][0] += d.get("amount", 0)
    elif e.type == "power" and d.get("cost_blood"):
        blood[d["who"]][0] += d["cost_blood"]
    elif e.type == "blush":
        blood[d["who"]][0] += d.get("paid", 0)
    elif e.type == "feed":
        blood[d["who"]][1] += d.get("amount", 0)
    elif e.type == "xp" or (e.type == "gain" and d.get("what") == "xp"):
        xp[d["who"]][0] += d.get("amount", 0)
    elif e.type == "raise":
        xp[d["who"]][1] += d.get("cost", 0)
    elif e.type == "story":  # the story's awards, one each (seed 004 «Конец истории»)
        for given in d.get("awards") or []:
            xp[given["who"]][0] += given.get("amount", 0)


def _sections(recap: Recap, lang: str) -> list[tuple[str, list[Any]]]:
    return [
        ("recap.scenes", recap.scenes),
        # A chapter without a fight has no Fights heading.
        *([("recap.fights", recap.fights)] if recap.fights else []),
        ("recap.notable", recap.notable),
        (
            "recap.damage",
            [
                t("recap.damage_line", lang, who=w, taken=v[0], healed=v[1])
                for w, v in recap.damage.items()
            ],
        ),
        (
            "recap.blood",
            [
                t("recap.blood_line", lang, who=w, spent=v[0], fed=v[1])
                for w, v in recap.blood.items()
            ],
        ),
        ("recap.beast", recap.beast),
        ("recap.degeneration", recap.degeneration),
        (
            "recap.xp",
            [_xp_line(recap, w, v, lang) for w, v in recap.xp.items()],
        ),
        # Only a chapter whose house rules changed has this section.
        *([("recap.house", recap.house)] if recap.house else []),
    ]


def _xp_line(recap: Recap, who: str, tally: list[int], lang: str) -> str:
    """A character's experience in the chapter, with the reasons of its awards."""
    line = t("recap.xp_line", lang, who=who, n=tally[0], spent=tally[1])
    reasons = recap.reasons.get(who)
    return t("recap.xp_reasons", lang, line=line, reasons=reasons) if reasons else line


# What Markdown would read as markup, each escaped with a backslash (most lines hold none:
# a search says so at once, and the few that do are escaped by one substitution).
_MD_SPECIAL = re.compile(r"[\\`*_{}\[\]<>#|!~]")


def md(text: str) -> str:
    """Markdown-safe text: dice marks like ``*10*`` and names like ``<b>`` stay literal."""
    text = str(text)
    return _MD_SPECIAL.sub(r"\\\g<0>", text) if _MD_SPECIAL.search(text) else text


def markdown(recap: Recap, lang: str = "en") -> str:
    return "".join(markdown_pieces(recap, lang))


def markdown_pieces(recap: Recap, lang: str = "en") -> Iterator[str]:
    """:func:`markdown` in pieces, to be written as they come (a long chapter's recap is
    never held twice, as a list of lines and as one text)."""
    return joined_lines(_markdown_lines(recap, lang), strip=True)


def _markdown_lines(recap: Recap, lang: str) -> Iterator[list[str]]:
    yield [
        f"# {md(recap.title)} — {heading(recap, lang)}",
        "",
        t("recap.nights", lang, first=recap.nights[0], last=recap.nights[1]),
    ]
    for key, items in _sections(recap, lang):
        out = ["", f"## {t(key, lang)}", ""]
        if not items:
            out.append(f"_{_nothing(recap, lang)}_")
        for item in items:
            if key == "recap.fights":
                name, rounds = item
                out.append(f"### {md(name)}")
                for round_name, lines in rounds:
                    out.append(f"- **{md(round_name)}**")
                    out += [f"  - {md(line)}" for line in lines]
                out.append("")
            elif isinstance(item, tuple):
                name, lines = item
                out.append(f"### {md(name)}")
                out += [f"- {md(line)}" for line in lines] or [f"_{_nothing(recap, lang)}_"]
                out.append("")
            else:
                out.append(f"- {md(item)}")
            if len(out) > 256:
                yield out
                out = []
        yield out


def joined_lines(chunks: Iterable[list[str]], strip: bool) -> Iterator[str]:
    """The lines of ``chunks`` joined by newlines and ended by one, in pieces; with
    ``strip``, the whitespace at the end of the whole text first taken off (held back until
    more text follows it)."""
    first, held = True, ""
    for lines in chunks:
        if not lines:
            continue
        piece = "\n".join(lines) if first else "\n" + "\n".join(lines)
        first = False
        if not strip:
            yield piece
            continue
        body = piece.rstrip()
        if body:
            yield held + body
            held = piece[len(body) :]
        else:
            held += piece
    yield "\n"


STYLE = page_style(
    "52rem",
    "1.55",
    "2rem",
    "font-size: 1.05rem;",
    """ul { padding-left: 1.2rem; } li { margin: .25rem 0; }
.meta, .none { color: #9b8577; font-style: italic; }
code, li { font-variant-numeric: tabular-nums; }
""",
)


def page(recap: Recap, lang: str = "en") -> str:
    """One standalone HTML page: no scripts, no external assets, everything escaped."""
    return "".join(page_pieces(recap, lang))


def page_pieces(recap: Recap, lang: str = "en") -> Iterator[str]:
    """:func:`page` in pieces, to be written as they come."""
    return joined_lines(_page_lines(recap, lang), strip=False)


def _page_lines(recap: Recap, lang: str) -> Iterator[list[str]]:
    e = html.escape
    title = f"{recap.title} — {heading(recap, lang)}"
    nights = t("recap.nights", lang, first=recap.nights[0], last=recap.nights[1])
    yield [*page_head(title, lang, STYLE), f'<p class="meta">{e(nights)}</p>']
    for key, items in _sections(recap, lang):
        parts = [f"<h2>{e(t(key, lang))}</h2>"]
        if not items:
            parts.append(f'<p class="none">{e(_nothing(recap, lang))}</p>')
        elif key == "recap.fights":
            for name, rounds in items:
                parts.append(f"<h3>{e(name)}</h3><ul>")
                for round_name, lines in rounds:
                    parts.append(f"<li><strong>{e(round_name)}</strong><ul>")
                    parts += [f"<li>{e(line)}</li>" for line in lines]
                    parts.append("</ul></li>")
                parts.append("</ul>")
        elif isinstance(items[0], tuple):
            for name, lines in items:
                parts.append(f"<h3>{e(name)}</h3><ul>")
                parts += [f"<li>{e(line)}</li>" for line in lines]
                parts.append("</ul>")
                if len(parts) > 256:
                    yield parts
                    parts = []
        else:
            parts.append("<ul>")
            parts += [f"<li>{e(item)}</li>" for item in items]
            parts.append("</ul>")
        yield parts
    yield ["</body></html>"]
