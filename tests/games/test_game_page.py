"""The game page's live parts as the server renders them for one viewer (presenters.render_parts and
render_board): the game-over banner with the score, the reason and the rating changes, the clocks and
the Resign button that go when the game ends, the first-game hint line, the Crossword board's premium
squares in the viewer's language, and the same parts pushed over the socket in the viewer's time zone."""

import re

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Game, GameStatus
from games.selectors import game_with_seats
from games.web.presenters import HINT_GAMES, game_payload, render_board, render_parts
from tests.games.crossword.conftest import WORDS
from tests.games.helpers import stand_in_lexicons
from tests.leagues.helpers import committed, play

pytestmark = pytest.mark.django_db


def parts_for(game, user):
    game = game_with_seats(game_id=game.pk)
    return render_parts(game, game_payload(game, user), user)


def toy(creator, *others, **options):
    return services.game_create(creator=creator, kind="toy", opponents=list(others), seed=5,
                                options={"target": 3, **options})


def text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_while_the_game_runs_there_is_no_banner_but_clocks_and_resign(alice, bob):
    game = toy(alice, bob)
    parts = parts_for(game, alice)
    assert parts["banner"].strip() == ""
    assert 'id="game-clocks"' in parts["clocks"] and "You" in parts["clocks"]
    assert 'id="resign-form"' in parts["actions"] and 'data-confirm="Resign this game?"' in parts["actions"]
    # A spectator sees the clocks but has nothing to resign.
    assert parts_for(game, None)["actions"].strip() == ""


def test_the_banner_says_who_won_by_what_score_and_each_players_rating_change(alice, bob):
    game = play(toy(alice, bob), [1, 2])  # alice 1, bob 2: bob reaches the target
    for viewer in (alice, bob, None):
        parts = parts_for(game, viewer)
        banner = text(parts["banner"])
        assert "Game over" in banner and "bob won 2–1" in banner
        assert "bob: rating 1500 → 1520 (+20)" in banner and "alice: rating 1500 → 1480 (-20)" in banner
        assert "data-ratings-pending" not in parts["banner"]
        # What belonged to the running game is gone.
        assert parts["actions"].strip() == "" and parts["clocks"].strip() == ""


def test_until_the_ratings_are_stored_the_banner_says_they_follow(alice, bob):
    game = toy(alice, bob)
    for n, user in ((1, alice), (2, bob)):  # the ratings task runs on commit, which never comes here
        game.refresh_from_db()
        services.game_submit_move(game_id=game.pk, user=user, move={"type": "add", "n": n}, version=game.version,
                                  idempotency_key=f"k{n}")
    banner = parts_for(game, alice)["banner"]
    assert 'data-ratings-pending="1"' in banner and "Rating changes follow in a moment." in banner
    assert "bob won 2–1" in text(banner)


def test_a_casual_game_promises_no_rating_change(alice, bob):
    game = play(toy(alice, bob, rated=False), [1, 2])
    banner = parts_for(game, alice)["banner"]
    assert "bob won 2–1" in text(banner)
    assert "rating" not in banner.lower().replace("result-ratings", "") and "data-ratings-pending" not in banner


def test_a_resignation_and_a_draw_are_said_in_words(alice, bob, carol):
    game = toy(alice, bob, target=10)
    for n, user in ((1, alice), (1, bob)):
        game.refresh_from_db()
        with committed():
            services.game_submit_move(game_id=game.pk, user=user, move={"type": "add", "n": n}, version=game.version,
                                      idempotency_key=f"k{n}-{user.pk}")
    with committed():
        services.game_resign(game_id=game.pk, user=bob)
    banner = text(parts_for(game, alice)["banner"])
    assert "alice won 1–1" in banner and "bob resigned." in banner

    three = play(toy(alice, bob, carol), [1, 2])  # alice 1, bob 2, carol 0
    banner = text(parts_for(three, carol)["banner"])
    assert "bob won" in banner and re.search(r"bob 2 .*alice 1 .*carol 0", banner)


def test_an_aborted_game_says_it_has_no_result(alice, bob):
    game = toy(alice, bob)
    with committed():
        services.game_resign(game_id=game.pk, user=bob)  # before anyone moved: an abort
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED
    banner = text(parts_for(game, alice)["banner"])
    assert "This game was aborted: it has no result." in banner and "won" not in banner


def test_a_cooperative_game_shows_the_team_score(alice, bob):
    from lexicons.term_decks import starter_deck_load

    starter_deck_load(language="en")
    game = services.game_create(creator=alice, kind="spell", opponents=[bob], seed=3)
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED, finished_at=timezone.now(),
                                           result={"scores": [37, 37], "ranks": [1, 1], "reason": "finished",
                                                   "team_score": 37})
    banner = parts_for(game, bob)["banner"]
    assert "The team scored 37 points." in text(banner)
    assert "data-ratings-pending" not in banner and "won" not in text(banner)


def crossword_page(game, user):
    game = game_with_seats(game_id=game.pk)
    return render_board(game, game_payload(game, user), user=user)


def test_the_first_game_hint_shows_until_a_player_has_finished_enough_games_of_the_kind(alice, bob, monkeypatch):
    stand_in_lexicons(monkeypatch, WORDS)
    game = services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=7)
    mover, waiter = (alice, bob) if game.state["to_move"] == 0 else (bob, alice)
    assert "Drag or type letters onto the board, then press Play." in crossword_page(game, mover)
    assert f"Wait for {mover.username} to play" in crossword_page(game, waiter)
    assert 'id="first-hint"' not in crossword_page(game, None)  # spectators get no hint
    finished = [services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=s).pk
                for s in range(HINT_GAMES)]
    Game.objects.filter(pk__in=finished[:-1]).update(status=GameStatus.FINISHED)
    assert 'id="first-hint"' in crossword_page(game, mover)
    Game.objects.filter(pk__in=finished).update(status=GameStatus.FINISHED)
    assert 'id="first-hint"' not in crossword_page(game, mover)


def test_premium_squares_read_in_the_viewers_language(alice, bob, monkeypatch):
    from django.utils import translation

    stand_in_lexicons(monkeypatch, WORDS)
    game = services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=7)
    english = crossword_page(game, alice)
    assert 'aria-label="1A, TW, triple word"><span class="prem">TW</span>' in english
    assert 'aria-label="8H, ★, centre star, double word"' in english
    assert 'aria-label="1D, DL, double letter"><span class="prem">DL</span>' in english
    with translation.override("nl"):
        dutch = crossword_page(game, alice)
    assert 'aria-label="1A, 3W, driedubbele woordwaarde"><span class="prem">3W</span>' in dutch
    assert 'aria-label="1D, 2L, dubbele letterwaarde"><span class="prem">2L</span>' in dutch
    assert 'aria-label="2B, 2W, dubbele woordwaarde"' in dutch
    assert 'aria-label="2F, 3L, driedubbele letterwaarde"' in dutch
    assert 'aria-label="8H, ★, stervakje, dubbele woordwaarde"' in dutch
    # Rows of the ARIA grid: a header row and fifteen rows of a row header and fifteen squares.
    assert english.count('role="row"') == 16 and english.count('role="gridcell"') == 225
    assert english.count('role="gridcell" tabindex="0"') == 1  # one Tab stop for the whole board


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_socket_pushes_the_parts_rendered_in_the_viewers_zone_and_language(make_user, sockets):
    alice = await sync_to_async(make_user)(username="alice", time_zone="Asia/Kathmandu", language="nl")
    bob = await sync_to_async(make_user)(username="bob")
    game = await sync_to_async(toy)(alice, bob)
    sock = await sockets.open(f"/ws/games/{game.pk}/", alice)
    await sock.send_json_to({"type": "refresh"})
    message = await sock.receive_json_from(timeout=3)
    assert set(message["parts"]) == {"banner", "challenge", "clocks", "actions"}
    assert "+0545" in message["parts"]["clocks"]  # due at a Kathmandu time, as on the page
    assert "Opgeven" in message["parts"]["actions"]  # the Resign button, in Dutch
    # The page itself, loaded by alice, shows the same clocks.
    assert "+0545" in await sync_to_async(page_as)(alice, game)


def page_as(user, game):
    client = Client()
    client.force_login(user)
    return client.get(f"/games/{game.pk}/").content.decode()
