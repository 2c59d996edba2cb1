"""A Dutch game (Dutch tile set, Dutch lexicon) plays from start to finish through the services."""

import pytest

from engines.base import rng_for
from engines.crossword import ENGINE
from games import services
from games.context import context_for
from games.errors import GameError
from games.models import Game, Move
from lexicons.sources import DUTCH_WORDLIST

pytestmark = pytest.mark.django_db


def play_to_the_end(game, players, seed, max_moves=400):
    rng = rng_for(seed, "dutch-play")
    placements = 0
    for number in range(max_moves):
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            break
        seat = next(iter(ENGINE.to_act(game.state)))
        move = ENGINE.random_move(game.state, seat, rng, context_for(game))
        placements += move["type"] == "place"
        services.game_submit_move(game_id=game.pk, user=players[seat], move=move, version=game.version,
                                  idempotency_key=f"nl-{number}")
    return Game.objects.get(pk=game.pk), placements


def test_a_dutch_game_plays_to_the_end_with_dutch_tiles_and_words(lexicons, alice, bob):
    game = services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=11,
                                options={"tile_set": "nl"})
    assert game.options["lexicon"] == "nl" and len(game.state["bag"]) == 102 - 14
    game, placements = play_to_the_end(game, {0: alice, 1: bob}, 11)
    assert game.status == "finished" and game.result["reason"] in ("out", "scoreless")
    assert placements >= 5
    dutch = lexicons["nl"]
    words = [w for e in game.state["log"] if e.get("type") == "place" for w in e["words"]]
    assert words and all(dutch.contains(w) for w in words)
    assert Move.objects.filter(game=game).count() == len(game.state["log"]) - 1 - (game.state["end"] is not None)


def test_a_dutch_word_is_refused_in_an_english_game_and_accepted_in_a_dutch_one(lexicons, alice, bob):
    for tile_set, expected in (("en", "UNKNOWN_WORD"), ("nl", None)):
        game = services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=3,
                                    options={"tile_set": tile_set})
        seat = game.state["to_move"]
        state = game.state
        pool = state["bag"] + [t for r in state["racks"] for t in r["tiles"]]
        for tile in "HUIS":
            pool.remove(tile)
        state["racks"][seat]["tiles"] = list("HUIS")
        state["racks"][1 - seat]["tiles"], state["bag"] = pool[:7], pool[7:]
        Game.objects.filter(pk=game.pk).update(state=state)
        lexicons["nl"] = type(lexicons["nl"])([*lexicons["nl"], "huis"], code="nl")
        try:
            services.game_submit_move(game_id=game.pk, user=alice if seat == 0 else bob,
                                      move={"type": "place", "gcg": "8H HUIS"}, version=1, idempotency_key="h")
        except GameError as exc:
            assert exc.code == expected
        else:
            assert expected is None
            game.refresh_from_db()
            # H 4 (double word centre) U 4 I 1 S 2 on the Dutch values: (4 + 4 + 1 + 2) * 2.
            assert game.state["log"][-1]["score"] == 22


@pytest.fixture
def real_dutch_lexicon(db):
    """The real Dutch list imported into the test database (CI installs wdutch)."""
    import os

    from django.core.management import call_command

    from lexicons import loaded
    from lexicons import store as lexicon_store

    if not DUTCH_WORDLIST.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{DUTCH_WORDLIST} is missing; CI installs it with apt-get install -y wdutch")
        pytest.skip(f"{DUTCH_WORDLIST} is missing (apt-get install -y wdutch)")
    call_command("import_lexicon", "nl", "--no-progress")
    lexicon_store.forget_versions()
    loaded.forget("nl")
    yield lexicon_store.lexicon_for_code("nl")
    lexicon_store.forget_versions()
    loaded.forget("nl")


def test_a_dutch_game_plays_to_the_end_with_the_real_dutch_lexicon(real_dutch_lexicon, alice, bob):
    assert real_dutch_lexicon.contains("huis") and not real_dutch_lexicon.contains("thought")
    game = services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=12,
                                options={"tile_set": "nl"})
    game, placements = play_to_the_end(game, {0: alice, 1: bob}, 12)
    assert game.status == "finished" and placements >= 10
    words = [w for e in game.state["log"] if e.get("type") == "place" for w in e["words"]]
    assert all(real_dutch_lexicon.contains(w) for w in words)
