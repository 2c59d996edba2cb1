"""Management commands: verify_games catches a tampered state; selfplay plays and checks games;
load_starter_data is idempotent."""

import pytest
from django.contrib.sites.models import Site
from django.core.management import CommandError, call_command

from games import services
from games.models import Game

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
