"""Ratings through the real game services: a finished rated game moves its players' ratings once, a
casual one not at all, and ``recompute_ratings`` rebuilds every rating from the finished games."""

from itertools import combinations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services as game_services
from ratings import services as rating_services
from ratings.models import Rating, RatingChange
from ratings.tasks import on_game_finished
from tests.games.helpers import DRAW, SEAT0_WINS
from tests.games.helpers import play_toy as play

pytestmark = pytest.mark.django_db

@pytest.fixture
def round_robin(make_user):
    """Five players, each pair one toy game, finished: seat 0 wins two games in three, the rest drawn."""
    players = [make_user(username=f"p{i}") for i in range(5)]
    games = []
    for i, (a, b) in enumerate(combinations(players, 2)):
        game = game_services.game_create(creator=a, kind="toy", opponents=[b], options={"target": 3})
        games.append(play(game, SEAT0_WINS if i % 3 else DRAW))
    return players, games


def test_a_finished_rated_game_moves_ratings_once_even_if_the_task_runs_twice(alice, bob):
    game = game_services.game_create(creator=alice, kind="toy", opponents=[bob], options={"target": 3})
    play(game, SEAT0_WINS)
    assert {r.user_id: (r.rating, r.games) for r in Rating.objects.all()} == {alice.pk: (1520, 1), bob.pk: (1480, 1)}
    event = {"game_id": game.pk, "reason": "finished"}
    on_game_finished.apply(args=[event])  # the handler again, as a retry or a duplicate delivery would run it
    on_game_finished.apply(args=[event])
    assert RatingChange.objects.count() == 2
    assert Rating.objects.get(user=alice).rating == 1520


def test_casual_games_are_not_rated(alice, bob):
    game = game_services.game_create(creator=alice, kind="toy", opponents=[bob], options={"target": 3, "rated": False})
    play(game, DRAW)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_recompute_ratings_agrees_and_check_reports_a_tampered_rating(round_robin):
    players, _games = round_robin
    assert rating_services.ratings_recompute(write=False) == []
    call_command("recompute_ratings", "--check")
    Rating.objects.filter(user=players[1]).update(rating=1234)
    changes = RatingChange.objects.count()
    with pytest.raises(CommandError):
        call_command("recompute_ratings", "--check")
    assert Rating.objects.get(user=players[1]).rating == 1234 and RatingChange.objects.count() == changes
    call_command("recompute_ratings")
    assert rating_services.ratings_recompute(write=False) == []


def test_recompute_ratings_streams_batches_and_finds_every_kind_of_difference(round_robin, monkeypatch):
    _players, games = round_robin
    monkeypatch.setattr(rating_services, "RECOMPUTE_BATCH", 3)  # ten games: four batches
    with CaptureQueriesContext(connection) as few:
        assert rating_services.ratings_recompute(write=False) == []
    monkeypatch.setattr(rating_services, "RECOMPUTE_BATCH", 2)  # five batches: two queries more
    with CaptureQueriesContext(connection) as more:
        assert rating_services.ratings_recompute(write=False) == []
    assert len(more) - len(few) == 2  # two queries per batch (seats, stored changes), none per game
    last = RatingChange.objects.order_by("-pk").first()  # in the last batch
    RatingChange.objects.filter(pk=last.pk).update(after=last.after + 1)
    running = games[0]
    running.status = "active"
    running.save(update_fields=["status"])  # its stored changes are now unexplained
    differences = rating_services.ratings_recompute(write=False)
    assert f"game {last.game_id} user {last.user_id}: rating change differs or is missing" in differences
    assert any(line.startswith(f"game {running.pk} user ") and "no rated game explains" in line
               for line in differences)
    rating_services.ratings_recompute(write=True)
    assert rating_services.ratings_recompute(write=False) == []
