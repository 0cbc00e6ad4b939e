"""The players' view (an ``elysium-players`` v1 dict) as HTML for ``elysium serve``: a board
for a TV at the table. Pure: a view in, a string out. Every string from the view (names,
roll lines, the chronicle's name) is escaped; nothing from it becomes markup or script."""

from __future__ import annotations

from html import escape
from typing import Any

from elysium.chronicle.commands.declared import declaration_words
from elysium.chronicle.projection import in_lang as _word
from elysium.chronicle.projection import turn_of
from elysium.i18n import t

MARK_CLASS = {"*": "agg", "Ж": "agg", "X": "let", "Х": "let", "/": "bash", ".": "empty"}


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def board(
    view: dict[str, Any] | None, lang: str, writer: bool, none: str = "players.none_yet"
) -> str:
    """The page's live part: what is inside ``<main id="board">``; ``none``: what to say
    when there is no view (not shared yet, or withdrawn)."""
    tag = t("watch.live" if writer else "watch.stopped", lang)
    live = "live" if writer else "stopped"
    top = [f'<header><span class="tag {live}">{_e(tag)}</span> ']
    if view is None:
        top.append(f"<span>{_e(t(none, lang))}</span></header>")
        return "".join(top)
    time = view.get("time") or {}
    top.append(f'<span class="chronicle">{_e(view.get("chronicle", ""))}</span>')
    for key in ("night", "chapter", "scene", "turn"):
        top.append(f" · {_e(t('ui.' + key, lang))} {_e(time.get(key, '?'))}")
    fight = view.get("fight")
    if fight:
        top.append(f" · <b>⚔ {_e(t('ui.round', lang))} {_e(fight.get('round', '?'))}</b>")
    top.append("</header>")
    return "".join(
        [
            *top,
            '<section id="initiative"><h2>',
            _e(t("ui.pane.initiative", lang)),
            "</h2>",
            _initiative(fight, lang),
            '</section><section id="characters"><h2>',
            _e(t("players.pane.characters", lang)),
            "</h2>",
            _characters(view.get("characters") or [], lang),
            '</section><section id="rolls"><h2>',
            _e(t("players.pane.rolls", lang)),
            "</h2>",
            _rolls(view.get("rolls") or [], lang),
            "</section>",
        ]
    )


def _initiative(fight: dict[str, Any] | None, lang: str) -> str:
    if not fight:
        return f'<p class="none">{_e(t("ui.no_combat", lang))}</p>'
    phase = str(fight.get("phase", ""))
    out = [f'<p class="phase">{_e(t("ui.phase." + phase, lang)) if phase else ""}</p>']
    turn = turn_of(fight)
    now = turn[1] if turn else None
    if turn:
        out.append(f'<p class="now">{_e(t(turn[0], lang))} <b>{_e(turn[1])}</b></p>')
    out.append("<ol>")
    for row in fight.get("order") or []:
        name = str(row.get("name") or "")
        value = row.get("initiative")
        cls = ' class="current"' if name and name == now else ""
        out.append(f'<li{cls}><span class="init">{_e(value if value is not None else "·")}</span>')
        out.append(f'<span class="name">{_e(name)}</span>')
        if row.get("declared"):
            out.append(' <span class="declared">✓</span>')
        if row.get("declaration"):
            said = declaration_words(str(row["declaration"]), lang)
            out.append(f' <span class="declaration">{_e(said)}</span>')
        out.append("</li>")
    out.append("</ol>")
    return "".join(out)


def _marks(marks: str) -> str:
    return "".join(f'<i class="{MARK_CLASS.get(m, "empty")}">{_e(m)}</i>' for m in marks)


def _characters(rows: list[dict[str, Any]], lang: str) -> str:
    if not rows:
        return f'<p class="none">{_e(t("players.no_characters", lang))}</p>'
    out = ["<ul>"]
    for row in rows:
        player = bool(row.get("player"))
        out.append(f'<li class="{"pc" if player else "npc"}">')
        out.append(f'<span class="name">{_e(row.get("name", ""))}</span>')
        health = row.get("health")
        if isinstance(health, dict):
            out.append(f'<span class="marks">{_marks(_word(health.get("marks"), lang))}</span>')
        wounds = _e(_word(row.get("wounds"), lang))
        penalty = health.get("penalty") if isinstance(health, dict) else None
        if isinstance(penalty, int) and penalty:
            wounds += f" ({penalty:+d})".replace("-", "−")
        out.append(f'<span class="wounds">{wounds}</span>')
        blood = row.get("blood")
        if isinstance(blood, dict):
            out.append(
                f'<span class="blood">{_e(t("players.blood", lang))} '
                f"{_e(blood.get('points'))}/{_e(blood.get('max'))}</span>"
            )
        will = row.get("willpower")
        if isinstance(will, dict):
            out.append(
                f'<span class="will">{_e(t("players.willpower", lang))} '
                f"{_e(will.get('points'))}/{_e(will.get('rating'))}</span>"
            )
        out.append("</li>")
    out.append("</ul>")
    return "".join(out)


def _rolls(rows: list[dict[str, Any]], lang: str) -> str:
    if not rows:
        return f'<p class="none">{_e(t("players.no_rolls", lang))}</p>'
    out = ["<ol reversed>"]
    for row in reversed(rows):  # the newest first: on a TV it is the one to read
        out.append(
            f'<li data-seq="{_e(row.get("seq", ""))}">{_e(_word(row.get("line"), lang))}</li>'
        )
    out.append("</ol>")
    return "".join(out)


def page(
    view: dict[str, Any] | None,
    lang: str,
    writer: bool,
    version: int,
    key: str = "",
    none: str = "players.none_yet",
) -> str:
    """The whole page, its board filled in (it shows without script), then kept live by
    ``/board.js`` asking ``/board`` for each newer version."""
    title = f"{view.get('chronicle', '')} · Elysium" if view else "Elysium"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{_e(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title>"
        '<link rel="stylesheet" href="/board.css"></head>'
        f'<body data-version="{version}" data-lang="{_e(lang)}" data-key="{_e(key)}"'
        f' data-stale="{_e(t("serve.stale", lang))}">'
        f'<main id="board">{board(view, lang, writer, none)}</main>'
        '<script src="/board.js"></script></body></html>\n'
    )


CSS = """
:root { color-scheme: dark; --bg: #120b0e; --panel: #1e1418; --ink: #f1e7e4;
  --dim: #a8968f; --blood: #b3122e; --gold: #d9b45a; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: clamp(16px, 1.55vw, 44px)/1.35 "DejaVu Sans", system-ui, sans-serif; }
#board { display: grid; gap: .6em; padding: .6em; height: 100vh; overflow: hidden;
  grid-template-columns: 1fr 2fr; grid-template-rows: auto auto minmax(0, 1fr);
  grid-template-areas: "top top" "init chars" "rolls rolls"; }
header { grid-area: top; font-size: 1.15em; padding: .3em .6em; background: var(--panel);
  border-left: .3em solid var(--blood); }
header .chronicle { font-weight: bold; color: var(--gold); }
.tag { font-size: .75em; font-weight: bold; padding: .1em .5em; margin-right: .4em;
  border-radius: .3em; background: #2d5a36; }
.tag.stopped { background: var(--blood); }
section { background: var(--panel); padding: .4em .8em; border-radius: .4em; }
h2 { margin: 0 0 .3em; font-size: .8em; text-transform: uppercase; letter-spacing: .1em;
  color: var(--dim); }
#initiative { grid-area: init; } #characters { grid-area: chars; }
#rolls { grid-area: rolls; overflow: hidden; }  /* a TV cannot scroll: the oldest fall off */
ol, ul { margin: 0; padding: 0; list-style: none; }
.phase, .none { margin: 0; color: var(--dim); }
.now { margin: .2em 0; }
#initiative li { padding: .1em .3em; }
#initiative li.current { background: var(--blood); border-radius: .3em; font-weight: bold; }
.init { display: inline-block; min-width: 2em; color: var(--gold); }
.declared, .declaration { color: var(--dim); font-style: italic; }
#characters li { display: flex; flex-wrap: wrap; gap: .2em 1em; align-items: baseline;
  padding: .15em 0; border-bottom: 1px solid #33252a; }
#characters .name { min-width: 9em; font-weight: bold; }
#characters li > span { white-space: nowrap; }
#characters li.npc .name { font-weight: normal; color: var(--dim); }
.marks i { display: inline-block; width: 1.15em; text-align: center; font-style: normal;
  font-family: "DejaVu Sans Mono", monospace; border: 1px solid var(--dim); margin-right: .1em; }
.marks i.empty { color: transparent; }
.marks i.bash { color: var(--ink); } .marks i.let { color: #ff6f6f; }
.marks i.agg { color: #fff; background: var(--blood); }
.wounds { color: var(--dim); } .blood { color: #ff6f7f; } .will { color: #8fb8ff; }
#rolls li { padding: .15em 0; color: var(--dim); }
#rolls li:first-child { color: var(--ink); font-size: 1.15em; }
/* The board below is no longer live (the view is damaged, serve is gone): said on top. */
body.stale::before { content: attr(data-stale); position: fixed; top: 0; left: 0; right: 0;
  z-index: 1; padding: .3em .6em; background: var(--blood); color: #fff; font-weight: bold; }
"""

SCRIPT = """
(function () {
  var body = document.body, board = document.getElementById("board");
  var lang = body.dataset.lang, version = body.dataset.version;
  var key = encodeURIComponent(body.dataset.key || "");
  function next() {
    fetch("/board?after=" + version + "&lang=" + lang + "&key=" + key, {cache: "no-store"})
      .then(function (r) { if (!r.ok) throw r; return r.json(); })
      .then(function (d) {
        body.classList.remove("stale");
        if (d.version !== Number(version)) {
          version = String(d.version); board.innerHTML = d.html;
          if (d.title) document.title = d.title;
        }
        next();
      })
      .catch(function () { body.classList.add("stale"); setTimeout(next, 2000); });
  }
  next();
})();
"""
