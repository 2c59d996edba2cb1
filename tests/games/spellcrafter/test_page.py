"""The Spellcrafter game page as each viewer gets it: the hand you hold in suit colours, your picks, the
jumper and where hands pass; the crafting area; the round results and the round-by-round table."""

import re

import pytest

from games import services
from tests.games.helpers import every_seat_moves

from .helpers import best_word

pytestmark = pytest.mark.django_db


def page(client, user, game):
    client.force_login(user)
    return client.get(f"/games/{game.pk}/").content.decode()


def cards_in(html, section_class):
    start = html.index(f'class="{section_class}')
    end = html.index("</section>", start)
    return re.findall(r'data-card="([^"]+)"', html[start:end])


def test_the_drafting_page_shows_your_hand_as_tappable_cards_with_suits_and_values(start, alice, client):
    game = start(3, seed=5)
    html = page(client, alice, game)
    assert cards_in(html, "sc-hand") == game.state["players"][0]["hand"]
    assert 'data-can-pick="1"' in html and "The hand you hold" in html
    first = game.state["players"][0]["hand"][0]
    suit = first.split("-")[0]
    assert re.search(rf'<button type="button" class="sc-card suit-{suit}" data-card="{first}"', html)
    assert "Round 1 of 4" in html and "Pick 1 of 7" in html
    assert 'data-direction="left"' in html and "you pass to bob, you receive from carol" in html
    jumper = game.state["jumper"]
    assert 'class="sc-jumper"' in html and f"<b>{jumper.split('-')[1][0]}</b>" in html


def test_round_two_passes_right(start, submit, draft_round, players, client, spellcrafter_lexicon):
    game = draft_round(start(3, seed=5))
    for seat in range(3):
        submit(game, players[seat], {"type": "craft", "cards": []})
    html = page(client, players[0], game)
    assert "Round 2 of 4" in html and 'data-direction="right"' in html
    assert "you pass to carol, you receive from bob" in html


def test_a_spectator_sees_counts_but_no_hand(start, client, make_user):
    game = start(3, seed=5)
    html = page(client, make_user(username="watcher"), game)
    assert "The hand you hold" not in html and 'data-can-pick="0"' in html
    assert "8 cards in hand" in html
    assert all(card not in html for p in game.state["players"] for card in p["hand"])


def test_the_crafting_page_offers_your_picks_and_the_jumper(start, draft_round, alice, client):
    game = draft_round(start(2, seed=5))
    html = page(client, alice, game)
    assert 'data-can-craft="1"' in html and "data-craft" in html
    offered = re.findall(r'data-card="([^"]+)" data-kind', html)
    assert offered == game.state["players"][0]["picks"] + [game.state["jumper"]]
    assert "Craft this word" in html and "No word" in html
    assert f'data-preview-url="/api/games/{game.pk}/preview/"' in html
    assert game.state["players"][1]["picks"][0] not in html


def test_after_crafting_your_word_waits_secretly(start, submit, draft_round, alice, client, spellcrafter_lexicon):
    game = draft_round(start(2, seed=5))
    word = best_word(game, 0, spellcrafter_lexicon)
    submit(game, alice, word)
    html = page(client, alice, game)
    assert "You have crafted your word." in html and "Waiting for 1 player: " in html
    assert 'data-can-craft="0"' in html and "It stays secret until everyone has crafted." in html


def test_the_round_table_lists_every_round_and_the_totals(start, submit, draft_round, players, client,
                                                         spellcrafter_lexicon):
    game = start(2, seed=5, options={"rounds": 2})
    for _ in range(2):
        draft_round(game)
        for seat in range(2):
            submit(game, players[seat], best_word(game, seat, spellcrafter_lexicon))
    assert game.status == "finished"
    html = page(client, players[1], game)
    assert "Game over." in html and "Round by round" in html
    table = html[html.index('class="sc-table"'):html.index("</table>")]
    assert table.count("<tr") == 3 and ">R1<" in table and ">R2<" in table
    history = game.state["history"]
    for seat in range(2):
        total = history[-1]["results"][seat]["total"]
        assert f'<td class="total">{total}</td>' in table
    winners = [players[s].public_name for s in game.state["result"]["winners"]]
    assert ", ".join(winners) in html
    words = [result["word"] for result in history[-1]["results"] if result["word"]]
    assert words  # the seeded game crafts words, so the report links below are really checked
    for word in words:
        assert f"word={word.lower()}&amp;kind=wrong" in html  # "report this word"


def test_a_resigned_game_names_the_winner(start, alice, bob, client):
    game = every_seat_moves(start(2))
    services.game_resign(game_id=game.pk, user=alice)
    html = page(client, bob, game)
    assert "Game over." in html and f"Winner: {bob.public_name}" in html
