import pytest
from django.core.cache import cache

from games import services as game_services


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Chat rate limits count in the cache, keyed by game and user ids that the next test reuses."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def moderator(make_user):
    """A member of the moderator group (no "staff status": the role opens the admin)."""
    from moderation.groups import moderator_group_ensure

    user = make_user(username="mod")
    user.groups.add(moderator_group_ensure())
    return user


@pytest.fixture
def game(alice, bob):
    return game_services.game_create(creator=alice, kind="toy", opponents=[bob], seed=5)


@pytest.fixture
def client_for(client):
    def make(user):
        client.force_login(user)
        return client

    return make
