"""The Content-Security-Policy in a real browser: every page — the game page of each kind,
the site's other pages, the admin and the API docs — loads without a single CSP violation, and the
game pages still play (scripts, styles, fetches and the WebSocket are all allowed by the policy)."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from engines import registry
from games import services

pytestmark = pytest.mark.browser

LIVE = 5000
KINDS = ("crossword", "turnspell", "spellcrafter", "spell")
WORDS = ["cat", "cats", "act", "tab", "bat", "hello", "word", "words", "quiz", "fish", "shark", "apple", "tea"]

# Collects the page's CSP violations as they happen; read back with page.evaluate before leaving it.
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const where = `${e.sourceFile}:${e.lineNumber}`;
  window.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${where}`);
});
"""


def session_cookie(user, live_url):
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}


class Watched:
    """A page whose CSP violations, console errors and script errors are recorded."""

    def __init__(self, page):
        self.page = page
        self.problems: list[str] = []
        page.add_init_script(WATCH_VIOLATIONS)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"script error: {error}"))

    def _console(self, message):
        text = message.text
        # A policy the browser refuses to apply, or content it blocked, is logged as an error.
        if message.type == "error" and ("Content Security Policy" in text or "Permissions-Policy" in text):
            self.problems.append(f"console: {text}")

    def visit(self, path, ready=None):
        response = self.page.goto(path)
        assert response is not None and response.status < 400, f"{path}: {response and response.status}"
        assert "script-src 'self'" in response.headers.get("content-security-policy", ""), path
        if ready:
            expect(self.page.locator(f"{ready} >> visible=true").first).to_be_visible()
        self.page.wait_for_load_state("networkidle")
        self.collect(path)

    def collect(self, where):
        for violation in self.page.evaluate("window.__violations || []"):
            self.problems.append(f"{where}: {violation}")


@pytest.fixture
def games_of_each_kind(live_url, alice, bob):
    """One running game of each kind, the seat to act, a legal move for it (the engine's timeout move)
    and that player's session: all made before Playwright starts (it blocks database calls)."""
    from lexicons.services import lexicon_load_words
    from lexicons.term_decks import starter_deck_load

    lexicon_load_words(code="en", words=WORDS)
    starter_deck_load(language="en")
    made = []
    for kind in KINDS:
        game = services.game_create(creator=alice, kind=kind, opponents=[bob], seed=3)
        seat = next(s for s in game.seats.order_by("index") if s.to_act)
        move = registry.get(kind).timeout_move(game.state, seat.index)
        made.append((kind, game.pk, game.version, move, session_cookie(seat.user, live_url)))
    return made


def test_the_game_page_of_each_kind_has_no_csp_violation_and_still_plays(games_of_each_kind, new_page):
    for kind, game_id, version, move, cookie in games_of_each_kind:
        page = new_page()
        page.context.add_cookies([cookie])
        watched = Watched(page)
        watched.visit(f"/games/{game_id}/", ready="#board")
        expect(page.locator("#game")).to_have_attribute("data-live", "1", timeout=LIVE)
        # The kind's own stylesheet applied: its board is laid out, not unstyled.
        assert page.locator("#board").bounding_box()["height"] > 150, kind
        # A move through the page's own code: fetch to the API, then the socket's update re-rendered.
        assert page.evaluate("(move) => window.letterpostSubmitMove(move)", move) is True, kind
        expect(page.locator("#game")).not_to_have_attribute("data-version", str(version), timeout=LIVE)
        expect(page.locator("#move-error")).to_be_hidden()
        watched.collect(f"{kind} after a move")
        assert watched.problems == [], kind


@pytest.fixture
def site_pages(live_url, alice, bob, make_user):
    """The pages to visit as a superuser (game, league, report, lexicon tool pages included)."""
    from leagues import services as leagues
    from lexicons.models import LexiconBulkJob
    from lexicons.services import lexicon_load_words
    from moderation import services as moderation

    staff = make_user(username="root", is_staff=True, is_superuser=True)
    lexicon = lexicon_load_words(code="en", words=WORDS)
    job = LexiconBulkJob.objects.create(
        lexicon=lexicon, action="add", words="qi", reason="test", created_by=staff, total=1, status="done"
    )
    game = services.game_create(creator=staff, kind="toy", opponents=[alice], seed=1)
    league = leagues.league_create(creator=staff, name="Test league", kind="toy")
    report, _ = moderation.report_file(reporter=bob, username="alice", reason="other", text="test")
    pages = [
        ("/", None), ("/games/", None), ("/games/new/", "form"), ("/lobby/", None), ("/leagues/", None),
        ("/leagues/new/", "form"), ("/leagues/ratings/", None), (f"/leagues/{league.pk}/", None),
        (f"/leagues/{league.pk}/manage/", None), ("/notifications/", None), ("/notifications/preferences/", "form"),
        ("/words/", "form"), ("/words/report/?lexicon=en&word=qi&kind=missing", "form"),
        ("/accounts/vacation/", "form"), ("/accounts/profile/", "form"), ("/accounts/players/alice/", None),
        ("/accounts/email/", "form"), ("/moderation/mine/", None), ("/moderation/queue/", None),
        ("/moderation/log/", None), ("/moderation/players/alice/", None), (f"/moderation/games/{game.pk}/chat/", None),
        (f"/moderation/reports/{report.pk}/", "form"), ("/moderation/report/?user=alice", "form"),
        ("/admin/", "#content"), ("/admin/lexicons/lexicon/", "#changelist"),
        (f"/admin/lexicons/lexicon/{lexicon.pk}/change/", "form"),
        (f"/admin/lexicons/lexicon/{lexicon.pk}/curate/", "form"),
        (f"/admin/lexicons/lexicon/{lexicon.pk}/diff/", "form"),
        (f"/admin/lexicons/lexicon/bulk/{job.pk}/", "#bulk-job"),
        ("/admin/games/game/", "#changelist"), (f"/admin/games/game/{game.pk}/change/", "form"),
        ("/admin/lexicons/termcard/", "#changelist"), ("/admin/lexicons/termcard/import/", "form"),
        ("/admin/accounts/user/", "#changelist"), ("/admin/accounts/user/add/", "form"),
        ("/admin/moderation/playerreport/", "#changelist"), ("/admin/django_celery_beat/periodictask/add/", "form"),
        ("/api/docs/", ".swagger-ui .info"),
    ]
    return session_cookie(staff, live_url), pages


def test_the_sites_pages_the_admin_and_the_api_docs_have_no_csp_violation(site_pages, new_page):
    cookie, pages = site_pages
    anonymous = Watched(new_page())
    for path in ("/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"):
        anonymous.visit(path, ready="main")
    assert anonymous.problems == []

    page = new_page()
    page.context.add_cookies([cookie])
    watched = Watched(page)
    for path, ready in pages:
        watched.visit(path, ready=ready)
    # Swagger UI rendered the operations from the schema with its script loaded from a URL.
    watched.visit("/api/docs/", ready=".opblock")
    assert watched.problems == [], "\n".join(watched.problems)
