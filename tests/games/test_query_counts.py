"""The number of queries of the hot paths, pinned exactly: a change that adds one must say why here."""

import pytest
from django.db import connection

from core import speed
from games import selectors, services
from tests.games.helpers import every_seat_moves, play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    game = every_seat_moves(services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1,
                                                 options={"target": 500}))
    game.refresh_from_db()
    return game


def test_a_move_takes_four_queries_on_postgresql_and_seven_elsewhere(game, alice, django_assert_num_queries):
    # savepoint, the game's and seats' lock (one statement on PostgreSQL, two elsewhere), the write,
    # release.  The write is one statement on PostgreSQL: the move
    # insert (its unique key is the idempotency check: only a refused or repeated move looks the key up),
    # the game update and the seats update; elsewhere three.  The suspension policy answers from the cache
    # (moderation.selectors.suspension_for), and a player with no vacation begun is not asked about one
    # (User.vacation_from)
    with django_assert_num_queries(4 if speed.on(connection) else 7):
        services.game_submit_move(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, version=game.version,
                                  idempotency_key="pinned")


def test_the_dashboard_takes_nine_queries_whatever_the_number_of_games(game, alice, bob, client,
                                                                       django_assert_num_queries):
    client.force_login(alice)
    client.get("/games/")
    for seed in range(5):
        every_seat_moves(services.game_create(creator=alice, kind="toy", opponents=[bob], seed=seed))
    # (the first request cached the suspension standing the middleware asks for); the ninth is the
    # games' labels, all at once (a league game's league: games.hooks.GAME_LABELS)
    with django_assert_num_queries(9):
        assert client.get("/games/").status_code == 200


def test_a_players_games_take_three_queries_running_and_finished_and_name_their_players(
        game, alice, bob, django_assert_num_queries):
    finished = play_out(every_seat_moves(services.game_create(creator=alice, kind="toy", opponents=[bob], seed=7,
                                                               options={"target": 5})))
    assert finished.status == "finished"
    # my running seats, my finished seats, and every seat of both lists with its player
    with django_assert_num_queries(3):
        games = selectors.games_for_user(user=alice, with_state=False)
    assert {g.pk for g in games} == {game.pk, finished.pk}
    with django_assert_num_queries(0):
        names = [[(s.user.username, s.user.public_name, s.user.is_bot) for s in g.seats.all()] for g in games]
    assert names == [[("alice", alice.public_name, False), ("bob", bob.public_name, False)]] * 2


def test_the_game_api_takes_one_query_on_postgresql_and_two_elsewhere(game, alice, api_for, django_assert_num_queries):
    api = api_for(alice)
    # The game with its seats and their players: one statement on PostgreSQL (selectors.game_with_seats).
    with django_assert_num_queries(1 if speed.on(connection) else 2):
        assert api.get(f"/api/games/{game.pk}/").status_code == 200




def test_the_game_page_takes_the_same_queries_whatever_the_length_of_the_game(game, alice, bob, client,
                                                                              django_assert_num_queries):
    # session, user, game with its seats (one statement on PostgreSQL, two elsewhere), the turn marked
    # seen, its notifications marked read, awaiting badge, moves, seats to move, unread bell, moderation
    # notice, chat mutes, chat, the game's label (a league fixture's league: games.hooks.GAME_LABELS;
    # the core cannot tell a league game without asking) (the standing is kept by the process, read once
    # after the sign-in: core.user_stamp; no vacation is read, since neither player's row says one has begun)
    seats_apart = 0 if speed.on(connection) else 1
    client.force_login(alice)
    with django_assert_num_queries(14 + seats_apart):
        assert client.get(f"/games/{game.pk}/").status_code == 200
    for n in range(6):
        game.refresh_from_db()
        services.game_submit_move(game_id=game.pk, user=alice if n % 2 == 0 else bob, move={"type": "add", "n": 1},
                                  version=game.version, idempotency_key=f"more{n}")
    with django_assert_num_queries(13 + seats_apart):
        assert client.get(f"/games/{game.pk}/").status_code == 200
