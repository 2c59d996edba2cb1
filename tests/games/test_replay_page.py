"""The replay page of a finished game: every step of every kind renders (the board drawn by the kind's own
template, no script of its board), the last step shows the final scores and what each seat held, and a game
not finished has no replay at all, so nothing it hides is revealed."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from engines import registry
from games import services
from games.models import Game, Move
from lexicons.term_decks import starter_deck_load
from tests.engines.turnspell.helpers import WORDS as TURNSPELL_WORDS
from tests.games.crossword.conftest import WORDS as CROSSWORD_WORDS
from tests.games.helpers import every_seat_moves, play_out, stand_in_lexicons

pytestmark = pytest.mark.django_db

KINDS = ["crossword", "turnspell", "spellcrafter", "spell", "toy"]
# Short games, so that every step of each can be fetched.
OPTIONS = {"turnspell": {"max_turns": 4}, "toy": {"target": 12}}


@pytest.fixture
def words(monkeypatch):
    stand_in_lexicons(monkeypatch, {"en": sorted(set(TURNSPELL_WORDS) | set(CROSSWORD_WORDS["en"])),
                                    "nl": CROSSWORD_WORDS["nl"]})
    starter_deck_load(language="en")


def finished(kind, alice, bob, seed=3) -> Game:
    game = play_out(services.game_create(creator=alice, kind=kind, opponents=[bob], seed=seed,
                                         options=OPTIONS.get(kind)))
    assert game.status == "finished"
    return game


def replay(client: Client, game: Game, step: int | None = None):
    url = reverse("game_replay", args=[game.pk])
    return client.get(url if step is None else f"{url}?step={step}")


def text_of(html: str) -> str:
    return re.sub(r"\s+([:.,])", r"\1", re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


@pytest.mark.parametrize("kind", KINDS)
def test_every_step_of_a_finished_game_renders_and_the_end_shows_the_scores(kind, alice, bob, words):
    game = finished(kind, alice, bob)
    total = Move.objects.filter(game=game).count()
    client = Client()
    client.force_login(alice)
    steps = range(total + 1) if total <= 80 else [*range(0, total + 1, max(1, total // 40)), total]
    for step in steps:
        response = replay(client, game, step)
        assert response.status_code == 200, (kind, step)
        html = response.content.decode()
        assert f'data-step="{step}"' in html
        assert "<script type=\"module\" src=\"/static/js/replay.js\"" in html
        # The kind's board, without its own script: nothing on it acts.
        board = html.split('class="replay-board"', 1)[1].split('class="replay-side"', 1)[0]
        assert "<script" not in board
        assert "<form" not in board
    last = replay(client, game, total).content.decode()
    assert f"Move {total} of {total}" in last
    scores = list(registry.get(kind).scores(game.state))
    listed = last.split('id="replay-scores"', 1)[1].split("</ul>", 1)[0]
    assert [int(s) for s in re.findall(r'<b class="score">(-?\d+)</b>', listed)] == scores
    result = last.split('id="replay-result"', 1)[1].split("</p>", 1)[0]
    assert "Result" in result and "Game over" not in result  # the board already says the game is over
    # The page of the game links to its replay.
    assert reverse("game_replay", args=[game.pk]) in client.get(reverse("game_detail", args=[game.pk])).content.decode()


def test_the_start_is_the_default_step_and_a_step_past_the_end_is_the_end(alice, bob, words):
    game = finished("toy", alice, bob)
    total = Move.objects.filter(game=game).count()
    client = Client()
    assert "Start: before the first move" in replay(client, game).content.decode()
    assert f"Move {total} of {total}" in replay(client, game, total + 50).content.decode()
    for junk in ("-1", "x", "³", "1e3"):
        response = client.get(reverse("game_replay", args=[game.pk]) + f"?step={junk}")
        assert response.status_code == 200
        assert "Start: before the first move" in response.content.decode()


def test_crossword_racks_are_shown_at_every_step_of_a_finished_game(alice, bob, words):
    game = finished("crossword", alice, bob)
    client = Client()
    for step in (0, 5):
        html = replay(client, game, step).content.decode()
        held = text_of(html.split('class="replay-held"', 1)[1].split("</section>", 1)[0])
        # At the deal each seat holds seven tiles: their letters, for both players.
        engine = registry.get("crossword")
        from games.web.replay_views import replay_to

        moves = list(Move.objects.filter(game=game).order_by("seq"))
        _before, state, _steps, _resigned = replay_to(game, moves, step, {})
        for seat in range(2):
            rack = " ".join(engine.view(state, seat)["rack"])
            assert f"rack: {rack}" in held, (step, seat, held)


@pytest.mark.parametrize("kind", ["turnspell", "spellcrafter", "toy"])
def test_each_seats_hidden_items_are_shown(kind, alice, bob, words):
    """Spellcrafter's hands, the toy's secret cards, Turnspell's choice made before the other's: shown for
    every seat at some step, and every step's moves so far are listed (Turnspell: each turn's choices)."""
    game = finished(kind, alice, bob)
    total = Move.objects.filter(game=game).count()
    client = Client()
    seen = {0: False, 1: False}
    for step in range(1, total + 1):
        html = replay(client, game, step).content.decode()
        held = html.split('class="replay-held"', 1)[1].split("</section>", 1)[0]
        # Cards and tiles by what they show (a letter, "Wild", "Double"), never as their data.
        assert not re.search(r"\bid \w+-\w+|kind letter|value \d", text_of(held)), text_of(held)
        for seat, name in enumerate(("alice", "bob")):
            part = held.split(f"<dt>{name}</dt>", 1)[1].split("</dd>", 1)[0]
            seen[seat] |= "held-item" in part
        history = html.split('class="replay-steps"', 1)[1].split("</ol>", 1)[0]
        assert history.count("<li") == step
    # A Turnspell choice is hidden only until the turn's last choice: the first to choose (seat 0 here) held one.
    assert seen == ({0: True, 1: False} if kind == "turnspell" else {0: True, 1: True})
    if kind == "turnspell":
        # Every turn's choices, in the board's words: both players' for each of the four turns.
        last = replay(client, game, total).content.decode()
        history = text_of(last.split('class="replay-steps"', 1)[1].split("</ol>", 1)[0])
        for name in ("alice", "bob"):
            assert history.count(f"{name}: placed ") + history.count(f"{name}: cleared ") == 4, history


def test_crossword_replay_shows_the_turns_analysis_with_the_figures_explained(alice, bob, words, make_user):
    from analysis.models import Analysis

    game = finished("crossword", alice, bob)
    first_seat = next(m.seat for m in Move.objects.filter(game=game).order_by("seq"))
    alice.display_name = "Alice Liddell"
    alice.save()
    turns = [{"turn": 0, "seat": first_seat, "player": "alice", "status": "analysed", "rack": "ABCDEFG",
              "played": {"move": "8H CAB", "score": 14, "equity": 15.5}, "phony": False, "rank": 3, "plays": 40,
              "best": [{"move": "8D FACED", "score": 30, "equity": 31.2}], "points_lost": 16, "equity_lost": 15.7}]
    Analysis.objects.create(game=game, lexicon="en", status="done", result={"turns": turns, "summary": []})
    client = Client()
    html = replay(client, game, 1).content.decode()
    panel = text_of(html.split('class="replay-analysis"', 1)[1].split("</section>", 1)[0])
    assert "8D FACED" in panel and "15.7" in panel and "16" in panel and "rank 3 of 40" in panel
    for figure in ("Equity:", "Equity lost:", "Points lost:", "Rank:"):
        assert figure in panel
    name = "Alice Liddell" if first_seat == next(s.index for s in game.seats.all() if s.user_id == alice.pk) else "bob"
    assert name in panel
    assert 'class="replay-analysis"' not in replay(client, game, 0).content.decode()


def test_a_crossword_without_analysis_points_to_the_game_page(alice, bob, words):
    game = finished("crossword", alice, bob)
    html = replay(Client(), game, 1).content.decode()
    assert "This game has no finished analysis yet." in html


def test_a_resigned_game_replays_to_the_resignation(alice, bob, words):
    game = every_seat_moves(services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=3))
    services.game_resign(game_id=game.pk, user=alice)
    total = Move.objects.filter(game=game).count()
    html = text_of(replay(Client(), game, total).content.decode())
    assert "alice resigned." in html
    assert "bob won" in html


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_not_finished_has_no_replay(kind, alice, bob, words):
    client = Client()
    client.force_login(alice)
    running = every_seat_moves(services.game_create(creator=alice, kind=kind, opponents=[bob], seed=3,
                                                    options=OPTIONS.get(kind)))
    assert running.status == "active"
    challenge = services.challenge_create(creator=alice, kind=kind, opponents=[bob], seed=3)
    seek = services.game_create(creator=alice, kind=kind, seats=2, seed=3)
    aborted = services.game_create(creator=alice, kind=kind, opponents=[bob], seed=3)
    services.game_abort(game_id=aborted.pk, reason="test")
    for game in (running, challenge, seek, aborted):
        for step in (None, 0, 1, 999):
            assert replay(client, game, step).status_code == 404
        # Nor does its page link to one.
        assert "/replay/" not in client.get(reverse("game_detail", args=[game.pk])).content.decode()
    assert client.get("/games/999999/replay/").status_code == 404


def test_anyone_may_watch_the_replay_as_they_may_watch_the_game(alice, bob, carol, words):
    game = finished("toy", alice, bob)
    for client in (Client(), Client()):
        assert client.get(reverse("game_detail", args=[game.pk])).status_code == 200
        assert replay(client, game, 2).status_code == 200
    client = Client()
    client.force_login(carol)
    assert replay(client, game, 2).status_code == 200


def test_a_bot_game_replays(alice, words):
    from games.bots.accounts import bots_ensure

    bot = next(u for u in bots_ensure() if u.username == "turnspell-bot")
    game = play_out(services.game_create(creator=alice, kind="turnspell", opponents=[bot], seed=5,
                                         options=OPTIONS["turnspell"]))
    assert game.status == "finished"
    total = Move.objects.filter(game=game).count()
    html = replay(Client(), game, total).content.decode()
    assert f"Move {total} of {total}" in html
    assert bot.public_name in html


def test_a_record_that_does_not_replay_is_said_so_not_a_server_error(alice, bob, words):
    game = finished("toy", alice, bob)
    move = Move.objects.filter(game=game, source="player").order_by("seq").first()
    Move.objects.filter(pk=move.pk).update(payload={"type": "add", "n": 99})
    response = replay(Client(), game, 3)
    assert response.status_code == 200
    assert "could not be replayed" in response.content.decode()
