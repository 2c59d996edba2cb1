"""Management commands: verify_games catches a tampered state; selfplay plays and checks games;
load_starter_data is idempotent."""

import pytest
from django.contrib.sites.models import Site
from django.core.management import CommandError, call_command

from games import services
from games.models import Game, Move

pytestmark = pytest.mark.django_db


def play_some(game, users, moves=4):
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != "active":
            return
        seat = game.seats.get(to_act=True)
        services.game_submit_move(
            game_id=game.pk, user=users[seat.index], move={"type": "add", "n": 2}, version=game.version,
            idempotency_key=f"k{game.version}",
        )


def test_verify_games_passes_for_honest_games(alice, bob, capsys):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=4)
    play_some(game, [alice, bob])
    services.game_resign(game_id=game.pk, user=bob)
    call_command("verify_games")
    assert "1 games checked, 0 differ" in capsys.readouterr().out


def test_verify_games_reports_a_tampered_state(alice, bob, capsys):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=4)
    play_some(game, [alice, bob])
    Game.objects.filter(pk=game.pk).update(state={**Game.objects.get(pk=game.pk).state, "total": 99})
    with pytest.raises(CommandError):
        call_command("verify_games")
    assert f"game {game.pk} (toy): stored state differs" in capsys.readouterr().err


def test_verify_games_replays_the_logged_payloads_and_reports_a_tampered_move(alice, bob, capsys):
    # The logs are read as text and decoded apart from the models: a changed payload must change the replay.
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=4)
    play_some(game, [alice, bob])
    move = Move.objects.filter(game=game, source="player").order_by("seq").first()
    Move.objects.filter(pk=move.pk).update(payload={"type": "add", "n": 3})
    with pytest.raises(CommandError):
        call_command("verify_games")
    assert f"game {game.pk} (toy): stored state differs" in capsys.readouterr().err


def test_verify_games_resumes_after_an_id_and_reads_a_batch_in_two_queries(alice, bob, capsys):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    games = [services.game_create(creator=alice, kind="toy", opponents=[bob], seed=n) for n in range(4)]
    for game in games:
        play_some(game, [alice, bob])
    # The first game is tampered with: resuming after it finds nothing wrong in the others.
    Game.objects.filter(pk=games[0].pk).update(state={**Game.objects.get(pk=games[0].pk).state, "total": 99})
    call_command("verify_games", "--after", str(games[0].pk), "--batch", "2", "--progress")
    out = capsys.readouterr().out
    assert f"checked up to game {games[2].pk}" in out and "3 games checked, 0 differ" in out
    # A range: after the first game, up to the third (for several processes side by side).
    call_command("verify_games", "--after", str(games[0].pk), "--until", str(games[2].pk))
    assert "2 games checked, 0 differ" in capsys.readouterr().out
    # One batch: the games and all their moves, two queries whether it holds two games or four.
    counts = []
    for ids in ([g.pk for g in games[1:3]], [g.pk for g in games[1:]]):
        with CaptureQueriesContext(connection) as queries:
            call_command("verify_games", *map(str, ids))
        counts.append(len(queries))
    assert counts[0] == counts[1] == 3  # the batch's games, their moves, and the empty next batch


def test_selfplay_plays_and_checks_complete_games(capsys):
    call_command("selfplay", "toy", "--games", "6", "--seed", "3")
    call_command("selfplay", "toy", "--games", "4", "--seed", "3", "--options", '{"mode": "simultaneous"}')
    out = capsys.readouterr().out
    assert "toy: 6 games" in out and "0 failed" in out


def test_selfplay_fails_when_a_view_leaks_a_secret(monkeypatch, capsys):
    from tests.games.toy_engine import ENGINE

    original = ENGINE.view
    monkeypatch.setattr(ENGINE, "view", lambda state, seat: {**original(state, seat), "cards": state["cards"]})
    with pytest.raises(CommandError):
        call_command("selfplay", "toy", "--games", "2", "--seed", "1")
    assert "leaks" in capsys.readouterr().err


def test_selfplay_of_an_unknown_kind_fails():
    with pytest.raises(CommandError):
        call_command("selfplay", "chess")


def test_load_starter_data_is_idempotent():
    call_command("load_starter_data")
    call_command("load_starter_data")
    assert Site.objects.get().name == "Letterpost"
