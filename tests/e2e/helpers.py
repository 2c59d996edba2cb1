"""Shared pieces of the browser tests: signing a user in by cookie, games played to a position through the
real services, database work while Playwright runs, keyboard walks, and the axe-core accessibility check.

axe-core is an npm package, not part of the repository: ``make install`` (and so ``.ci/run``) puts the
pinned version into ``node_modules/``.  Without it the accessibility checks skip outside CI and fail in
CI (``CI=true``), where it must be installed.
"""

from __future__ import annotations

import os
import random
import threading
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import expect

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
IN_CI = os.environ.get("CI") == "true"
# WCAG 2.1 A and AA, the rules axe tags with these (best practices are not part of the bar).
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SHOTS = os.environ.get("GAMEPAGE_SCREENSHOTS")  # a folder: the browser tests save screenshots there
ZONE = "Asia/Kathmandu"  # UTC+05:45: a time shown in UTC by mistake cannot look right by chance


def session_cookie(user, live_url: str) -> dict:
    """A signed-in session for ``user`` as a browser cookie (made before Playwright starts)."""
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}


def page_for(new_page, cookie: dict | None, width: int = 1280, height: int = 800, **context):
    page = new_page(viewport={"width": width, "height": height}, **context)
    if cookie:
        page.context.add_cookies([cookie])
    return page


def in_thread(work, *args, **kwargs):
    """Run database work while Playwright's event loop runs in the test's thread (Django refuses
    database calls there): in a thread of its own, returning its answer or raising its error."""
    from django.db import connection

    answer: dict = {}

    def run():
        try:
            answer["value"] = work(*args, **kwargs)
        except BaseException as exc:  # handed back to the test's thread
            answer["error"] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    if "error" in answer:
        raise answer["error"]
    return answer.get("value")


def play_random(game, moves: int, *, seed: int = 1):
    """Play ``moves`` moves of the engine's own random choice through the move service, each by a seat
    that must act (the lowest first); returns the refreshed game."""
    from engines import registry
    from games import services
    from games.context import context_for
    from games.models import GameStatus

    engine = registry.get(game.kind)
    rng = random.Random(seed)
    for n in range(moves):
        game.refresh_from_db()
        assert game.status == GameStatus.ACTIVE, f"the game ended after {n} moves"
        seat = min(engine.to_act(game.state))
        user = next(s.user for s in game.seats.all() if s.index == seat)
        move = engine.random_move(game.state, seat, rng, context_for(game))
        services.game_submit_move(game_id=game.pk, user=user, move=move, version=game.version,
                                  idempotency_key=f"random-{game.pk}-{game.version}")
    game.refresh_from_db()
    return game


def tab_until(page, predicate_js: str, *, limit: int = 80, back: bool = False) -> None:
    """Press Tab (Shift+Tab with ``back``) until ``predicate_js`` (a function of the focused element)
    holds: how a keyboard-only player reaches a control."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate(f"(({predicate_js}))(document.activeElement)"):
            return
    raise AssertionError(f"no focusable element matching {predicate_js} within {limit} presses of Tab")


def axe_script() -> Path:
    if AXE.exists():
        return AXE
    message = "axe-core is not installed: run `make install` (npm install --no-save axe-core into node_modules/)"
    if IN_CI:
        pytest.fail(message)
    pytest.skip(message)


def axe_violations(page, *, impacts=("critical", "serious")) -> list[dict]:
    """Run axe-core (WCAG 2.1 A/AA) on the page as it is now; the violations of those impacts."""
    page.add_script_tag(path=str(axe_script()))
    found = page.evaluate(
        """async (tags) => {
             const options = {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]};
             const result = await axe.run(document, options);
             const where = (n) => `${n.target.join(" ")} :: ${n.failureSummary.replace(/\\s+/g, " ")}`;
             return result.violations.map((v) => ({
               id: v.id, impact: v.impact, help: v.help, count: v.nodes.length, nodes: v.nodes.slice(0, 4).map(where),
             }));
           }""",
        AXE_TAGS,
    )
    return [v for v in found if v["impact"] in impacts]


def accessibility_problems(page, name: str) -> list[str]:
    """The critical and serious WCAG 2.1 A/AA violations on ``page`` in words, each naming the page
    (empty when there are none); saves a screenshot when ``GAMEPAGE_SCREENSHOTS`` names a folder."""
    bad = axe_violations(page)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)
    return [f"{name} ({page.url}): {v['id']} [{v['impact']}] x{v['count']}: {v['help']} — {' | '.join(v['nodes'])}"
            for v in bad]


def assert_accessible(page, name: str) -> None:
    """No critical or serious WCAG 2.1 A/AA violation on ``page`` (``name`` says which page failed)."""
    problems = accessibility_problems(page, name)
    assert not problems, "\n".join(problems)


# ---- a Crossword game between two players, and looking at it -------------------------------------------

@pytest.fixture
def crossword(live_url, make_user, monkeypatch):
    """A Crossword game between alice and bob (Kathmandu time) with known racks: ``mover`` holds WINDYAE
    and moves first.  Made before the browser starts."""
    from games import services
    from games.models import Game
    from tests.games.crossword.conftest import WORDS
    from tests.games.helpers import stand_in_lexicons

    stand_in_lexicons(monkeypatch, WORDS)
    alice = make_user(username="alice", time_zone=ZONE)
    bob = make_user(username="bob", time_zone=ZONE)
    game = services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=7)
    first = game.state["to_move"]
    state = game.state
    pool = state["bag"] + [t for r in state["racks"] for t in r["tiles"]]
    racks = [list("WINDYAE"), list("CATS?OR")]
    for seat, rack in enumerate(racks if first == 0 else racks[::-1]):
        for tile in rack:
            pool.remove(tile)
        state["racks"][seat]["tiles"] = rack
    state["bag"] = pool
    Game.objects.filter(pk=game.pk).update(state=state)
    mover, waiter = (alice, bob) if first == 0 else (bob, alice)
    return {"game": game, "mover": mover, "waiter": waiter, "live_url": live_url,
            "cookies": {u.username: session_cookie(u, live_url) for u in (alice, bob)}}


def square(page, row, col):
    return page.locator(f"#cw .sq[data-row='{row}'][data-col='{col}']")


def open_game(new_page, setup, user, **size):
    page = page_for(new_page, setup["cookies"][user.username], **size)
    page.goto(f"/games/{setup['game'].pk}/")
    expect(page.locator("#game")).to_have_attribute("data-live", "1")
    return page


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] >= 0 \
        and box["x"] + box["width"] <= size["width"]
