"""Challenges need consent: a game against named players starts when every one of them has accepted;
a decline, a withdrawal or seven days without an answer end it without a result; a player may refuse
challenges from players they have never played."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, GameStatus, Move
from games.replay import verify_game
from games.services.challenges import CHALLENGE_NOT_OPEN, CHALLENGES_REFUSED
from notifications.models import Notification
from tests.games.helpers import every_seat_moves, snapshot
from tests.helpers import committed, sweep

pytestmark = pytest.mark.django_db


def challenge(creator, *opponents, **kwargs):
    with committed():
        return services.challenge_create(creator=creator, kind="toy", opponents=list(opponents), **kwargs)


def test_a_challenge_waits_for_every_named_player_to_accept(alice, bob, carol):
    game = challenge(alice, bob, carol)
    assert game.status == GameStatus.CHALLENGE and game.state is None
    assert [s.accepted for s in game.seats.order_by("index")] == [True, False, False]
    assert not any(s.to_act or s.deadline for s in game.seats.all())
    with committed():
        services.challenge_accept(game_id=game.pk, user=bob)
    game.refresh_from_db()
    assert game.status == GameStatus.CHALLENGE  # carol has not answered yet
    with committed():
        services.challenge_accept(game_id=game.pk, user=carol)
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE and game.state is not None
    assert game.seats.get(index=0).to_act and game.seats.get(index=0).deadline is not None
    assert verify_game(game).ok


def test_the_challenged_are_asked_and_the_challenger_hears_each_answer(alice, bob, carol):
    game = challenge(alice, bob, carol)
    asked = Notification.objects.filter(kind="challenge", game=game)
    assert sorted(asked.values_list("user__username", flat=True)) == ["bob", "carol"]
    assert "alice challenges you to Toy" in __import__("notifications.texts", fromlist=["x"]).notification_text(
        "challenge", asked.first().params)
    with committed():
        services.challenge_accept(game_id=game.pk, user=bob)
    with committed():
        services.challenge_decline(game_id=game.pk, user=carol)
    answers = Notification.objects.filter(kind="challenge", user=alice).order_by("pk")
    assert [n.params["answer"] for n in answers] == ["accepted", "declined"]


def test_a_decline_ends_the_challenge_for_everyone_without_a_result(alice, bob):
    game = challenge(alice, bob)
    with committed():
        services.challenge_decline(game_id=game.pk, user=bob)
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED and game.result is None
    assert Move.objects.get(game=game).payload == {"type": "abort", "reason": "declined", "seat": 1}
    before = snapshot(game.pk)
    with pytest.raises(services.challenges.GameError) as refused:
        services.challenge_accept(game_id=game.pk, user=bob)
    assert refused.value.code == CHALLENGE_NOT_OPEN and refused.value.status == 409
    assert snapshot(game.pk) == before


def test_the_challenger_may_withdraw_it_and_nobody_else(alice, bob, carol):
    game = challenge(alice, bob)
    for user in (bob, carol):
        with pytest.raises(services.challenges.GameError):
            services.challenge_withdraw(game_id=game.pk, user=user)
    with pytest.raises(services.challenges.GameError) as refused:  # a stranger cannot answer it either
        services.challenge_accept(game_id=game.pk, user=carol)
    assert refused.value.code == "NOT_YOUR_GAME"
    services.challenge_withdraw(game_id=game.pk, user=alice)
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED
    assert Move.objects.get(game=game).payload["reason"] == "withdrawn"


def test_an_unanswered_challenge_expires_after_seven_days(alice, bob):
    game = challenge(alice, bob)
    created = Game.objects.get(pk=game.pk).created_at
    assert sweep(now=created + timedelta(days=7) - timedelta(seconds=1)).challenges_expired == 0
    assert sweep(now=created + timedelta(days=7)).challenges_expired == 1
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED and Move.objects.get(game=game).payload["reason"] == "expired"
    assert sweep(now=created + timedelta(days=8)).challenges_expired == 0


def test_a_player_may_refuse_challenges_from_strangers(alice, bob, carol):
    bob.challenges_from_strangers = False
    bob.save()
    games = Game.objects.count()
    with pytest.raises(services.challenges.GameError) as refused:
        challenge(alice, bob)
    assert refused.value.code == CHALLENGES_REFUSED and Game.objects.count() == games
    # Once they have played together, a challenge is welcome.
    every_seat_moves(services.game_create(creator=bob, kind="toy", opponents=[alice], seed=1))
    assert challenge(alice, bob).status == GameStatus.CHALLENGE
    assert challenge(carol, alice).status == GameStatus.CHALLENGE  # alice takes challenges from anyone


def test_a_casual_challenge_is_chosen_at_creation(alice, bob):
    game = challenge(alice, bob, options={"rated": False})
    assert game.options["rated"] is False


def test_the_api_answers_and_lists_challenges(alice, bob, carol, api_for):
    game = challenge(alice, bob)
    mine = api_for(bob).get("/api/challenges/").json()["results"]
    assert [g["id"] for g in mine] == [game.pk] and mine[0]["status"] == "challenge"
    assert api_for(carol).post(f"/api/challenges/{game.pk}/accept/").status_code == 403
    assert api_for(bob).post(f"/api/challenges/{game.pk}/decline/").json()["status"] == "aborted"
    again = api_for(bob).post(f"/api/challenges/{game.pk}/accept/")
    assert again.status_code == 409 and again.json()["code"] == CHALLENGE_NOT_OPEN
    assert api_for(bob).post("/api/challenges/999999/accept/").status_code == 404


def test_the_dashboard_offers_the_answer_and_the_game_page_explains_it(client, alice, bob):
    game = challenge(alice, bob)
    client.force_login(bob)
    dashboard = client.get("/games/").content.decode()
    assert f'action="/games/{game.pk}/accept/"' in dashboard and f'action="/games/{game.pk}/decline/"' in dashboard
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "The game starts when every player has accepted" in page and "has not answered yet" in page
    # Nothing has ended: no result banner, and no "rating changes follow" that would keep the page asking.
    assert "result-banner" not in page and "data-ratings-pending" not in page
    response = client.post(f"/games/{game.pk}/accept/")
    assert response["Location"] == f"/games/{game.pk}/"
    assert Game.objects.get(pk=game.pk).status == GameStatus.ACTIVE


def test_a_challenge_refused_by_the_profile_setting_says_so_on_the_form(client, alice, bob):
    bob.challenges_from_strangers = False
    bob.save()
    client.force_login(alice)
    response = client.post("/games/new/", {"kind": "toy", "opponent": "bob", "toy_seats": 2, "days_per_move": 3})
    assert "accepts challenges only from players they have played" in response.content.decode()
    assert not Game.objects.exists()


def test_the_profile_setting_is_saved(client, alice):
    client.force_login(alice)
    client.post("/accounts/profile/", {"display_name": "Al", "time_zone": "Europe/Amsterdam", "language": "en"})
    alice.refresh_from_db()
    assert alice.challenges_from_strangers is False  # an unticked box
    assert timezone.now()  # the page saved without error
