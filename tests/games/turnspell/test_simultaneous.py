"""Turnspell's simultaneous turns by correspondence, through the real services, API and pages:
deadlines for every seat to act, choices private until the turn resolves, "waiting for N players",
and a turn that resolves when the last choice arrives whatever the order."""

import re
from datetime import UTC, datetime, timedelta

import pytest

from engines.turnspell import ENGINE
from engines.turnspell.engine import ALREADY_CHOSEN
from games import services
from games.context import context_for
from games.errors import STALE_VERSION, GameError
from games.models import Game, Move, Seat
from games.selectors import game_with_seats
from games.web.presenters import game_payload, render_board
from tests.games.helpers import snapshot

pytestmark = pytest.mark.django_db

# In the future, so that no deadline sweep finds these deadlines due.
T0 = datetime(2100, 3, 1, 12, 0, tzinfo=UTC)


def choose(game, user, move, *, version=None, key=None, now=None):
    game.refresh_from_db()
    return services.game_submit_move(
        game_id=game.pk, user=user, move=move, version=game.version if version is None else version,
        idempotency_key=key or f"{user.username}-{game.version}", now=now,
    )


def place(take, row, col, **extra):
    return {"type": "place", "take": take, "row": row, "col": col, **extra}


def a_legal_place(game, seat):
    """The default choice for ``seat`` (a legal placement at the start of a game)."""
    game.refresh_from_db()
    return ENGINE.timeout_move(game.state, seat)


def deadlines(game):
    return list(Seat.objects.filter(game=game).order_by("index").values_list("deadline", flat=True))


# --------------------------------------------------------------------------- deadlines
def test_every_seat_has_a_deadline_when_the_game_starts(start):
    game = start(3, now=T0, days_per_move=3)
    assert deadlines(game) == [T0 + timedelta(days=3)] * 3
    assert list(Seat.objects.filter(game=game).values_list("to_act", flat=True)) == [True] * 3


def test_a_seat_that_has_chosen_has_no_deadline_and_the_others_keep_theirs(start, alice):
    game = start(3, now=T0, days_per_move=3)
    choose(game, alice, a_legal_place(game, 0), now=T0 + timedelta(hours=5))
    assert deadlines(game) == [None, T0 + timedelta(days=3), T0 + timedelta(days=3)]
    assert list(Seat.objects.filter(game=game).order_by("index").values_list("to_act", flat=True)) == [
        False, True, True,
    ]


def test_every_seat_gets_a_fresh_deadline_when_the_turn_resolves(start, alice, bob, carol):
    game = start(3, now=T0, days_per_move=2)
    choose(game, alice, a_legal_place(game, 0), now=T0 + timedelta(hours=1))
    choose(game, carol, a_legal_place(game, 2), now=T0 + timedelta(hours=2))
    last = T0 + timedelta(hours=9)
    choose(game, bob, a_legal_place(game, 1), now=last)
    game.refresh_from_db()
    assert game.state["turn"] == 2
    assert deadlines(game) == [last + timedelta(days=2)] * 3


# --------------------------------------------------------------------------- the version rule
def test_a_version_seen_earlier_in_the_turn_is_not_stale(start, alice, bob):
    game = start(3)
    seen = game.version
    choose(game, bob, a_legal_place(game, 1))
    answer = choose(game, alice, a_legal_place(game, 0), version=seen)
    assert answer["version"] == seen + 2


def test_a_version_from_the_last_turn_is_stale_and_writes_nothing(start, alice, bob):
    game = start(2)
    seen = game.version
    choose(game, alice, a_legal_place(game, 0))
    choose(game, bob, a_legal_place(game, 1))  # the turn resolves
    before = snapshot(game.pk)
    with pytest.raises(GameError) as exc:
        choose(game, alice, a_legal_place(game, 0), version=seen, key="late")
    assert exc.value.code == STALE_VERSION and exc.value.status == 409
    assert snapshot(game.pk) == before


def test_a_second_choice_in_the_same_turn_is_refused_and_writes_nothing(start, alice, api_for):
    game = start(3)
    choose(game, alice, a_legal_place(game, 0))
    before = snapshot(game.pk)
    game.refresh_from_db()
    response = api_for(alice).post(
        f"/api/games/{game.pk}/moves/",
        {"version": game.version, "move": {"type": "clear", "row": 0}, "idempotency_key": "again"},
        format="json",
    )
    assert response.status_code == 400 and response.json()["code"] == ALREADY_CHOSEN
    assert snapshot(game.pk) == before


# --------------------------------------------------------------------------- waiting for N players
def test_a_player_who_has_chosen_sees_how_many_are_still_choosing(start, alice, bob, client, api_for):
    game = start(3)
    choose(game, alice, a_legal_place(game, 0))
    view = api_for(alice).get(f"/api/games/{game.pk}/").json()["view"]
    assert view["waiting_for"] == 2 and view["chosen"] == [True, False, False]
    assert view["my_choice"]["choice"] == a_legal_place(game, 0)
    client.force_login(alice)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Waiting for 2 players" in html and "data-my-choice" in html

    choose(game, bob, a_legal_place(game, 1))
    view = api_for(alice).get(f"/api/games/{game.pk}/").json()["view"]
    assert view["waiting_for"] == 1
    assert "Waiting for 1 player: " in client.get(f"/games/{game.pk}/").content.decode()


def test_who_has_chosen_is_public_on_every_page(start, alice, client, make_user):
    game = start(3)
    choose(game, alice, a_legal_place(game, 0))
    client.force_login(make_user(username="watcher"))
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-seat="0" data-chosen="1"' in html
    assert 'data-seat="1" data-chosen="0"' in html and 'data-seat="2" data-chosen="0"' in html
    assert "Waiting for 2 players" in html


# --------------------------------------------------------------------------- privacy of a choice
def _twin_games(start, alice, choices):
    """Games with the same seed in which alice makes a different choice each; nobody else has
    chosen, so anything another viewer receives must be the same in all of them."""
    games = []
    for i, move in enumerate(choices):
        game = start(3, seed=21, now=T0)
        choose(game, alice, move, now=T0, key=f"twin{i}")
        game.refresh_from_db()
        assert game.state["pending"][0]["choice"] == move
        games.append(game)
    return games


ALICE_CHOICES = [place(0, 1, 2), place(3, 3, 3)]


def _normalise(text: str, game) -> str:
    """The page without what differs between any two games: their ids and the masked CSRF token."""
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "CSRF", text)
    markers = (
        f"/games/{game.pk}/", f'data-game="{game.pk}"', f"#{game.pk}", f"/api/games/{game.pk}/", f"game={game.pk}",
        f"from={game.pk}",
    )
    for marker in markers:
        text = text.replace(marker, "GAME")
    return text


@pytest.mark.parametrize("viewer", ["bob", "carol", "spectator"])
def test_a_choice_reaches_no_other_viewer_through_api_page_or_log(start, alice, bob, carol, make_user, viewer,
                                                                   client, api_for):
    who = {"bob": bob, "carol": carol, "spectator": make_user(username="spectator")}[viewer]
    games = _twin_games(start, alice, ALICE_CHOICES)
    seen = []
    for game in games:
        detail = api_for(who).get(f"/api/games/{game.pk}/").json()
        detail.pop("id")
        assert detail["view"]["my_choice"] is None
        client.force_login(who)
        page = _normalise(client.get(f"/games/{game.pk}/").content.decode(), game)
        fresh = game_with_seats(game_id=game.pk)
        fragment = render_board(fresh, game_payload(fresh, who))
        log = None
        if viewer != "spectator":
            log = api_for(who).get(f"/api/games/{game.pk}/moves/").json()
            for entry in log:
                entry.pop("created")
            assert log[-1]["move"] is None  # hidden until the turn resolves
        seen.append((detail, page, fragment, log))
    assert seen[0] == seen[1]


def test_the_chooser_sees_their_own_choice_everywhere(start, alice, client, api_for):
    game = start(3)
    move = a_legal_place(game, 0)
    choose(game, alice, move)
    log = api_for(alice).get(f"/api/games/{game.pk}/moves/").json()
    assert log[-1]["move"] == move
    client.force_login(alice)
    assert "Your choice this turn:" in client.get(f"/games/{game.pk}/").content.decode()


def test_choices_are_revealed_to_everyone_once_the_turn_resolves(start, alice, bob, carol, api_for):
    game = start(3)
    moves = [a_legal_place(game, s) for s in range(3)]
    for user, move in zip([alice, bob, carol], moves, strict=True):
        choose(game, user, move)
    log = api_for(bob).get(f"/api/games/{game.pk}/moves/").json()
    assert [e["move"] for e in log] == moves
    view = api_for(bob).get(f"/api/games/{game.pk}/").json()["view"]
    assert [c["type"] for c in view["log"][0]["choices"]] == ["place"] * 3


# --------------------------------------------------------------------------- resolution order
@pytest.mark.parametrize("order", [(0, 1, 2, 3), (3, 2, 1, 0), (2, 0, 3, 1)])
def test_the_turn_resolves_when_the_last_choice_arrives_whatever_the_order(start, alice, bob, carol, dave, order):
    users = [alice, bob, carol, dave]
    reference = start(4, seed=5)
    state = reference.state
    moves = {s: ENGINE.timeout_move(state, s) for s in range(4)}
    expected = state
    for s in range(4):
        expected = ENGINE.apply(expected, s, moves[s], context_for(reference))

    game = start(4, seed=5)
    for n, seat in enumerate(order):
        choose(game, users[seat], moves[seat])
        game.refresh_from_db()
        assert game.state["turn"] == (2 if n == 3 else 1)
    assert game.state["log"] == expected["log"]
    assert {k: v for k, v in game.state.items() if k != "moves"} == {
        k: v for k, v in expected.items() if k != "moves"
    }


# --------------------------------------------------------------------------- timeouts
def test_a_timeout_plays_the_default_choice_for_one_seat_only(start, alice):
    game = start(3, now=T0, days_per_move=1)
    choose(game, alice, a_legal_place(game, 0), now=T0)
    game.refresh_from_db()
    default = ENGINE.timeout_move(game.state, 1)
    late = T0 + timedelta(days=1, minutes=1)
    answer = services.game_submit_system_move(
        game_id=game.pk, seat_index=1, move=default, source="timeout", idempotency_key="timeout:1:1", now=late,
    )
    assert answer is not None
    game.refresh_from_db()
    assert game.state["turn"] == 1 and game.state["pending"][1]["choice"] == default
    assert sorted(ENGINE.to_act(game.state)) == [2]
    row = Move.objects.get(game=game, seat=1)
    assert row.source == "timeout" and row.user is None and row.payload == default
    assert deadlines(game) == [None, None, T0 + timedelta(days=1)]

    # The sweep running again changes nothing; nor does a timeout for a seat that has chosen.
    before = snapshot(game.pk)
    again = services.game_submit_system_move(
        game_id=game.pk, seat_index=1, move=default, source="timeout", idempotency_key="timeout:1:1", now=late,
    )
    chosen = services.game_submit_system_move(
        game_id=game.pk, seat_index=0, move=ENGINE.timeout_move(game.state, 0), source="timeout",
        idempotency_key="timeout:1:0", now=late,
    )
    assert again is None and chosen is None
    assert snapshot(game.pk) == before


def test_a_timeout_for_the_last_seat_resolves_the_turn(start, alice, bob):
    game = start(3, now=T0, days_per_move=1)
    choose(game, alice, a_legal_place(game, 0), now=T0)
    choose(game, bob, a_legal_place(game, 1), now=T0)
    game.refresh_from_db()
    late = T0 + timedelta(days=2)
    services.game_submit_system_move(
        game_id=game.pk, seat_index=2, move=ENGINE.timeout_move(game.state, 2), source="timeout",
        idempotency_key="timeout:1:2", now=late,
    )
    game.refresh_from_db()
    assert game.state["turn"] == 2 and game.turn_id == "2"
    assert [c["seat"] for c in game.state["log"][0]["choices"]] == [0, 1, 2]
    assert deadlines(game) == [late + timedelta(days=1)] * 3


# --------------------------------------------------------------------------- scoring through the service
def test_the_rulebook_example_scores_32_and_the_seat_row_follows(start, alice, bob):
    from engines.turnspell.board import board_from_picture

    game = start(2)
    state = dict(game.state)
    # HELP along the top row and HORN down the first column, waiting for their shared H.
    state["boards"] = [board_from_picture(".ELP\nO...\nR...\nN..."), state["boards"][1]]
    state["spinner"] = [["H", "A", "B", "C"], *state["spinner"][1:]]
    Game.objects.filter(pk=game.pk).update(state=state)
    choose(game, alice, place(0, 0, 0))
    choose(game, bob, ENGINE.timeout_move(state, 1))
    game.refresh_from_db()
    record = game.state["log"][0]["choices"][0]
    assert [(w["word"], w["score"]) for w in record["words"]] == [("HELP", 9), ("HORN", 7)]
    assert record["points"] == 32 and record["doubled"] is True
    assert game.state["scores"][0] == 32
    assert Seat.objects.get(game=game, index=0).score == 32


def test_every_scored_word_links_to_the_word_report_page(start, alice, bob, client):
    from engines.turnspell.board import board_from_picture

    game = start(2)
    state = dict(game.state)
    state["boards"] = [board_from_picture(".ELP\nO...\nR...\nN..."), state["boards"][1]]
    state["spinner"] = [["H", "A", "B", "C"], *state["spinner"][1:]]
    Game.objects.filter(pk=game.pk).update(state=state)
    choose(game, alice, place(0, 0, 0))
    choose(game, bob, ENGINE.timeout_move(state, 1))
    client.force_login(bob)
    html = client.get(f"/games/{game.pk}/").content.decode()
    for word in ("help", "horn"):
        assert f"/words/report/?lexicon=en&amp;game={game.pk}&amp;word={word}&amp;kind=wrong" in html


def test_the_twin_comparison_would_catch_a_leak(start, alice, client):
    # The chooser's own page does show the choice, so the comparison above is not vacuous.
    pages = []
    for game in _twin_games(start, alice, ALICE_CHOICES):
        client.force_login(alice)
        pages.append(_normalise(client.get(f"/games/{game.pk}/").content.decode(), game))
    assert pages[0] != pages[1]
