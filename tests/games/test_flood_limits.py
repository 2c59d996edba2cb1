"""No floods: a player holds at most ten open seeks at once, issues at most so many
challenges an hour (API and pages together), and posts chat within its limit even when the posts race
(PostgreSQL, threads)."""

import pytest

from games import services
from games.errors import GameError
from games.models import Game, GameStatus
from games.services.challenges import CHALLENGE_RATE_LIMIT
from games.services.creating import MAX_OPEN_SEEKS
from moderation import services as moderation_services
from moderation.errors import ModerationError
from moderation.models import ChatMessage
from moderation.services import CHAT_RATE_LIMIT
from tests.games.helpers import race


def seek(api, **extra):
    return api.post("/api/games/", {"kind": "toy", **extra}, format="json")


@pytest.mark.django_db
def test_the_eleventh_open_seek_is_refused_and_not_stored(alice, bob, api_for):
    for _ in range(MAX_OPEN_SEEKS):
        assert seek(api_for(alice)).status_code == 201
    answer = seek(api_for(alice))
    assert answer.status_code == 409 and answer.json()["code"] == "TOO_MANY_SEEKS"
    assert Game.objects.filter(created_by=alice, status=GameStatus.OPEN).count() == MAX_OPEN_SEEKS
    # Counted per player; a withdrawn or taken seek frees its place.
    assert seek(api_for(bob)).status_code == 201
    first = Game.objects.filter(created_by=alice).order_by("pk").first()
    services.seek_withdraw(game_id=first.pk, user=alice)
    assert seek(api_for(alice)).status_code == 201


@pytest.mark.django_db
def test_the_lobby_form_is_held_to_the_same_seek_limit(alice):
    for _ in range(MAX_OPEN_SEEKS):
        services.game_create(creator=alice, kind="toy")
    with pytest.raises(GameError) as refused:
        services.game_create(creator=alice, kind="toy")
    assert refused.value.code == "TOO_MANY_SEEKS"


@pytest.mark.django_db
def test_challenges_are_rate_limited_per_player(alice, bob, carol, api_for):
    for _ in range(CHALLENGE_RATE_LIMIT):
        assert seek(api_for(alice), opponents=["bob"]).status_code == 201
    answer = seek(api_for(alice), opponents=["bob"])
    assert answer.status_code == 429 and answer.json()["code"] == "RATE_LIMITED"
    assert Game.objects.filter(created_by=alice, status=GameStatus.CHALLENGE).count() == CHALLENGE_RATE_LIMIT
    assert seek(api_for(carol), opponents=["bob"]).status_code == 201




@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_twenty_parallel_chat_posts_pass_exactly_the_limit(postgres, redis_url, alice, bob):
    # With the shared Redis cache of production, the earlier read-then-write count in the cache let
    # 6 of these 20 through; the count now happens in the database under the author's row lock.
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)
    results = race(20, lambda i: moderation_services.chat_post(game_id=game.pk, user=alice, text=f"m{i}"))
    refused = [r for r in results if isinstance(r, ModerationError)]
    assert all(r.code == "RATE_LIMITED" for r in refused), results
    assert ChatMessage.objects.filter(game=game, author=alice).count() == CHAT_RATE_LIMIT
    assert len(refused) == 20 - CHAT_RATE_LIMIT


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_twenty_parallel_seeks_leave_exactly_ten_open(postgres, alice):
    results = race(20, lambda i: services.game_create(creator=alice, kind="toy"))
    refused = [r for r in results if isinstance(r, GameError)]
    assert all(r.code == "TOO_MANY_SEEKS" for r in refused), results
    assert Game.objects.filter(created_by=alice, status=GameStatus.OPEN).count() == MAX_OPEN_SEEKS
