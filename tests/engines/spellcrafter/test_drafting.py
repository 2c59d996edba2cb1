"""Dealing, the jumper, simultaneous picks, passing direction, the discarded last card, reshuffling."""

from engines.spellcrafter import ENGINE
from engines.spellcrafter.deck import CARDS, DECK_IDS

from .helpers import CTX, NO_WORD, card_ids, crafting_position, play_all


def all_cards(state):
    cards = list(state["deck"]) + list(state["discard"])
    for p in state["players"]:
        cards += p["hand"] + p["picks"]
    if state["jumper"]:
        cards.append(state["jumper"])
    return cards


def pick_first_cards(state):
    picks = {s: {"type": "pick", "card": p["hand"][0]} for s, p in enumerate(state["players"])}
    return play_all(state, picks)


def draft_round(state):
    for _ in range(7):
        state = pick_first_cards(state)
    return state


def test_setup_deals_eight_cards_each_and_a_letter_jumper():
    state = ENGINE.setup(3, {}, seed=1)
    assert [len(p["hand"]) for p in state["players"]] == [8, 8, 8]
    assert CARDS[state["jumper"]]["kind"] == "letter"
    assert sorted(all_cards(state)) == sorted(DECK_IDS)
    assert ENGINE.to_act(state) == {0, 1, 2}


def test_a_pick_waits_for_the_others_and_keeps_the_turn():
    state = ENGINE.setup(3, {}, seed=1)
    card = state["players"][1]["hand"][2]
    after = ENGINE.apply(state, 1, {"type": "pick", "card": card}, CTX)
    assert after["players"][1]["picks"] == [card]
    assert ENGINE.to_act(after) == {0, 2}
    assert ENGINE.turn_id(after) == ENGINE.turn_id(state)
    assert after["players"][0]["hand"] == state["players"][0]["hand"]


def test_round_one_passes_left_to_the_next_seat():
    state = ENGINE.setup(3, {}, seed=2)
    kept = [p["hand"][1:] for p in state["players"]]
    after = pick_first_cards(state)
    assert [p["hand"] for p in after["players"]] == [kept[2], kept[0], kept[1]]
    assert ENGINE.turn_id(after) != ENGINE.turn_id(state)
    assert after["step"] == 2


def test_round_two_passes_right_to_the_previous_seat():
    state = crafting_position(["fA", "fE", "fI"])
    state = play_all(state, {0: NO_WORD, 1: NO_WORD, 2: NO_WORD})
    assert state["round"] == 2
    kept = [p["hand"][1:] for p in state["players"]]
    after = pick_first_cards(state)
    assert [p["hand"] for p in after["players"]] == [kept[1], kept[2], kept[0]]


def test_seventh_pick_discards_the_last_card_and_starts_crafting():
    state = draft_round(ENGINE.setup(2, {}, seed=3))
    assert state["phase"] == "craft"
    assert [len(p["picks"]) for p in state["players"]] == [7, 7]
    assert [p["hand"] for p in state["players"]] == [[], []]
    assert len(state["discard"]) == 2 + len(state["burned"])  # seed 3 turns up a special as jumper
    assert ENGINE.to_act(state) == {0, 1}
    assert sorted(all_cards(state)) == sorted(DECK_IDS)


def test_the_last_cards_discarded_are_the_ones_left_in_the_hands():
    state = ENGINE.setup(2, {}, seed=3)
    for _ in range(6):
        state = pick_first_cards(state)
    leftovers = [p["hand"][1] for p in state["players"]]
    state = pick_first_cards(state)
    assert sorted(state["discard"]) == sorted(state["burned"] + leftovers)


def test_a_special_card_turned_up_as_jumper_is_burned_and_redrawn():
    state = crafting_position(["fA", "fE"])
    hands = card_ids("sA sA sE sE sE sI sI sO sO sU sD sL sN sR sS sT")
    draws = hands + ["wild-1", "double-1", "tide-E1"]
    state["deck"] = [c for c in state["deck"] if c not in draws] + list(reversed(draws))
    state = play_all(state, {0: NO_WORD, 1: NO_WORD})
    assert state["round"] == 2
    assert state["jumper"] == "tide-E1"
    assert state["burned"] == ["wild-1", "double-1"]
    assert {"wild-1", "double-1"} <= set(state["discard"])


def test_five_players_reshuffle_the_discards_when_the_deck_runs_out():
    state = ENGINE.setup(5, {}, seed=4)
    for _ in range(4):
        state = draft_round(state)
        assert sorted(all_cards(state)) == sorted(DECK_IDS)
        state = play_all(state, {s: NO_WORD for s in range(5)})
    assert state["phase"] == "over"
    assert state["reshuffles"] >= 1
    reshuffles = [e for e in state["log"] if e["type"] == "reshuffle"]
    assert reshuffles and reshuffles[0]["round"] == 3  # 2 x 41 cards dealt leaves 26, short of 41
    assert sorted(all_cards(state)) == sorted(DECK_IDS)


def test_reshuffle_is_seeded():
    def play(seed):
        state = ENGINE.setup(5, {}, seed=seed)
        for _ in range(3):
            state = play_all(draft_round(state), {s: NO_WORD for s in range(5)})
        return state

    assert play(9) == play(9)
    assert play(9)["deck"] != play(10)["deck"]
