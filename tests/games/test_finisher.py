"""Every way a game ends goes through the one Finisher: each path logs a Move row so that the game replays
under ``verify_games``, clears every seat's deadline and alert, sets the result, and publishes exactly
one event; the game-over notice goes out once per game and player; aborts and casual games never
touch ratings."""

import pytest
from django.core.management import call_command

from core.models import EventRecord
from games import services
from games.events import GameFinished, GameVoided
from games.models import Game, GameStatus, Move
from games.replay import verify_game
from moderation import services as moderation_services
from notifications import tasks as notification_tasks
from notifications.models import Notification
from ratings.models import Rating, RatingChange
from tests.games.helpers import every_seat_moves
from tests.helpers import committed

pytestmark = pytest.mark.django_db


def toy_game(alice, bob, **options):
    return services.game_create(creator=alice, kind="toy", opponents=[bob], seed=4, options=options)


def add(game, user, n):
    game.refresh_from_db()
    with committed():
        return services.game_submit_move(game_id=game.pk, user=user, move={"type": "add", "n": n},
                                         version=game.version, idempotency_key=f"{user.pk}-{game.version}")


def ended(game, status):
    """The game ended as ``status``, replays from its log, and no seat keeps a clock or an alert."""
    game.refresh_from_db()
    assert game.status == status
    report = verify_game(game)
    assert report.ok, report.problem
    seats = list(game.seats.all())
    assert all(not s.to_act and s.deadline is None and s.alert_at is None for s in seats)
    return game


def events_for(game):
    # In the order they were published: PostgreSQL returns rows in no promised order without one.
    return list(EventRecord.objects.filter(payload__game_id=game.pk).order_by("pk").values_list("topic", flat=True))


def test_the_last_move_ends_the_game(alice, bob):
    game = toy_game(alice, bob, target=3)
    add(game, alice, 3)
    game = ended(game, GameStatus.FINISHED)
    assert game.result["reason"] == "finished" and events_for(game) == [GameFinished.topic()]
    assert not Move.objects.filter(game=game).exclude(source="player").exists()  # the move itself is the log


def test_a_resignation_ends_the_game_with_a_logged_row(alice, bob):
    game = every_seat_moves(toy_game(alice, bob))
    with committed():
        services.game_resign(game_id=game.pk, user=bob)
    game = ended(game, GameStatus.FINISHED)
    assert game.result["ranks"] == [1, 2] and game.result["reason"] == "resignation"
    assert Move.objects.filter(game=game, source="resign").count() == 1
    assert events_for(game) == [GameFinished.topic()]


def test_a_forfeit_ends_the_game_with_a_logged_row(alice, bob):
    game = every_seat_moves(toy_game(alice, bob))
    with committed():
        assert services.game_forfeit(game_id=game.pk, seat_index=0, reason="timeout")
    game = ended(game, GameStatus.FINISHED)
    assert game.result["ranks"] == [2, 1] and game.result["reason"] == "timeout"
    assert not services.game_forfeit(game_id=game.pk, seat_index=1)  # over: nothing more is written


def test_resigning_before_every_seat_has_moved_aborts_without_a_result(alice, bob):
    game = toy_game(alice, bob)
    add(game, alice, 1)  # bob never moved
    with committed():
        services.game_resign(game_id=game.pk, user=alice)
    game = ended(game, GameStatus.ABORTED)
    assert game.result is None and all(s.rank is None for s in game.seats.all())
    assert Move.objects.get(game=game, source="abort").payload == {"type": "abort", "reason": "resignation", "seat": 0}
    assert events_for(game) == [GameVoided.topic()]
    assert not RatingChange.objects.exists() and not Notification.objects.filter(kind="game_over").exists()


def test_a_league_abort_and_a_withdrawn_seek_end_through_the_finisher(alice, bob):
    game = toy_game(alice, bob)
    with committed():
        assert services.game_abort(game_id=game.pk, reason="player moved to another division")
    ended(game, GameStatus.ABORTED)
    assert not services.game_abort(game_id=game.pk, reason="again")  # once
    seek = services.game_create(creator=alice, kind="toy")
    services.seek_withdraw(game_id=seek.pk, user=alice)
    seek = ended(seek, GameStatus.ABORTED)
    assert Move.objects.get(game=seek).source == "abort"


def test_an_adjudicated_game_replays_sends_its_notice_once_and_leaves_no_alert(alice, bob):
    game = toy_game(alice, bob)
    add(game, alice, 2)
    with committed():
        assert services.game_adjudicate(game_id=game.pk)
    game = ended(game, GameStatus.FINISHED)
    assert game.result == {"scores": [2, 0], "ranks": [1, 2], "reason": "adjudicated", "team_score": None}
    assert Move.objects.get(game=game, source="adjudicate").payload["type"] == "adjudicate"
    notices = Notification.objects.filter(game=game, kind="game_over")
    assert sorted(notices.values_list("user__username", flat=True)) == ["alice", "bob"]
    # The event delivered again changes nothing: the notice goes out once per game and player.
    notification_tasks.on_game_finished.apply(args=[{"game_id": game.pk, "reason": "adjudicated"}])
    assert notices.count() == 2


def test_annulling_logs_the_decision_and_the_game_still_replays(alice, bob, make_user):
    from moderation.groups import moderator_group_ensure

    moderator = make_user(username="mod")
    moderator.groups.add(moderator_group_ensure())
    game = toy_game(alice, bob, target=3)
    add(game, alice, 3)
    with committed():
        moderation_services.game_annul(moderator=moderator, game_id=game.pk, reason="collusion")
    game = ended(game, GameStatus.ANNULLED)
    assert Move.objects.get(game=game, source="annul").payload == {"type": "annul", "reason": "collusion"}
    assert events_for(game) == [GameFinished.topic(), GameVoided.topic()]


def test_annulment_returns_at_once_and_the_ratings_rebuild_runs_as_a_task(alice, bob, make_user,
                                                                         django_capture_on_commit_callbacks):
    from moderation.groups import moderator_group_ensure

    moderator = make_user(username="mod")
    moderator.groups.add(moderator_group_ensure())
    game = toy_game(alice, bob, target=3)
    add(game, alice, 3)
    assert Rating.objects.get(user=alice).games == 1
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        moderation_services.game_annul(moderator=moderator, game_id=game.pk, reason="collusion")
    # The moderator's request is done, and the ratings are as they were: the rebuild is queued.
    assert Rating.objects.get(user=alice).games == 1 and RatingChange.objects.filter(game=game).exists()
    for callback in callbacks:
        callback()
    assert not Rating.objects.filter(user=alice, games__gt=0).exists() and not RatingChange.objects.exists()


def test_casual_games_never_touch_ratings(alice, bob):
    game = toy_game(alice, bob, target=3, rated=False)
    add(game, alice, 3)
    assert ended(game, GameStatus.FINISHED).result["reason"] == "finished"
    assert not RatingChange.objects.exists() and not Rating.objects.filter(games__gt=0).exists()


def test_verify_games_passes_over_games_ended_every_way(alice, bob, carol, capsys):
    finished = toy_game(alice, bob, target=3)
    add(finished, alice, 3)
    resigned = every_seat_moves(toy_game(alice, carol))
    services.game_resign(game_id=resigned.pk, user=carol)
    aborted = toy_game(bob, carol)
    services.game_abort(game_id=aborted.pk, reason="test")
    adjudicated = toy_game(carol, alice)
    services.game_adjudicate(game_id=adjudicated.pk)
    annulled = toy_game(bob, alice)
    services.game_annul(game_id=annulled.pk, reason="test")
    call_command("verify_games")
    out = capsys.readouterr().out
    assert f"{Game.objects.exclude(state=None).count()} games checked, 0 differ" in out
