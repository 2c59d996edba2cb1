"""Bots as players see them: "Play a bot" on the new-game form and in the lobby, ``GET /api/bots/``,
challenging a bot by its username through the API, the BOT badge beside a bot's name, and bots kept
out of leagues, leaderboards and the player search; bot games are rated for the human."""

import re

import pytest

from core.errors import AppError
from games import services
from games.bots.accounts import bots_ensure
from games.models import Game, GameStatus
from leagues import services as league_services
from leagues.errors import BOTS_NOT_IN_LEAGUES
from ratings.models import Rating
from ratings.selectors import leaderboard, rating_keys
from tests.engines.turnspell.helpers import WORDS as TURNSPELL_WORDS
from tests.games.crossword.conftest import WORDS as CROSSWORD_WORDS
from tests.games.helpers import every_seat_moves, stand_in_lexicons
from tests.helpers import committed

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def lexicons(db, monkeypatch):
    return stand_in_lexicons(monkeypatch, {"en": sorted({*CROSSWORD_WORDS["en"], *TURNSPELL_WORDS}),
                                           "nl": CROSSWORD_WORDS["nl"]})


@pytest.fixture
def bots(db):
    return {user.username: user for user in bots_ensure()}


def crossword_fields(**extra):
    return {"kind": "crossword", "crossword_seats": 2, "crossword_tile_set": "en", "crossword_lexicon": "en",
            "crossword_challenge": "void", "days_per_move": 3, **extra}


# -- the new-game form and the lobby ---------------------------------------------------------------

def test_play_a_bot_from_the_new_game_form_starts_the_game_at_once(client, alice, bots):
    client.force_login(alice)
    with committed():
        response = client.post("/games/new/", crossword_fields(play_with="bot", bot="crossword-expert"))
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.status == GameStatus.ACTIVE
    assert list(game.seats.order_by("index").values_list("user__username", flat=True)) == [
        "alice", "crossword-expert"]
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "The bot accepts at once" in page
    assert 'class="bot-badge"' in page and "Crossword Expert Bot" in page


def test_the_form_offers_each_games_bots_with_their_level_and_no_bot_for_spell(client, alice, bots):
    client.force_login(alice)
    html = client.get("/games/new/").content.decode()
    assert 'value="bot"' in html
    assert 'data-kind="crossword"' in html and 'data-kind="turnspell"' in html and 'data-kind="spellcrafter"' in html
    assert 'data-kind="spell"' not in html
    assert "Crossword Beginner Bot — common words only, at or near its best score" in html


def test_a_bot_of_another_game_is_refused_beside_the_bot_choice_and_nothing_is_written(client, alice, bots):
    client.force_login(alice)
    response = client.post("/games/new/", crossword_fields(play_with="bot", bot="turnspell-bot"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="id_bot_error"' in html and "Turnspell Bot plays only Turnspell" in html
    assert not Game.objects.exists()
    response = client.post("/games/new/", crossword_fields(play_with="bot", bot="nobody"))
    assert response.status_code == 200 and not Game.objects.exists()


def test_the_lobby_lists_the_bots_with_a_play_link_that_fills_the_form(client, alice, bots):
    client.force_login(alice)
    html = client.get("/lobby/").content.decode()
    assert "Play a bot" in html
    assert "/games/new/?kind=turnspell&amp;bot=turnspell-bot" in html
    form = client.get("/games/new/?kind=turnspell&bot=turnspell-bot").content.decode()
    assert re.search(r'value="bot"[^>]*checked', form)
    assert '<option value="turnspell-bot" selected>' in form


def test_a_dutch_player_reads_the_bots_names_and_levels_in_dutch(client, alice, bots):
    type(alice).objects.filter(pk=alice.pk).update(language="nl")
    client.force_login(alice)
    html = client.get("/lobby/").content.decode()
    assert "Crossword-bot Beginner" in html and "Crossword Beginner Bot" not in html
    assert "Turnspell-bot" in html and "Turnspell Bot" not in html
    client.force_login(type(alice).objects.create_user(username="eve", language="en"))
    assert "Crossword Beginner Bot" in client.get("/lobby/").content.decode()


def test_a_crossword_bots_profile_shows_its_measured_strength_in_each_tile_set(client, alice, bots):
    from engines import registry

    steps = {options["tile_set"]: levels for options, levels in registry.get("crossword").bot_ladder()}
    page = client.get("/accounts/players/crossword-club/").content.decode()
    assert "Strength" in page
    section = page[page.index('class="bot-strength"'):page.index("</section>", page.index('class="bot-strength"'))]
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td class=\"num\">(\d+) %</td>", section)
    # Against the level below (Casual) and the level above (Expert), for English and Dutch tiles.
    assert rows == [
        ("English tiles · words checked as played", "Casual", str(round(100 * steps["en"]["club"]["wins"]))),
        ("English tiles · words checked as played", "Expert", str(round(100 * (1 - steps["en"]["expert"]["wins"])))),
        ("Dutch tiles · words checked as played", "Casual", str(round(100 * steps["nl"]["club"]["wins"]))),
        ("Dutch tiles · words checked as played", "Expert", str(round(100 * (1 - steps["nl"]["expert"]["wins"])))),
    ]
    assert "bot-strength" not in client.get("/accounts/players/turnspell-bot/").content.decode()  # never measured
    assert "bot-strength" not in client.get(f"/accounts/players/{alice.username}/").content.decode()


# -- the API ---------------------------------------------------------------------------------------

def test_api_lists_the_bots_with_username_kind_and_level(api_for, alice, bots):
    response = api_for(alice).get("/api/bots/")
    assert response.status_code == 200
    assert [(b["username"], b["kind"], b["level"]) for b in response.json()] == [
        ("crossword-beginner", "crossword", "beginner"), ("crossword-casual", "crossword", "casual"),
        ("crossword-club", "crossword", "club"),
        ("crossword-expert", "crossword", "expert"), ("crossword-master", "crossword", "master"),
        ("turnspell-bot", "turnspell", "club"), ("spellcrafter-bot", "spellcrafter", "club"),
    ]
    only = api_for(alice).get("/api/bots/", {"kind": "turnspell"}).json()
    assert [b["username"] for b in only] == ["turnspell-bot"]


def test_api_bots_is_in_the_schema(client):
    schema = client.get("/api/schema/").content.decode()
    assert "/api/bots/" in schema


def test_challenging_a_bot_by_username_through_the_api_starts_the_game(api_for, alice, bots):
    with committed():
        response = api_for(alice).post("/api/games/", {"kind": "crossword", "opponents": ["crossword-club"]},
                                       format="json")
    assert response.status_code == 201
    game = Game.objects.get()
    assert game.status == GameStatus.ACTIVE
    seats = api_for(alice).get(f"/api/games/{game.pk}/").json()["seats"]
    assert [(s["username"], s["bot"]) for s in seats] == [("alice", False), ("crossword-club", True)]


def test_challenging_a_bot_to_a_game_it_does_not_play_is_refused_with_a_code(api_for, alice, bots):
    response = api_for(alice).post("/api/games/", {"kind": "crossword", "opponents": ["turnspell-bot"]},
                                   format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "BOT_PLAYS_OTHER_KIND"
    assert not Game.objects.exists()


# -- leagues, leaderboards, the player search ------------------------------------------------------

def test_a_bot_cannot_join_a_league(alice, bots):
    league = league_services.league_create(creator=alice, name="Words", kind="toy", options={"target": 5})
    with pytest.raises(AppError) as refused:
        league_services.league_join(league_id=league.pk, user=bots["crossword-club"])
    assert refused.value.code == BOTS_NOT_IN_LEAGUES
    assert not league.seasons.get().entries.exists()


def test_a_bot_game_is_rated_for_the_human_and_the_bot_never_reaches_the_leaderboard(alice, bots):
    bot = bots["crossword-club"]
    with committed():
        game = services.challenge_create(creator=alice, kind="crossword", opponents=[bot], seed=3)
    game = every_seat_moves(Game.objects.get(pk=game.pk))
    with committed():
        services.game_resign(game_id=game.pk, user=alice)
    assert Rating.objects.get(user=alice, key="crossword:en").games == 1
    assert Rating.objects.get(user=bot, key="crossword:en").games == 1  # kept, so its strength is known
    board = leaderboard(key="crossword:en")
    assert [r.user.username for r in board] == ["alice"]
    assert "crossword:en" in rating_keys()


def test_the_player_search_never_offers_a_bot(api_for, alice, bots):
    found = api_for(alice).get("/api/players/", {"q": "cross"}).json()
    assert found == []


# -- the badge -------------------------------------------------------------------------------------

def test_the_badge_shows_on_the_dashboard_and_the_profile(client, alice, bots):
    with committed():
        services.challenge_create(creator=alice, kind="crossword", opponents=[bots["crossword-beginner"]], seed=3)
    client.force_login(alice)
    dashboard = client.get("/games/").content.decode()
    assert "Crossword Beginner Bot" in dashboard and 'class="bot-badge"' in dashboard
    assert 'title="A bot: a computer player"' in dashboard and "(bot)" in dashboard
    profile = client.get("/accounts/players/crossword-beginner/").content.decode()
    assert 'class="bot-badge"' in profile
    assert "/games/new/?kind=crossword&amp;bot=crossword-beginner" in profile  # its Play button
    alices = client.get("/accounts/players/alice/").content.decode()
    assert 'class="bot-badge"' not in alices


def test_a_game_against_a_bot_has_no_chat_and_no_report_link(client, alice, bob, bots, api_for):
    client.force_login(alice)
    with committed():
        client.post("/games/new/", crossword_fields(play_with="bot", bot="crossword-expert"))
    game = Game.objects.get()
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="chat"' not in page and "/moderation/report/" not in page and "Mute chat" not in page
    refused = api_for(alice).post(f"/api/games/{game.pk}/chat/", {"text": "hello bot"}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "NO_CHAT_WITH_BOTS"
    assert api_for(alice).get(f"/api/games/{game.pk}/chat/").json()["code"] == "NO_CHAT_WITH_BOTS"
    human = services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=2)
    assert 'id="chat"' in client.get(f"/games/{human.pk}/").content.decode()
