"""axe-core (WCAG 2.1 A/AA) in headless Chromium on every page a player uses: no critical or serious
violation.  The pages are visited as they look in use: the four game pages in the middle of a game (as
a player, at desktop and phone width), a finished game with its banner, a league with a season under
way, the notifications the moves produced, and the pages of a visitor who is not signed in."""

import pytest

from games import services
from games.bots.accounts import bots_ensure
from leagues import services as league_services
from lexicons.term_decks import starter_deck_load
from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)
from tests.e2e.helpers import accessibility_problems, axe_script, page_for, play_random, session_cookie
from tests.engines.spellcrafter.helpers import WORDS as SPELLCRAFTER_WORDS
from tests.engines.turnspell.helpers import WORDS as TURNSPELL_WORDS
from tests.games.crossword.conftest import WORDS as CROSSWORD_WORDS
from tests.games.helpers import stand_in_lexicons

pytestmark = pytest.mark.browser


@pytest.fixture
def site(live_url, make_user, monkeypatch):  # noqa: F811
    """Players, games of every kind under way, a finished rated game, a league with its season started,
    made through the services before the browser starts."""
    axe_script()  # skip (or fail in CI) before building anything when axe-core is missing
    words = {*CROSSWORD_WORDS["en"], *TURNSPELL_WORDS, *SPELLCRAFTER_WORDS}
    stand_in_lexicons(monkeypatch, {"en": sorted(words)})
    starter_deck_load(language="en")
    alice, bob, carol, dave = (make_user(username=n, display_name=n.capitalize())
                               for n in ("alice", "bob", "carol", "dave"))

    def started(kind, moves, opponents=(bob,)):
        return play_random(services.game_create(creator=alice, kind=kind, opponents=list(opponents), seed=3), moves)

    games = {"crossword": started("crossword", 6), "turnspell": started("turnspell", 6),
             "spellcrafter": started("spellcrafter", 5), "spell": started("spell", 5, (bob, carol))}
    finished = play_random(services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=4), 4)
    services.game_resign(game_id=finished.pk, user=bob)
    league = league_services.league_create(creator=alice, name="Friday words", kind="crossword", division_min=4,
                                           division_max=7, promote=1, relegate=1)
    for user in (alice, bob, carol, dave):
        league_services.league_join(league_id=league.pk, user=user, token=league.invite_token)
    league_services.season_start(league_id=league.pk, actor=alice)
    bots = {bot.username: bot for bot in bots_ensure()}  # a bot game: its badge on the dashboard
    bot_game = services.challenge_create(creator=alice, kind="crossword", opponents=[bots["crossword-club"]], seed=5)
    return {"alice": session_cookie(alice, live_url), "games": {k: g.pk for k, g in games.items()},
            "finished": finished.pk, "league": league.pk, "bot_game": bot_game.pk}


def test_every_page_a_signed_in_player_uses_passes_axe(site, new_page):  # noqa: F811
    page = page_for(new_page, site["alice"], bypass_csp=True)
    pages = {
        "dashboard": "/games/",
        "lobby": "/lobby/",
        "new-game": "/games/new/",
        "finished-game": f"/games/{site['finished']}/",
        "notifications": "/notifications/",
        "notification-preferences": "/notifications/preferences/",
        "profile-edit": "/accounts/profile/",
        "profile": "/accounts/players/bob/",
        "bot-profile": "/accounts/players/crossword-club/",
        "bot-game": f"/games/{site['bot_game']}/",
        "new-game-with-a-bot": "/games/new/?kind=crossword&bot=crossword-club",
        "vacation": "/accounts/vacation/",
        "leagues": "/leagues/",
        "league": f"/leagues/{site['league']}/",
        "new-league": "/leagues/new/",
        "analysis-upload": "/analysis/",
        "leaderboards": "/ratings/",
        "leaderboard": "/ratings/crossword:en/",
        "word-lookup": "/words/?lexicon=en&word=windy",
        "word-report": "/words/report/?lexicon=en&word=qi&kind=missing",
        "report-player": "/moderation/report/?user=bob",
        "my-reports": "/moderation/mine/",
        "account-email": "/accounts/email/",
        "password-change": "/accounts/password/change/",
        "rules": "/rules/",
        **{f"rules-{kind}": f"/rules/{kind}/" for kind in ("crossword", "turnspell", "spellcrafter", "spell")},
    }
    problems = []
    for name, url in pages.items():
        page.goto(url)
        problems += accessibility_problems(page, name)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("width", [1280, 390])
def test_every_game_page_mid_game_passes_axe_for_a_player(site, new_page, width):  # noqa: F811
    page = page_for(new_page, site["alice"], width=width, height=844 if width < 500 else 800, bypass_csp=True)
    problems = []
    for kind, game_id in site["games"].items():
        page.goto(f"/games/{game_id}/")
        page.locator("#game[data-live='1']").wait_for()
        problems += accessibility_problems(page, f"{kind}-{width}")
    assert not problems, "\n".join(problems)


def test_the_pages_of_a_visitor_pass_axe(site, new_page):  # noqa: F811
    page = page_for(new_page, None, bypass_csp=True)
    problems = []
    for name, url in {"home": "/", "sign-up": "/accounts/signup/", "log-in": "/accounts/login/",
                      "rules-visitor": "/rules/crossword/", "game-spectator": f"/games/{site['finished']}/"}.items():
        page.goto(url)
        problems += accessibility_problems(page, name)
    assert not problems, "\n".join(problems)
