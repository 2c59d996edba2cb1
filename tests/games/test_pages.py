"""Server-rendered pages: dashboard (awaiting my move first), lobby, new game, game page, resign,
with the number of queries pinned so it does not grow with games or moves."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Game, GameStatus
from tests.games.helpers import every_seat_moves
from tests.helpers import committed

pytestmark = pytest.mark.django_db


def play(game, user, n=1):
    game.refresh_from_db()
    services.game_submit_move(
        game_id=game.pk, user=user, move={"type": "add", "n": n}, version=game.version,
        idempotency_key=f"{game.pk}-{game.version}",
    )


def count_queries(client, url):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    return len(ctx.captured_queries)


def test_dashboard_lists_games_awaiting_my_move_first(client, alice, bob):
    waiting = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    mine = services.game_create(creator=bob, kind="toy", opponents=[alice], seed=2)
    play(mine, bob)  # now alice is to move in `mine` too
    play(waiting, alice)  # alice waits on bob here
    client.force_login(alice)
    html = client.get("/games/").content.decode()
    assert html.index(f'data-game="{mine.pk}"') < html.index(f'data-game="{waiting.pk}"')
    assert "Your move" in html


def test_dashboard_query_count_is_constant_in_games(client, alice, make_user):
    client.force_login(alice)
    services.game_create(creator=alice, kind="toy", opponents=[make_user()], seed=1)
    few = count_queries(client, "/games/")
    for i in range(6):
        game = services.game_create(creator=alice, kind="toy", opponents=[make_user(), make_user()], seed=i)
        play(game, alice)
    assert count_queries(client, "/games/") == few


def test_dashboard_does_not_read_the_games_states(client, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    play(game, alice)
    client.force_login(alice)
    with CaptureQueriesContext(connection) as ctx:
        html = client.get("/games/").content.decode()
    assert f'data-game="{game.pk}"' in html
    assert not [q["sql"] for q in ctx.captured_queries if '"games_game"."state"' in q["sql"]]


def test_game_page_query_count_is_constant_in_moves(client, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1, options={"target": 500})
    client.force_login(alice)
    play(game, alice)
    few = count_queries(client, f"/games/{game.pk}/")
    for _ in range(10):
        play(game, bob)
        play(game, alice)
    assert count_queries(client, f"/games/{game.pk}/") == few


def test_game_api_query_counts_are_constant_in_games_and_moves(alice, bob, make_user, api_for):
    client = api_for(alice)
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1, options={"target": 500})
    play(game, alice)
    urls = (f"/api/games/{game.pk}/", f"/api/games/{game.pk}/moves/", "/api/games/")
    detail, log, mine = (count_queries(client, u) for u in urls)
    for i in range(5):
        play(game, bob)
        play(game, alice)
        services.game_create(creator=alice, kind="toy", opponents=[make_user()], seed=i)
    assert count_queries(client, f"/api/games/{game.pk}/") == detail
    assert count_queries(client, f"/api/games/{game.pk}/moves/") == log
    assert count_queries(client, "/api/games/") == mine


def test_game_page_shows_my_view_and_the_log(client, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    play(game, alice, 3)
    client.force_login(bob)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert game.state["cards"][1] in html and game.state["cards"][0] not in html
    assert 'data-seq="2"' in html and "Your move" in html


def test_new_game_form_challenges_a_player(client, alice, bob):
    client.force_login(alice)
    response = client.post("/games/new/", {"kind": "toy", "opponent": "bob", "toy_seats": 2, "days_per_move": 3})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.status == GameStatus.CHALLENGE  # it starts when bob accepts


def test_new_game_form_with_unknown_opponent_shows_an_error_and_creates_nothing(client, alice):
    client.force_login(alice)
    response = client.post("/games/new/", {"kind": "toy", "opponent": "ghost", "toy_seats": 2, "days_per_move": 3})
    assert response.status_code == 200 and "No player called ghost" in response.content.decode()
    assert not Game.objects.exists()


def test_seek_posted_and_accepted_in_the_lobby(client, alice, bob):
    client.force_login(alice)
    client.post("/games/new/", {"kind": "toy", "play_with": "anyone", "toy_seats": 2, "days_per_move": 3})
    seek = Game.objects.get(status=GameStatus.OPEN)
    client.force_login(bob)
    assert f'data-seek="{seek.pk}"' in client.get("/lobby/").content.decode()
    response = client.post(f"/lobby/{seek.pk}/accept/")
    assert response["Location"] == f"/games/{seek.pk}/"
    assert Game.objects.get(pk=seek.pk).status == GameStatus.ACTIVE


def test_the_lobby_prints_a_seekers_name_as_text_not_markup(client, alice, bob):
    # The seek rows are built in Python (games.templatetags.game_options.seek_rows), not by the template.
    alice.display_name = '<img src=x onerror="x()">'
    alice.save()
    client.force_login(alice)
    client.post("/games/new/", {"kind": "toy", "play_with": "anyone", "toy_seats": 2, "days_per_move": 3})
    client.force_login(bob)
    html = client.get("/lobby/").content.decode()
    assert "<img src=x" not in html
    assert "&lt;img src=x onerror=&quot;x()&quot;&gt;" in html


def test_the_lobby_lists_the_newest_seeks_in_a_fixed_number_of_queries(client, alice, bob, make_user):
    from games.selectors import LOBBY_SEEKS

    seekers = [make_user(username=f"seeker{n}") for n in range(LOBBY_SEEKS // 10 + 1)]  # 10 open seeks each

    client.force_login(bob)

    def lobby_queries() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/lobby/").status_code == 200
        return len(queries)

    seeks = [services.game_create(creator=seekers[-1], kind="toy", seats=2) for _ in range(3)]
    lobby_queries()  # caches bob's standing
    few = lobby_queries()
    seeks += [services.game_create(creator=seekers[n // 10], kind="toy", seats=2) for n in range(LOBBY_SEEKS)]
    assert lobby_queries() == few
    page = client.get("/lobby/").content.decode()
    assert page.count("data-seek=") == LOBBY_SEEKS
    assert f'data-seek="{seeks[-1].pk}"' in page and f'data-seek="{seeks[2].pk}"' not in page
    # The seated players' names, read with the seeks, each with their rating (read once for the list).
    assert page.count('>seeker0 <span class="seek-rating"') == 10


def test_the_lobby_names_the_seated_players_without_reading_their_accounts_or_the_seeks_states(
        alice, make_user, django_assert_num_queries):
    from games.selectors import open_seeks

    carol = make_user(username="carol", display_name="Carol <b>")
    services.game_create(creator=alice, kind="toy", seats=3)
    services.game_create(creator=carol, kind="toy", seats=2)
    with django_assert_num_queries(2):  # the seeks, then their seats with their players
        seeks = list(open_seeks())
    with django_assert_num_queries(0):
        seated = [[(s.user.username, s.user.public_name, s.user.is_bot) for s in g.seats.all() if s.user]
                  for g in seeks]
    assert seated == [[("carol", "Carol <b>", False)], [("alice", alice.public_name, False)]]
    assert all("state" in g.get_deferred_fields() for g in seeks)


def test_resign_from_the_game_page(client, alice, bob):
    game = every_seat_moves(services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1))
    client.force_login(alice)
    client.post(f"/games/{game.pk}/resign/")
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.result["ranks"] == [2, 1]


def test_pages_need_login(client):
    assert client.get("/games/")["Location"].startswith("/accounts/login/")
    assert client.get("/lobby/")["Location"].startswith("/accounts/login/")


def test_dashboard_shows_only_the_most_recent_finished_games(client, alice, bob, settings):
    from games import selectors

    finished = []
    for seed in range(selectors.RECENT_FINISHED + 2):
        game = every_seat_moves(services.game_create(creator=alice, kind="toy", opponents=[bob], seed=seed))
        services.game_resign(game_id=game.pk, user=bob)
        finished.append(game.pk)
    running = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=99)
    shown = [g.pk for g in selectors.games_for_user(user=alice)]
    assert shown[0] == running.pk
    assert shown[1:] == finished[::-1][: selectors.RECENT_FINISHED]


def test_the_dashboard_rows_print_names_as_text_and_answer_a_challenge(client, alice, bob):
    # The dashboard's rows are built in Python (games.templatetags.game_options.game_rows).
    bob.display_name = '<img src=x onerror="x()">'
    bob.save()
    with committed():
        challenge = services.challenge_create(creator=bob, kind="toy", opponents=[alice])
    running = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    client.force_login(alice)
    html = client.get("/games/").content.decode()
    assert "<img src=x" not in html and "&lt;img src=x onerror=&quot;x()&quot;&gt; (0)" in html
    row = html[html.index(f'data-game="{challenge.pk}"'):].split("</tr>")[0]
    assert 'class="your-move"' in row and "Challenge for you" in row
    assert f'action="/games/{challenge.pk}/accept/"' in row and 'name="csrfmiddlewaretoken"' in row
    row = html[html.index(f'data-game="{running.pk}"'):].split("</tr>")[0]
    assert "<strong>Your move</strong>" in row and "<time datetime=" in row
