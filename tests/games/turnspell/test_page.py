"""The Turnspell game page as each viewer gets it: the round board turned so your arm is at the
bottom, your tiles to tap, your board with return penalties and clear buttons, scores toward 44,
who has chosen, and the note that the board turned."""

import re

import pytest

from engines.turnspell import ENGINE
from engines.turnspell.board import board_from_picture
from games import services
from games.models import Game

pytestmark = pytest.mark.django_db


def page(client, user, game):
    client.force_login(user)
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def set_state(game, **changes):
    game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(state={**game.state, **changes})
    game.refresh_from_db()


def arm_html(html, arm):
    match = re.search(rf'<div class="ts-arm [^"]*" data-arm="{arm}">(.*?)</div>', html, re.S)
    return match.group(0)


def test_your_arm_is_at_the_bottom_highlighted_and_its_tiles_can_be_tapped(start, alice, bob, client):
    game = start(3)
    set_state(game, spinner=[["H", "E", "?", "P"], ["A", "B", "C", "D"], ["E", "F", "G", "H"], [None] * 4])
    html = page(client, bob, game)  # bob sits at arm 1
    mine = arm_html(html, 1)
    assert 'class="ts-arm side-bottom mine"' in mine
    assert mine.count("data-take=") == 4 and "disabled" not in mine
    assert 'data-letter="A"' in mine
    # Alice's arm 0 is one step anticlockwise of bob's: on his right; carol's arm 2 on his left.
    assert 'class="ts-arm side-right"' in arm_html(html, 0) and "data-take" not in arm_html(html, 0)
    assert 'class="ts-arm side-left"' in arm_html(html, 2)
    assert arm_html(html, 0).count("disabled") == 4
    alice_view = page(client, alice, game)
    assert 'class="ts-arm side-bottom mine"' in arm_html(alice_view, 0)
    assert 'aria-label="blank, 0"' in arm_html(alice_view, 0)


def test_each_tile_of_your_board_shows_its_return_penalty(start, alice, client):
    game = start(2)
    set_state(game, boards=[board_from_picture("Q...\n.E..\n..k.\n...."), game.state["boards"][1]])
    html = page(client, alice, game)
    assert 'data-row="0" data-col="0" data-letter="Q" data-penalty="20"' in html
    assert 'data-row="1" data-col="1" data-letter="E" data-penalty="5"' in html
    # A placed blank is worth nothing, so returning it costs the minimum 5.
    assert 'data-row="2" data-col="2" data-letter="K" data-penalty="5"' in html
    assert "Penalty: 5 points or twice the tile's value" in html


def test_clear_buttons_are_offered_only_for_lines_with_tiles(start, alice, client):
    game = start(2)
    set_state(game, boards=[board_from_picture("A...\n....\n....\n...B"), game.state["boards"][1]])
    html = page(client, alice, game)
    found = re.findall(r'data-clear="(row|col)" data-index="(\d)"\s*(disabled)?', html)
    assert len(found) == 8
    enabled = [(kind, int(index)) for kind, index, off in found if not off]
    assert enabled == [("row", 0), ("row", 3), ("col", 0), ("col", 3)]


def test_scores_show_as_progress_toward_44(start, alice, client):
    game = start(3)
    set_state(game, scores=[22, 44, 0])
    html = page(client, alice, game)
    # Labelled progress elements (no inline style: the page's Content-Security-Policy forbids them).
    assert re.search(r'<progress class="ts-bar" max="100" value="50" aria-label="[^"]+: 22 of 44 points">', html)
    assert re.search(r'<progress class="ts-bar" max="100" value="100" aria-label="[^"]+: 44 of 44 points">', html)
    assert "style=" not in html[html.index('id="board"'):html.index('id="move-error"')]
    assert "<b>22</b>/44" in html


def test_after_a_turn_the_page_says_the_board_turned(start, alice, bob, client):
    game = start(2)
    assert "the board turned" not in page(client, alice, game)
    for user, seat in ((alice, 0), (bob, 1)):
        game.refresh_from_db()
        services.game_submit_move(game_id=game.pk, user=user, move=ENGINE.timeout_move(game.state, seat),
                                  version=game.version, idempotency_key=f"s{seat}")
    html = page(client, alice, game)
    assert "After turn 1 the board turned one arm clockwise" in html
    assert 'class="ts-ring" data-turn="2"' in html
    assert "<h2>Turn 1</h2>" in html  # what everyone chose in the last turn


def test_a_spectator_sees_every_board_but_has_nothing_to_tap(start, client, make_user):
    game = start(3)
    html = page(client, make_user(username="watcher"), game)
    assert "Your board" not in html and "ts-submit" not in html
    assert re.search(r"<button[^>]*data-take", html) is None
    assert html.count('class="ts-other"') == 3
    assert "Waiting for 3 players" in html


def test_a_finished_game_names_the_winner(start, alice, client):
    game = start(2)
    set_state(game, scores=[45, 30])
    state = {**game.state, "over": True, "end_reason": "reached_44", "pending": [None, None]}
    Game.objects.filter(pk=game.pk).update(state=state, status="finished")
    html = page(client, alice, game)
    assert "Game over." in html and "Winner: alice" in html
    assert 'data-can-choose="0"' in html
