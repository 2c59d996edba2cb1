"""The league page's seasons and the rating titles: a labelled season selector, a finished season's final
table with places and movements (still in view while the next season takes registrations), a friends
league's single table, and every rating key shown in words ("Crossword (English)") on the league page,
the profile and the leaderboards, in English and in Dutch."""

import re

import pytest

from games import services as game_services
from leagues import services
from leagues.models import Entry, Fixture
from tests.games.helpers import stand_in_lexicons
from tests.leagues.helpers import SEAT0_WINS, committed, play, win

pytestmark = pytest.mark.django_db


def text_of(html: str) -> str:
    """What a reader sees: the page without its tags (attributes and links' addresses left out)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def finished_league(make_league, players):
    """Eight players in two divisions of four; in every game the lower username wins; season 1 over."""
    league = make_league(n=8)
    services.season_start(league_id=league.pk, actor=players[0])
    for fixture in Fixture.objects.select_related("game").prefetch_related("game__seats__user"):
        win(fixture.game, min((s.user for s in fixture.game.seats.all()), key=lambda u: u.username))
    return league


def test_the_season_selector_is_labelled_and_names_every_season(client, finished_league, players):
    client.force_login(players[0])
    html = client.get(f"/leagues/{finished_league.pk}/").content.decode()
    label = re.search(r'<label for="season-choice">([^<]+)</label>', html)
    assert label and label.group(1) == "Show season"
    select = re.search(r'<select id="season-choice" name="season">(.*?)</select>', html, re.S).group(1)
    options = re.findall(r'<option value="(\d+)"( selected)?>([^<]+)</option>', select)
    assert options == [("2", " selected", "Season 2 · Registration open"), ("1", "", "Season 1 · Finished")]


def test_a_past_season_shows_its_final_table_with_places_and_movements(client, finished_league, players):
    client.force_login(players[4])
    html = client.get(f"/leagues/{finished_league.pk}/?season=1").content.decode()
    assert "Season 1 · Finished" in html and "the final table" in html
    rows = re.findall(r'<tr class="[^"]*" data-player="(p\d\d)" data-movement="(\w+)">\s*<td class="pos">(\d)', html)
    assert rows == [("p00", "stay", "1"), ("p01", "stay", "2"), ("p02", "stay", "3"), ("p03", "down", "4"),
                    ("p04", "up", "1"), ("p05", "stay", "2"), ("p06", "stay", "3"), ("p07", "stay", "4")]
    words = text_of(html)
    assert "Next season" in words and words.count("relegated") == 1 and words.count("promoted") == 1
    # The recorded table stands: a game annulled since changes no place.
    game = Fixture.objects.filter(division__level=1).select_related("game").first().game
    with committed():
        game_services.game_annul(game_id=game.pk, reason="test")
    again = client.get(f"/leagues/{finished_league.pk}/?season=1").content.decode()
    assert re.findall(r'data-player="(p\d\d)" data-movement', again) == [r[0] for r in rows]


def test_the_final_table_stays_in_view_while_the_next_season_takes_registrations(client, finished_league, players):
    html = client.get(f"/leagues/{finished_league.pk}/").content.decode()
    assert "Season 2 · Registration open" in html and "8 players registered" in html
    previous = html[html.index('class="previous-season"'):]
    assert "Season 1: final table" in previous
    assert previous.count('data-movement="down"') == 1 and previous.count('data-movement="up"') == 1
    assert Entry.objects.filter(season__number=1, final_position=1).count() == 2


def test_a_friends_league_shows_one_table_without_divisions_or_zones(client, players):
    league = services.league_create(creator=players[0], name="Pals", kind="toy", options={"target": 3},
                                    format="friends")
    for user in players[:4]:
        services.league_join(league_id=league.pk, user=user)
    services.season_start(league_id=league.pk, actor=players[0])
    play(Fixture.objects.select_related("game").order_by("pk").first().game, SEAT0_WINS)
    client.force_login(players[1])
    html = client.get(f"/leagues/{league.pk}/").content.decode()
    words = text_of(html)
    assert "friends league of up to 5 players, everyone plays everyone twice" in words
    assert "Division 1" not in words and "zone-" not in html
    assert html.count('data-player="') == 4 and "12 fixtures" in words and " won " in words
    manage = client.get(f"/leagues/{league.pk}/manage/")
    assert manage.status_code == 302  # not an organiser
    client.force_login(players[0])
    assert "Move a player" not in client.get(f"/leagues/{league.pk}/manage/").content.decode()


@pytest.fixture
def rated(monkeypatch, alice, bob):
    """Alice beat Bob in an English and in a Dutch Crossword league game (awarded forfeits: rated results)."""
    stand_in_lexicons(monkeypatch, {"en": ["cat"], "nl": ["kat"]})
    leagues = []
    for tile_set in ("en", "nl"):
        league = services.league_create(creator=alice, name=f"Crossword {tile_set}", kind="crossword",
                                        options={"tile_set": tile_set}, format="friends")
        for user in (alice, bob):
            services.league_join(league_id=league.pk, user=user)
        services.season_start(league_id=league.pk, actor=alice)
        for fixture in Fixture.objects.filter(division__season__league=league):
            with committed():
                services.fixture_forfeit(league_id=league.pk, actor=alice, game_id=fixture.game_id, loser=bob)
        leagues.append(league)
    return leagues


@pytest.mark.parametrize(("language", "english", "dutch"), [
    ("en", "Crossword (English)", "Crossword (Dutch)"),
    ("nl", "Crossword (Engels)", "Crossword (Nederlands)"),
])
def test_rating_keys_read_in_words_on_every_page_that_shows_them(client, rated, alice, language, english, dutch):
    alice.language = language
    alice.save()
    client.force_login(alice)
    english_league, dutch_league = rated
    pages = {
        "league": client.get(f"/leagues/{english_league.pk}/?season=1").content.decode(),
        "dutch league": client.get(f"/leagues/{dutch_league.pk}/?season=1").content.decode(),
        "profile": client.get(f"/accounts/players/{alice.username}/").content.decode(),
        "leaderboards": client.get("/ratings/").content.decode(),
        "leaderboard": client.get("/ratings/crossword:en/").content.decode(),
    }
    for name, html in pages.items():
        words = text_of(html)
        assert "crossword:en" not in words and "crossword:nl" not in words, name
    assert english in text_of(pages["league"]) and dutch in text_of(pages["dutch league"])
    assert english in text_of(pages["leaderboards"]) and dutch in text_of(pages["leaderboards"])
    assert english in text_of(pages["leaderboard"])
    profile = pages["profile"]
    assert english in text_of(profile) and dutch in text_of(profile)
    chart_titles = re.findall(r'aria-label="([^"]+)"', profile[profile.index("profile-ratings"):])
    assert {t.split(":")[0] for t in chart_titles if "→" in t} == {english, dutch}
