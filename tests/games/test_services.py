"""The move service: creation, seeks, the move path's checks in order, idempotency, resignation."""

import pytest

from games import services
from games.errors import GameError
from games.models import Game, GameStatus, Move
from tests.games.helpers import snapshot
from tests.games.toy_engine import ENGINE as TOY

pytestmark = pytest.mark.django_db


def submit(game, user, n, version=None, key=None):
    game.refresh_from_db()
    return services.game_submit_move(
        game_id=game.pk, user=user, move={"type": "add", "n": n},
        version=game.version if version is None else version, idempotency_key=key or f"k-{game.version}-{user.pk}",
    )


def test_challenge_starts_the_game_at_once_with_the_creator_on_seat_zero(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=7)
    assert game.status == GameStatus.ACTIVE
    assert [s.user for s in game.seats.order_by("index")] == [alice, bob]
    seat0 = game.seats.get(index=0)
    assert seat0.to_act and seat0.deadline is not None
    assert game.version == 1


def test_seek_waits_in_the_lobby_until_accepted(alice, bob):
    game = services.game_create(creator=alice, kind="toy", seats=2)
    assert game.status == GameStatus.OPEN and game.state is None
    services.seek_accept(game_id=game.pk, user=bob)
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.seats.get(index=1).user == bob


def test_accepting_a_taken_seek_is_refused(alice, bob, carol):
    game = services.game_create(creator=alice, kind="toy", seats=2)
    services.seek_accept(game_id=game.pk, user=bob)
    with pytest.raises(GameError) as exc:
        services.seek_accept(game_id=game.pk, user=carol)
    assert exc.value.code == "SEEK_NOT_OPEN"


def test_accepting_your_own_seek_is_refused_and_writes_nothing(alice):
    game = services.game_create(creator=alice, kind="toy", seats=3)
    before = snapshot(game.pk)
    with pytest.raises(GameError) as exc:
        services.seek_accept(game_id=game.pk, user=alice)
    assert exc.value.code == "ALREADY_SEATED"
    assert snapshot(game.pk) == before


def test_three_seat_seek_starts_when_the_last_seat_is_taken(alice, bob, carol):
    game = services.game_create(creator=alice, kind="toy", seats=3)
    services.seek_accept(game_id=game.pk, user=bob)
    assert Game.objects.get(pk=game.pk).status == GameStatus.OPEN
    services.seek_accept(game_id=game.pk, user=carol)
    assert Game.objects.get(pk=game.pk).status == GameStatus.ACTIVE


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"kind": "nonsense"}, "UNKNOWN_KIND"),
        ({"kind": "toy", "options": {"mode": "sideways"}}, "BAD_OPTIONS"),
        ({"kind": "toy", "seats": 9}, "BAD_OPTIONS"),
        ({"kind": "toy", "days_per_move": 4}, "BAD_OPTIONS"),
    ],
)
def test_bad_game_settings_are_refused_and_nothing_is_created(alice, kwargs, code):
    with pytest.raises(GameError) as exc:
        services.game_create(creator=alice, **kwargs)
    assert exc.value.code == code
    assert Game.objects.count() == 0


def test_challenging_yourself_is_refused(alice):
    with pytest.raises(GameError) as exc:
        services.game_create(creator=alice, kind="toy", opponents=[alice])
    assert exc.value.code == "BAD_REQUEST"
    assert Game.objects.count() == 0


def test_a_move_is_applied_logged_and_passes_the_turn(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    answer = submit(game, alice, 3)
    game.refresh_from_db()
    assert answer["version"] == 2 and answer["seq"] == 2
    assert game.state["total"] == 3
    assert Move.objects.get(game=game).payload == {"type": "add", "n": 3}
    assert game.seats.get(index=1).to_act and not game.seats.get(index=0).to_act
    assert game.seats.get(index=0).deadline is None


@pytest.mark.parametrize(
    "who, move, version, code",
    [
        ("bob", {"type": "add", "n": 1}, None, "NOT_YOUR_TURN"),
        ("carol", {"type": "add", "n": 1}, None, "NOT_YOUR_GAME"),
        ("alice", {"type": "add", "n": 9}, None, "BAD_MOVE"),
        ("alice", {"type": "fly"}, None, "BAD_MOVE"),
        ("alice", "not an object", None, "BAD_MOVE"),
        ("alice", {"type": "add", "n": 1}, 99, "STALE_VERSION"),
    ],
)
def test_every_refusal_leaves_the_database_unchanged(alice, bob, carol, who, move, version, code):
    users = {"alice": alice, "bob": bob, "carol": carol}
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    submit(game, alice, 1)
    submit(game, bob, 1)
    game.refresh_from_db()
    before = snapshot(game.pk)
    with pytest.raises(GameError) as exc:
        services.game_submit_move(
            game_id=game.pk, user=users[who], move=move,
            version=game.version if version is None else version, idempotency_key="refused",
        )
    assert exc.value.code == code
    assert snapshot(game.pk) == before


def test_a_version_older_than_the_turn_is_stale(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    submit(game, alice, 1)
    with pytest.raises(GameError) as exc:
        submit(game, bob, 1, version=1)
    assert exc.value.code == "STALE_VERSION" and exc.value.status == 409


def test_unknown_game_is_not_found(alice):
    with pytest.raises(GameError) as exc:
        services.game_submit_move(game_id=12345, user=alice, move={}, version=1, idempotency_key="x")
    assert exc.value.status == 404


def test_same_key_and_body_returns_the_first_answer_and_applies_once(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    first = submit(game, alice, 2, version=1, key="same")
    again = submit(game, alice, 2, version=1, key="same")
    assert again == first
    assert Move.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).state["total"] == 2


def test_a_retry_gets_the_stored_answer_with_the_seats_view_as_it_is_now(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    first = submit(game, alice, 2, version=1, key="same")
    assert Move.objects.get(game=game, idempotency_key="same").response == {
        "seq": 2, "version": 2, "status": "active"}  # the view is not stored
    submit(game, bob, 3)
    again = submit(game, alice, 2, version=1, key="same")
    game.refresh_from_db()
    assert {k: again[k] for k in ("seq", "version", "status")} == {k: first[k] for k in ("seq", "version", "status")}
    assert again["view"] == TOY.view(game.state, 0) and again["view"]["total"] == 5
    assert Move.objects.filter(game=game).count() == 2


def test_a_retry_without_a_version_on_your_turn_again_applies_nothing(alice, bob):
    # The move would be legal again: the insert meets the key's unique constraint and everything rolls back.
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    first = services.game_submit_move(game_id=game.pk, user=alice, move={"type": "add", "n": 2}, version=None,
                                      idempotency_key="twice")
    services.game_submit_move(game_id=game.pk, user=bob, move={"type": "add", "n": 1}, version=None,
                              idempotency_key="bob")
    before = snapshot(game.pk)
    again = services.game_submit_move(game_id=game.pk, user=alice, move={"type": "add", "n": 2}, version=None,
                                      idempotency_key="twice")
    assert snapshot(game.pk) == before
    assert (again["seq"], again["version"]) == (first["seq"], first["version"]) and again["view"]["total"] == 3
    with pytest.raises(GameError) as exc:
        services.game_submit_move(game_id=game.pk, user=alice, move={"type": "add", "n": 3}, version=None,
                                  idempotency_key="twice")
    assert exc.value.code == "IDEMPOTENCY_KEY_REUSED" and snapshot(game.pk) == before


def test_a_retry_of_a_move_stored_with_its_view_gets_the_current_view(alice, bob):
    # Rows written before the answer was slimmed hold the first view too; a retry answers today's.
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    first = submit(game, alice, 2, version=1, key="old")
    Move.objects.filter(game=game, idempotency_key="old").update(response={**first, "view": {"old": True}})
    submit(game, bob, 1)
    again = submit(game, alice, 2, version=1, key="old")
    game.refresh_from_db()
    assert again == {"seq": 2, "version": 2, "status": "active", "view": TOY.view(game.state, 0)}


def test_same_key_with_another_body_is_refused(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    submit(game, alice, 2, version=1, key="same")
    before = snapshot(game.pk)
    with pytest.raises(GameError) as exc:
        submit(game, alice, 3, version=1, key="same")
    assert exc.value.code == "IDEMPOTENCY_KEY_REUSED"
    assert snapshot(game.pk) == before


def test_simultaneous_choice_by_another_seat_does_not_make_yours_stale(alice, bob, carol):
    game = services.game_create(
        creator=alice, kind="toy", opponents=[bob, carol], options={"mode": "simultaneous"}, seed=1
    )
    seen = game.version
    submit(game, alice, 1, version=seen)
    submit(game, bob, 2, version=seen)  # alice's hidden choice bumped the version
    answer = submit(game, carol, 3, version=seen)
    game.refresh_from_db()
    assert game.state["total"] == 6 and game.state["turn"] == 1
    assert answer["version"] == seen + 3


def test_simultaneous_second_choice_in_a_turn_is_already_chosen(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], options={"mode": "simultaneous"})
    submit(game, alice, 1)
    before = snapshot(game.pk)
    with pytest.raises(GameError) as exc:
        submit(game, alice, 2)
    assert exc.value.code == "ALREADY_CHOSEN"
    assert snapshot(game.pk) == before


def test_finishing_move_records_result_and_ranks(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], options={"target": 4}, seed=1)
    submit(game, alice, 3)
    submit(game, bob, 1)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.result["ranks"] == [1, 2]
    assert [s.rank for s in game.seats.order_by("index")] == [1, 2]
    assert not game.seats.filter(to_act=True).exists()
    with pytest.raises(GameError) as exc:
        submit(game, alice, 1)
    assert exc.value.code == "GAME_NOT_ACTIVE"


def test_resigning_a_two_player_game_ends_it_with_the_opponent_first(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    submit(game, alice, 3)
    submit(game, bob, 1)  # both have moved: a resignation now is a result, not an abort
    services.game_resign(game_id=game.pk, user=alice)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.result["reason"] == "resignation"
    assert [s.rank for s in game.seats.order_by("index")] == [2, 1]


def test_resigning_a_three_player_game_lets_the_others_finish(alice, bob, carol):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob, carol], seed=1, options={"target": 30})
    for player in (alice, bob, carol):  # everyone has moved: a resignation is not an abort
        submit(game, player, 1)
    services.game_resign(game_id=game.pk, user=alice)  # alice was to act: auto-played at once
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert game.seats.get(index=1).to_act
    auto = Move.objects.filter(game=game, source="auto")
    assert auto.count() == 1 and auto.get().seat == 0
    while game.status == GameStatus.ACTIVE:
        seat = game.seats.get(to_act=True)
        submit(game, seat.user, 3)
        game.refresh_from_db()
    assert game.seats.get(index=0).rank == 3 and game.result["ranks"][0] == 3


def test_a_seat_that_resigned_ranks_last_even_with_the_highest_score(alice, bob, carol):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob, carol], seed=1, options={"target": 12})
    submit(game, alice, 3)
    submit(game, bob, 1)
    submit(game, carol, 2)
    services.game_resign(game_id=game.pk, user=alice)  # her auto-played turns keep adding to her lead
    game.refresh_from_db()
    while game.status == GameStatus.ACTIVE:
        submit(game, game.seats.get(to_act=True).user, 1)
        game.refresh_from_db()
    seats = list(game.seats.order_by("index"))
    assert seats[0].score > max(seats[1].score, seats[2].score)
    assert [s.rank for s in seats] == [3, 2, 1] == game.result["ranks"]


def test_resigning_twice_or_a_finished_game_is_refused(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    services.game_resign(game_id=game.pk, user=alice)
    before = snapshot(game.pk)
    with pytest.raises(GameError):
        services.game_resign(game_id=game.pk, user=bob)
    assert snapshot(game.pk) == before


def test_system_move_with_the_same_key_applies_once(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    key = f"timeout:{game.pk}:{game.version}:0"
    first = services.game_submit_system_move(
        game_id=game.pk, seat_index=0, move={"type": "add", "n": 1}, source="timeout", idempotency_key=key
    )
    again = services.game_submit_system_move(
        game_id=game.pk, seat_index=0, move={"type": "add", "n": 1}, source="timeout", idempotency_key=key
    )
    assert first is not None and again is None
    assert Move.objects.filter(game=game).count() == 1


def test_a_replay_reads_each_logged_payload_as_it_was_stored_integers_past_64_bits_included(alice, bob):
    from games.replay import logs_of

    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    submit(game, alice, 2)
    payload = {"type": "add", "n": 2, "note": [2**70, -(2**63) - 1, 0.5, "ü"]}
    Move.objects.filter(game=game).update(payload=payload)
    (logged,) = logs_of([game.pk])[game.pk]
    assert repr(sorted(logged.payload.items())) == repr(sorted(payload.items()))  # ints stay ints


def test_aborting_a_game_clears_the_clocks_logs_it_and_still_replays(alice, bob):
    from games.replay import verify_game

    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    submit(game, alice, 2)
    assert services.game_abort(game_id=game.pk, reason="test") is True
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED and game.result is None
    assert not game.seats.filter(to_act=True).exists() and not game.seats.exclude(alert_at=None).exists()
    assert Move.objects.filter(game=game, source="abort").get().payload == {"type": "abort", "reason": "test"}
    assert verify_game(game).ok
    before = snapshot(game.pk)
    assert services.game_abort(game_id=game.pk, reason="again") is False
    assert snapshot(game.pk) == before
