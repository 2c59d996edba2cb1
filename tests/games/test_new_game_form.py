"""The new-game page: each game's options as controls, exactly those options stored, options that
cannot work never offered, and refusals in words beside the field they concern (never a code)."""

import re

import pytest
from django.utils import timezone

from games.models import Game, GameStatus, Seat
from lexicons.models import Lexicon, TermCard
from lexicons.term_decks import starter_deck_load
from tests.games.helpers import stand_in_lexicons

pytestmark = pytest.mark.django_db

WORDS = {"en": ["cat", "dog", "bark", "rust"], "nl": ["kat", "hond"]}
CODES = re.compile(r"\b[A-Z]+_[A-Z_]+\b")  # UNKNOWN_PLAYER, BAD_OPTIONS ...


@pytest.fixture
def site(monkeypatch):
    """English and Dutch word lists and the English term deck, as a fresh ``make run`` has them."""
    stand_in_lexicons(monkeypatch, WORDS)
    starter_deck_load(language="en")


def post(client, **fields):
    data = {"days_per_move": 3, **fields}
    return client.post("/games/new/", data)


def page(client) -> str:
    return client.get("/games/new/").content.decode()


def errors_beside(html: str, field_id: str) -> str:
    """The error list Django draws for a field (``<ul class="errorlist" id="id_<field>_error">``)."""
    found = re.search(rf'<ul class="errorlist" id="{field_id}_error">(.*?)</ul>', html, re.S)
    return re.sub(r"<[^>]+>", " ", found.group(1)) if found else ""


# -- each game's POST stores exactly its options ------------------------------------------------------

@pytest.mark.parametrize(("fields", "kind", "seats", "options"), [
    ({"kind": "crossword", "crossword_seats": 2, "crossword_tile_set": "nl", "crossword_lexicon": "nl",
      "crossword_challenge": "double", "rated": "casual", "opponent": ["bob"]},
     "crossword", 2, {"tile_set": "nl", "lexicon": "nl", "challenge": "double", "rated": False}),
    ({"kind": "crossword", "crossword_seats": 3, "crossword_tile_set": "en", "crossword_lexicon": "en",
      "crossword_challenge": "single", "rated": "rated", "opponent": ["bob", "Carol"]},
     "crossword", 3, {"tile_set": "en", "lexicon": "en", "challenge": "single"}),
    ({"kind": "turnspell", "turnspell_seats": 2, "turnspell_lexicon": "en", "rated": "rated", "opponent": ["bob"]},
     "turnspell", 2, {"lexicon": "en"}),
    ({"kind": "spellcrafter", "spellcrafter_seats": 2, "spellcrafter_rounds": 2, "spellcrafter_lexicon": "en",
      "rated": "casual", "opponent": ["bob"]},
     "spellcrafter", 2, {"rounds": 2, "lexicon": "en", "rated": False}),
    # Spell is cooperative: never rated, so "casual" adds nothing; side B every round.
    ({"kind": "spell", "spell_seats": 3, "spell_language": "en", "spell_side": "1", "rated": "casual",
      "opponent": ["bob", "carol"]},
     "spell", 3, {"language": "en", "side": 1}),
    ({"kind": "spell", "spell_seats": 2, "spell_language": "en", "spell_side": "drawn", "opponent": ["bob"]},
     "spell", 2, {"language": "en"}),
])
def test_each_game_creates_exactly_the_options_chosen(client, site, alice, bob, carol, fields, kind, seats, options):
    client.force_login(alice)
    response = post(client, play_with="named", **fields)
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert (game.kind, game.seats_count, game.status) == (kind, seats, GameStatus.CHALLENGE)
    stored = {k: v for k, v in game.options.items() if k != "cards"}  # Spell's cards are drawn by the server
    assert stored == options
    players = list(Seat.objects.filter(game=game).order_by("index").values_list("user__username", flat=True))
    assert players == ["alice", *[n.lower() for n in fields["opponent"]]]


def test_an_open_seek_names_nobody_and_waits_in_the_lobby(client, site, alice):
    client.force_login(alice)
    response = post(client, kind="turnspell", turnspell_seats=3, turnspell_lexicon="en", play_with="anyone",
                    days_per_move=7)
    seek = Game.objects.get()
    assert response["Location"] == "/lobby/"
    assert (seek.status, seek.seats_count, seek.days_per_move) == (GameStatus.OPEN, 3, 7)
    assert seek.options == {"lexicon": "en"}


def test_another_games_settings_never_refuse_the_form(client, site, alice, bob):
    client.force_login(alice)
    response = post(client, kind="turnspell", turnspell_seats=2, turnspell_lexicon="en", opponent=["bob"],
                    crossword_tile_set="xx", spell_language="zz", spellcrafter_rounds=99)
    assert response.status_code == 302
    assert Game.objects.get().options == {"lexicon": "en"}


def test_an_opponent_is_found_by_display_name_too(client, site, alice, make_user):
    make_user(username="hnk", display_name="Henk de Vries")
    client.force_login(alice)
    post(client, kind="crossword", crossword_seats=2, crossword_tile_set="en", crossword_lexicon="en",
         crossword_challenge="void", play_with="named", opponent=["henk de vries"])
    assert list(Game.objects.get().seats.values_list("user__username", flat=True)) == ["alice", "hnk"]


def test_the_page_shows_each_games_controls_and_the_honour_system(client, site, alice):
    client.force_login(alice)
    html = page(client)
    for name in ("crossword_tile_set", "crossword_lexicon", "crossword_challenge", "turnspell_seats",
                 "spellcrafter_rounds", "spell_language", "spell_side", "days_per_move", "rated", "play_with"):
        assert f'name="{name}"' in html, name
    assert "JSON" not in html and 'name="options"' not in html
    # Each challenge mode with its one-line explanation.
    assert "A word the word list does not know is refused at once" in html
    assert "an invalid play goes back to the rack and scores nothing" in html
    assert "a failed challenge costs the challenger their turn" in html
    assert "Outside dictionaries are on the honour system, as in postal play." in html
    assert "Spell is cooperative: the table plays as one team for one score, and the game is never rated." in html
    # Players within each engine's limits: Crossword 2-4, Spell 2-6.
    crossword_seats = re.search(r'<select name="crossword_seats".*?</select>', html, re.S).group(0)
    assert re.findall(r'value="(\d)"', crossword_seats) == ["2", "3", "4"]
    spell_seats = re.search(r'<select name="spell_seats".*?</select>', html, re.S).group(0)
    assert re.findall(r'value="(\d)"', spell_seats) == ["2", "3", "4", "5", "6"]
    # One opponent box per seat the largest game can have, each with its suggestions list.
    assert html.count('name="opponent"') == 5 and html.count('data-player-search="/api/players/"') == 5


def test_a_challenge_link_fills_in_the_opponent(client, site, alice, bob):
    client.force_login(alice)
    html = client.get("/games/new/?opponent=bob&kind=spell").content.decode()
    assert re.search(r'id="opponent-1" name="opponent" value="bob"', html)
    assert '<option value="spell" selected>' in html


# -- options that cannot work are not offered ---------------------------------------------------------

def test_a_dutch_tile_set_is_offered_only_with_a_dutch_word_list(client, monkeypatch, alice, bob):
    stand_in_lexicons(monkeypatch, {"en": WORDS["en"]})
    client.force_login(alice)
    html = page(client)
    assert 'name="crossword_tile_set" value="en"' in html
    assert 'name="crossword_tile_set" value="nl"' not in html
    response = post(client, kind="crossword", crossword_seats=2, crossword_tile_set="nl", crossword_lexicon="en",
                    opponent=["bob"])
    assert "Select a valid choice. nl is not one of the available choices." in errors_beside(
        response.content.decode(), "id_crossword_tile_set")
    assert not Game.objects.exists()


def test_a_word_list_in_another_language_than_the_tiles_is_refused_beside_it(client, site, alice, bob):
    client.force_login(alice)
    response = post(client, kind="crossword", crossword_seats=2, crossword_tile_set="en", crossword_lexicon="nl",
                    crossword_challenge="void", opponent=["bob"])
    assert "Nederlands is not a word list for the English tiles; choose one in the same language." in errors_beside(
        response.content.decode(), "id_crossword_lexicon")
    assert not Game.objects.exists()


def test_games_without_their_word_list_or_cards_are_not_offered(client, db, alice, bob):
    client.force_login(alice)
    html = page(client)
    kinds = re.findall(r'<option value="(\w+)"', re.search(r'<select name="kind".*?</select>', html, re.S).group(0))
    assert not {"crossword", "turnspell", "spellcrafter", "spell"} & set(kinds)
    assert "Crossword (no English or Dutch word list is loaded on this site yet)" in html
    assert "Spell (there are not enough term cards on this site yet)" in html
    response = post(client, kind="spell", spell_seats=2, spell_language="en", opponent=["bob"])
    assert "Select a valid choice. spell is not one of the available choices." in errors_beside(
        response.content.decode(), "id_kind")
    assert not Game.objects.exists()


def test_a_spell_language_with_too_few_cards_is_not_offered(client, site, alice):
    TermCard.objects.bulk_create(TermCard(language="nl", side_a="a, b, c, d, e", side_b=f"f, g, h, i, j{n}")
                                 for n in range(4))
    client.force_login(alice)
    languages = re.search(r'<select name="spell_language".*?</select>', page(client), re.S).group(0)
    assert re.findall(r'value="(\w+)"', languages) == ["en"]
    TermCard.objects.create(language="nl", side_a="a, b, c, d, e", side_b="f, g, h, i, k")
    languages = re.search(r'<select name="spell_language".*?</select>', page(client), re.S).group(0)
    assert re.findall(r'value="(\w+)"', languages) == ["en", "nl"]


def test_only_english_word_lists_are_offered_for_turnspell(client, site, alice):
    Lexicon.objects.create(code="en-big", language="en", name="English, big", version=1)
    client.force_login(alice)
    select = re.search(r'<select name="turnspell_lexicon".*?</select>', page(client), re.S).group(0)
    assert re.findall(r'value="([\w-]+)"', select) == ["en", "en-big"]


# -- refusals in words, beside the opponents, nothing written -----------------------------------------

@pytest.mark.parametrize(("fields", "words"), [
    ({"opponent": ["ghost"]}, "No player called ghost."),
    ({"opponent": ["alice"]}, "You cannot play against yourself; name someone else."),
    ({"opponent": [""]}, "Name your opponent, or choose “Anyone” to post an open seek in the lobby."),
    ({"crossword_seats": 3, "opponent": ["bob"]}, "A game of 3 players needs 2 opponents named; you named 1."),
    ({"crossword_seats": 3, "opponent": ["bob", "BOB"]}, "Bob is named twice."),
    ({"play_with": "anyone", "opponent": ["bob"]},
     "An open seek names nobody: clear the names, or choose “Players I name”."),
])
def test_a_refused_opponent_is_explained_beside_the_names(client, site, alice, bob, fields, words):
    bob.display_name = "Bob"
    bob.save()
    client.force_login(alice)
    data = {"kind": "crossword", "crossword_seats": 2, "crossword_tile_set": "en", "crossword_lexicon": "en",
            "crossword_challenge": "void", "play_with": "named", **fields}
    response = post(client, **data)
    html = response.content.decode()
    assert response.status_code == 200
    assert words in errors_beside(html, "id_opponent")
    assert not Game.objects.exists() and not Seat.objects.exists()


def test_an_inactive_player_cannot_be_challenged(client, site, alice, bob):
    bob.is_active = False
    bob.save()
    client.force_login(alice)
    response = post(client, kind="crossword", crossword_seats=2, crossword_tile_set="en", crossword_lexicon="en",
                    opponent=["bob"])
    assert "No player called bob." in errors_beside(response.content.decode(), "id_opponent")
    assert not Game.objects.exists()


def test_a_service_refusal_is_shown_in_words_beside_the_names_without_its_code(client, site, alice, bob):
    from accounts.vacations import vacation_book

    vacation_book(user=bob, days=5, now=timezone.now())
    client.force_login(alice)
    response = post(client, kind="spellcrafter", spellcrafter_seats=2, spellcrafter_rounds=4,
                    spellcrafter_lexicon="en", opponent=["bob"])
    html = response.content.decode()
    beside = errors_beside(html, "id_opponent")
    assert "is on vacation until" in beside
    assert "PLAYER_ON_VACATION" not in html and not CODES.search(beside)
    assert not Game.objects.exists()


def test_the_eleventh_seek_from_the_form_is_refused_on_the_form(client, site, alice):
    from games.services.creating import MAX_OPEN_SEEKS

    client.force_login(alice)
    for _ in range(MAX_OPEN_SEEKS):
        assert post(client, kind="turnspell", turnspell_seats=2, turnspell_lexicon="en",
                    play_with="anyone").status_code == 302
    response = post(client, kind="turnspell", turnspell_seats=2, turnspell_lexicon="en", play_with="anyone")
    assert response.status_code == 200 and "open seeks already" in response.content.decode()
    assert Game.objects.filter(created_by=alice, status=GameStatus.OPEN).count() == MAX_OPEN_SEEKS
