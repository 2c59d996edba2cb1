"""Term decks: the starter English deck, the CSV format, importing (all or nothing) and exporting."""

import re

import pytest

from games.management.commands.load_starter_data import STEPS, load_term_decks
from lexicons.models import TermCard
from lexicons.term_csv import CardFormatError, clean_card, engine_card, read_csv
from lexicons.term_decks import (
    TermImportError,
    starter_deck_load,
    starter_deck_path,
    term_cards_export,
    term_cards_import,
)

# Words that must never be a term: names, slurs and rude words a table would not want to see.  Small on
# purpose: the deck was reviewed by hand; this catches a slip in a later edit.
BLOCKLIST = {
    "ass", "bitch", "bastard", "crap", "damn", "dick", "fag", "hell", "nazi", "nigger", "penis", "piss", "porn",
    "sex", "shit", "fuck", "slut", "whore", "vagina", "boob", "gun", "drug", "cocaine", "beaver", "screw",
    "alice", "bob", "john", "mary", "london", "paris", "daisy", "cliff", "jack", "bill", "rose", "robin",
}

HEADER = "id,language,side_a,side_b,alternatives,active\n"


def starter():
    return read_csv(starter_deck_path("en").read_text(encoding="utf-8"))


def terms_of(card):
    return [t for side in (card.side_a, card.side_b) for t in side.split(", ")]


def test_the_starter_deck_has_sixty_cards_of_distinct_single_word_terms():
    deck = starter()
    assert deck.errors == []
    assert len(deck.cards) >= 60
    terms = [t for card in deck.cards for t in terms_of(card)]
    assert len(terms) == 10 * len(deck.cards)
    assert len(set(terms)) == len(terms) >= 300
    assert all(re.fullmatch(r"[a-z]+", t) for t in terms), [t for t in terms if not re.fullmatch(r"[a-z]+", t)]
    assert not set(terms) & BLOCKLIST
    assert all(card.language == "en" and card.active and card.id is None for card in deck.cards)


def test_the_starter_deck_alternatives_belong_to_their_cards():
    for card in starter().cards:
        as_played = engine_card(id=1, side_a=card.side_a, side_b=card.side_b, alternatives=card.alternatives)
        for term, alternatives in as_played["alternatives"].items():
            assert term in terms_of(card)
            assert alternatives and all(a not in terms_of(card) for a in alternatives)


def test_the_starter_deck_loads_once(db):
    assert starter_deck_load(language="en") == len(starter().cards)
    card = TermCard.objects.first()
    card.side_a = "ant, bee, owl, fox, elk"
    card.save()
    assert starter_deck_load(language="en") == 0
    assert TermCard.objects.count() == len(starter().cards)
    card.refresh_from_db()
    assert card.side_a == "ant, bee, owl, fox, elk"  # a curator's edit survives


def test_load_starter_data_has_a_step_for_the_decks(db):
    assert load_term_decks in STEPS

    class Out:
        def __init__(self):
            self.lines = []

        def write(self, line):
            self.lines.append(line)

    command = type("Command", (), {"stdout": Out()})()
    load_term_decks(command)
    load_term_decks(command)
    assert command.stdout.lines == ["spell term cards: 62 added", "spell term cards: already there"]
    assert TermCard.objects.filter(language="en", active=True).count() == 62


def test_a_card_is_stored_in_one_spelling():
    card = clean_card(language=" EN ", side_a="Apple,chair ,  river ,kite,owl", side_b="bread, tent, drum, frog, sock",
                      alternatives="apple:pomme ;  owl : hooter, night bird")
    assert (card.language, card.side_a, card.alternatives) == (
        "en", "Apple, chair, river, kite, owl", "Apple: pomme; owl: hooter, night bird")


@pytest.mark.parametrize(
    "side_a,alternatives,message",
    [
        ("apple, chair, river, kite", "", "Side A: A side needs 5 terms separated by commas, not 4."),
        ("apple, chair, river, kite, bread", "", "The card holds 'bread' and 'bread': the same term twice."),
        ("apple, chair, river, kite, Breads", "", "The card holds 'Breads' and 'bread': the same term twice."),
        ("apple, chair, r1ver, kite, owl", "", "Side A: The term 'r1ver' may hold only letters"),
        ("apple, chair, river, kite, owl", "pear: poire", "Alternatives are given for 'pear', which is not on the"),
        ("apple, chair, river, kite, owl", "apple pomme", "Write alternatives as 'term: alt, alt', not 'apple pomme'."),
    ],
)
def test_a_bad_card_is_refused_with_the_reason(side_a, alternatives, message):
    with pytest.raises(CardFormatError) as exc:
        clean_card(language="en", side_a=side_a, side_b="bread, tent, drum, frog, sock", alternatives=alternatives)
    assert str(exc.value).startswith(message)


def test_reading_a_file_names_every_bad_row():
    text = HEADER + "\n".join([
        ',en,"apple, chair, river, kite, owl","bread, tent, drum, frog, sock",,1',
        ',en,"apple, chair, river, kite","bread, tent, drum, frog, sock",,1',
        '',
        ',english,"apple, chair, river, kite, owl","bread, tent, drum, frog, sock",,1',
        'x,en,"apple, chair, river, kite, owl","bread, tent, drum, frog, sock",,1',
        ',en,"apple, chair, river, kite, owl","bread, tent, drum, frog, sock",,maybe',
    ]) + "\n"
    deck = read_csv(text)
    assert [row for row, _ in deck.errors] == [3, 5, 6, 7]
    assert len(deck.cards) == 1 and deck.cards[0].row == 2


def test_a_file_without_the_header_is_refused():
    assert read_csv("language,side_a\nen,x\n").errors == [
        (1, "The header row needs the columns id, language, side_a, side_b, alternatives, active; "
            "missing: id, side_b, alternatives, active.")]


def test_an_import_with_a_bad_row_writes_nothing(db):
    starter_deck_load(language="en")
    before = list(TermCard.objects.order_by("pk").values_list("pk", "side_a", "active"))
    first = before[0][0]
    text = HEADER + "\n".join([
        ',nl,"appel, stoel, rivier, vlieger, uil","brood, tent, trommel, kikker, sok",,1',
        f'{first},en,"ant, bee, owl, fox, elk","bread, tent, drum, frog, sock",,0',
        '999999,en,"ant, bee, owl, fox, elk","bread, tent, drum, frog, sock",,1',
    ]) + "\n"
    with pytest.raises(TermImportError) as exc:
        term_cards_import(text=text)
    assert exc.value.errors == [(4, "There is no card 999999; leave id empty to add a new card.")]
    assert list(TermCard.objects.order_by("pk").values_list("pk", "side_a", "active")) == before


def test_an_import_adds_new_cards_and_overwrites_those_with_an_id(db):
    starter_deck_load(language="en")
    first = TermCard.objects.order_by("pk").first()
    text = HEADER + "\n".join([
        ',nl,"appel, stoel, rivier, vlieger, uil","brood, tent, trommel, kikker, sok","uil: oehoe",1',
        f'{first.pk},en,"ant, bee, owl, fox, elk","bread, tent, drum, frog, sock",,0',
    ]) + "\n"
    result = term_cards_import(text=text)
    assert (result.created, result.updated) == (1, 1)
    first.refresh_from_db()
    assert (first.side_a, first.active) == ("ant, bee, owl, fox, elk", False)
    dutch = TermCard.objects.get(language="nl")
    assert (dutch.side_b, dutch.alternatives) == ("brood, tent, trommel, kikker, sok", "uil: oehoe")


def test_an_import_overwriting_many_cards_takes_a_few_statements(db, django_assert_max_num_queries):
    starter_deck_load(language="en")
    cards = list(TermCard.objects.order_by("pk"))
    for card in cards:
        card.active = False
    text = term_cards_export(cards=cards)
    with django_assert_max_num_queries(6):  # not one UPDATE per card
        result = term_cards_import(text=text)
    assert (result.created, result.updated) == (0, len(cards))
    assert not TermCard.objects.filter(active=True).exists()


def test_an_export_imports_again_unchanged(db):
    starter_deck_load(language="en")
    text = term_cards_export(cards=TermCard.objects.order_by("pk"))
    assert text.startswith(HEADER)
    assert len(text.splitlines()) == 63
    result = term_cards_import(text=text)
    assert (result.created, result.updated) == (0, 0)
    assert TermCard.objects.count() == 62
