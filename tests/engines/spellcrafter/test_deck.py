"""The deck is the 108 cards of shared/rules/spellcrafter.md, with stable ids."""

from collections import Counter

from engines.spellcrafter.deck import CARDS, DECK_IDS, LETTER_VALUES, SUITS


def test_deck_has_108_cards_with_unique_ids():
    assert len(DECK_IDS) == 108
    assert len(set(DECK_IDS)) == 108


def test_every_suit_has_25_letters_and_its_rare_trio():
    per_suit = Counter(c["suit"] for c in CARDS.values() if c["kind"] == "letter")
    assert per_suit == {suit: 25 for suit in SUITS}
    gale = sorted(c["letter"] for c in CARDS.values() if c["suit"] == "gale")
    assert "".join(gale) == "".join(sorted("AAEEEIIOOU" + "DLNRST" + "BCGHMP" + "WKZ"))


def test_four_wilds_and_four_doubles_have_no_suit_and_no_value():
    specials = [c for c in CARDS.values() if c["kind"] != "letter"]
    assert Counter(c["kind"] for c in specials) == {"wild": 4, "double": 4}
    assert all(c["suit"] is None and c["letter"] is None and c["value"] == 0 for c in specials)


def test_ids_are_stable_and_carry_the_scrabble_value():
    assert CARDS["gale-Z1"] == {"id": "gale-Z1", "kind": "letter", "suit": "gale", "letter": "Z", "value": 10}
    assert CARDS["flame-E3"]["value"] == 1
    assert CARDS["wild-4"]["kind"] == "wild"
    assert all(c["value"] == LETTER_VALUES[c["letter"]] for c in CARDS.values() if c["kind"] == "letter")
