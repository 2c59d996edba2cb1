"""The first screens: the home page tells a visitor what the site is (the four games with pictures of
their boards, how correspondence play works, a way to sign up); a signed-in player lands on their
games, those awaiting their move first; the header carries a compact menu; no inline style or script
on these pages (a Content-Security-Policy without 'unsafe-inline' is coming)."""

import re

import pytest
from django.conf import settings

from games import services
from games.web.kinds.crossword import rules as crossword_rules
from games.web.kinds.turnspell import rules as turnspell_rules

pytestmark = pytest.mark.django_db

KINDS = ("crossword", "turnspell", "spellcrafter", "spell")
PICTURES = {"crossword": 'class="cw-grid"', "turnspell": 'class="ts-grid rules-ts-grid"',
            "spellcrafter": 'class="sc-card suit-tide', "spell": 'class="sp-fields"'}


def home(client, **headers) -> str:
    response = client.get("/", **headers)
    assert response.status_code == 200
    return response.content.decode()


def game_card(html: str, kind: str) -> str:
    start = html.index(f'class="home-game home-game-{kind}"')
    return html[start:html.index("</li>", start)]


def test_a_visitor_sees_the_four_games_each_with_a_picture_of_its_board(client):
    html = home(client)
    for kind in KINDS:
        card = game_card(html, kind)
        assert PICTURES[kind] in card, kind
        assert 'role="img" aria-label="' in card  # the picture is described in words
        assert f'href="/rules/{kind}/"' in card
    # The pictures show the rules pages' examples, scored by the engines.
    step = crossword_rules.crossword("en")["steps"][-1]
    assert f"the play {step['gcg']} has just scored {step['score']} points" in game_card(html, "crossword")
    ts = turnspell_rules.turnspell()
    assert f"completes BARK across and RUST down, {ts['points']} points" in game_card(html, "turnspell")


def test_a_visitor_learns_how_correspondence_play_works_and_can_sign_up(client):
    html = home(client)
    assert "How correspondence play works" in html and "A move today, the reply tomorrow" in html
    days = settings.DAYS_PER_MOVE_CHOICES
    assert f"from {days[0]} to {days[-1]} days ({settings.DEFAULT_DAYS_PER_MOVE} unless you choose otherwise)" in html
    assert "up to 30 days a year" in html  # vacation
    assert "an e-mail for each move or one daily digest" in html  # notifications
    assert len(re.findall(r'<a class="button[^"]*" href="/accounts/signup/"', html)) >= 2


def test_the_home_page_speaks_dutch_to_a_dutch_browser(client):
    html = home(client, HTTP_ACCEPT_LANGUAGE="nl")
    assert "Zo werkt correspondentiespel" in html and "Registreren — het is gratis" in html
    assert "Een deel van een Crossword-bord" in html
    assert "How correspondence play works" not in html


def play(game, user):
    game.refresh_from_db()
    services.game_submit_move(game_id=game.pk, user=user, move={"type": "add", "n": 1}, version=game.version,
                              idempotency_key=f"{game.pk}-{game.version}")


def test_a_signed_in_player_lands_on_their_games_awaiting_their_move_first(client, alice, bob):
    waiting = services.game_create(creator=bob, kind="toy", opponents=[alice], seed=1)  # the older game
    play(waiting, bob)  # now it awaits alice's move
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=2)
    play(game, alice)  # here alice waits for bob
    client.force_login(alice)
    response = client.get("/")
    assert response.status_code == 302 and response["Location"] == "/games/"
    html = client.get("/games/").content.decode()
    assert "Your move in 1 game; it is listed first." in html
    assert html.index(f'data-game="{waiting.pk}"') < html.index(f'data-game="{game.pk}"')


def test_a_new_player_is_shown_where_to_start(client, alice):
    client.force_login(alice)
    html = client.get("/games/").content.decode()
    assert "No games yet. Start one:" in html
    for url in ("/games/new/", "/lobby/", "/rules/"):
        assert f'<a href="{url}">' in html


def test_the_header_keeps_my_games_the_bell_and_a_menu_with_the_rest(client, alice):
    client.force_login(alice)
    html = client.get("/games/").content.decode()
    header = html[html.index('<header class="site-header">'):html.index("</header>")]
    assert 'id="awaiting-badge"' in header and 'class="bell"' in header
    menu = header[header.index('<details class="site-menu">'):]
    for url in ("/lobby/", "/leagues/", "/accounts/profile/", "/accounts/vacation/", "/accounts/logout/"):
        assert url in menu, url


@pytest.mark.parametrize("url", ["/", "/games/", "/games/new/", "/lobby/"])
def test_no_inline_style_or_script_on_the_first_screens(client, alice, url):
    if url != "/":
        client.force_login(alice)
    html = client.get(url).content.decode()
    assert not re.search(r"\sstyle=", html), url
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), url
