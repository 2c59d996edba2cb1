"""The master bot's look-ahead: simulation over sampled racks, the pre-end-game over every bag, the
budget, and what it may know."""

import copy
import itertools
import random
from collections import Counter
from dataclasses import replace

import pytest

from engines.base import Context, SetLexicon
from engines.bots import choose_move
from engines.crossword import ENGINE, bot, simulation
from engines.crossword.equity import Evaluator
from engines.crossword.movegen import all_plays
from engines.crossword.simulation import bag_orders, pre_endgame_values, simulate

from .helpers import position

WORDS = SetLexicon("""
aa ab ad ae ag ah ai al am an ar as at aw ax ay ba be bi bo by da de do ed ef eh el em en er es ex fa go
ha he hi ho id if in is it jo ka la li lo ma me mi mo mu my na ne no nu od oe of oh oi om on op or os ow ox
oy pa pe pi qi re si so ta ti to uh um un up us ut we wo xi xu ya ye yo za
ace act add ado ads age ago aid ail aim air ale all and ant any ape arc are ark arm art ash ask ate axe bad
bag ban bar bat bay bed bee bet bid big bin bit bog box boy bud bug bus but cab can cap car cat cod cog con
cot cow cry cub cue cup cut dab dam day den dew did die dig dim din dip doe dog dot dry due dug dye ear eat
eel egg ego elf elk end era ore eve ewe eye fan far fat fax fed fee few fig fin fir fit fix fly foe fog for
fox fun fur gag gap gas gel gem get gin gnu god got gum gun gut had ham has hat hay hen her hid him hip his
hit hoe hog hop hot how hub hue hug hut ice ink inn ion ire jab jam jar jaw jet job jog jot joy jug keg key
kid kin kit lab lad lag lap law lay led leg let lid lie lip lit log lot low mad man map mat may men met mix
mob mop mud mug nap net new nib nil nip nod not now nun nut oak oar oat odd ode off oil old one our out owe
owl own pad pal pan pat paw pay pea pen pet pie pig pin pit pod pot pro pub pun put quo rag ram ran rat raw
ray red rib rid rig rim rip rob rod rot row rub rug rum run rut sad sag sat saw say sea see set sew she sin
sip sir sit six ski sly son sow soy spa spy sub sue sum sun tab tag tan tap tar tax tea tee ten the tie tin
tip toe ton too top toy try tub tug two urn use van vat vet vow wag war was wax way web wed wet who why wig
win wit won yak yam yes yet you zap zed zoo
able bare bear beat cane care cart cast cats date dare dear ears east eats fare gate hare hate hear heat
late lane lean mare mate neat near nose note oats rate rats read real rest rise road rose sand sane seat
star tale tame tear tern tide tile time tire tone tore rant rent nest sent sort tens toes zero
""".split())


def with_bag_from_unseen(state, seed=1):
    """Make the bag what the view says is unseen, less the opponent's rack (a position built from a
    picture keeps setup's bag otherwise)."""
    seat = state["to_move"]
    unseen = Counter(ENGINE.view(state, seat)["unseen"])
    unseen.subtract(state["racks"][1 - seat]["tiles"])
    bag = sorted(unseen.elements())
    random.Random(seed).shuffle(bag)
    state["bag"] = bag
    return state


def midgame():
    return with_bag_from_unseen(position("""
        CATS
        ...T
        ...A
        ...R
    """, top=7, left=7, racks=["AEINORT", "DEGLOSU"]))


def situation_and_plays(state):
    view = ENGINE.view(state, state["to_move"])
    situation = bot.situation_of(view)
    plays = all_plays(situation.board, list(situation.rack), WORDS, situation.tile_set,
                      bag_count=situation.bag_count)
    return situation, plays


def test_the_master_plays_legal_moves_from_the_first_turn():
    ctx = Context(lexicon=WORDS)
    state = ENGINE.setup(2, {}, 3)
    rng = random.Random(1)
    for _ in range(3):
        seat = state["to_move"]
        move = bot.choose(ENGINE.view(state, seat), WORDS, "master", rng)
        state = ENGINE.apply(state, seat, move, ctx)  # refuses anything illegal
    assert [e["type"] for e in state["log"][1:]].count("place") >= 2


def test_the_same_seed_gives_the_same_simulation_and_the_same_move():
    situation, plays = situation_and_plays(midgame())
    first = simulate(situation, plays, WORDS, random.Random(5), iterations=30, max_seconds=None)
    again = simulate(situation, plays, WORDS, random.Random(5), iterations=30, max_seconds=None)
    assert [c.values for c in first.candidates] == [c.values for c in again.candidates]
    assert first.best.move() == again.best.move()
    view = ENGINE.view(midgame(), 0)
    assert bot.choose(view, WORDS, "master", random.Random(9)) == bot.choose(view, WORDS, "master", random.Random(9))


def test_every_candidate_meets_the_same_draw_in_an_iteration():
    """Common random numbers: two copies of one play get the same value in every iteration, while
    the draws differ from one iteration to the next."""
    situation, plays = situation_and_plays(midgame())
    top = max((p for p in plays if p.kind == "place"), key=lambda p: p.score)
    sim = simulate(situation, [top, copy.copy(top)], WORDS, random.Random(2), iterations=8, min_iterations=2,
                   max_seconds=None)
    one, other = sim.candidates
    assert sim.iterations == 8 and one.values == other.values and len(set(one.values)) > 1


def test_the_iteration_budget_caps_the_simulation():
    situation, plays = situation_and_plays(midgame())
    sim = simulate(situation, plays, WORDS, random.Random(3), iterations=4, min_iterations=100, max_seconds=None)
    assert sim.iterations == 4 and len(sim.candidates) > 1
    assert all(len(c.values) == 4 and c.dropped_after is None for c in sim.candidates)


def test_the_time_cap_ends_the_simulation_between_iterations():
    """A clock that moves one second each time it is read: a three-second cap allows three iterations."""
    situation, plays = situation_and_plays(midgame())
    tick = itertools.count()
    sim = simulate(situation, plays, WORDS, random.Random(3), iterations=50, min_iterations=100,
                   max_seconds=3, clock=lambda: float(next(tick)))
    assert sim.iterations == 3


def test_a_clearly_worse_candidate_drops_out_early():
    situation, plays = situation_and_plays(midgame())
    top = max((p for p in plays if p.kind == "place"), key=lambda p: p.score)
    passing = next(p for p in plays if p.kind == "pass")
    sim = simulate(situation, [passing, top], WORDS, random.Random(4), iterations=60, min_iterations=5,
                   max_seconds=None)
    dropped = next(c for c in sim.candidates if c.play is passing)
    assert sim.best is top
    assert dropped.dropped_after is not None and dropped.dropped_after < 60
    assert len(dropped.values) == dropped.dropped_after == sim.iterations  # one left: the simulation stops


def test_candidates_keep_at_most_two_exchanges_or_passes():
    """A rack to throw back: many exchanges rank among the best plays, two of them are simulated."""
    state = midgame()
    state["racks"] = [{"seat": 0, "tiles": list("IQUUVVW")}, {"seat": 1, "tiles": list("AEINORT")}]
    situation, plays = situation_and_plays(with_bag_from_unseen(state))
    ranked = Evaluator(situation).top(plays, 40)
    chosen = simulation.candidates_of(situation, plays, 40)
    assert sum(p.kind != "place" for _, p in ranked) > simulation.OTHER_WIDTH
    assert sum(c.play.kind != "place" for c in chosen) == simulation.OTHER_WIDTH
    assert [c.static for c in chosen] == sorted((c.static for c in chosen), reverse=True)


def test_the_fast_best_equals_the_first_of_the_ranking():
    situation, plays = situation_and_plays(midgame())
    evaluator = Evaluator(situation)
    for ordered in (plays, list(reversed(plays))):
        equity, play = evaluator.top(ordered, 1)[0]
        assert evaluator.best(ordered) == (equity, play)


@pytest.mark.parametrize("phase", ["simulation", "pre-end-game"])
def test_the_master_decides_the_same_whatever_the_hidden_tiles_are(english, phase):
    """Move tiles between the opponent's rack and the bag: the view is the same, so is the move."""
    state, lexicon = (midgame(), WORDS) if phase == "simulation" else (late_game(), english)
    seat = state["to_move"]
    shuffled = copy.deepcopy(state)
    pool = shuffled["racks"][1 - seat]["tiles"] + shuffled["bag"]
    random.Random(3).shuffle(pool)
    shuffled["racks"][1 - seat]["tiles"], shuffled["bag"] = pool[:7], pool[7:]
    assert shuffled != state and ENGINE.view(shuffled, seat) == ENGINE.view(state, seat)
    assert bot.choose(ENGINE.view(state, seat), lexicon, "master", random.Random(8)) == \
        bot.choose(ENGINE.view(shuffled, seat), lexicon, "master", random.Random(8))


# -- the pre-end-game -----------------------------------------------------------------------------------


def test_bag_orders_list_every_sequence_with_its_ways():
    assert bag_orders("AAB", 1) == [("A", 2), ("B", 1)]
    assert bag_orders("AAB", 2) == [("AA", 2), ("AB", 2), ("BA", 2)]
    assert sum(ways for _, ways in bag_orders("?AACEIOT", 2)) == 8 * 7


def test_the_pre_end_game_weighs_every_bag_by_its_ways(monkeypatch):
    """Scored 1 when we draw the B: a play of two or more tiles draws both bag tiles, so it draws the B
    in four of the six ways ``AAB`` fills a bag of two; a play of one tile draws only the first; the
    pass none.  A play that empties the bag is valued once for AB and BA (what it draws is the same);
    the others once per order."""
    state = position("CAT", top=7, left=7, racks=["SEN", "A"])
    state["bag"] = ["B", "A"]
    situation, plays = situation_and_plays(state)
    situation = replace(situation, unseen="AAB")  # the opponent's A and the bag
    orders_seen: dict[int, list[str]] = {}

    def drawn_b(self, play, order):
        orders_seen.setdefault(id(play), []).append(order)
        return float("B" in order[:len(play.tiles)])

    monkeypatch.setattr(simulation._PreEndgame, "value", drawn_b)
    valued = pre_endgame_values(situation, plays, WORDS, width=30, max_seconds=None)
    assert {len(p.tiles) for _, p in valued} == {0, 1, 2, 3}
    for value, play in valued:
        drawn = min(len(play.tiles), 2)
        assert value == pytest.approx([0, 2 / 6, 4 / 6][drawn])
        assert orders_seen[id(play)] == (["AA", "AB"] if drawn == 2 else ["AA", "AB", "BA"])


def test_a_pre_end_game_out_of_time_falls_back_to_the_best_static_play(english):
    view = ENGINE.view(late_game(), 0)
    situation = bot.situation_of(view)
    plays = all_plays(situation.board, list(situation.rack), english, situation.tile_set, bag_count=1)
    tick = itertools.count()
    valued = pre_endgame_values(situation, plays, english, max_seconds=0, clock=lambda: float(next(tick)))
    assert valued == [Evaluator(situation).top([p for p in plays if p.kind == "place"], 1)[0]]


LATE_BOARD = """
    ......VENAE...G
    .........GRAVER
    ...........U..E
    ...........G..Y
    ..........SH...
    ......ORTHOTiCS
    ......FEU.L..OP
    .......PILAW.BO
    .O....M...N...N
    .I...QI...D..AD
    .N..JIN..IS..DE
    .KINO.IF.L..BYE
    ..TOE..AWE..UT.
    .......ZAX..MAT
    .......ER.....I
"""


def late_game(bag="A", opponent="?ACEIOT"):
    """A game between two experts with one tile left in the bag; the mover trails by 27."""
    state = position(LATE_BOARD, racks=["EURSLDR", opponent])
    state["bag"] = list(bag)
    state["scores"] = [365, 392]
    return state


def test_with_one_tile_left_the_master_keeps_the_bag_closed_where_the_bingo_loses(english):
    """SLURRED (80) draws the last tile and leaves the opponent, who holds seven of ?AACEIOT, free to go
    out with a bingo.  The master goes through the eight tiles the bag may hold and passes instead; played
    out by experts, the pass wins on average from 27 behind and the bingo loses."""
    ctx = Context(lexicon=english)
    state = late_game()
    greedy = choose_move("crossword", state, 0, ctx, "expert", random.Random(1))
    master = bot.choose(ENGINE.view(state, 0), english, "master", random.Random(1))
    assert len(greedy["tiles"]) == 7 and master == {"type": "pass"}

    def final_spread(move, in_bag):
        rest = Counter("?AACEIOT")
        rest.subtract(in_bag)
        game = ENGINE.apply(late_game(in_bag, "".join(rest.elements())), 0, move, ctx)
        rng = random.Random(1)
        while ENGINE.outcome(game) is None:
            seat = game["to_move"]
            game = ENGINE.apply(game, seat, choose_move("crossword", game, seat, ctx, "expert", rng), ctx)
        return game["scores"][0] - game["scores"][1]

    def average(move):
        orders = bag_orders("?AACEIOT", 1)
        return sum(ways * final_spread(move, tile) for tile, ways in orders) / sum(w for _, w in orders)

    assert average(master) > 0 > average(greedy)
