"""Spellcrafter's simultaneous picks and crafting by correspondence, through the real services, API,
pages and sockets: choices private until their step resolves in every channel, "waiting for N players",
and a step that resolves when the last choice arrives whatever the order."""

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import AnonymousUser

from engines.base import leaks
from engines.spellcrafter import ENGINE
from engines.spellcrafter.deck import CARDS
from engines.spellcrafter.engine import ALREADY_CHOSEN, NOT_IN_HAND
from games.errors import STALE_VERSION, GameError
from games.models import Game, Move, Seat
from games.web.consumers import GameConsumer
from tests.games.helpers import snapshot

from .helpers import best_word

pytestmark = pytest.mark.django_db

# In the future, so that no deadline sweep finds these deadlines due.
T0 = datetime(2100, 3, 1, 12, 0, tzinfo=UTC)


def hand(game, seat):
    game.refresh_from_db()
    return game.state["players"][seat]["hand"]


def pick(card):
    return {"type": "pick", "card": card}


def socket_message(game_id, user):
    consumer = GameConsumer()
    consumer.scope = {"user": user}
    consumer.game_id = game_id
    return consumer._message()


def without_game_id(text, game_id):
    """The same board in another game with the same seed reads the same once its id is taken out."""
    return re.sub(rf'(/games/{game_id}/|data-game="{game_id}")', "#", text)


def deadlines(game):
    return list(Seat.objects.filter(game=game).order_by("index").values_list("deadline", flat=True))


def to_act(game):
    return list(Seat.objects.filter(game=game).order_by("index").values_list("to_act", flat=True))


# --------------------------------------------------------------------------- deadlines and to_act
def test_every_seat_is_to_act_with_a_deadline_when_the_game_starts(start):
    game = start(3, now=T0, days_per_move=3)
    assert to_act(game) == [True, True, True]
    assert deadlines(game) == [T0 + timedelta(days=3)] * 3


def test_a_seat_that_has_picked_waits_without_a_deadline_and_the_others_keep_theirs(start, submit, alice):
    game = start(3, now=T0, days_per_move=3)
    submit(game, alice, pick(hand(game, 0)[0]), now=T0 + timedelta(hours=2))
    assert to_act(game) == [False, True, True]
    assert deadlines(game) == [None, T0 + timedelta(days=3), T0 + timedelta(days=3)]


def test_every_seat_gets_a_fresh_deadline_when_the_step_resolves(start, submit, players):
    game = start(3, now=T0, days_per_move=2)
    for seat in (2, 0):
        submit(game, players[seat], pick(hand(game, seat)[0]), now=T0 + timedelta(hours=seat))
    last = T0 + timedelta(hours=9)
    submit(game, players[1], pick(hand(game, 1)[0]), now=last)
    game.refresh_from_db()
    assert game.state["step"] == 2
    assert deadlines(game) == [last + timedelta(days=2)] * 3


# --------------------------------------------------------------------------- resolution
@pytest.mark.parametrize("order", [(0, 1, 2), (2, 0, 1), (1, 2, 0)])
def test_the_step_resolves_when_the_last_pick_arrives_whatever_the_order(start, submit, players, order):
    game = start(3, seed=5)
    hands = [list(p["hand"]) for p in game.state["players"]]
    first_turn_version = game.turn_version
    for n, seat in enumerate(order):
        submit(game, players[seat], pick(hands[seat][2]))
        game.refresh_from_db()
        if n < 2:
            assert game.state["step"] == 1 and game.turn_version == first_turn_version
    assert game.state["step"] == 2 and game.turn_version == game.version == 4
    # Hands pass left in round 1: seat s now holds what seat s-1 held, less the card it kept.
    for seat in range(3):
        assert game.state["players"][seat]["picks"] == [hands[seat][2]]
        passed = hands[(seat - 1) % 3]
        assert game.state["players"][seat]["hand"] == [c for c in passed if c != passed[2]]
    assert to_act(game) == [True, True, True]


def test_the_round_is_scored_when_the_last_word_arrives(start, submit, draft_round, players, spellcrafter_lexicon):
    game = draft_round(start(2, seed=5))
    assert game.state["phase"] == "craft"
    words = {seat: best_word(game, seat, spellcrafter_lexicon) for seat in (0, 1)}
    submit(game, players[1], words[1])
    game.refresh_from_db()
    assert game.state["history"] == [] and to_act(game) == [True, False]
    submit(game, players[0], words[0])
    game.refresh_from_db()
    record = game.state["history"][0]
    assert [r["word"] for r in record["results"]] == [
        "".join(e.get("letter") or CARDS[e["card"]]["letter"] for e in words[s]["cards"]) for s in (0, 1)
    ]
    assert game.state["round"] == 2 and game.state["phase"] == "draft"
    scores = list(Seat.objects.filter(game=game).order_by("index").values_list("score", flat=True))
    assert scores == [r["total"] for r in record["results"]]


# --------------------------------------------------------------------------- the version rule and refusals
def test_a_version_seen_earlier_in_the_step_is_not_stale(start, submit, alice, bob):
    game = start(3)
    seen = game.version
    submit(game, bob, pick(hand(game, 1)[0]))
    answer = submit(game, alice, pick(hand(game, 0)[0]), version=seen)
    assert answer["version"] == seen + 2


def test_a_version_from_the_last_step_is_stale_and_writes_nothing(start, submit, alice, bob):
    game = start(2)
    seen = game.version
    submit(game, alice, pick(hand(game, 0)[0]))
    submit(game, bob, pick(hand(game, 1)[0]))  # the step resolves
    before = snapshot(game.pk)
    with pytest.raises(GameError) as exc:
        submit(game, alice, pick(hand(game, 0)[0]), version=seen, key="late")
    assert exc.value.code == STALE_VERSION and exc.value.status == 409
    assert snapshot(game.pk) == before


def test_a_second_pick_in_the_same_step_is_refused_and_writes_nothing(start, submit, alice, api_for):
    game = start(3)
    submit(game, alice, pick(hand(game, 0)[0]))
    before = snapshot(game.pk)
    game.refresh_from_db()
    response = api_for(alice).post(
        f"/api/games/{game.pk}/moves/",
        {"version": game.version, "move": pick(hand(game, 0)[0]), "idempotency_key": "again"}, format="json",
    )
    assert response.status_code == 400 and response.json()["code"] == ALREADY_CHOSEN
    assert snapshot(game.pk) == before


def test_picking_a_card_from_someone_elses_hand_is_refused_and_writes_nothing(start, alice, api_for):
    game = start(2)
    before = snapshot(game.pk)
    response = api_for(alice).post(
        f"/api/games/{game.pk}/moves/",
        {"version": game.version, "move": pick(hand(game, 1)[0]), "idempotency_key": "theirs"}, format="json",
    )
    assert response.status_code == 400 and response.json()["code"] == NOT_IN_HAND
    assert snapshot(game.pk) == before


# --------------------------------------------------------------------------- waiting for N players
def test_a_player_who_has_picked_sees_how_many_are_still_picking(start, submit, alice, bob, client, api_for):
    game = start(3)
    submit(game, alice, pick(hand(game, 0)[0]))
    view = api_for(alice).get(f"/api/games/{game.pk}/").json()["view"]
    assert view["waiting_for"] == 2 and [p["has_chosen"] for p in view["players"]] == [True, False, False]
    client.force_login(alice)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "You have picked." in html and "Waiting for 2 players: " in html

    submit(game, bob, pick(hand(game, 1)[0]))
    assert api_for(alice).get(f"/api/games/{game.pk}/").json()["view"]["waiting_for"] == 1
    assert "Waiting for 1 player: " in client.get(f"/games/{game.pk}/").content.decode()


def test_who_has_picked_is_public_on_every_page(start, submit, alice, client, make_user):
    game = start(3)
    submit(game, alice, pick(hand(game, 0)[0]))
    client.force_login(make_user(username="watcher"))
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-seat="0" data-chosen="1"' in html
    assert 'data-seat="1" data-chosen="0"' in html and 'data-seat="2" data-chosen="0"' in html
    assert "Waiting for 2 players: " in html


# --------------------------------------------------------------------------- privacy of a choice
def every_channel(client, api_for, game, user, seat):
    """What ``user`` receives about the game by every channel, the game's own id taken out."""
    message = socket_message(game.pk, user)
    seen = {"socket_view": message["game"]["view"], "socket_html": without_game_id(message["html"], game.pk)}
    if user.is_authenticated:
        seen["api"] = api_for(user).get(f"/api/games/{game.pk}/").json()["view"]
        if seat is not None:
            seen["log"] = [e["move"] for e in api_for(user).get(f"/api/games/{game.pk}/moves/").json()]
        client.force_login(user)
    else:
        client.logout()
    page = client.get(f"/games/{game.pk}/").content.decode()
    seen["board"] = without_game_id(page[page.index('<div id="board">'):page.index('id="move-error"')], game.pk)
    if 'id="move-log"' in page:
        log_start = page.index('id="move-log"')
        seen["page_log"] = page[log_start:page.index("</section>", log_start)]
    return seen


def test_a_pick_is_private_until_the_step_resolves_in_every_channel(start, submit, alice, bob, make_user, client,
                                                                    api_for):
    """Twin games with one seed: alice keeps a different card in each.  Whatever bob, a spectator and an
    anonymous visitor receive must be the same in both, so nothing tells them which card she kept."""
    watcher = make_user(username="watcher")
    twins = []
    for i in (0, 5):
        game = start(3, seed=21, now=T0)
        submit(game, alice, pick(hand(game, 0)[i]), now=T0, key="twin")
        twins.append(game)
    kept = [g.state["players"][0]["picks"][0] for g in twins]
    assert kept[0] != kept[1]
    for user, seat in ((bob, 1), (watcher, None), (AnonymousUser(), None)):
        seen = [every_channel(client, api_for, g, user, seat) for g in twins]
        assert seen[0] == seen[1], f"{user} can tell the picks apart"
        for g, got in zip(twins, seen, strict=True):
            assert leaks(ENGINE, g.state, seat, got) == []
            assert all(card not in str(got) for card in g.state["players"][0]["picks"] + g.state["players"][0]["hand"])
    # Alice herself sees her pick.
    assert kept[0] in str(every_channel(client, api_for, twins[0], alice, 0))


def test_a_word_is_private_until_the_round_is_scored_in_every_channel(start, submit, draft_round, alice, bob,
                                                                      make_user, client, api_for,
                                                                      spellcrafter_lexicon):
    watcher = make_user(username="watcher")
    twins = []
    for word in ("best", "none"):
        game = draft_round(start(3, seed=4, now=T0))
        move = best_word(game, 0, spellcrafter_lexicon) if word == "best" else {"type": "craft", "cards": []}
        submit(game, alice, move, key="twin")
        twins.append(game)
    assert twins[0].state["players"][0]["craft"] and twins[1].state["players"][0]["craft"] == []
    for user, seat in ((bob, 1), (watcher, None), (AnonymousUser(), None)):
        seen = [every_channel(client, api_for, g, user, seat) for g in twins]
        assert seen[0] == seen[1], f"{user} can tell the words apart"
        assert leaks(ENGINE, twins[0].state, seat, seen[0]) == []
    client.force_login(alice)
    html = client.get(f"/games/{twins[0].pk}/").content.decode()
    assert "data-my-word" in html and "It stays secret until everyone has crafted." in html


def test_after_the_round_everyones_word_and_score_are_on_every_page(start, submit, draft_round, players,
                                                                   make_user, client, spellcrafter_lexicon):
    game = draft_round(start(3, seed=4))
    words = [best_word(game, seat, spellcrafter_lexicon) for seat in range(3)]
    for seat in range(3):
        submit(game, players[seat], words[seat])
    game.refresh_from_db()
    results = game.state["history"][0]["results"]
    assert any(r["word"] for r in results)
    client.force_login(make_user(username="watcher"))
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Round 1: the words" in html and "Round by round" in html
    for r in results:
        assert (f"<b>{r['word']}</b>" in html) if r["word"] else "no word" in html
        assert f'<b class="sc-points">{r["score"]}</b>' in html
    # The new round's hands stay secret.
    assert leaks(ENGINE, game.state, None, socket_message(game.pk, AnonymousUser())["game"]) == []


def test_the_move_log_shows_only_that_someone_picked(start, submit, alice, bob, api_for):
    game = start(2)
    card = hand(game, 0)[0]
    submit(game, alice, pick(card))
    # The engine's log_view answers the whole entry (seq, seat, move), as Crossword's does.
    assert [e["move"] for e in api_for(bob).get(f"/api/games/{game.pk}/moves/").json()] == [{"type": "pick"}]
    assert [e["move"] for e in api_for(alice).get(f"/api/games/{game.pk}/moves/").json()] == [pick(card)]
    assert Move.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).state["players"][0]["picks"] == [card]
