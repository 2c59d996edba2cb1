"""Leagues that welcome: the creator plays in their league unless they say not, everyone is told once
when a season starts (bell and e-mail as they prefer, never once per fixture), and a league game says
which league, season and round it belongs to on "My games" and on its page."""

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail

from games import services as game_services
from games.clock import NOTICE_DELAY
from leagues import services
from leagues.errors import BOTS_NOT_IN_LEAGUES, LeagueError
from leagues.models import Entry, Fixture, League, Season
from notifications.digest import digests_send_due
from notifications.models import EmailMode, EmailState, Kind, Notification, NotificationPreference
from tests.helpers import sweep
from tests.leagues.helpers import committed

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
FORM = {"name": "Friday club", "kind": "toy", "format": "friends", "days_per_move": 3, "visibility": "invite",
        "season_days": 60, "abort_rule": "replay"}


def registered(league) -> list[str]:
    return list(Entry.objects.filter(season__league=league).values_list("user__username", flat=True))


# ---------------------------------------------------------------------------
# The creator plays
# ---------------------------------------------------------------------------
def test_the_new_league_form_offers_to_play_ticked_by_default(client, alice):
    client.force_login(alice)
    html = client.get("/leagues/new/").content.decode()
    assert 'name="creator_plays"' in html and "Play in this league myself" in html
    [box] = [tag for tag in html.split("<input")[1:] if 'name="creator_plays"' in tag]
    assert "checked" in box.split(">")[0]
    assert 'aria-describedby="id_creator_plays_helptext"' in box.split(">")[0]  # the hint is read with it


def test_a_creator_who_keeps_the_box_ticked_is_registered_and_the_page_says_so(client, alice):
    client.force_login(alice)
    response = client.post("/leagues/new/", FORM | {"creator_plays": "on"}, follow=True)
    league = League.objects.get()
    assert registered(league) == ["alice"]
    html = response.content.decode()
    assert "You are registered." in html and "1 of 5 players registered" in html


def test_a_creator_who_unticks_the_box_only_organises(client, alice):
    client.force_login(alice)
    # An unticked box sends nothing, as a browser does.
    assert client.post("/leagues/new/", FORM).status_code == 302
    league = League.objects.get()
    assert registered(league) == [] and league.creator == alice
    assert "Join the season" in client.get(f"/leagues/{league.pk}/").content.decode()


def test_the_service_registers_the_creator_only_when_asked(alice):
    playing = services.league_create(creator=alice, name="Mine", kind="toy", format="friends", creator_plays=True)
    organising = services.league_create(creator=alice, name="Theirs", kind="toy", format="friends")
    assert registered(playing) == ["alice"] and registered(organising) == []
    # Registered as a join would: leaving before the start works the same way.
    services.league_leave(league_id=playing.pk, user=alice)
    assert registered(playing) == []


def test_a_bot_creator_who_would_play_is_refused_and_nothing_is_written(make_user):
    bot = make_user(username="robot", is_bot=True)
    with pytest.raises(LeagueError) as refused:
        services.league_create(creator=bot, name="Bots", kind="toy", creator_plays=True)
    assert refused.value.code == BOTS_NOT_IN_LEAGUES
    assert not League.objects.exists() and not Season.objects.exists()


# ---------------------------------------------------------------------------
# Told once when the season starts
# ---------------------------------------------------------------------------
@pytest.fixture
def six_players(make_user):
    return [make_user(username=f"s{i}") for i in range(6)]


@pytest.fixture
def started(six_players):
    """A league of six in one division (each player has five fixtures), started at T0, committed."""
    first = six_players[0]
    league = services.league_create(creator=first, name="Friday club", kind="toy", options={"target": 3},
                                    division_min=6, division_max=12, promote=0, relegate=0, creator_plays=True)
    for user in six_players[1:]:
        services.league_join(league_id=league.pk, user=user)
    with committed():
        season = services.season_start(league_id=league.pk, actor=first, now=T0)
    return league, season


def season_notices():
    return Notification.objects.filter(kind=Kind.LEAGUE_NEWS, params__event="season_start")


def test_every_player_is_told_once_that_the_season_started(started, six_players):
    league, season = started
    assert Fixture.objects.filter(game__seats__user=six_players[0]).count() == 5
    notices = list(season_notices().order_by("user_id"))
    assert [n.user_id for n in notices] == [u.pk for u in six_players]
    assert {n.key for n in notices} == {f"season_start:{season.pk}:{u.pk}" for u in six_players}
    assert notices[0].params["league"] == "Friday club" and notices[0].params["url"] == f"/leagues/{league.pk}/"
    # Told again (the event delivered twice, a rerun): still once each.
    with committed():
        assert services.season_start_announce(season_id=season.pk) == 0
    assert season_notices().count() == 6
    # And the season cannot start twice.
    with pytest.raises(LeagueError):
        services.season_start(league_id=league.pk, actor=six_players[0])
    assert season_notices().count() == 6


def test_the_bell_names_the_league_and_links_to_its_page(started, six_players, client):
    league, _season = started
    client.force_login(six_players[3])
    html = client.get("/notifications/").content.decode()
    assert (f'<a href="/leagues/{league.pk}/">Season 1 of Friday club has started: your league games are '
            "waiting for you.</a>") in html


def test_the_season_start_reaches_the_daily_digest_with_the_league_link(started, six_players):
    league, _season = started
    notice = season_notices().get(user=six_players[1])
    assert notice.email == EmailState.DIGEST  # league news: the digest, unless the player chose otherwise
    with committed():  # the notice is dated by the clock of its delivery: the digest after it
        digests_send_due(now=notice.created_at + timedelta(days=2))
    [digest] = [m for m in mail.outbox if m.to == [six_players[1].email] and m.subject.startswith("Letterpost:")]
    assert "Season 1 of Friday club has started" in digest.body
    assert f"/leagues/{league.pk}/" in digest.body and f'/leagues/{league.pk}/"' in digest.alternatives[0][0]


def test_five_fixtures_make_one_season_notice_and_at_most_one_your_move_email(six_players):
    first = six_players[0]
    for user in six_players:  # e-mail each for league news and turns: the strictest case
        NotificationPreference.objects.create(user=user, kind=Kind.LEAGUE_NEWS, email=EmailMode.EACH)
    league = services.league_create(creator=first, name="Friday club", kind="toy", options={"target": 3},
                                    division_min=6, division_max=12, promote=0, relegate=0, creator_plays=True)
    for user in six_players[1:]:
        services.league_join(league_id=league.pk, user=user)
    with committed():
        services.season_start(league_id=league.pk, actor=first, now=T0)
    sweep(now=T0 + NOTICE_DELAY)

    for user in six_players:
        assert Fixture.objects.filter(game__seats__user=user).count() == 5
        to_user = [m for m in mail.outbox if m.to == [user.email]]
        season = [m for m in to_user if m.subject == "Season 1 of Friday club has started"]
        moves = [m for m in to_user if m.subject.startswith("Your move in")]
        assert len(season) == 1 and len(moves) <= 1, [m.subject for m in to_user]
        assert f"/leagues/{league.pk}/" in season[0].body
        assert season_notices().filter(user=user).count() == 1
    assert any(m.subject.startswith("Your move in") for m in mail.outbox)  # the turns are still told


# ---------------------------------------------------------------------------
# The league label on "My games" and the game page
# ---------------------------------------------------------------------------
def test_a_league_game_names_its_league_season_and_round_on_my_games_and_its_page(started, six_players, client):
    league, _season = started
    fixture = Fixture.objects.filter(game__seats__user=six_players[2]).order_by("round").last()
    label = f"League: Friday club, season 1, round {fixture.round}"
    other = game_services.game_create(creator=six_players[2], kind="toy", opponents=[six_players[3]])
    client.force_login(six_players[2])

    games_html = client.get("/games/").content.decode()
    assert games_html.count("League: Friday club, season 1, round") == 5
    assert f'<a href="/leagues/{league.pk}/">{label}</a>' in games_html
    row = games_html.split(f'data-game="{other.pk}"')[1].split("</tr>")[0]
    assert "League:" not in row

    page = client.get(f"/games/{fixture.game_id}/").content.decode()
    assert f'<p class="game-label" id="game-label"><a href="/leagues/{league.pk}/">{label}</a></p>' in page
    assert 'id="game-label"' not in client.get(f"/games/{other.pk}/").content.decode()

