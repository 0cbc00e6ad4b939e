"""The roll dialog (F2): who rolls what, the pool with every modifier and the exact odds shown
first. It asks for a ``roll`` in the chronicle's language, so a roll made through the form and
one typed in the bar take exactly the same path."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from elysium.chronicle.commands.sides import merit_modifier
from elysium.chronicle.errors import CommandError
from elysium.chronicle.pools import bearing_of, trait_pool
from elysium.chronicle.state import State
from elysium.i18n import Msg, Refusal, t, trait_label
from elysium.rules import RollRequest, RulesError, odds
from elysium.rules.beast import with_bearing
from elysium.rules.character import Character
from elysium.rules.merits import FLAW, MERIT
from elysium.rules.modifiers import (
    PoolMod,
    dice_mods,
    difficulty_mods,
    named_mod,
    notes,
    with_difficulty,
)
from elysium.rules.tables import DIFFICULTY_NAMES
from elysium.tell.marks import decimal, percent
from elysium.tui.dialogs.base import SPARK, Dialog, quote


class Tick(Checkbox):
    """A check box drawn ``[x]`` / ``[ ]``: its state in a shape, not in a colour (Textual's
    ``▐X▌`` shows an X either way), and one box, not a box beside a box."""

    @property
    def _button(self) -> Content:
        mark = Content.styled("[x]", "bold") if self.value else Content("[ ]")
        return mark.stylize_before(self.get_visual_style("toggle--label"))


class RollDialog(Dialog[None]):
    """Choose who rolls what; see the pool with every modifier and the exact odds first."""

    AUTO_FOCUS = "#traits"  # typing goes to the pool at once (the character is preselected)

    def __init__(self, lang: str, state: State, selected: str | None) -> None:
        super().__init__(lang)
        self.state = state
        self.selected = selected

    def compose(self) -> ComposeResult:
        lang = self.lang
        people = [(Text(c.name), key) for key, c in self.state.characters.items()]
        people.append((Text(t("dlg.roll.anyone", lang)), ""))
        start = self.selected if self.selected in self.state.characters else ""
        diffs = [
            (
                f"{d}"
                + (
                    f" — {t('difficulty.' + DIFFICULTY_NAMES[d], lang)}"
                    if d in DIFFICULTY_NAMES
                    else ""
                ),
                d,
            )
            for d in range(2, 11)
        ]
        with Vertical(id="roll-dialog", classes="dialog"):
            yield Label(t("dlg.roll.title", lang), classes="dialog-title")
            yield Label(t("dlg.roll.character", lang))
            yield Select(people, value=start, allow_blank=False, id="who", compact=True)
            yield Label(t("dlg.roll.traits", lang))
            traits = t("dlg.roll.default_traits", lang)
            yield Input(value=traits if start else "5", id="traits", compact=True)
            yield Label(t("dlg.roll.difficulty", lang))
            with Horizontal(classes="checks difficulty-row"):
                yield Select(diffs, value=6, allow_blank=False, id="difficulty", compact=True)
                # A social roll to pass as human: the bearing changes the difficulty.
                yield Tick(Content(t("dlg.roll.bearing", lang)), id="bearing")
            with Horizontal(classes="checks"):
                yield Tick(Content(t("dlg.roll.spec", lang)), id="spec")
                yield Tick(Content(t("dlg.roll.wp", lang)), id="wp")
            # Shown only for a character with a Merit or Flaw that changes a roll.
            with Vertical(id="merit-row"):
                yield Label(t("dlg.roll.merit", lang))
                yield Select(
                    self.merit_options(start),
                    value="",
                    allow_blank=False,
                    id="merit",
                    compact=True,
                )
            yield Label(t("dlg.roll.faces", lang))
            yield Input(placeholder="7,3,10", id="faces", compact=True)
            yield Static("", id="pool", markup=False)
            yield Static("", id="odds", markup=False)
            with Horizontal(classes="buttons"):
                # Kept from the players' view (issue 15), by the button that rolls.
                yield Tick(Content(t("dlg.roll.omit", lang)), id="omit")  # from the statistics
                yield Tick(Content(t("dlg.roll.hidden", lang)), id="hidden")
                yield Button(t("dlg.roll.go", lang), variant="primary", id="go", compact=True)
                yield Button(t("dlg.cancel", lang), id="cancel", compact=True)

    def _difficulty_label(self, d: int) -> str:
        name = DIFFICULTY_NAMES.get(d)
        return f"{d} — {t('difficulty.' + name, self.lang)}" if name else str(d)

    def on_mount(self) -> None:
        super().on_mount()
        self._show_merits()
        self.refresh_odds()
        self.query_one("#traits", Input).focus()

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def refresh_odds(self, *_: object) -> None:
        pool_line, odds_line = self._preview()
        self.query_one("#pool", Static).update(pool_line)
        self.query_one("#odds", Static).update(odds_line)

    def _preview(self) -> tuple[Text, Text]:
        lang = self.lang
        try:
            pool, detail, mods = self._pool()
            chosen = int(str(self.query_one("#difficulty", Select).value))
            difficulty, note = self._bearing(chosen)
            if difficulty_mods(mods):  # the difficulty in effect, beside the one chosen
                difficulty, note = self._modified(chosen, difficulty, mods)
            request = RollRequest(
                pool,
                difficulty,
                specialty=self.query_one("#spec", Checkbox).value,
                willpower=self.query_one("#wp", Checkbox).value,
            )
            result = odds(request, self.state.profile)
        except (RulesError, ValueError, CommandError) as exc:
            why = exc.render(lang) if isinstance(exc, Refusal) else str(exc)
            return Text(t("dlg.roll.cannot", lang, why=why)), Text("")
        dist = [float(p) for k, p in result.distribution.items() if k != "more"]
        top = max(dist) or 1
        bars = "".join(SPARK[round(p / top * (len(SPARK) - 1))] for p in dist)
        line = Text(t("dlg.roll.pool", lang, detail=detail, pool=pool) + note)
        summary = Text(
            t(
                "dlg.roll.odds",
                lang,
                success=percent(result.p_success, self.lang),
                botch=percent(result.p_botch, self.lang),
                expected=decimal(float(result.expected_successes), self.lang),
            )
        )
        summary.append(f"   {bars}")
        if request.difficulty == 10:
            summary.append("\n" + t("warn.difficulty10", lang), style="bold")
        return line, summary

    def merit_options(self, who: object) -> list[tuple[Text, str]]:
        """Nothing, then each Merit and Flaw of ``who`` that changes a roll (user text)."""
        options = [(Text(t("dlg.roll.no_merit", self.lang)), "")]
        c = self.state.characters.get(str(who)) if who else None
        if c is not None:
            for kind, have in ((MERIT, c.merits), (FLAW, c.flaws)):
                for m in have:
                    if m.modifies:
                        label = Text(f"{t(f'sheet.{kind}', self.lang)}: ")
                        label.append(named_mod(m, kind).note().render(self.lang))
                        options.append((label, f"{kind}:{m.name}"))
        return options

    @on(Select.Changed, "#who")
    def _show_merits(self) -> None:
        """The Merits and Flaws of the character now chosen; the row hidden without any."""
        options = self.merit_options(self.query_one("#who", Select).value)
        self.query_one("#merit", Select).set_options(options)
        self.query_one("#merit-row").display = len(options) > 1

    def _named(self) -> list[tuple[str, str]]:
        """The Merit or Flaw chosen, as the roll command names it: (kind, name)."""
        chosen = str(self.query_one("#merit", Select).value or "")
        kind, _, name = chosen.partition(":")
        return [(kind, name)] if name else []

    def _pool(self) -> tuple[int, str, tuple[PoolMod, ...]]:
        """The pool, its parts as words, and the situation's modifiers (Celerity's dice, a
        heavy load's difficulty), as the roll command will count them."""
        who = self.query_one("#who", Select).value
        expr = self.query_one("#traits", Input).value.strip()
        if not who:
            pool = int(expr)
            return pool, f"{pool}", ()
        c: Character = self.state.characters[str(who)]
        named = [merit_modifier(c, kind, name) for kind, name in self._named()]
        counted = trait_pool(c, expr, named=named)  # the very pool the roll command will use
        shown = [
            name if name.isdigit() else f"{trait_label(name, self.lang).lower()} {value}"
            for name, value in zip(counted.names, counted.values, strict=True)
        ]
        if counted.penalty:
            shown.append(t("log.wounds", self.lang, penalty=counted.penalty))
        told = " + ".join(shown)
        if dice_mods(counted.mods):  # a difficulty's modifier is told with the difficulty
            told += "; " + "; ".join(n.render(self.lang) for n in notes(dice_mods(counted.mods)))
        return counted.pool, told, counted.mods

    def _modified(self, chosen: int, difficulty: int, mods: tuple[PoolMod, ...]) -> tuple[int, str]:
        """The difficulty the roll will be read against (after the bearing ``difficulty``
        holds, the modifiers added on the 2-10 scale) and the words saying why, as the roll
        command counts it: ``; difficulty 7 (6; Clumsy: difficulty +1)``."""
        why = notes(difficulty_mods(mods))
        if difficulty != chosen:  # the bearing ticked: named first, as it is applied first
            why.insert(0, Msg("log.bearing", mod=difficulty - chosen))
        after = with_difficulty(mods, difficulty)
        return after, t("dlg.roll.with_mods", self.lang, diff=after, was=chosen, notes=why)

    def _bearing(self, difficulty: int) -> tuple[int, str]:
        """The difficulty after the bearing when it is ticked, and the words saying so: the
        roll command's own check (a vampire's social pool)."""
        if not self.query_one("#bearing", Checkbox).value:
            return difficulty, ""
        who = self.query_one("#who", Select).value
        if not who:
            raise CommandError("bearing.needs_character")
        c: Character = self.state.characters[str(who)]
        counted = trait_pool(c, self.query_one("#traits", Input).value.strip())
        mod = bearing_of(c, counted.names)
        after = with_bearing(difficulty, c.morality_rating)
        return after, t("dlg.roll.with_bearing", self.lang, diff=after, was=difficulty, mod=mod)

    def command(self) -> str:
        who = self.query_one("#who", Select).value
        expr = self.query_one("#traits", Input).value.strip().replace(" ", "")
        diff = self.query_one("#difficulty", Select).value
        parts = ["roll"]
        if who:
            parts += [quote(self.state.characters[str(who)].name), expr]
        else:
            parts.append(expr)
        parts += ["diff", str(diff)]
        if self.query_one("#spec", Checkbox).value:
            parts.append("spec")
        if self.query_one("#wp", Checkbox).value:
            parts.append("wp")
        if self.query_one("#bearing", Checkbox).value:
            parts.append("bearing")
        for kind, name in self._named() if who else ():
            parts += [kind, quote(name)]
        if self.query_one("#hidden", Checkbox).value:
            parts.append("hidden")
        if self.query_one("#omit", Checkbox).value:
            parts.append("omit")
        faces = self.query_one("#faces", Input).value.strip()
        if faces:
            parts += ["dice", faces.replace(" ", ",")]
        return " ".join(parts)

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def roll(self) -> None:
        """Ask for the roll; the dialog closes once it is saved and stays open, with every
        choice in it, when it is refused."""
        self.send(self.command())
