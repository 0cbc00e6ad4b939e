"""Starting and finding your way (issue 14): the start screen when there is no last
chronicle, New chronicle… and Open recent… from the dashboard, the selection and scroll kept
per chronicle, F1's fight in order, and ``elysium NAME`` for a chronicle that is not there."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from elysium.chronicle.session import Session
from elysium.chronicle.store.paths import data_dir, state_dir
from elysium.rules import PROFILES
from elysium.tui import views
from elysium.tui.app import make_app
from elysium.tui.screens.dashboard import DashboardScreen
from elysium.tui.screens.start import StartScreen
from elysium.tui.userstate import chronicles, recent, recents, remember
from elysium.tui.widgets.line import Line
from elysium.tui.widgets.rolllog import RollLog
from tests.conftest import run_elysium
from tests.tui_helpers import demo_copy, run_async, settle


async def _opened(pilot) -> None:
    """Wait for the chosen chronicle to open and its dashboard to be shown."""
    for _ in range(50):
        await settle(pilot)
        if isinstance(pilot.app.screen, DashboardScreen):
            return
    raise AssertionError(f"still on {pilot.app.screen}")


# --- the start screen ------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "said", "tag"), [("en", "demo", "DEMO"), ("ru", "Демо", "ДЕМО")])
@run_async
async def test_with_no_last_chronicle_the_start_screen_opens_the_demo_told_as_the_demo(
    lang: str, said: str, tag: str
) -> None:
    app = make_app(None, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StartScreen)
        listing = app.screen.query_one("#start-list", OptionList)
        demo = str(listing.get_option_at_index(0).prompt)
        assert said in demo and "Chicago by Night" in demo, demo
        await pilot.press("shift+tab")  # from the name box to the list
        assert app.screen.focused is listing
        await pilot.press("enter")  # the demo is first, and highlighted
        await _opened(pilot)
        assert app.session is not None and app.session.state.name == "Chicago by Night"
        root = app.session.store.root
        assert root.parent == data_dir() and root.name.startswith("demo-")
        assert recent() == root  # a bare `elysium` reopens it next time
        top = app.screen.query_one("#topbar", Line).plain
        assert top.lstrip().startswith(tag), top  # the dashboard says it is the demo
    app.session.close()


@run_async
async def test_typing_on_the_start_screen_names_a_new_chronicle_and_enter_creates_it() -> None:
    app = make_app(None, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen.focused, Input)  # the name box, at once
        await pilot.press(*"Saga", "enter")
        await _opened(pilot)
        assert app.session is not None and app.session.store.root == data_dir() / "Saga"
        assert app.session.state.name == "Saga" and app.session.state.characters == {}
        top = app.screen.query_one("#topbar", Line).plain
        assert top.lstrip().startswith("Saga") and "DEMO" not in top, top
    app.session.close()


@run_async
async def test_a_new_chronicle_is_created_private_and_opened() -> None:
    app = make_app(None, "ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+n")
        await pilot.press(*"Saga", "enter")
        await _opened(pilot)
        root = data_dir() / "Saga"
        assert app.session is not None and app.session.store.root == root
        assert stat.S_IMODE(root.stat().st_mode) == 0o700
        assert stat.S_IMODE(data_dir().stat().st_mode) == 0o700
        assert app.session.state.characters == {}
    app.session.close()


@run_async
async def test_a_refused_name_is_told_on_the_start_screen_and_nothing_changes() -> None:
    taken = data_dir() / "Saga"
    Session.create(taken, "Saga", PROFILES["v20"]).close()
    before = sorted(p.name for p in taken.rglob("*"))
    app = make_app(None, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        for typed, said in (("", "name a chronicle"), ("Saga", "already holds a chronicle")):
            await pilot.press("ctrl+n", *typed, "enter")
            for _ in range(3):
                await settle(pilot)
            assert isinstance(app.screen, StartScreen)
            told = app.screen.query_one("#start-status", Line).plain
            assert said in told, told
            name = app.screen.query_one("#start-name", Input)
            name.value = ""
        assert app.session is None
    assert sorted(p.name for p in taken.rglob("*")) == before


@run_async
async def test_open_recent_from_the_dashboard_opens_the_new_then_closes_the_old(
    tmp_path: Path,
) -> None:
    first, second = demo_copy(tmp_path / "a"), demo_copy(tmp_path / "b")
    remember(second)
    remember(first)
    app = make_app(Session.open(first), "en")
    async with app.run_test(size=(120, 40)) as pilot:
        old = app.session
        app.action_start("open")
        await settle(pilot)
        start = app.screen
        assert isinstance(start, StartScreen)
        assert first not in start.chronicles and start.chronicles[0] == second  # not itself
        await pilot.press("escape")  # back to the dashboard, nothing changed
        await settle(pilot)
        assert app.screen is app.dashboard and app.session is old
        app.action_start("open")
        await settle(pilot)
        await pilot.press("enter")  # the highlighted: the most recent other chronicle
        await _opened(pilot)
        assert app.session is not old and app.session.store.root == second
        assert len(app.screen_stack) == 1
        Session.open(first).close()  # the old one was closed: its lock is free
    assert recents()[:2] == [second, first]
    app.session.close()


def test_the_recent_list_keeps_the_last_opened_first_and_the_others(tmp_path: Path) -> None:
    roots = [demo_copy(tmp_path / str(i)) for i in range(3)]
    for root in [*roots, roots[0]]:
        remember(root)
    assert recents() == [roots[0], roots[2], roots[1]]
    assert recent() == roots[0]
    made = data_dir() / "never-opened"
    Session.create(made, "x", Session.open(roots[0]).state.profile).close()
    assert chronicles() == [roots[0], roots[2], roots[1], made]
    # An older version's file held one path: still read.
    (state_dir() / "recent").write_text(str(roots[1]), encoding="utf-8")
    assert recents() == [roots[1]]


# --- reopening keeps what was shown ----------------------------------------------------------


@run_async
async def test_reopening_keeps_the_selected_character_and_each_panes_scroll(
    tmp_path: Path,
) -> None:
    root = demo_copy(tmp_path)
    app = make_app(Session.open(root), "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        keys = list(app.session.state.characters)
        app.dashboard.selected = keys[3]
        log = app.dashboard.query_one(RollLog)
        log.action_look(-3)
        vitals = app.dashboard.query_one("#vitals")
        vitals.scroll_to(y=2, animate=False)
        await settle(pilot)
        left = (log.top, round(vitals.scroll_y), len(log.lines))
        assert left[0] < left[2] - log.height  # looking back, not at the end
        await app.action_quit()
    app.session.close()
    saved = views.load(root)
    assert saved["selected"] == keys[3]
    again = make_app(Session.open(root), "en")
    async with again.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await settle(pilot)
        assert again.dashboard.selected == keys[3]
        log = again.dashboard.query_one(RollLog)
        assert (log.top, round(again.dashboard.query_one("#vitals").scroll_y)) == left[:2]
    again.session.close()
    # Kept in the user's state directory, private; the chronicle holds none of it.
    assert stat.S_IMODE((state_dir() / "views.json").stat().st_mode) == 0o600
    assert not any("views" in p.name for p in root.rglob("*"))


# --- F1 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Initiative", "Declarations from the slowest", "Actions from the fastest",
                "A defence comes before the attack it answers"]),
        ("ru", ["Инициатива", "Заявки от медленных", "Действия от быстрых",
                "Защита идёт до атаки, на которую отвечает"]),
    ],
)  # fmt: skip
def test_f1_tells_a_fight_in_order(tmp_path: Path, lang: str, words: list[str]) -> None:
    @run_async
    async def check() -> None:
        app = make_app(Session.open(demo_copy(tmp_path)), lang)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("f1")
            await settle(pilot)
            flow = app.screen.query_one("#combat-flow").render()
            text = str(flow)
            at = [text.find(w) for w in words]
            assert -1 not in at and at == sorted(at), text
            # The keys are still generated from the bindings (F2 is the roll dialog's).
            shown = [str(w.render()) for w in app.screen.query("Static")]
            assert any("f2      Roll" in text or "f2      Бросок" in text for text in shown), shown
        app.session.close()

    check()


# --- the command line ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "there is no chronicle at {root}; to create it: elysium new 'my saga'"),
        ("ru", "хроники {root} нет; создать её: elysium new 'my saga'"),
    ],
)
def test_a_chronicle_that_is_not_there_says_how_to_create_it(lang: str, said: str) -> None:
    proc = run_elysium("my saga", "--lang", lang)
    root = data_dir() / "my saga"
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        ("elysium: error: " if lang == "en" else "elysium: ошибка: ") + said.format(root=root)
    ]
    assert "Traceback" not in proc.stderr and not root.exists()
