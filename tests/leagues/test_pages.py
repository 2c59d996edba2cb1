"""League pages: list and search, the league page with tables and fixtures, joining, organiser tools,
leaderboards and the profile panel — with the number of queries pinned on the league page."""

import re
import zoneinfo
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import services as game_services
from games.models import Game, Seat
from leagues import services
from leagues.models import Entry, Fixture, League, OrganiserAction
from lexicons.term_decks import starter_deck_load
from moderation.selectors import suspension_for
from ratings.models import Rating
from ratings.services import rating_key
from tests.games.helpers import stand_in_lexicons
from tests.leagues.helpers import DRAW, SEAT0_WINS, SEAT1_WINS, assert_page_tables_agree, committed, play

pytestmark = pytest.mark.django_db

CODES = re.compile(r"\b[A-Z]+_[A-Z_]+\b")  # BAD_DIVISION_SIZE ...


def errors_beside(html: str, field_id: str) -> str:
    """The error list Django draws for a field (``<ul class="errorlist" id="id_<field>_error">``)."""
    found = re.search(rf'<ul class="errorlist" id="{field_id}_error">(.*?)</ul>', html, re.S)
    return re.sub(r"<[^>]+>", " ", found.group(1)) if found else ""


def signed_in(client, user):
    """Signed in, with the process knowing the player's standing already (the first request after a
    sign-in reads it once: core.user_stamp), so that a count is the steady one."""
    client.force_login(user)
    suspension_for(user=user)


def count_queries(client, url):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    return len(ctx.captured_queries)


def test_league_list_searches_name_and_kind(client, alice):
    services.league_create(creator=alice, name="Dutch crossword club", kind="toy")
    services.league_create(creator=alice, name="Evening league", kind="toy", description="for owls")
    html = client.get("/leagues/?q=owls").content.decode()
    assert "Evening league" in html and "Dutch crossword club" not in html
    assert "Evening league" not in client.get("/leagues/?kind=crossword").content.decode()


# The league page's queries for a signed-in player: the site's own (session, user, ...), the league,
# its seasons and history, the digest of the season's rows (2), and when its tables are not cached
# (leagues.fragments) none more: the tables and lines are drawn from the rows the digest read.
CACHED_QUERIES = 12
DRAWN_QUERIES = CACHED_QUERIES


def test_league_page_query_count_is_constant_in_players_and_games(client, make_league, players, make_user):
    small = make_league(n=4)
    services.season_start(league_id=small.pk, actor=players[0])
    play(Game.objects.order_by("pk").first(), SEAT0_WINS)
    signed_in(client, players[1])
    assert count_queries(client, f"/leagues/{small.pk}/") == DRAWN_QUERIES
    assert count_queries(client, f"/leagues/{small.pk}/") == CACHED_QUERIES

    big = make_league(n=12, division_min=4, division_max=7)
    services.season_start(league_id=big.pk, actor=players[0])
    for fixture in Fixture.objects.filter(division__season__league=big).select_related("game")[:10]:
        play(fixture.game, SEAT0_WINS)
    assert count_queries(client, f"/leagues/{big.pk}/") == DRAWN_QUERIES
    assert count_queries(client, f"/leagues/{big.pk}/") == CACHED_QUERIES


def test_league_page_shows_tables_with_zones_fixtures_and_whose_move(client, make_league, players):
    league = make_league(n=8)
    services.season_start(league_id=league.pk, actor=players[0])
    client.force_login(players[0])
    html = client.get(f"/leagues/{league.pk}/").content.decode()
    assert 'id="division-1"' in html and 'id="division-2"' in html
    assert "zone-relegation" in html and "zone-promotion" in html
    assert "to move" in html and "left" in html
    assert html.count('class="fixture active"') == Fixture.objects.count()


def test_league_fixtures_print_a_players_name_as_text_not_markup(client, make_league, players):
    # The fixture lines are built in Python (leagues.templatetags.leagues.fixture_items), not by the template.
    players[1].display_name = '<b onmouseover="x()">Bo</b>'
    players[1].save()
    league = make_league(n=4)
    services.season_start(league_id=league.pk, actor=players[0])
    client.force_login(players[0])
    for _drawn_then_cached in range(2):
        html = client.get(f"/leagues/{league.pk}/").content.decode()
        assert '<b onmouseover' not in html
        assert "&lt;b onmouseover=&quot;x()&quot;&gt;Bo&lt;/b&gt;" in html


def test_league_page_and_profile_do_not_read_the_games_states(client, make_league, players):
    league = make_league(n=4)
    services.season_start(league_id=league.pk, actor=players[0])
    play(Game.objects.order_by("pk").first(), SEAT0_WINS)
    client.force_login(players[0])
    for url in (f"/leagues/{league.pk}/", f"/accounts/players/{players[0].username}/"):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        assert not [q["sql"] for q in ctx.captured_queries if '"games_game"."state"' in q["sql"]], url


def test_joining_and_leaving_through_the_page_and_refusals_shown_in_words(client, alice, bob):
    league = services.league_create(creator=alice, name="Invite", kind="toy", visibility="invite")
    client.force_login(bob)
    response = client.post(f"/leagues/{league.pk}/join/", follow=True)
    page = response.content.decode()
    assert "This league is invite-only" in page and "INVITE_REQUIRED" not in page and not Entry.objects.exists()
    page = client.get(f"/leagues/{league.pk}/invite/{league.invite_token}/").content.decode()
    assert f'value="{league.invite_token}"' in page
    client.post(f"/leagues/{league.pk}/join/", {"token": league.invite_token})
    assert Entry.objects.filter(user=bob).exists()
    client.post(f"/leagues/{league.pk}/leave/")
    assert not Entry.objects.exists()


def test_creating_a_league_with_divisions_through_the_form_and_a_refusal_beside_its_field(client, alice):
    client.force_login(alice)
    settings = {"name": "Form league", "kind": "toy", "format": "divisions", "days_per_move": 3, "visibility": "public",
                "table_size": 2, "division_min": 6, "division_max": 12, "promote": 2, "relegate": 2,
                "season_days": 30, "max_players": 0, "abort_rule": "adjudicate"}
    response = client.post("/leagues/new/", settings)
    assert response.status_code == 302
    league = League.objects.get()
    assert (league.format, league.abort_rule, league.division_min, league.season_days) == (
        "divisions", "adjudicate", 6, 30)
    bad = client.post("/leagues/new/", settings | {"name": "Bad", "division_max": 8}).content.decode()
    assert "The largest division must be at least 11" in errors_beside(bad, "id_division_min")
    assert not CODES.search(bad) and League.objects.count() == 1


def test_a_friends_league_through_the_form_ignores_the_division_settings(client, alice):
    client.force_login(alice)
    response = client.post("/leagues/new/", {
        "name": "Thursday club", "kind": "toy", "format": "friends", "days_per_move": 2, "visibility": "invite",
        "season_days": 60, "abort_rule": "replay", "division_min": "", "promote": "nonsense",
    })
    assert response.status_code == 302
    league = League.objects.get()
    assert (league.format, league.division_min, league.division_max, league.max_players) == ("friends", 2, 5, 5)
    assert (league.double_round_robin, league.promote, league.relegate, league.visibility) == (True, 0, 0, "invite")


@pytest.fixture
def word_lists(monkeypatch):
    stand_in_lexicons(monkeypatch, {"en": ["cat"], "nl": ["kat"]})
    starter_deck_load(language="en")


@pytest.mark.parametrize(("fields", "kind", "options"), [
    ({"crossword_tile_set": "nl", "crossword_lexicon": "nl", "crossword_challenge": "double"},
     "crossword", {"tile_set": "nl", "lexicon": "nl", "challenge": "double"}),
    ({"spellcrafter_rounds": 2, "spellcrafter_lexicon": "en"}, "spellcrafter", {"rounds": 2, "lexicon": "en"}),
    ({"spell_language": "en", "spell_side": "0"}, "spell", {"language": "en", "side": 0}),
])
def test_the_league_form_sets_each_games_options_with_the_new_game_controls(client, alice, word_lists, fields, kind,
                                                                            options):
    client.force_login(alice)
    html = client.get("/leagues/new/").content.decode()
    assert "JSON" not in html and 'name="options"' not in html
    for name in ("crossword_tile_set", "crossword_challenge", "spellcrafter_rounds", "spell_side"):
        assert f'name="{name}"' in html
    assert 'name="crossword_seats"' not in html  # players per game is the league's setting
    assert "js/league_form.js" in html
    # Another game's leftovers never count.
    response = client.post("/leagues/new/", {
        "name": "Club", "kind": kind, "format": "friends", "days_per_move": 3, "visibility": "invite",
        "season_days": 60, "abort_rule": "replay", "turnspell_lexicon": "nonsense", **fields,
    })
    assert response.status_code == 302, response.content.decode()
    assert League.objects.get().options == options


def test_a_word_list_for_other_tiles_is_refused_beside_it(client, alice, word_lists):
    client.force_login(alice)
    html = client.post("/leagues/new/", {
        "name": "Club", "kind": "crossword", "format": "friends", "days_per_move": 3, "visibility": "invite",
        "season_days": 60, "abort_rule": "replay", "crossword_tile_set": "en", "crossword_lexicon": "nl",
    }).content.decode()
    assert "not a word list for the English tiles" in errors_beside(html, "id_crossword_lexicon")
    assert not League.objects.exists()


def test_organiser_tools_are_for_organisers_and_log_what_they_do(client, make_league, players):
    league = make_league(n=4)
    client.force_login(players[1])
    assert client.get(f"/leagues/{league.pk}/manage/").status_code == 302
    client.post(f"/leagues/{league.pk}/manage/start/")
    assert not Fixture.objects.exists()
    client.force_login(players[0])
    assert client.get(f"/leagues/{league.pk}/manage/").status_code == 200
    client.post(f"/leagues/{league.pk}/manage/start/")
    assert Fixture.objects.count() == 6
    client.post(f"/leagues/{league.pk}/manage/organiser/", {"organiser-username": players[1].username})
    html = client.get(f"/leagues/{league.pk}/manage/").content.decode()
    assert "Started the season" in html and "Added a co-organiser" in html
    assert OrganiserAction.objects.count() == 2


def test_profile_shows_ratings_with_an_svg_chart_recent_games_and_league_record(client, make_league, players):
    league = make_league(n=4)
    services.season_start(league_id=league.pk, actor=players[0])
    for fixture in Fixture.objects.select_related("game")[:3]:
        play(fixture.game, SEAT0_WINS)
    html = client.get(f"/accounts/players/{players[0].username}/").content.decode()
    assert "<svg" in html and "polyline" in html and 'data-key="toy"' in html
    assert "Recent games" in html and "Toy league" in html


def test_leaderboard_lists_ratings_best_first(client, make_league, players):
    league = make_league(n=4)
    services.season_start(league_id=league.pk, actor=players[0])
    play(Fixture.objects.select_related("game").first().game, SEAT0_WINS)
    html = client.get("/ratings/toy/").content.decode()
    assert html.index("1520") < html.index("1480")
    assert "Toy" in client.get("/ratings/").content.decode()
    # the old addresses lead there
    assert client.get("/leagues/ratings/toy/")["Location"] == "/ratings/toy/"


# ---------------------------------------------------------------------------
# The season's tables come from a cache (leagues.fragments): never stale, right for each viewer
# ---------------------------------------------------------------------------
def page(client, league, user=None) -> str:
    if user is None:
        client.logout()
    else:
        client.force_login(user)
    html = client.get(f"/leagues/{league.pk}/").content.decode()
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)


def fixture_line(html: str, game) -> str:
    return re.search(rf'<li data-game="{game.pk}" class="(.*?)</li>', html, re.S).group(1)


def standings_row(html: str, user) -> str:
    return re.search(rf'<tr class="[^"]*" data-player="{user.username}".*?</tr>', html, re.S).group(0)


def marked_as_me(html: str) -> set[str]:
    rows = set(re.findall(r'<tr class="[^"]*\bme" data-player="(\w+)"', html))
    names = set(re.findall(r'<span class="me">(\w+)', html))
    return rows | names


def test_the_cached_tables_are_the_tables_drawn_afresh(client, make_league, players, settings):
    league = make_league(n=8)
    services.season_start(league_id=league.pk, actor=players[0])
    play(Game.objects.order_by("pk").first(), SEAT0_WINS)
    drawn = page(client, league, players[0])
    assert page(client, league, players[0]) == drawn  # from the cache
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    assert page(client, league, players[0]) == drawn  # no cache at all


def test_a_move_redraws_its_line_a_result_its_division_and_the_page_is_the_one_drawn_afresh(
        client, make_league, players, monkeypatch):
    from django.core.cache.backends.dummy import DummyCache

    from leagues import fragments

    league = make_league(n=8)
    services.season_start(league_id=league.pk, actor=players[0])
    page(client, league, players[0])  # both divisions drawn and cached
    fixture = Fixture.objects.filter(division__season__league=league, division__level=1).order_by("pk").first()
    game = fixture.game
    first, second = (seat.user for seat in game.seats.order_by("index"))
    asked = {"tables": [], "lines": []}
    tables, lines = fragments.selectors.tables_from_digests, fragments.selectors.fixtures_from_digests

    def tables_from_digests(**kwargs):
        asked["tables"].append({d.division_id for d in kwargs["digests"]})
        return tables(**kwargs)

    def fixtures_from_digests(**kwargs):
        asked["lines"].append({f.fixture_id for f in kwargs["fixtures"]})
        return lines(**kwargs)

    def drawn_without_a_cache():
        with monkeypatch.context() as patch:
            patch.setattr(fragments, "cache", DummyCache("", {}))
            return page(client, league, players[0])

    monkeypatch.setattr(fragments.selectors, "tables_from_digests", tables_from_digests)
    monkeypatch.setattr(fragments.selectors, "fixtures_from_digests", fixtures_from_digests)
    with committed():
        game_services.game_submit_move(game_id=game.pk, user=first, move={"type": "add", "n": 1},
                                       version=game.version, idempotency_key="one-line")
    signed_in(client, players[0])
    assert count_queries(client, f"/leagues/{league.pk}/") == CACHED_QUERIES  # its line from the digest's rows
    assert asked == {"tables": [], "lines": [{fixture.pk}]}
    html = page(client, league, players[0])
    assert f"{first.username} 1" in fixture_line(html, game)
    assert html == drawn_without_a_cache()

    game.refresh_from_db()
    asked = {"tables": [], "lines": []}
    with committed():  # the total reaches the target: the second player wins, and the table changes
        game_services.game_submit_move(game_id=game.pk, user=second, move={"type": "add", "n": 2},
                                       version=game.version, idempotency_key="one-result")
    signed_in(client, players[0])
    # The table and the line from the digest's rows: no query.
    assert count_queries(client, f"/leagues/{league.pk}/") == CACHED_QUERIES
    assert asked == {"tables": [{fixture.division_id}], "lines": [{fixture.pk}]}
    html = page(client, league, players[0])
    assert f"{second.username} won" in fixture_line(html, game)
    assert '<td class="pos">1</td>' in standings_row(html, second)
    assert html == drawn_without_a_cache()  # zones and all


def test_a_cached_league_page_shows_a_move_a_result_a_rename_and_a_rating_at_once(client, make_league, players):
    league = make_league(n=4)
    services.season_start(league_id=league.pk, actor=players[0])
    game = Fixture.objects.filter(division__season__league=league).order_by("pk").first().game
    first, second = (seat.user for seat in game.seats.order_by("index"))
    line = fixture_line(page(client, league), game)
    assert f"{first.username} to move" in line and f"{first.username} 1" not in line

    with committed():
        game_services.game_submit_move(game_id=game.pk, user=first, move={"type": "add", "n": 1},
                                       version=game.version, idempotency_key="cached-1")
    line = fixture_line(page(client, league), game)
    assert f"{first.username} 1" in line and f"{second.username} to move" in line

    game.refresh_from_db()
    with committed():  # the total reaches the target: the second player wins, 2 to 1
        game_services.game_submit_move(game_id=game.pk, user=second, move={"type": "add", "n": 2},
                                       version=game.version, idempotency_key="cached-2")
    html = page(client, league)
    assert f"{second.username} won" in fixture_line(html, game) and "fixture finished" in fixture_line(html, game)
    row = standings_row(html, second)
    assert '<td class="pos">1</td>' in row and "<strong>2</strong>" in row  # first place, two points

    first.display_name = "Renamed"
    first.save()
    assert "Renamed" in standings_row(page(client, league), first)

    Rating.objects.filter(user=first, key=rating_key(league.kind, league.options)).update(rating=1234.4)
    assert '<td class="num wide">1234</td>' in standings_row(page(client, league), first)


def test_each_viewer_sees_their_own_row_marked_though_the_tables_are_cached(client, make_league, players, make_user):
    league = make_league(n=4)
    services.season_start(league_id=league.pk, actor=players[0])
    assert marked_as_me(page(client, league, players[0])) == {"p00"}
    assert marked_as_me(page(client, league, players[1])) == {"p01"}
    assert marked_as_me(page(client, league, players[0])) == {"p00"}
    assert marked_as_me(page(client, league, make_user(username="onlooker"))) == set()
    assert marked_as_me(page(client, league)) == set()


def test_cached_fixture_lines_give_the_time_left_now_and_in_the_viewers_zone_and_language(
        client, make_league, players, make_user, monkeypatch):
    league = make_league(n=4)
    services.season_start(league_id=league.pk, actor=players[0])
    deadline = Seat.objects.filter(to_act=True, game__fixture__division__season__league=league).first().deadline
    start = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: start)
    onlooker = make_user(username="onlooker")
    html = page(client, league, onlooker)
    assert "2\xa0days, 23\xa0hours left" in html and f'datetime="{deadline.isoformat()}"' in html

    monkeypatch.setattr(timezone, "now", lambda: start + timedelta(days=2, hours=1))
    assert count_queries(client, f"/leagues/{league.pk}/") == CACHED_QUERIES  # the lines come from the cache
    html = page(client, league, onlooker)
    assert "22\xa0hours" in html and "2\xa0days" not in html

    kiwi = make_user(username="kiwi", time_zone="Pacific/Auckland", language="nl")
    html = page(client, league, kiwi)
    local = deadline.astimezone(zoneinfo.ZoneInfo("Pacific/Auckland")).isoformat()
    assert f'datetime="{local}"' in html and "aan zet" in html and "nog 22\xa0uur" in html
    assert "aan zet" not in page(client, league, onlooker)


def test_the_page_draws_its_tables_from_the_digest_rows_as_the_models_give_them(client, make_league, players):
    """Every kind of row the page's tables show, read from the digest's text (``tables_from_digests``),
    agrees with the models' (``season_tables``): wins, draws and losses, a rating, a display name, a
    removed entrant, the zones of two divisions, and after the season's end the final places and
    movements."""
    league = make_league(n=8)
    season = services.season_start(league_id=league.pk, actor=players[0])
    games = list(Game.objects.filter(fixture__division__season=season).order_by("pk"))
    play(games[0], SEAT0_WINS)
    play(games[1], DRAW)
    play(games[2], SEAT1_WINS)
    Rating.objects.update_or_create(user=players[1], key=rating_key("toy", league.options),
                                    defaults={"rating": 1612.25})
    players[2].display_name = "Zoë <b>bold</b>"
    players[2].save(update_fields=["display_name"])
    removed = Entry.objects.filter(season=season).order_by("-pk").first().user
    services.entry_remove(league_id=league.pk, actor=players[0], user=removed)
    assert Entry.objects.get(season=season, user=removed).removed
    assert_page_tables_agree(season, league)
    with committed():
        services.season_end(league_id=league.pk, actor=players[0])
    season.refresh_from_db()
    assert season.status == "finished"
    assert_page_tables_agree(season, league)
