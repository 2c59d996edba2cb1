"""A Crossword game with a time bank in its GCG record: GCG has no field for days of thinking time, so the
record says so in ``#description`` and notes each move that drew on the bank after its turn (``#note``),
which analysis tools read past."""

from datetime import UTC, datetime, timedelta

import pytest

from engines.crossword import gcg
from games import services

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


def pass_at(game, user, now):
    game.refresh_from_db()
    services.game_submit_move(game_id=game.pk, user=user, move={"type": "pass"}, version=game.version,
                              idempotency_key=f"pass-{game.version}", now=now)


def test_the_record_notes_each_draw_on_the_time_bank_after_its_turn(client, lexicons, alice, bob):
    game = services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=7, days_per_move=1,
                                time_bank_days=2, now=T0)
    first, second = sorted(game.seats.all(), key=lambda s: not s.to_act)  # whoever drew the first turn
    pass_at(game, first.user, T0 + timedelta(days=1, hours=5, minutes=30))  # 5 h 30 late
    pass_at(game, second.user, T0 + timedelta(days=1, hours=6))  # on time
    text = client.get(f"/games/{game.pk}/gcg/").content.decode()
    lines = text.splitlines()
    assert "#description correspondence: 1d per move, time bank 2d" in lines
    late_turn = next(i for i, line in enumerate(lines) if line.startswith(f">{first.user.username}:"))
    assert lines[late_turn + 1] == f"#note {first.user.username} drew 5h 30m from the time bank (1d 18h 30m left)"
    assert sum(line.startswith("#note") for line in lines) == 1
    assert [t.player for t in gcg.parse(text).turns] == [first.user.username, second.user.username]


def test_a_record_without_a_time_bank_says_nothing_of_one(client, crossword_game, alice):
    game = crossword_game()
    text = client.get(f"/games/{game.pk}/gcg/").content.decode()
    assert "#description" not in text and "#note" not in text
