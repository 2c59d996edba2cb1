"""Post-game analysis by the Master's look-ahead: a two-player turn with tiles in the bag is valued by
the simulation (or, with one or two tiles in the bag, by every bag), the played move always among the
candidates; other turns keep the static report; the same seed gives the same report; and the
opponent's real rack never counts."""

import random
from collections import Counter
from dataclasses import replace

import pytest

from engines.crossword import ENGINE, simulation
from engines.crossword import board as boardmod
from engines.crossword.analysis import Position, analyse, analyse_position
from engines.crossword.equity import Evaluator, Situation
from engines.crossword.movegen import all_plays
from engines.crossword.moves import Tile, check_placement
from engines.crossword.tiles import ENGLISH

from .helpers import NO_WORD_CHECK, place
from .test_simulation import WORDS, midgame

# On the mid-game board (CATS across from 8H, STAR down from K8) with AEINORT, by static equity:
NO = ((9, 9, "N"), (10, 9, "O"))  # J10 NO: among the best
TOE = ((9, 9, "T"), (10, 9, "O"), (11, 9, "E"))  # J10 TOE: among the best too
ANT = ((10, 9, "A"), (11, 9, "N"), (12, 9, "T"))  # J11 ANT: about the 200th of 342 plays
PHONY = ((9, 9, "A"), (10, 9, "T"))  # J10 AT: forms TR across, no word


def turn_of(state, placed=(), *, kind="place", **changes) -> Position:
    """The decision of the player to move in ``state``, from what they see (their view)."""
    seat = state["to_move"]
    view = ENGINE.view(state, seat)
    board = list(state["board"])
    tiles = tuple(Tile(r, c, letter, False) for r, c, letter in placed)
    fields = {
        "turn": 0, "seat": seat, "player": f"seat{seat + 1}", "line": None, "board": tuple(board),
        "rack": "".join(view["rack"]), "kind": kind, "tiles": tiles,
        "across": check_placement(board, list(tiles)) if tiles else True,
        "bag_count": view["bag_count"], "unseen": view["unseen"], "seats": 2,
    }
    return Position(**{**fields, **changes})


def notation(position: Position, play) -> str:
    return play.notation(list(position.board))


def static_rank(position: Position) -> int:
    return analyse_position(position, WORDS)["rank"]


def place_in(values: list[float], at: int) -> int:
    """The rank of the play at index ``at`` of a list in the Master's order: equal values share it."""
    return 1 + sum(v != values[at] for v in values[:at])


def masters_candidates(position: Position) -> list:
    """The plays the Master would simulate in ``position`` (the ``WIDTH`` best by static equity)."""
    situation = Situation(list(position.board), position.rack, ENGLISH, position.bag_count, position.unseen)
    plays = all_plays(situation.board, list(situation.rack), WORDS, ENGLISH, bag_count=situation.bag_count)
    return [c.play for c in simulation.candidates_of(situation, plays, simulation.WIDTH)]


@pytest.fixture
def spy(monkeypatch):
    """Records every simulation the analysis runs: its arguments and its outcome."""
    calls = []
    real = simulation.simulate

    def recording(situation, plays, lexicon, rng, **kwargs):
        outcome = real(situation, plays, lexicon, rng, **kwargs)
        calls.append({"situation": situation, "plays": list(plays), "kwargs": kwargs, "outcome": outcome})
        return outcome

    monkeypatch.setattr(simulation, "simulate", recording)
    return calls


def test_without_an_rng_the_report_is_the_static_one_and_says_so():
    positions = [turn_of(midgame(), NO), replace(turn_of(midgame(), ANT), turn=1, rack=None)]
    report = analyse(positions, WORDS)
    assert report == analyse(positions, WORDS, simulate=None)
    assert report["method"] == "static"
    analysed, skipped = report["turns"]
    assert analysed["method"] == "static" and "method" not in skipped and skipped["status"] == "skipped"
    assert set(analysed) == {"turn", "seat", "player", "line", "status", "method", "rack", "bag", "played",
                             "phony", "rank", "plays", "best", "points_lost", "equity_lost"}
    # The static ranking: every legal play by equity, the best first.
    situation = Situation(list(positions[0].board), positions[0].rack, ENGLISH, positions[0].bag_count,
                          positions[0].unseen)
    plays = all_plays(situation.board, list(situation.rack), WORDS, ENGLISH, bag_count=situation.bag_count)
    ranked = Evaluator(situation).ranked(plays)
    assert analysed["plays"] == len(plays)
    assert [b["move"] for b in analysed["best"]] == [notation(positions[0], p) for _, p in ranked[:5]]
    assert [b["equity"] for b in analysed["best"]] == [round(e, 1) for e, _ in ranked[:5]]


def test_a_midgame_turn_is_ranked_by_the_simulation(spy):
    position = turn_of(midgame(), TOE)
    report = analyse([position], WORDS, top=50, simulate=random.Random(1), simulate_iterations=40,
                     simulate_seconds=None)
    assert report["method"] == "simulation"
    (turn,) = report["turns"]
    (call,) = spy
    outcome = call["outcome"]
    assert call["kwargs"]["iterations"] == 40 and call["kwargs"]["max_seconds"] is None
    assert any(c.dropped_after for c in outcome.candidates)  # clear losers dropped, as in a Master's move
    assert turn["method"] == "simulation" and turn["status"] == "analysed" and not turn["phony"]
    # ``best``: the simulated candidates in the simulation's order, valued by their mean.
    assert [b["move"] for b in turn["best"]] == [notation(position, c.play) for c in outcome.ranked]
    assert [b["equity"] for b in turn["best"]] == [round(c.mean, 1) for c in outcome.ranked]
    # The candidates are those the Master simulates (the played move is one of them already).
    assert [c.play.key() for c in outcome.candidates] == [p.key() for p in masters_candidates(position)]
    # The played move's rank (its place in that order) and loss come from the same rounded values.
    values = [b["equity"] for b in turn["best"]]
    at = [b["move"] for b in turn["best"]].index("J10 TOE")
    assert turn["played"]["equity"] == values[at]
    assert turn["rank"] == place_in(values, at)
    assert turn["equity_lost"] == round(max(0.0, values[0] - values[at]), 1)
    assert turn["plays"] == analyse_position(position, WORDS)["plays"]  # every legal play, as before
    assert report["summary"][0]["best_plays"] == (turn["rank"] == 1)

    # Had the Master's choice been played, the same candidates meet the same draws: it ranks 1, loses nothing.
    choice = outcome.ranked[0].play
    assert choice.key() != position.as_play().key()
    chosen = turn_of(midgame(), [(t.row, t.col, t.letter) for t in choice.tiles])
    again = analyse([chosen], WORDS, top=50, simulate=random.Random(1), simulate_iterations=40,
                    simulate_seconds=None)["turns"][0]
    assert again["best"] == turn["best"]
    assert (again["rank"], again["equity_lost"], again["played"]["equity"]) == (1, 0.0, values[0])
    assert turn["rank"] > 1 and turn["equity_lost"] > 0


def test_the_simulation_has_the_masters_caps_by_default(monkeypatch):
    seen = []

    def record(situation, plays, lexicon, rng, **kwargs):
        seen.append(kwargs)
        return simulation.Simulation([simulation.Candidate(p, 0.0) for p in plays], 0)

    monkeypatch.setattr(simulation, "simulate", record)
    analyse([turn_of(midgame(), NO)], WORDS, simulate=random.Random(1))
    assert seen[0]["iterations"] == simulation.ITERATIONS and seen[0]["max_seconds"] == simulation.MAX_SECONDS


def test_the_played_move_is_simulated_even_when_static_equity_ranks_it_far_down(spy):
    low = turn_of(midgame(), ANT)
    withdrawn = replace(turn_of(midgame(), NO), withdrawn=True)  # taken back: the rack kept, as a pass
    assert static_rank(low) > 100
    for position, move in ((low, "J11 ANT"), (withdrawn, "-")):
        turn = analyse_position(position, WORDS, top=50, simulate=random.Random(2), simulate_iterations=20,
                                simulate_seconds=None)
        outcome = spy[-1]["outcome"]
        assert turn["method"] == "simulation"
        mine = next(c for c in outcome.candidates if notation(position, c.play) == move)
        master = {p.key() for p in masters_candidates(position)}
        assert {c.play.key() for c in outcome.candidates} == master | {mine.play.key()}
        assert mine.values  # valued in the simulation's iterations, not by its static equity
        values = [b["equity"] for b in turn["best"]]
        assert len(values) == len(outcome.candidates)
        at = [notation(position, c.play) for c in outcome.ranked].index(move)
        assert turn["played"]["equity"] == round(mine.mean, 1) == values[at]
        assert turn["rank"] == place_in(values, at)
        assert turn["equity_lost"] == round(max(0.0, values[0] - values[at]), 1)


def test_a_played_exchange_is_simulated_with_at_most_two_exchanges_or_passes(spy):
    state = midgame()
    state["racks"][0]["tiles"] = list("IQUUVVW")
    position = turn_of(state, kind="exchange", exchanged="Q", exchanged_count=1)
    master = masters_candidates(position)
    assert sum(p.kind != "place" for p in master) == simulation.OTHER_WIDTH
    assert all(p.exchange != "Q" for p in master)  # the played exchange is not among them
    turn = analyse_position(position, WORDS, top=50, simulate=random.Random(3), simulate_iterations=20,
                            simulate_seconds=None)
    candidates = spy[-1]["outcome"].candidates
    assert turn["method"] == "simulation" and turn["rank"] is not None
    assert sum(c.play.kind != "place" for c in candidates) == simulation.OTHER_WIDTH
    assert any(c.play.kind == "exchange" and c.play.exchange == "Q" for c in candidates)
    assert {"move": "-Q", "score": 0, "equity": turn["played"]["equity"]} in turn["best"]


def test_a_phony_gets_no_rank_and_loses_the_best_simulated_value_whole(spy):
    position = turn_of(midgame(), PHONY)
    report = analyse([position], WORDS, top=50, simulate=random.Random(4), simulate_iterations=30,
                     simulate_seconds=None)
    (turn,) = report["turns"]
    assert turn["method"] == "simulation" and turn["phony"] and turn["played"]["rejected"] == ["TR"]
    assert turn["rank"] is None and turn["played"]["equity"] == 0.0
    moves = [notation(position, c.play) for c in spy[0]["outcome"].candidates]
    assert "J10 AT" not in moves and [b["move"] for b in turn["best"]] == [
        notation(position, c.play) for c in spy[0]["outcome"].ranked]
    best = turn["best"][0]["equity"]  # the Master's choice
    assert best > 0 and turn["equity_lost"] == best
    assert report["summary"][0]["best_plays"] == 0 and report["summary"][0]["phonies"] == 1


def test_the_same_seed_gives_the_same_report():
    first = turn_of(midgame(), NO)
    second = turn_of(midgame(), ANT, turn=1, rack="AEINORT")
    positions = [first, second]
    once = analyse(positions, WORDS, simulate=random.Random(7), simulate_iterations=30)
    again = analyse(positions, WORDS, simulate=random.Random(7), simulate_iterations=30)
    assert once == again
    assert [t["method"] for t in once["turns"]] == ["simulation", "simulation"]


def test_three_players_an_empty_bag_and_no_placement_stay_static():
    state = midgame()
    view = ENGINE.view(state, 0)
    opponent = "".join(state["racks"][1]["tiles"])
    positions = [
        turn_of(state, NO, seats=3),
        turn_of(state, NO, turn=1, bag_count=0, unseen=opponent),  # the end-game: no bag to look into
        turn_of(state, turn=2, kind="pass", board=tuple(boardmod.empty_board()), rack="BCDFGHJ",
                unseen="".join(sorted((Counter(ENGLISH.counts) - Counter("BCDFGHJ")).elements())),
                bag_count=100 - 14),  # no word on an empty board without a vowel
        # One tile in the bag, an exchange allowed: the pre-end-game weighs placements and the pass only.
        turn_of(state, turn=3, kind="exchange", exchanged="Q", exchanged_count=1, rack="AEINORQ", bag_count=1,
                unseen=opponent + "E", min_bag_for_exchange=1),
    ]
    assert view["bag_count"] > simulation.PRE_ENDGAME_BAG
    static = analyse(positions, WORDS)
    looked = analyse(positions, WORDS, simulate=random.Random(1), simulate_iterations=10)
    assert looked["method"] == "simulation" and static["method"] == "static"
    assert looked["turns"] == static["turns"]
    assert [t["method"] for t in looked["turns"]] == ["static"] * 4
    assert looked["summary"] == static["summary"]


def test_with_two_tiles_in_the_bag_every_bag_is_gone_through():
    position = turn_of(midgame(), ANT, bag_count=2, unseen="ADEEGLOSU")
    turn = analyse_position(position, WORDS, top=50, simulate=random.Random(1))
    assert turn["method"] == "pre_endgame"
    situation = Situation(list(position.board), position.rack, ENGLISH, 2, position.unseen)
    plays = all_plays(situation.board, list(situation.rack), WORDS, ENGLISH, bag_count=2)
    direct = {notation(position, p): round(v, 1)
              for v, p in simulation.pre_endgame_values(situation, plays, WORDS, max_seconds=None)}
    shown = {b["move"]: b["equity"] for b in turn["best"]}
    assert set(shown) == set(direct) | {"J11 ANT"}  # the Master's candidates, and the played move
    assert all(shown[m] == v for m, v in direct.items())
    values = [b["equity"] for b in turn["best"]]
    assert values == sorted(values, reverse=True)
    assert turn["played"]["equity"] == shown["J11 ANT"]
    assert turn["rank"] == 1 + sum(v > shown["J11 ANT"] for v in values) > 1
    assert turn["equity_lost"] == round(values[0] - shown["J11 ANT"], 1)


def unseen_by(board, rack: str) -> str:
    """The tiles the holder of ``rack`` cannot see on ``board``."""
    on_board = Counter("?" if ch.islower() else ch for row in board for ch in row if ch != ".")
    return "".join(sorted((Counter(ENGLISH.counts) - on_board - Counter(rack)).elements()))


def test_the_opponents_real_rack_does_not_change_the_report():
    """Two records alike but for what the opponent held, before and after the mover's turn: that turn
    reads the same, though the opponent's own turns (its rack recorded) differ."""
    state = midgame()
    mover = replace(turn_of(state, NO), turn=1)
    after = ENGINE.apply(state, 0, place(*NO), NO_WORD_CHECK)["board"]
    pool = Counter(mover.unseen)  # the opponent's rack and the bag, as the mover sees them
    held = "".join(state["racks"][1]["tiles"])
    other = "".join(sorted((pool - Counter(held)).elements()))[:7]
    assert Counter(other) != Counter(held) and not Counter(other) - pool

    def record(rack: str) -> list[Position]:
        """The opponent passes holding ``rack``, the mover plays NO, the opponent passes again."""
        before = replace(mover, turn=0, seat=1, player="seat2", rack=rack, kind="pass", tiles=(),
                         unseen=unseen_by(mover.board, rack))
        later = replace(before, turn=2, board=tuple(after), unseen=unseen_by(after, rack),
                        bag_count=mover.bag_count)
        return [before, mover, later]

    one = analyse(record(held), WORDS, simulate=random.Random(5), simulate_iterations=30, simulate_seconds=None)
    two = analyse(record(other), WORDS, simulate=random.Random(5), simulate_iterations=30, simulate_seconds=None)
    assert [t["method"] for t in one["turns"]] == ["simulation"] * 3
    assert one["turns"][0] != two["turns"][0] and one["turns"][2] != two["turns"][2]
    assert one["turns"][1] == two["turns"][1]
