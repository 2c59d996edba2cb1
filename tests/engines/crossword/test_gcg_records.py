"""Replaying the real recorded games in ../shared/testdata/gcg: every placement scores as recorded.

The lexicon is built from the words the games themselves play (no dictionary needed); the one play the
record withdraws (``--``) is challenged off through the engine.  Without the shared folder these
tests skip, with the reason (and fail in CI, where it must be there: ``tests/shared_data.py``).
"""

import random
from pathlib import Path

import pytest

from engines.base import Context, SetLexicon
from engines.crossword import ENGINE, gcg
from tests.shared_data import gcg_records, shared_path

from .test_random_play import ENGLISH_WORDS, without_some


def record(name: str) -> Path:
    return shared_path("testdata", "gcg", name)


def record_paths():
    return gcg_records()


def test_the_recorded_games_are_there():
    assert len(record_paths()) >= 3


def words_played(game):
    """Words of every play that stands, found by a first replay with word checking off."""
    checks, _ = gcg.replay(game)
    words = set()
    for check, following in zip(checks, checks[1:] + [None], strict=True):
        if check.turn.kind == "play" and not (following and following.turn.kind == "withdrawn"):
            words.update(check.words)
    return words


@pytest.mark.parametrize("name", ["doug_v_emely.gcg", "noah_vs_mishu.gcg", "vs_andy.gcg"])
def test_every_recorded_placement_scores_the_same(name):
    path = record(name)
    assert path.is_file(), f"{path} is missing"
    game = gcg.parse(path.read_text(encoding="utf-8"))
    lexicon = SetLexicon(words_played(game))
    checks, final = gcg.replay(game, lexicon=lexicon, challenge="single")
    plays = [c for c in checks if c.turn.kind == "play"]
    assert len(plays) >= 20
    for check in checks:
        assert check.error is None, (check.turn.line, check.error)
        if check.turn.kind in ("play", "exchange", "pass", "withdrawn"):
            assert (check.turn.line, check.computed_score) == (check.turn.line, check.turn.score)
            assert (check.turn.line, check.computed_total) == (check.turn.line, check.turn.total)
    assert final["phase"] == "over"


def test_every_record_in_the_folder_replays_without_a_mismatch():
    for path in record_paths():
        checks, _ = gcg.replay(gcg.parse(path.read_text(encoding="utf-8")))
        assert [c.turn.line for c in checks if not c.ok] == [], path.name


def test_the_withdrawn_phony_is_challenged_off():
    game = gcg.parse(record("doug_v_emely.gcg").read_text(encoding="utf-8"))
    checks, final = gcg.replay(game, lexicon=SetLexicon(words_played(game)))
    withdrawn = [c for c in checks if c.turn.kind == "withdrawn"]
    assert [(c.computed_score, c.computed_total) for c in withdrawn] == [(-24, 55)]
    assert {"seat": 0, "type": "challenge", "target": 1, "result": "withdrawn", "words": ["TILAX"],
            "score": -24} in final["log"]


@pytest.mark.parametrize("name,ours", [
    # GCG adds the loser's rack twice to the winner; rule 18 adds it once and takes it from the loser.
    ("doug_v_emely.gcg", [451 - 7, 331 + 7]),  # OPEG = 7
    ("noah_vs_mishu.gcg", [371 + 3, 388 - 3]),  # P = 3
    ("vs_andy.gcg", [423 - 7, 349 + 7]),  # DEINIR = 7
])
def test_the_end_applies_rule_18(name, ours):
    game = gcg.parse((record(name)).read_text(encoding="utf-8"))
    _, final = gcg.replay(game)
    assert final["phase"] == "over" and final["end"]["reason"] == "out"
    assert final["scores"] == ours


def test_parse_reads_players_plays_exchanges_and_end_racks():
    game = gcg.parse(
        "#player1 a Alice A\n#player2 b Bob\n"
        ">a: ABCDEFG 8D BEAD +14 14\n>b: XYZ?ABC -XYZ +0 0\n>a: ABC - +0 14\n"
        ">b: ABC (challenge) +5 5\n>a:  (QZ) +40 54\n"
    )
    assert game.players == ["a", "b"] and game.names == ["Alice A", "Bob"]
    assert [t.kind for t in game.turns] == ["play", "exchange", "pass", "challenge_bonus", "end_rack"]
    assert game.turns[0].notation == "8D BEAD" and game.turns[1].tiles == "XYZ"
    assert game.turns[4].tiles == "QZ" and game.turns[4].total == 54


def random_game(seed, seats=2):
    generating = Context(lexicon=SetLexicon(ENGLISH_WORDS.split()))
    judging = Context(lexicon=without_some(ENGLISH_WORDS.split(), seed))
    rng = random.Random(seed)
    state = ENGINE.setup(seats, {"challenge": "single"}, seed)
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.to_act(state)
        state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng, generating), judging)
    return state


@pytest.mark.parametrize("seed", [24, 50])
def test_a_written_record_replays_to_the_same_scores(seed):
    state = random_game(seed)
    text = gcg.write(state, ["ann", "bob"])
    assert text.startswith("#character-encoding UTF-8\n#player1 ann ann\n#player2 bob bob\n")
    checks, final = gcg.replay(gcg.parse(text))
    assert [c.turn.line for c in checks if not c.ok] == []
    assert any(c.turn.kind == "withdrawn" for c in checks)
    assert final["scores"] == state["scores"]  # these games ended with a player going out


def test_a_record_of_a_running_game_shows_exchange_counts_not_tiles():
    state = ENGINE.setup(2, {}, 1)
    seat = state["to_move"]
    tiles = "".join(state["racks"][seat]["tiles"][:3])
    state = ENGINE.apply(state, seat, {"type": "exchange", "tiles": tiles}, Context())
    assert gcg.write(state).splitlines()[-1] == f">player{seat + 1}: -3 +0 0"
