"""The replay of a finished game in a real browser: for each of the four kinds, the game's page links to
its replay, which steps to the end with the arrow keys (the step counter and the final scores), back with
Home and the buttons, fits a 390 px phone without sideways scrolling and passes axe (WCAG 2.1 A/AA)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)
from tests.e2e.helpers import assert_accessible, page_for, session_cookie

pytestmark = pytest.mark.browser

KINDS = ["crossword", "turnspell", "spellcrafter", "spell"]
OPTIONS = {"turnspell": {"max_turns": 6}}
SHOTS = Path("/tmp/replay_shots")


@pytest.fixture
def finished(kind, live_url, make_user, monkeypatch):  # noqa: F811
    """A finished game of ``kind`` between Ann and Ben (display names), played to its end through the move
    service with random legal moves; made before the browser starts."""
    from engines import registry
    from games import services
    from games.models import Move
    from lexicons.term_decks import starter_deck_load
    from tests.engines.turnspell.helpers import WORDS as TURNSPELL_WORDS
    from tests.games.crossword.conftest import WORDS as CROSSWORD_WORDS
    from tests.games.helpers import play_out, stand_in_lexicons

    stand_in_lexicons(monkeypatch, {"en": sorted(set(TURNSPELL_WORDS) | set(CROSSWORD_WORDS["en"])),
                                    "nl": CROSSWORD_WORDS["nl"]})
    starter_deck_load(language="en")
    ann = make_user(username="ann", display_name="Ann Arbor")
    ben = make_user(username="ben", display_name="Ben Nevis")
    game = play_out(services.game_create(creator=ann, kind=kind, opponents=[ben], seed=4, options=OPTIONS.get(kind)))
    assert game.status == "finished"
    return {"id": game.pk, "total": Move.objects.filter(game=game).count(),
            "scores": list(registry.get(kind).scores(game.state)), "ann": session_cookie(ann, live_url)}


def step_to_the_end(page, total: int) -> None:
    for _ in range(total):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-counter")).to_have_text(f"Move {total} of {total}")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(total), timeout=20000)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("width", [1280, 390])
def test_a_finished_game_replays_to_its_end_with_the_arrow_keys(kind, width, finished, new_page):  # noqa: F811
    game = finished
    page = page_for(new_page, game["ann"], width=width, height=800 if width > 400 else 844, bypass_csp=True)  # axe
    page.goto(f"/games/{game['id']}/")
    page.get_by_role("link", name="Replay the game").click()
    expect(page).to_have_url(re.compile(rf"/games/{game['id']}/replay/$"))
    expect(page.locator("#replay-counter")).to_have_text("Start: before the first move")
    expect(page.get_by_role("button", name="Previous")).to_be_disabled()
    assert_accessible(page, f"replay-{kind}-{width}-start")

    step_to_the_end(page, game["total"])
    scores = page.locator("#replay-scores .score")
    expect(scores).to_have_text([str(s) for s in game["scores"]])
    expect(page.locator("#replay-result")).to_contain_text("Result")
    expect(page.locator("#replay-announcer")).to_contain_text(f"Move {game['total']} of {game['total']}")
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    assert "step=" in page.url  # a reload stays at this step

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{kind}-{width}-end.png"), full_page=True, timeout=30000)
    if width <= 400:
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert_accessible(page, f"replay-{kind}-{width}-end")

    # Back: Home to the deal, then the buttons.
    page.keyboard.press("Home")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", "0")
    page.get_by_role("button", name="Next").click()
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", "1")
    expect(page.locator("#replay-counter")).to_have_text(f"Move 1 of {game['total']}")
    expect(page.locator(".replay-steps li")).to_have_count(1)
    page.get_by_role("button", name="Last").click()
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(game["total"]))
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(game["total"] - 1))
    page.get_by_role("button", name="First").click()
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", "0")
    if width <= 400:
        page.screenshot(path=str(SHOTS / f"{kind}-{width}-start.png"), full_page=True, timeout=30000)
        assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("kind", ["crossword"])
def test_the_replay_keeps_to_the_content_security_policy(kind, finished, new_page):  # noqa: F811
    """Under the site's CSP (no inline script or style): the page and its steps load with no violation."""
    page = page_for(new_page, finished["ann"])
    refused = []
    page.on("console", lambda message: "Content Security Policy" in message.text and refused.append(message.text))
    page.goto(f"/games/{finished['id']}/replay/")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", "3")
    page.keyboard.press("End")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(finished["total"]))
    assert refused == []
