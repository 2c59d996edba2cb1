"""One sweep of axe-core (WCAG 2.1 A/AA) over the pages a player meets, in English and in Dutch, at a
desktop (1280×800) and a phone (390×844) width: no critical or serious violation anywhere, and no static
asset answered with an error (the browser asked for a stylesheet, a script, an image or the icon and got
a 4xx or 5xx).

The game kinds come from the registry (the test suite's toy kind too, which shows the fallback board): each
kind's game page in the states that look different (a challenge waiting for the viewer's answer, a game under
way, a finished game with its review), so a fifth kind joins the sweep by registering; each kind registered
(the toy kind's generic one too) has its rules page visited.  Also the home page, log-in, sign-up, the lobby,
the new game form, My games, profiles, notifications and their preferences, a league with a season under
way, and each finished game's replay at its first move and at its end.  Every ``<link href>`` (stylesheets,
the icon, the manifest and its icons) must answer too.

A signed-in player's language is their profile's ``language`` field; a visitor's comes from the browser's
Accept-Language (Django's LocaleMiddleware): Alice reads in English, Bob (her opponent) in Dutch.  One
browser context per language, width and viewer; the four load each page and run axe side by side."""

from __future__ import annotations

import os
import re

import pytest

from engines import registry
from games import services
from leagues import services as league_services
from lexicons.term_decks import starter_deck_load
from tests.e2e.conftest import browser, live_url, new_page  # noqa: F401  (fixtures)
from tests.e2e.helpers import AXE_TAGS, axe_script, page_for, session_cookie
from tests.engines.spellcrafter.helpers import WORDS as SPELLCRAFTER_WORDS
from tests.engines.turnspell.helpers import WORDS as TURNSPELL_WORDS
from tests.games.crossword.conftest import WORDS as CROSSWORD_WORDS
from tests.games.helpers import every_seat_moves, stand_in_lexicons

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "nl")
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
ASSET_TYPES = {"stylesheet", "script", "image", "font", "media", "manifest"}
SHOTS = os.environ.get("SWEEP_SCREENSHOTS")  # a folder: every page of the sweep is saved there, to look at


@pytest.fixture
def sweep_site(live_url, make_user, monkeypatch):  # noqa: F811
    """Alice and Bob with a game of every registered kind in each state the sweep looks at, a league with a season
    under way, made through the services before the browser starts."""
    axe_script()  # skip (or fail in CI) before building anything when axe-core is missing
    words = sorted({*CROSSWORD_WORDS["en"], *TURNSPELL_WORDS, *SPELLCRAFTER_WORDS})
    stand_in_lexicons(monkeypatch, {"en": words, "nl": words})
    starter_deck_load(language="en")
    alice, bob, carol, dave = (make_user(username=n, display_name=n.capitalize(), language=language)
                               for n, language in (("alice", "en"), ("bob", "nl"), ("carol", "en"), ("dave", "en")))
    games: dict[str, int] = {}
    for kind in registry.kinds():
        engine = registry.get(kind)
        extra = [carol] if getattr(engine, "min_seats", 2) > 2 else []
        # A challenge waiting for each viewer's answer (the page with the most to it: accept and decline).
        games[f"{kind}-challenge-for-alice"] = services.challenge_create(
            creator=bob, kind=kind, opponents=[alice, *extra], seed=3).pk
        games[f"{kind}-challenge-for-bob"] = services.challenge_create(
            creator=alice, kind=kind, opponents=[bob, *extra], seed=3).pk
        under_way = every_seat_moves(services.game_create(creator=alice, kind=kind, opponents=[bob, *extra], seed=3),
                                     seed=3)
        games[f"{kind}-under-way"] = under_way.pk
        finished = every_seat_moves(services.game_create(creator=alice, kind=kind, opponents=[bob, *extra], seed=4),
                                    seed=4)
        services.game_resign(game_id=finished.pk, user=bob)
        games[f"{kind}-finished"] = finished.pk
    league = league_services.league_create(creator=alice, name="Friday words", kind="crossword", division_min=4,
                                           division_max=7, promote=1, relegate=1)
    for user in (alice, bob, carol, dave):
        league_services.league_join(league_id=league.pk, user=user, token=league.invite_token)
    league_services.season_start(league_id=league.pk, actor=alice)
    # Alice reads the site in English, Bob (her opponent in every game) in Dutch.
    return {"viewers": {"en": ("alice", session_cookie(alice, live_url)), "nl": ("bob", session_cookie(bob, live_url))},
            "games": games, "league": league.pk}


def _signed_in_pages(site, viewer: str) -> dict[str, str]:
    return {
        "my-games": "/games/",
        "lobby": "/lobby/",
        "new-game": "/games/new/",
        "rules": "/rules/",
        # Every kind the site ships has a rules page (the test suite's toy kind has none).
        **{f"rules-{kind}": f"/rules/{kind}/" for kind in registry.kinds()},
        **{f"game-{name.replace('-for-' + viewer, '')}": f"/games/{pk}/" for name, pk in site["games"].items()
           if "-for-" not in name or name.endswith(f"-for-{viewer}")},
        # The replay of each finished game, at its first move and at its end.
        **{f"replay-{name}-{step}": f"/games/{pk}/replay/?step={number}" for name, pk in site["games"].items()
           if name.endswith("-finished") for step, number in (("first", 1), ("end", 999))},
        "profile": "/accounts/players/carol/",
        "profile-edit": "/accounts/profile/",
        "notification-preferences": "/notifications/preferences/",
        "notifications": "/notifications/",
        "league": f"/leagues/{site['league']}/",
    }


VISITOR_PAGES = {"home": "/", "log-in": "/accounts/login/", "sign-up": "/accounts/signup/",
                 "rules-visitor": "/rules/crossword/"}


# axe.run started on every open page at once (each browser context has its own renderer, so they run side by
# side), then each page's answer collected: WCAG 2.1 A/AA, as tests.e2e.helpers.axe_violations runs it.
AXE_START = """(tags) => {
  const options = {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]};
  window.__axeSweep = axe.run(document, options).then((result) => result.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .flatMap((v) => v.nodes.map((n) =>
      `${v.id} [${v.impact}] — ${n.target.join(" ")} :: ${n.failureSummary.replace(/\\s+/g, " ")}`)));
}"""


def _visit_all(visits: dict, name: str, problems: list[str], links: set[str]) -> None:
    """Open each page's address (``{where: (page, url)}``) side by side, then run axe on each."""
    loaded = {}
    for where, (page, url) in visits.items():
        response = page.goto(url, wait_until="commit")
        if response is None or response.status >= 400:
            problems.append(f"{where} {name} ({url}): HTTP {response.status if response else 'no response'}")
        else:
            loaded[where] = (page, url)
    for page, _ in loaded.values():
        page.wait_for_load_state("load")
        if page.locator("#game").count():
            page.locator("#game[data-live='1']").wait_for()  # the game socket has drawn the page
        # The icons, the manifest and the stylesheets the head names: Chromium fetches the icon out of sight.
        links.update(page.evaluate("() => [...document.querySelectorAll('link[href]')].map((l) => l.href)"))
        page.add_script_tag(path=str(axe_script()))
        page.evaluate(AXE_START, AXE_TAGS)
    for where, (page, url) in loaded.items():
        problems += [f"{where} {name} ({url}): {found}" for found in page.evaluate("() => window.__axeSweep")]
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/{name}_{re.sub(r'[^a-z]+', '_', where).strip('_')}.png", full_page=True)


def _check_links(page, links: set[str], failed: list[str]) -> None:
    """Every ``<link href>`` the pages named answers, and so does every icon the web app manifest names."""
    for href in sorted(links):
        answer = page.request.get(href)
        if answer.status >= 400:
            failed.append(f"<link href={href}>: {answer.status}")
        elif "manifest" in answer.headers.get("content-type", "") or href.endswith(".webmanifest"):
            for icon in answer.json().get("icons", []):
                src = page.evaluate("([src, base]) => new URL(src, base).href", [icon["src"], href])
                if (status := page.request.get(src).status) >= 400:
                    failed.append(f"manifest icon {src}: {status}")


def test_every_page_in_both_languages_at_both_widths_passes_axe_and_loads_every_asset(sweep_site, new_page):  # noqa: F811
    problems: list[str] = []
    failed_assets: list[str] = []

    def watch(page, where):
        def on_response(response):
            if response.status >= 400 and (response.request.resource_type in ASSET_TYPES or "/static/" in response.url
                                           or response.url.endswith("favicon.ico")):
                failed_assets.append(f"{where} on {page.url}: {response.status} {response.url}")
        page.on("response", on_response)
        return page

    links: set[str] = set()
    visitors, players, signed_in = {}, {}, {}
    for language in LANGUAGES:
        viewer, cookie = sweep_site["viewers"][language]
        for size, (width, height) in SIZES.items():
            where = f"[{language} {size}]"
            visitors[where] = watch(page_for(new_page, None, width=width, height=height, bypass_csp=True,
                                             locale=language, extra_http_headers={"Accept-Language": language}),
                                    f"{where} visitor")
            players[where] = watch(page_for(new_page, cookie, width=width, height=height, bypass_csp=True,
                                            locale=language), f"{where} {viewer}")
            signed_in[where] = _signed_in_pages(sweep_site, viewer)
    for name, url in VISITOR_PAGES.items():
        _visit_all({where: (page, url) for where, page in visitors.items()}, name, problems, links)
    for name in signed_in["[en desktop]"]:
        _visit_all({where: (page, signed_in[where][name]) for where, page in players.items()}, name, problems, links)
    _check_links(next(iter(visitors.values())), links, failed_assets)
    for where, page in {**visitors, **players}.items():
        lang = page.evaluate("document.documentElement.lang")
        assert lang.startswith(where[1:3]), f"{where}: the page says lang={lang!r}"
    assert not (problems or failed_assets), "\n".join(problems + failed_assets)
