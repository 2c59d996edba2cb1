"""``core.bulk.rows_update``: each row gets its own values (JSON, times, NULLs), other rows and columns
stay as they were — on PostgreSQL through ``UPDATE … FROM (VALUES …)``, elsewhere through bulk_update."""

from datetime import UTC, datetime

import pytest

from core.bulk import rows_update
from games import services
from games.models import Game, Seat

pytestmark = pytest.mark.django_db


def test_each_row_gets_its_own_values_and_nothing_else_changes(alice, bob, carol):
    first = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    second = services.game_create(creator=alice, kind="toy", opponents=[carol], seed=2)
    untouched = services.game_create(creator=bob, kind="toy", opponents=[carol], seed=3)
    before = Game.objects.get(pk=untouched.pk).state
    first.state, first.version = {"total": 7, "nested": {"a": [1, None]}}, 41
    second.state, second.version = None, 42
    assert rows_update([first, second], ["state", "version"]) == 2
    assert Game.objects.get(pk=first.pk).state == {"total": 7, "nested": {"a": [1, None]}}
    assert Game.objects.get(pk=second.pk).state is None
    assert [Game.objects.get(pk=g.pk).version for g in (first, second)] == [41, 42]
    assert Game.objects.get(pk=untouched.pk).state == before

    seats = list(Seat.objects.filter(game=first).order_by("index"))
    when = datetime(2031, 2, 3, 4, 5, tzinfo=UTC)
    seats[0].alert_at, seats[0].alert_stage = None, 3
    seats[1].alert_at, seats[1].alert_stage = when, 0
    score = seats[0].score
    rows_update(seats, ["alert_at", "alert_stage"])
    got = list(Seat.objects.filter(game=first).order_by("index").values_list("alert_at", "alert_stage", "score"))
    assert got[0] == (None, 3, score) and got[1][:2] == (when, 0)
    assert rows_update([], ["alert_at"]) == 0
