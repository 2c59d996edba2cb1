"""The Spell page for each role, played through the API as the page's script plays it: the question
mark picks and guesses, the clue-givers write with their private words and rule; the score table,
the story of finished rounds, the table's record, and ``manage.py selfplay spell``."""

import itertools
import re

import pytest
from django.core.management import call_command

from engines.base import rng_for
from engines.spell import ENGINE
from games import services
from games.context import context_for
from games.models import Game, Move
from lexicons.models import TermCard

pytestmark = pytest.mark.django_db

keys = itertools.count()


@pytest.fixture
def table(deck, alice, bob, carol):
    """A three-player game: alice is the question mark of round 1, bob writes first, then carol."""
    return services.game_create(creator=alice, kind="spell", opponents=[bob, carol], seed=21)


def play(api_for, user, game, move):
    game = Game.objects.get(pk=game.pk)
    return api_for(user).post(f"/api/games/{game.pk}/moves/",
                              {"version": game.version, "move": move, "idempotency_key": f"k{next(keys)}"},
                              format="json")


def page(client, user, game) -> str:
    client.force_login(user)
    return client.get(f"/games/{game.pk}/").content.decode()


def shows(html: str, word: str) -> bool:
    """Whether ``word`` is on the page as a word of its own, in any case ("hat" is not in "chat")."""
    return re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", html, re.IGNORECASE) is not None


def term_of(game) -> str:
    return Game.objects.get(pk=game.pk).state["round"]["term"]


def test_the_question_mark_picks_a_number_and_never_sees_the_term(client, api_for, table, alice, bob, carol):
    html = page(client, alice, table)
    assert "You are the question mark" in html and 'data-spell="pick"' in html
    assert 'id="secret-term"' not in html
    assert "is picking a number" in page(client, bob, table)

    assert play(api_for, alice, table, {"type": "pick", "number": 2}).status_code == 200
    term = term_of(table)
    html = page(client, alice, table)
    assert not shows(html, term) and 'id="secret-term"' not in html
    assert "Term number 2 — secret." in html and "data-spell=" not in html
    for giver in (bob, carol):
        assert f'The secret term <b>{term}</b>' in page(client, giver, table)
    assert 'data-spell="write"' in page(client, bob, table)
    assert 'data-spell="write"' not in page(client, carol, table)


def test_a_round_from_the_first_letter_to_the_term(client, api_for, table, alice, bob, carol, make_user):
    play(api_for, alice, table, {"type": "pick", "number": 2})
    term = term_of(table)
    assert play(api_for, bob, table, {"type": "write", "letter": "Q", "clue": "quartz"}).status_code == 200
    assert "bob wrote Q for QUARTZ" in page(client, bob, table)
    assert "QUARTZ" not in page(client, carol, table) and "QUARTZ" not in page(client, alice, table)
    html = page(client, alice, table)
    assert 'data-spell="guess_clue"' in html and "Which word starts with Q?" in html

    play(api_for, alice, table, {"type": "guess_clue", "word": "queen"})
    html = page(client, bob, table)
    assert 'data-spell="rule"' in html and "your word is <b>QUARTZ</b>" in html
    assert "waiting for a ruling" in page(client, alice, table)
    assert 'data-spell="rule"' not in page(client, carol, table)

    play(api_for, bob, table, {"type": "rule", "right": False})
    assert 'value="QUARTZ"' not in page(client, carol, table)
    play(api_for, carol, table, {"type": "write", "letter": "U", "clue": "quilt"})
    assert "QUILT" not in page(client, bob, table) and "QUILT" in page(client, carol, table)

    play(api_for, alice, table, {"type": "guess_clue", "word": "Quilt"})  # the declared word: right at once
    html = page(client, alice, table)
    assert "Found: <b>QUILT</b>" in html and 'data-spell="guess_term"' in html
    assert "QUARTZ" not in html and not shows(html, term)
    assert "bob: QUARTZ" in page(client, carol, table)  # a closed board shows the other clue-givers' words

    play(api_for, alice, table, {"type": "guess_term", "word": term.upper() + "s"})
    game = Game.objects.get(pk=table.pk)
    assert game.state["round_scores"] == [45]  # 5 free fields on the one board used + 4 unused boards × 10
    html = page(client, alice, table)
    assert '<b id="team-score">45</b>' in html
    assert f"Round 1: {term} — 45 points" in html
    assert "QUARTZ" in html and "QUILT" in html  # the full story once the round is over
    spectator = page(client, make_user(username="dave"), table)
    assert "Waiting for" not in spectator and "is the question mark" in spectator


def test_a_refused_letter_writes_nothing(api_for, table, alice, bob):
    play(api_for, alice, table, {"type": "pick", "number": 1})
    before = (Game.objects.get(pk=table.pk).version, Move.objects.count())
    response = play(api_for, bob, table, {"type": "write", "letter": "X", "clue": "quartz"})
    assert response.status_code == 400 and response.json()["code"] == "NOT_A_PREFIX"
    response = play(api_for, alice, table, {"type": "guess_clue", "word": "queen"})
    assert response.status_code == 400 and response.json()["code"] == "NOT_YOUR_TURN"
    assert (Game.objects.get(pk=table.pk).version, Move.objects.count()) == before


def finish(game, users):
    rng = rng_for(game.seed, "finish")
    n = 0
    while game.status == "active":
        seat = next(iter(ENGINE.to_act(game.state)))
        move = ENGINE.random_move(game.state, seat, rng, context_for(game))
        services.game_submit_move(game_id=game.pk, user=users[seat], move=move, version=game.version,
                                  idempotency_key=f"f{game.pk}-{n}")
        n += 1
        game = Game.objects.get(pk=game.pk)
    return game


def test_a_finished_game_shows_the_team_total_and_the_table_record(client, deck, alice, bob, carol):
    first = finish(services.game_create(creator=alice, kind="spell", opponents=[bob], seed=31), [alice, bob])
    total = first.result["team_score"]
    html = page(client, bob, first)
    assert "Game over." in html and f"The team scored {total} points." in html
    assert f"This table's record: {total} points (1 finished game)." in html
    assert html.count('<details class="sp-round"') == 5  # one per finished round

    second = finish(services.game_create(creator=bob, kind="spell", opponents=[alice], seed=32), [bob, alice])
    best = max(total, second.result["team_score"])
    assert f"This table's record: {best} points (2 finished games)." in page(client, alice, second)
    # Another table has its own record.
    third = services.game_create(creator=alice, kind="spell", opponents=[carol], seed=33)
    assert "This table has no record yet." in page(client, alice, third)


def test_selfplay_plays_spell_from_the_database_deck(deck, capsys):
    call_command("selfplay", "spell", "--games", "3", "--seed", "1")
    assert "spell: 3 games" in capsys.readouterr().out


def test_selfplay_plays_spell_from_the_starter_file_when_the_database_has_no_deck(db, capsys):
    assert TermCard.objects.count() == 0
    call_command("selfplay", "spell", "--games", "2", "--seed", "1")
    assert "2 failed" not in capsys.readouterr().out


def test_the_table_record_is_computed_once_per_move_whatever_the_number_of_renders(client, deck, alice, bob,
                                                                                    monkeypatch):
    from games.web.kinds.spell import records as spell_records

    computed = []
    real = spell_records.table_record_computed
    monkeypatch.setattr(spell_records, "table_record_computed",
                        lambda game: computed.append(game.version) or real(game))
    game = services.game_create(creator=alice, kind="spell", opponents=[bob], seed=34)
    for viewer in (alice, bob, alice):
        page(client, viewer, game)
    assert computed == [game.version]
    services.game_submit_move(game_id=game.pk, user=alice, move={"type": "pick", "number": 1}, version=game.version,
                              idempotency_key="once")
    game = Game.objects.get(pk=game.pk)
    page(client, bob, game)
    page(client, alice, game)
    assert computed == [game.version - 1, game.version]
