"""Rich ``Text`` for the panes. User text (names, notes, derangements) goes in as plain
``Text`` segments, never through markup, so ``[red]`` or ``[/`` shows as typed.

Every status is a word or a symbol as well as a colour: a monochrome or ``NO_COLOR``
terminal loses nothing.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Span, Text

from elysium.chronicle.combat import combat_json
from elysium.chronicle.commands.declared import declaration_words
from elysium.chronicle.state import State
from elysium.i18n import t
from elysium.rules.beast import bearing, beast_urges
from elysium.rules.beast_state import BeastState
from elysium.rules.character import Character
from elysium.rules.health import Status
from elysium.rules.tables import FRENZY_TRIGGERS, ROTSCHRECK_TRIGGERS, SINS
from elysium.tell.conditions import boost_words, conditions_words, lost_to_beast
from elysium.tell.marks import load_words

# A mark that is filled is bold and an empty one dim, so it reads by shape and weight alone;
# the colour is extra (and dropped under NO_COLOR: see ``without_colour``).
MARK_STYLE = {"/": "bold yellow", "X": "bold red", "Х": "bold red"}
MARK_STYLE |= {"*": "bold magenta", "Ж": "bold magenta"}


def health_marks(c: Character, lang: str, with_penalty: bool = False) -> Text:
    """``XX/.... −1``: the seven boxes worst first, and the dice the wounds cost."""
    out = Text()
    for mark in c.health.marks(lang):
        out.append(mark, style=MARK_STYLE.get(mark, "dim"))
    penalty = c.health.penalty
    if with_penalty and penalty:
        out.append(f"\u00a0{penalty}", style="bold")
    return out


def without_colour(text: Text) -> Text:
    """``text`` with its colours taken out and its weights (bold, dim, reverse) kept.

    Textual's NO_COLOR filter turns each colour into a grey of its brightness: red marks
    would be drawn darker than the dim empty boxes beside them (issue 14)."""
    out = text.copy()
    out.spans = [Span(span.start, span.end, _weight(span.style)) for span in text.spans]
    out.style = _weight(text.style)
    return out


def _weight(style: str | Style) -> Style:
    return (Style.parse(style) if isinstance(style, str) else style).without_color


def health_level(c: Character, lang: str) -> Text:
    track = c.health
    key = track.level.key if track.level else "unhurt"
    return Text(t(f"health.{key}", lang))


def blood_boxes(c: Character) -> Text:
    """``▮▮▮▮▮▮▮▯▯▯▯``: one box per point of the pool, the filled ones first (never scaled:
    a pool too large for its boxes is told in numbers)."""
    out = Text()
    top = max(0, c.blood_max)
    full = max(0, min(c.blood, top))
    out.append("▮" * full, style="bold red")
    out.append("▯" * (top - full), style="dim")
    return out


def blood_numbers(c: Character, lang: str) -> Text:
    """``7/11 1/t``: the pool and the per-turn limit."""
    out = Text(f"{c.blood}/{c.blood_max}")
    if c.blood_per_turn:
        out.append(" " + t("ui.per_turn", lang, n=c.blood_per_turn), style="dim")
    return out


def willpower(c: Character) -> Text:
    return Text(f"{c.willpower_points}/{c.willpower}")


def status_words(c: Character, lang: str, dazed: bool = False) -> Text:
    """The states that matter at a glance, as words (and a colour for those who can see it).
    ``dazed``: the fight's, losing the next action."""
    out = Text()
    status = c.status()
    if status is not Status.ACTIVE:
        style = "bold red" if status in (Status.FINAL_DEATH, Status.DEAD) else "bold yellow"
        out.append(
            f"✝ {t('status.' + status.value, lang)}"
            if status in (Status.FINAL_DEATH, Status.DEAD)
            else t("status." + status.value, lang),
            style=style,
        )
    if c.frenzy is not None and c.frenzied:  # lost: to the scene's end, or until calmed
        said = lost_to_beast(c.frenzy.botched, t("ui.frenzy", lang), lang)
        out.append((" " if out else "") + "‼ " + said, style="bold red")
    for check, word in ((c.frenzy, "ui.frenzy_short"), (c.fear, "ui.rotschreck_short")):
        if check is not None and check.state.value == "resisting":
            out.append(
                (" " if out else "") + f"{t(word, lang)} {check.accumulated}/5", style="bold yellow"
            )
    if c.fear is not None and c.in_rotschreck:
        said = lost_to_beast(c.fear.botched, t("ui.rotschreck", lang), lang)
        out.append((" " if out else "") + "‼ " + said, style="bold yellow")
    for said in boost_words(c, lang):
        out.append((" " if out else "") + said, style="bold")
    for said in load_words(c, lang):
        out.append((" " if out else "") + said)
    if c.staked:
        out.append((" " if out else "") + t("ui.staked", lang), style="bold")
    if dazed:
        out.append((" " if out else "") + t("ui.dazed", lang), style="bold yellow")
    for said in conditions_words(c, lang):  # the Storyteller's own, with what is left
        out.append((" · " if out else "") + said, style="italic")
    if c.aggravated_rested and c.health.aggravated:
        # A day's rest: one aggravated level may heal on it (cheat sheet "сутки отдыха").
        out.append((" " if out else "") + t("ui.rested", lang))
    return out


def header_inputs(state: State) -> tuple[object, ...]:
    """What :func:`header` reads of the state: while these stay, the header does too."""
    round_ = None if state.combat is None else state.combat.get("round")
    time = (state.night, state.chapter, state.scene, state.turn)
    return (state.name, time, state.combat is not None, round_, state.extended)


def header(
    state: State, lang: str, readonly: bool, writer: bool | None = None, demo: bool = False
) -> Text:
    """``writer``: watching (``elysium watch``), whether the writer is there (None: not
    watching); ``demo``: the chronicle is a fresh copy of the demo (said first)."""
    out = Text()
    if demo:
        out.append(f" {t('ui.demo', lang)} ", style="reverse")
        out.append(" ")
    if writer is not None:
        tag = t("watch.live" if writer else "watch.stopped", lang)
        out.append(f" {tag} ", style="reverse" if writer else "bold reverse red")
        out.append(" ")
    elif readonly:
        out.append(f" {t('ui.readonly', lang)} ", style="reverse")
        out.append(" ")
    out.append(state.name, style="bold")  # user text: plain
    out.append(
        f" · {t('ui.night', lang)} {state.night} · {t('ui.chapter', lang)} {state.chapter}"
        f" · {t('ui.scene', lang)} {state.scene} · {t('ui.turn', lang)} {state.turn}"
    )
    if state.combat is not None:
        out.append(f" · ⚔ {t('ui.round', lang)} {state.combat['round']}", style="bold")
    for action in state.extended.values():  # open extended actions and how far they are
        n, target = action["accumulated"], action["target"]
        out.append(" · ⏳ " + t("ui.extended", lang, what=action["what"], n=n, target=target))
    return out


def initiative(state: State, lang: str) -> tuple[Text, int]:
    """The fight, and the line the one acting (or declaring) now is on, to scroll to.

    In the declaration phase the list runs slowest first, as the declarations do; in the
    action phase fastest first. Those who cannot act are listed once, at the end.
    """
    view: dict[str, Any] | None = combat_json(state)
    if view is None:
        return Text(t("ui.no_combat", lang), style="dim"), 0
    out = Text()
    out.append(
        f"{t('ui.round', lang)} {view['round']} · {t('ui.phase.' + view['phase'], lang)}\n",
        style="bold",
    )
    current = view["current"]
    declared = view["declared"]
    out.append_text(_next_line(view, lang))
    cannot = set(view["cannot_act"])
    order = view["order"] or [
        {"name": n, "initiative": None, "simultaneous": False} for n in view["participants"]
    ]
    if view["phase"] == "declare":
        order = list(reversed(order))
    line, current_line = 2, 0
    by_name = {c.name: c for c in state.characters.values()}
    for entry in order:
        name = entry["name"]
        if name in cannot:
            continue
        if name == current:
            current_line = line
        out.append("▶ " if name == current else "  ", style="bold")
        value = entry["initiative"]
        out.append(f"{value if value is not None else '—':>2} ")
        out.append(name, style="bold" if name == current else "")
        tags = []
        if entry.get("simultaneous"):
            tags.append(t("ui.together", lang))
        if view["actions"].get(name):
            tags.append(t("screen.init.multiple", lang, n=view["actions"][name]))
        if name in view["delayed"]:
            tags.append(t("ui.delayed", lang))
        if name in view["dazed"]:
            tags.append(t("ui.dazed", lang))
        if name in by_name:
            tags.extend(conditions_words(by_name[name], lang))
        if tags:
            out.append(f" [{', '.join(tags)}]", style="italic")
        out.append("\n")
        line += 1
        if declared.get(name):
            out.append("   ")
            out.append(declaration_words(declared[name], lang), style="dim")
            out.append("\n")
            line += 1
    for name in view["cannot_act"]:
        out.append(f"  ✗ {name} ", style="dim")
        out.append(f"({t('ui.cannot_act', lang)})\n", style="dim")
    return out, current_line


def _next_line(view: dict[str, Any], lang: str) -> Text:
    """Who must declare or act now (and why an attack waits), or what the round needs."""
    phase, current = view["phase"], view["current"]
    if phase == "initiative":
        key, who = "screen.init.roll", ""
    elif phase == "declare" and current:
        key, who = "screen.init.declare_next", current
    elif current:
        key, who = "screen.init.act_next", current
    else:
        key, who = "screen.init.round_over", ""
    return Text(t(key, lang, who=who) + "\n", style="italic")


def _dots(n: int, top: int = 5) -> str:
    return "●" * max(0, n) + "○" * max(0, top - n)


def beast(c: Character | None, lang: str) -> Text:
    if c is None:
        return Text(t("ui.no_character", lang), style="dim")
    out = Text()
    out.append(c.name, style="bold")  # user text: plain
    out.append("\n")
    morality = t("ui.humanity", lang) if c.has_humanity else c.morality
    out.append(f"{morality} {c.morality_rating} ")
    out.append(_dots(c.morality_rating, 10) + "\n")
    virtues = "  ".join(f"{_virtue(k, lang)} {v}" for k, v in c.virtues.items())
    out.append(f"{t('ui.virtues', lang)}: {virtues}\n")
    out.append(f"{t('ui.bearing', lang)}: {bearing(c.morality_rating):+d}\n")
    if c.lost:
        out.append(t("ui.lost", lang) + "\n", style="bold red")
    elif beast_urges(c):
        out.append("⚠ " + t("ui.urges", lang) + "\n", style="bold")
    for check, label in ((c.frenzy, "ui.frenzy_check"), (c.fear, "ui.rotschreck_check")):
        if check is None:
            continue
        out.append(t(label, lang) + ": ", style="bold")
        if check.state is BeastState.RESISTING:
            out.append(
                t(
                    "ui.check_progress",
                    lang,
                    diff=check.difficulty,
                    n=check.accumulated,
                    turns=check.turns_bought,
                )
                + "\n"
            )
        elif check.state is BeastState.RESISTED:
            out.append(t("ui.check_resisted", lang, diff=check.difficulty) + "\n")
        else:
            out.append(
                "‼ " + t("ui.check_lost", lang, diff=check.difficulty) + "\n", style="bold red"
            )
    out.append(f"{t('ui.derangements', lang)}: ")
    if c.derangements:
        out.append(", ".join(c.derangements))  # user text
    elif not c.derangements_due:
        out.append(t("ui.none", lang), style="dim")
    if c.derangements_due:  # a botched degeneration's, not yet named by the Storyteller
        out.append(
            ("; " if c.derangements else "") + t("derangement.due", lang, n=c.derangements_due),
            style="bold yellow",
        )
    out.append("\n\n")
    out.append(t("ui.sins", lang) + "\n", style="bold underline")
    if not c.has_humanity:
        # The source texts give only Humanity's hierarchy; a Path has its own ethics.
        out.append(t("ui.path_sins", lang, path=c.morality) + "\n", style="italic")
    for level in range(10, 0, -1):
        rolls = c.has_humanity and level <= c.morality_rating
        out.append(
            f"{'▸' if rolls else ' '} {level:>2} {t('sin.' + SINS[level], lang)}\n",
            style="" if rolls else "dim",
        )
    out.append("\n" + t("ui.frenzy_triggers", lang) + "\n", style="bold underline")
    for key, diff, hungry in FRENZY_TRIGGERS:
        out.append(f"  {diff}{'+' if hungry else ' '} {t('frenzy.' + key, lang)}\n")
    out.append("\n" + t("ui.rotschreck_triggers", lang) + "\n", style="bold underline")
    for key, diff in ROTSCHRECK_TRIGGERS:
        out.append(f"  {diff}  {t('rotschreck.' + key, lang)}\n")
    return out


def _virtue(key: str, lang: str) -> str:
    return t(f"virtue.{key}", lang)
