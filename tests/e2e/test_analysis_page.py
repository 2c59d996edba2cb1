"""The analysis of a finished Crossword game on its page, in headless Chromium: the summary, a turn
chosen and its best play drawn on the board, another listed play chosen; at desktop and phone widths."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)
from tests.e2e.helpers import SHOTS, assert_accessible, page_for, session_cookie

pytestmark = pytest.mark.browser


@pytest.fixture
def analysed(live_url, make_user, monkeypatch):  # noqa: F811
    """A game between alice and bob played to its end and analysed (made before the browser starts)."""
    from analysis.models import Analysis
    from analysis.running import analysis_run_for_finished_game
    from games import services
    from tests.games.crossword.conftest import WORDS
    from tests.games.helpers import play_out, stand_in_lexicons

    stand_in_lexicons(monkeypatch, WORDS)
    alice, bob = make_user(username="alice"), make_user(username="bob")
    game = play_out(services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=7), seed=5)
    assert game.status == "finished"
    analysis_run_for_finished_game(game_id=game.pk)
    result = Analysis.objects.get(game=game).result
    return {"game": game, "turns": result["turns"], "cookie": session_cookie(alice, live_url)}


@pytest.mark.parametrize("width", [1280, 390])
def test_a_player_opens_a_turn_and_sees_its_best_plays_on_the_board(analysed, new_page, width):  # noqa: F811
    page = page_for(new_page, analysed["cookie"], width=width, height=900, bypass_csp=True)  # axe is injected
    page.goto(f"/games/{analysed['game'].pk}/")
    panel = page.locator("#analysis")
    panel.scroll_into_view_if_needed()
    expect(panel.locator(".an-summary tbody tr")).to_have_count(2)
    expect(panel.locator("button.an-turn")).to_have_count(len(analysed["turns"]))

    # A turn where the player did not find the best play, so there is something to see.
    index = next(i for i, t in enumerate(analysed["turns"]) if t["rank"] > 1 and t["best"][0]["tiles"])
    turn = analysed["turns"][index]
    panel.locator(f"button.an-turn[data-turn='{turn['turn']}']").click()
    expect(panel.locator(f"button.an-turn[data-turn='{turn['turn']}']")).to_have_attribute("aria-pressed", "true")
    plays = panel.locator(f"[data-plays='{turn['turn']}']")
    expect(plays).to_be_visible()
    expect(plays.locator(".an-best .an-play")).to_have_count(len(turn["best"]))
    expect(plays.locator(".an-best .an-play").first).to_contain_text(turn["best"][0]["move"])
    board = panel.locator("[data-board]")
    expect(board).to_have_attribute("data-move", turn["best"][0]["move"])
    expect(board).to_have_attribute("aria-label", f"Board with the chosen play: {turn['best'][0]['move']}")
    expect(board.locator(".sq")).to_have_count(225)
    expect(board.locator(".sq.an-new .tile")).to_have_count(len(turn["best"][0]["tiles"]))
    on_board = sum(1 for line in turn["board"] for ch in line if ch != ".")
    expect(board.locator(".sq .tile")).to_have_count(on_board + len(turn["best"][0]["tiles"]))
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/analysis-{width}.png", full_page=True)

    if len(turn["best"]) > 1:
        second = turn["best"][1]
        plays.locator(".an-best .an-play").nth(1).click()
        expect(board).to_have_attribute("data-move", second["move"])
        expect(board.locator(".sq.an-new .tile")).to_have_count(len(second["tiles"]))
    plays.locator(".an-played").click()  # the move that was played, for comparison
    expect(board).to_have_attribute("data-move", turn["played"]["move"])
    expect(board.locator(".sq.an-new .tile")).to_have_count(len(turn["played"]["tiles"]))
    assert_accessible(page, f"analysis-{width}-axe")


@pytest.fixture
def uploader(live_url, make_user, monkeypatch):  # noqa: F811
    from tests.games.crossword.conftest import WORDS
    from tests.games.helpers import stand_in_lexicons

    stand_in_lexicons(monkeypatch, WORDS)
    return session_cookie(make_user(username="dora"), live_url)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_player_uploads_a_record_and_reads_its_analysis(uploader, new_page, width):  # noqa: F811
    from tests.shared_data import gcg_records

    record = gcg_records()[0].read_text(encoding="utf-8")
    page = page_for(new_page, uploader, width=width, height=900, bypass_csp=True)  # axe is injected
    page.goto("/games/")
    page.locator(".site-menu summary").click()
    page.get_by_role("link", name="Analyse a game record").click()
    expect(page).to_have_url(re.compile(r"/analysis/$"))

    page.get_by_label("GCG record").fill("#player1 ann Ann\n>ann: XYZ 8D WINDY +32 32\n")
    page.get_by_role("button", name="Analyse").click()
    refusal = "Line 2: 8D WINDY needs DINW, which is not on the rack XYZ"
    expect(page.locator(".error[role=alert]")).to_contain_text(refusal)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/analysis-upload-refused-{width}.png", full_page=True)

    page.get_by_label("GCG record").fill(record)
    page.get_by_role("button", name="Analyse").click()
    expect(page).to_have_url(re.compile(r"/analysis/\d+/$"))
    # The analysis runs after the response (eagerly, as under make run); the page reloads until it is in.
    expect(page.locator(".an-summary tbody tr")).to_have_count(2, timeout=20000)
    page.wait_for_load_state()  # the report's script listens for clicks once the page has loaded
    first = page.locator("button.an-turn").first
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-board] .sq.an-new .tile").first).to_be_visible()
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/analysis-upload-{width}.png", full_page=True)
    assert_accessible(page, f"analysis-upload-{width}-axe")


# Ann's WINDY is the best play; Bob's GALE lists only the tiles played (four, with the bag full); YERNS is
# a phony; Bob's pass is a legal play that is not the best.
PHONY_AND_PARTIAL = """#player1 ann Ann
#player2 bob Bob
>ann: DINNVWY 8D WINDY +32 32
>bob: AEGL 7C GALE +16 16
>ann: ENRSTUV H8 .ERNS +9 41
>bob: ADEEILO -  +0 16
"""


@pytest.mark.parametrize("width", [1280, 390])
def test_a_phony_reads_as_a_phony_and_a_partial_rack_as_skipped(uploader, new_page, width):  # noqa: F811
    page = page_for(new_page, uploader, width=width, height=900, bypass_csp=True)  # axe is injected
    page.goto("/analysis/")
    page.get_by_label("GCG record").fill(PHONY_AND_PARTIAL)
    page.get_by_role("button", name="Analyse").click()
    expect(page).to_have_url(re.compile(r"/analysis/\d+/$"))
    rows = page.locator(".an-summary tbody tr")
    expect(rows.nth(0)).to_contain_text("1 phony", timeout=20000)  # the page reloads until the analysis is in
    page.wait_for_load_state()
    expect(rows.nth(1)).to_contain_text("1 skipped")
    expect(page.locator(".an-turn.skipped")).to_have_text(re.compile(r"bob\s+skipped: the record gives only part"))
    phony = page.locator("button.an-turn.phony")
    expect(phony).to_have_count(1)
    expect(phony.locator(".rank")).to_have_text(re.compile(r"^phony · −\d"))
    expect(page.locator("button.an-turn.best")).to_have_count(1)  # WINDY, never the phony
    phony.click()
    detail = page.locator("[data-plays='2']")
    expect(detail).to_contain_text("a phony: YERNS not in the dictionary")
    expect(page.locator("[data-board]")).to_have_attribute("data-move", re.compile(r"\S"))
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/analysis-phony-skipped-{width}.png", full_page=True)
    assert_accessible(page, f"analysis-phony-skipped-{width}-axe")


@pytest.mark.parametrize("width", [1280, 390])
def test_a_player_asks_the_master_and_the_page_updates_itself(analysed, new_page, width,  # noqa: F811
                                                               monkeypatch):
    """The analysis runs after the response (eagerly, as under make run); the panel keeps the static
    report, says the Master is at work, and shows the Master's report once it is in, without a reload."""
    from functools import partial

    from analysis import running

    # Fewer iterations a turn: the test is about the page, not the simulation's strength.
    monkeypatch.setattr(running.core, "analyse", partial(running.core.analyse, simulate_iterations=20))
    page = page_for(new_page, analysed["cookie"], width=width, height=900, bypass_csp=True)  # axe is injected
    page.goto(f"/games/{analysed['game'].pk}/")
    panel = page.locator("#analysis")
    expect(panel.locator(".an-method")).to_contain_text("Ranked by static equity")
    ask = panel.get_by_role("button", name="Ask the Master")
    expect(panel.locator(".an-master")).to_contain_text("You may ask 3 more times today.")
    if SHOTS:
        panel.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/analysis-master-offer-{width}.png", full_page=True)
    ask.click()
    expect(panel.locator(".an-pending")).to_contain_text("The Master is analysing this game")
    expect(panel.locator(".an-summary tbody tr")).to_have_count(2)  # the static report stays meanwhile
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/analysis-master-pending-{width}.png", full_page=True)
    expect(panel.locator(".an-method")).to_contain_text("Ranked by the Master's simulation", timeout=60000)
    expect(panel.locator(".an-pending")).to_have_count(0)
    expect(panel.get_by_role("button", name="Ask the Master")).to_have_count(0)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/analysis-master-done-{width}.png", full_page=True)
    assert_accessible(page, f"analysis-master-{width}-axe")
