"""A game's options in words (``games.web.option_words``), in English and Dutch, and the lobby and the
dashboard showing them so, never as a raw dict."""

import pytest
from django.utils import translation

from games import services
from games.web.option_words import game_in_words, options_in_words


@pytest.mark.parametrize(("kind", "options", "days", "english", "dutch"), [
    ("crossword", {"tile_set": "en", "lexicon": "en", "challenge": "double"}, 3,
     "Crossword · English tiles · double challenge · 3 days per move · rated",
     "Crossword · Engelse stenen · dubbel betwisten · 3 dagen per zet · met rating"),
    ("crossword", {"tile_set": "nl", "lexicon": "nl-big", "challenge": "void", "min_bag_for_exchange": 1,
                   "rated": False}, 1,
     "Crossword · Dutch tiles · word list nl-big · words checked as played · exchanges while 1 tile is in the bag"
     " · 1 day per move · casual",
     "Crossword · Nederlandse stenen · woordenlijst nl-big · woorden direct gecontroleerd"
     " · ruilen zolang er 1 steen in de zak zit · 1 dag per zet · vriendschappelijk"),
    ("crossword", {"challenge": "single"}, 14,
     "Crossword · English tiles · single challenge · 14 days per move · rated",
     "Crossword · Engelse stenen · enkelvoudig betwisten · 14 dagen per zet · met rating"),
    ("turnspell", {"lexicon": "en", "max_turns": 50}, 2,
     "Turnspell · at most 50 turns · 2 days per move · rated",
     "Turnspell · hoogstens 50 beurten · 2 dagen per zet · met rating"),
    ("spellcrafter", {"lexicon": "en", "rounds": 2, "rated": False}, 5,
     "Spellcrafter · 2 rounds · 5 days per move · casual",
     "Spellcrafter · 2 rondes · 5 dagen per zet · vriendschappelijk"),
    ("spellcrafter", {"rounds": 4}, 7, "Spellcrafter · 7 days per move · rated",
     "Spellcrafter · 7 dagen per zet · met rating"),
    # Spell is cooperative: "rated": false changes nothing, and its cards are never read.
    ("spell", {"language": "nl", "side": 0, "rated": False, "cards": [{"id": 1, "sides": [["geheim"] * 5] * 2}]}, 3,
     "Spell · Dutch cards · always side A · 3 days per move · cooperative",
     "Spell · Nederlandse kaarten · altijd kant A · 3 dagen per zet · coöperatief"),
    ("spell", {"language": "en"}, 10, "Spell · English cards · 10 days per move · cooperative",
     "Spell · Engelse kaarten · 10 dagen per zet · coöperatief"),
])
def test_options_read_as_words_in_english_and_dutch(kind, options, days, english, dutch):
    with translation.override("en"):
        assert game_in_words(kind, options, days_per_move=days) == english
    with translation.override("nl"):
        assert game_in_words(kind, options, days_per_move=days) == dutch
    assert "geheim" not in english + dutch


def test_unknown_keys_and_kinds_are_left_out_rather_than_shown_raw():
    with translation.override("en"):
        assert options_in_words("toy", {"target": 30, "mode": "turns"}) == ["rated"]
        words = game_in_words("crossword", {"x": {"y": 1}})
        assert words == "Crossword · English tiles · words checked as played · rated"
        assert options_in_words("crossword", None, with_rating=False) == ["English tiles", "words checked as played"]


@pytest.mark.django_db
def test_the_lobby_shows_a_seeks_options_in_words(client, monkeypatch, alice, bob):
    from tests.games.helpers import stand_in_lexicons

    stand_in_lexicons(monkeypatch, {"en": ["cat"]})
    seek = services.game_create(creator=alice, kind="crossword", options={"challenge": "double"}, days_per_move=3)
    client.force_login(bob)
    html = client.get("/lobby/").content.decode()
    row = html[html.index(f'data-seek="{seek.pk}"'):]
    row = row[:row.index("</tr>")]
    assert "English tiles · double challenge · 3 days per move · rated" in row
    assert "{" not in row and "tile_set" not in row and "challenge&#x27;" not in row


@pytest.mark.django_db
def test_the_dashboard_shows_each_games_options_in_words_in_dutch(client, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], options={"rated": False}, days_per_move=1)
    alice.language = "nl"
    alice.save()
    client.force_login(alice)
    html = client.get("/games/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    row = html[html.index(f'data-game="{game.pk}"'):]
    assert "1 dag per zet · vriendschappelijk" in row[:row.index("</tr>")]


@pytest.mark.django_db
def test_a_league_page_shows_its_game_settings_in_words(client, monkeypatch, alice):
    from leagues import services as league_services
    from tests.games.helpers import stand_in_lexicons

    stand_in_lexicons(monkeypatch, {"nl": ["kat"]})
    league = league_services.league_create(creator=alice, name="Scrabbelclub", kind="crossword",
                                           options={"tile_set": "nl", "challenge": "single"})
    html = client.get(f"/leagues/{league.pk}/").content.decode()
    assert "Crossword · Dutch tiles · single challenge" in html
    assert "tile_set" not in html and "challenge:" not in html
