"""``core.request_memo``: a fact asked for twice in one request is computed once; outside a request,
every time; a request that changes the fact forgets it (the suspension standing)."""

import contextvars

import pytest

from core.cache import shared
from core.request_memo import forget, open_memo, remembered
from moderation import selectors, services
from moderation.groups import moderator_group_ensure

pytestmark = pytest.mark.django_db


def test_a_fact_is_computed_once_per_request_and_every_time_outside_one():
    calls = []

    def compute():
        calls.append(1)
        return len(calls)

    assert remembered("k", compute) == 1 and remembered("k", compute) == 2  # no request: no memo

    def request():
        open_memo()
        first = remembered("k", compute)
        assert remembered("k", compute) == first
        forget("k")
        return first, remembered("k", compute)

    assert contextvars.copy_context().run(request) == (3, 4)
    assert contextvars.copy_context().run(request) == (5, 6)  # the next request starts afresh


def test_the_standing_is_read_from_the_cache_once_a_request_and_a_suspension_forgets_it(alice, make_user,
                                                                                       monkeypatch):
    moderator = make_user(username="mod")
    moderator.groups.add(moderator_group_ensure())
    reads = []
    cache = shared()
    real_get = cache.get
    monkeypatch.setattr(cache, "get", lambda key, *a, **kw: reads.append(key) or real_get(key, *a, **kw))

    def request():
        open_memo()
        assert selectors.suspension_for(user=alice) is None
        assert selectors.suspension_for(user=alice) is None  # the API's door, then the service
        assert len(reads) == 1
        services.player_suspend(moderator=moderator, user=alice, reason="spam", days=3)
        return selectors.suspension_for(user=alice)

    assert contextvars.copy_context().run(request) is not None
