"""Rematch: a player of a finished game challenges the same players to the same game (kind, options,
days per move, time bank), waiting for their consent like any challenge — so the game cap and the
other refusals of a challenge apply — through the service, the game page and the API; a bot accepts
at once, as it does a new game."""

import pytest

from engines import registry
from games import services
from games.errors import GAME_NOT_FINISHED, NOT_YOUR_GAME, TOO_MANY_GAMES, GameError
from games.models import Game, GameStatus
from games.options import options_chosen
from tests.games.helpers import play_out
from tests.games.test_game_cap import games_running
from tests.helpers import committed

pytestmark = pytest.mark.django_db

OPTIONS = {"mode": "turns", "target": 12, "rated": False}


def finished(creator, *opponents, **kwargs):
    game = services.game_create(creator=creator, kind="toy", opponents=list(opponents), options=OPTIONS, seed=3,
                                **kwargs)
    game = play_out(game)
    assert game.status == GameStatus.FINISHED
    return game


def refused(code, **kwargs) -> GameError:
    before = Game.objects.count()
    with pytest.raises(GameError) as caught:
        services.game_rematch(**kwargs)
    assert caught.value.code == code
    assert Game.objects.count() == before  # nothing written
    return caught.value


def test_a_rematch_challenges_the_same_players_to_the_same_game(alice, bob, carol):
    game = finished(alice, bob, carol, days_per_move=5, time_bank_days=2)
    with committed():
        rematch = services.game_rematch(game_id=game.pk, user=bob)
    assert rematch.pk != game.pk and rematch.status == GameStatus.CHALLENGE
    assert (rematch.kind, rematch.days_per_move, rematch.time_bank_days) == ("toy", 5, 2)
    assert {k: rematch.options[k] for k in OPTIONS} == OPTIONS and rematch.seed != game.seed
    seats = list(rematch.seats.order_by("index"))
    assert [(s.user.username, s.accepted) for s in seats] == [("bob", True), ("alice", False), ("carol", False)]
    for player in (alice, carol):  # it waits for each one's consent
        assert Game.objects.get(pk=rematch.pk).status == GameStatus.CHALLENGE
        with committed():
            services.challenge_accept(game_id=rematch.pk, user=player)
    assert Game.objects.get(pk=rematch.pk).status == GameStatus.ACTIVE


def test_only_a_finished_game_has_a_rematch(alice, bob):
    running = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    assert refused(GAME_NOT_FINISHED, game_id=running.pk, user=alice).status == 409
    services.game_abort(game_id=running.pk, reason="test")
    refused(GAME_NOT_FINISHED, game_id=running.pk, user=alice)


def test_only_a_player_of_the_game_may_ask_for_a_rematch(alice, bob, carol):
    game = finished(alice, bob)
    assert refused(NOT_YOUR_GAME, game_id=game.pk, user=carol).status == 403


def test_a_rematch_beyond_the_game_cap_is_refused_with_the_code(settings, alice, bob):
    settings.MAX_ACTIVE_GAMES = 2
    game = finished(alice, bob)
    games_running(bob, 2)
    error = refused(TOO_MANY_GAMES, game_id=game.pk, user=alice)
    assert error.status == 409 and error.details["player"] == "bob"


def test_a_rematch_asks_again_only_for_what_a_creator_chooses():
    for kind in registry.kinds():
        engine = registry.get(kind)
        for name in engine.private_options:  # what the server adds (Spell's cards) is drawn afresh
            assert name not in options_chosen(engine, {name: ["secret"]})
    assert options_chosen(registry.get("toy"), {"target": 12, "unknown": 1}) == {"target": 12}


def test_a_rematch_against_a_bot_starts_at_once(alice, make_user):
    bot = make_user(username="toybot", is_bot=True, bot_kind="toy", bot_level="club")
    game = finished(alice, bot)
    with committed():
        rematch = services.game_rematch(game_id=game.pk, user=alice)
    assert Game.objects.get(pk=rematch.pk).status == GameStatus.ACTIVE


def test_the_finished_game_page_offers_a_rematch_to_its_players_only(client, alice, bob, carol):
    game = finished(alice, bob)
    client.force_login(bob)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f'action="/games/{game.pk}/rematch/"' in page and ">Rematch</button>" in page
    client.force_login(carol)
    assert "/rematch/" not in client.get(f"/games/{game.pk}/").content.decode()
    running = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    client.force_login(alice)
    assert "/rematch/" not in client.get(f"/games/{running.pk}/").content.decode()


def test_the_rematch_button_sends_the_challenge_and_opens_it(client, alice, bob):
    game = finished(alice, bob)
    client.force_login(bob)
    answer = client.post(f"/games/{game.pk}/rematch/")
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert answer.status_code == 302 and answer.url == f"/games/{rematch.pk}/"
    assert rematch.status == GameStatus.CHALLENGE
    page = client.get(answer.url).content.decode()
    assert "Your challenge is sent" in page


def test_the_rematch_button_says_why_it_was_refused(client, alice, bob, carol):
    running = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    client.force_login(alice)
    answer = client.post(f"/games/{running.pk}/rematch/", follow=True)
    assert "Only a finished game can be played again." in answer.content.decode()
    assert Game.objects.count() == 1


def test_the_api_rematch(api_for, alice, bob, carol):
    game = finished(alice, bob)
    answer = api_for(alice).post(f"/api/games/{game.pk}/rematch/", {"kind": "other"}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "UNKNOWN_FIELD"
    answer = api_for(carol).post(f"/api/games/{game.pk}/rematch/")
    assert answer.status_code == 403 and answer.json()["code"] == NOT_YOUR_GAME
    answer = api_for(alice).post(f"/api/games/{game.pk}/rematch/", {}, format="json")
    assert answer.status_code == 201
    body = answer.json()
    assert body["status"] == "challenge" and body["kind"] == "toy" and body["id"] != game.pk
    assert [s["username"] for s in body["seats"]] == ["alice", "bob"]
    running = services.game_create(creator=alice, kind="toy", opponents=[carol], seed=1)
    answer = api_for(alice).post(f"/api/games/{running.pk}/rematch/")
    assert answer.status_code == 409 and answer.json()["code"] == GAME_NOT_FINISHED
    assert api_for(alice).post("/api/games/999999/rematch/").status_code == 404
