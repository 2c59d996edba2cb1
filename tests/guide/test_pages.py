"""The rules pages: one per game in English and Dutch, open to everyone, each with its picture; and the
links to them from the home page, the game page, the new-game form and the footer."""

import re

import pytest

from games import services
from games.web.kinds.spellcrafter.page import SUIT_MARKS
from guide.catalogue import rules_games
from lexicons.term_decks import starter_deck_load
from tests.games.helpers import stand_in_lexicons

# The site's own games (the test suite's toy kind has the generic page and no picture).
GAMES = [g for g in rules_games() if g.kind != "toy"]

pytestmark = pytest.mark.django_db

KINDS = [g.kind for g in GAMES]
NAMES = {g.kind: g.name for g in GAMES}
# A piece of each page's picture, drawn with the game page's own classes.
PICTURE = {
    "crossword": 'class="cw-grid"',
    "turnspell": 'class="ts-disc"',
    "spellcrafter": 'class="sc-card suit-',
    "spell": 'class="sp-fields"',
}
# Section headings that only the page in that language has.
HEADINGS = {
    "en": ['<h2 id="goal">The goal</h2>', '<h2 id="site">Playing on Letterpost</h2>'],
    "nl": ['<h2 id="goal">Het doel</h2>', '<h2 id="site">Spelen op Letterpost</h2>'],
}


def get(client, url, language=None):
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    return client.get(url, **headers)


def test_the_index_lists_every_game_with_a_link_to_its_rules(client):
    html = get(client, "/rules/").content.decode()
    for kind in KINDS:
        assert f'href="/rules/{kind}/"' in html
    assert "<h1>How to play</h1>" in html


@pytest.mark.parametrize("kind", KINDS)
def test_each_rules_page_is_open_to_anonymous_visitors_and_shows_its_picture(client, kind):
    response = get(client, f"/rules/{kind}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f"<h1>How to play {NAMES[kind]}</h1>" in html
    assert PICTURE[kind] in html
    assert [t.name for t in response.templates][0] == f"guide/en/{kind}.html"
    for heading in HEADINGS["en"]:
        assert heading in html


@pytest.mark.parametrize("kind", KINDS)
def test_a_dutch_reader_gets_the_dutch_page(client, kind):
    response = get(client, f"/rules/{kind}/", "nl")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="nl">' in html
    assert f"<h1>Zo speel je {NAMES[kind]}</h1>" in html
    assert [t.name for t in response.templates][0] == f"guide/nl/{kind}.html"
    assert PICTURE[kind] in html
    for heading in HEADINGS["nl"]:
        assert heading in html
    for heading in HEADINGS["en"]:
        assert heading not in html
    assert ' lang="en"' not in html  # nothing fell back to English


def test_the_profile_language_chooses_the_rules_language(client, make_user):
    client.force_login(make_user(username="anna", language="nl"))
    html = get(client, "/rules/crossword/", "en").content.decode()
    assert "<h1>Zo speel je Crossword</h1>" in html
    assert "2L</span>" in html  # the premium squares read in Dutch


def test_a_page_missing_in_the_active_language_falls_back_to_english_marked_as_english(client, monkeypatch):
    from django.template.loader import select_template

    from guide import views

    # As for a language the site may gain before its pages are written: only the English page exists.
    monkeypatch.setattr(views, "select_template", lambda names: select_template([n for n in names if "/en/" in n]))
    html = get(client, "/rules/spell/", "nl").content.decode()
    assert "<h1>Zo speel je Spell</h1>" in html  # the frame is translated
    assert '<div class="rules-body" lang="en">' in html
    assert '<h2 id="goal">The goal</h2>' in html


@pytest.mark.parametrize("url", ["/rules/chess/", "/rules/base/", "/rules/Crossword/"])
def test_an_unknown_game_has_no_rules_page(client, url):
    assert get(client, url).status_code == 404


def test_the_crossword_page_works_an_example_out_in_the_readers_tile_set(client):
    english = get(client, "/rules/crossword/").content.decode()
    dutch = get(client, "/rules/crossword/", "nl").content.decode()
    assert "TOWER" in english and "TEACH" in english
    assert "STOEL" in dutch and "STEEN" in dutch
    assert "Score for the turn: 29" in english  # T on a double letter in both words, TOWER doubled
    assert "Score voor de beurt: 31" in dutch  # the same shape with Dutch letter values


@pytest.mark.parametrize(("language", "texts"), [
    ("en", ["<strong>English tiles</strong> (the tournament rule): six turns in a row without a score",
            "however many tiles are still in the bag",
            "<strong>Dutch tiles</strong> (rule 9 of the Dutch rulebook): the game ends only once the bag is empty"]),
    ("nl", ["<strong>Engelse stenen</strong> (de toernooiregel): zes beurten op rij zonder punten",
            "<strong>Nederlandse stenen</strong> (regel 9 van de Nederlandse spelregels): de partij is pas afgelopen "
            "als de zak leeg is"]),
])
def test_the_crossword_page_says_how_each_tile_set_ends_a_game_without_progress(client, language, texts):
    from engines.crossword.engine import END_RULES

    assert END_RULES == {"en": "tournament", "nl": "rule9"}  # what the page describes
    html = get(client, "/rules/crossword/", language).content.decode()
    assert all(text in html for text in texts)


@pytest.mark.parametrize(("language", "text"), [
    ("en", "there are no bots for Spell"),
    ("nl", "zijn er voor Spell geen bots"),
])
def test_the_spell_page_says_it_is_played_with_people_only(client, language, text):
    assert text in get(client, "/rules/spell/", language).content.decode()


def test_the_home_page_links_every_rules_page(client):
    html = get(client, "/").content.decode()
    games = html[html.index('id="the-games"'):html.index('id="how-it-works"')]
    for kind in KINDS:
        assert f'href="/rules/{kind}/"' in games


@pytest.mark.parametrize("url", ["/", "/rules/spell/", "/accounts/login/"])
def test_the_footer_links_the_rules_index(client, url):
    html = get(client, url).content.decode()
    footer = html[html.index('<footer class="site-footer">'):]
    assert 'href="/rules/"' in footer


def test_the_new_game_form_links_the_rules_of_every_game(client, alice):
    client.force_login(alice)
    html = client.get("/games/new/").content.decode()
    links = html[html.index('class="kind-rules"'):html.index('id="new-game"')]
    for kind in KINDS:
        assert f'href="/rules/{kind}/">{NAMES[kind]}</a>' in links


@pytest.fixture
def games_of_every_kind(monkeypatch, alice, bob):
    from tests.engines.turnspell.helpers import WORDS

    stand_in_lexicons(monkeypatch, {"en": WORDS})
    starter_deck_load(language="en")
    return {kind: services.game_create(creator=alice, kind=kind, opponents=[bob], seed=4) for kind in KINDS}


def help_link(html):
    """The "?" beside the game's title: (href, accessible name), or None."""
    title = re.search(r'<div class="game-title">(.*?)</div>', html, re.S).group(1)
    link = re.search(r'<a class="rules-help" href="([^"]+)" aria-label="([^"]+)"', title)
    return link and link.groups()


@pytest.mark.parametrize("language", ["en", "nl"])
def test_every_game_page_has_a_question_mark_beside_its_title_leading_to_its_rules(
        client, games_of_every_kind, alice, language):
    alice.language = language
    alice.save()
    client.force_login(alice)
    how = {"en": "How to play", "nl": "Zo speel je"}[language]
    for kind, game in games_of_every_kind.items():
        html = client.get(f"/games/{game.pk}/").content.decode()
        assert help_link(html) == (f"/rules/{kind}/", f"{how} {NAMES[kind]}")


def test_a_game_without_rules_text_of_its_own_links_its_generic_rules_page(client, alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    client.force_login(alice)
    assert help_link(client.get(f"/games/{game.pk}/").content.decode()) == ("/rules/toy/", "How to play Toy")
    page = get(client, "/rules/toy/").content.decode()
    assert "2 to 4 players" in page and "Race to a total" in page


def test_the_spellcrafter_page_names_every_suit_symbol_and_explains_them_in_a_legend(
        client, games_of_every_kind, alice):
    client.force_login(alice)
    html = client.get(f"/games/{games_of_every_kind['spellcrafter'].pk}/").content.decode()
    names = {"flame": "Flame", "tide": "Tide", "stone": "Stone", "gale": "Gale"}
    by_mark = {mark: names[suit] for suit, mark in SUIT_MARKS.items()}
    symbols = re.findall(r"<i([^>]*)>([^<]*)</i>", html)
    assert len(symbols) >= 9  # the hand of eight and the jumper
    for attributes, mark in symbols:
        name = by_mark[mark]
        assert f'role="img" aria-label="{name}" title="{name}"' in attributes
    legend = html[html.index('class="sc-legend"'):]
    legend = legend[:legend.index("</div>")]
    for suit, mark in SUIT_MARKS.items():
        assert f'<span aria-hidden="true">{mark}</span> {names[suit]}</li>' in legend
    assert 'href="/rules/spellcrafter/#cards"' in legend


def test_the_spellcrafter_legend_and_symbols_read_in_dutch(client, games_of_every_kind, alice):
    alice.language = "nl"
    alice.save()
    client.force_login(alice)
    html = client.get(f"/games/{games_of_every_kind['spellcrafter'].pk}/").content.decode()
    assert 'aria-label="Kleuren en speciale kaarten"' in html
    assert '<span aria-hidden="true">▲</span> Vlam</li>' in html
    names = {"flame": "Vlam", "tide": "Getij", "stone": "Steen", "gale": "Storm"}
    by_mark = {mark: names[suit] for suit, mark in SUIT_MARKS.items()}
    symbols = re.findall(r'<i role="img" aria-label="([^"]+)" title="[^"]+">([^<]+)</i>', html)
    assert symbols and all(name == by_mark[mark] for name, mark in symbols)
