"""The Master's analysis on request: a finished game's (or an upload's) plays ranked again by the Master
bot's simulation, one of the player's ``MASTER_ANALYSES_PER_DAY`` in any 24 hours; static equity
otherwise.  Refused requests change nothing and spend nothing."""

from datetime import timedelta
from functools import partial

import pytest
from django.utils import timezone

from analysis import running, services
from analysis.errors import GAME_NOT_FINISHED, RATE_LIMITED
from analysis.models import Analysis
from core.models import EventRecord
from tests.games.helpers import play_out
from tests.helpers import committed

pytestmark = pytest.mark.django_db

RECORD = ("#player1 ann Ann\n#player2 bob Bob\n>ann: DINNVWY 8D WINDY +32 32\n"
          ">bob: AEEGILS -AE +0 0\n")


@pytest.fixture(autouse=True)
def short_simulations(monkeypatch):
    """The Master's analysis as the site runs it, with fewer iterations a turn: these tests are about the
    requests, the quota and the pages (tests/engines/crossword has the simulation's own)."""
    monkeypatch.setattr(running.core, "analyse", partial(running.core.analyse, simulate_iterations=20))


@pytest.fixture
def finished(crossword_game):
    """A finished game whose static analysis has run (its GameFinished event committed)."""
    def make(seed=5):
        game = crossword_game()
        with committed():
            game = play_out(game, seed=seed)
        assert game.status == "finished"
        return game
    return make


def ask(api_for, user, game, body=None):
    with committed():
        return api_for(user).post(f"/api/games/{game.pk}/analysis/master/", body or {}, format="json")


def test_asking_the_master_ranks_the_game_again_by_its_simulation(api_for, finished, carol, settings):
    settings.MASTER_ANALYSES_PER_DAY = 3
    game = finished()
    before = Analysis.objects.get(game=game)
    assert before.method == "static" and before.result["method"] == "static"
    answer = ask(api_for, carol, game)
    assert answer.status_code == 202
    assert (answer.json()["method"], answer.json()["status"]) == ("simulation", "pending")
    assert answer.json()["turns_method"] == "static"  # the static turns stay until the Master's are in
    analysis = Analysis.objects.get(game=game)
    assert (analysis.status, analysis.method, analysis.master_by) == ("done", "simulation", carol)
    assert analysis.result["method"] == "simulation"
    simulated = [t for t in analysis.result["turns"] if t.get("method") == "simulation"]
    assert simulated, "a two-player game with tiles in the bag has turns the Master simulates"
    body = api_for(carol).get(f"/api/games/{game.pk}/analysis/").json()
    assert (body["method"], body["turns_method"]) == ("simulation", "simulation")
    assert services.master_analyses_left(user=carol) == 2


def test_a_game_the_master_has_analysed_costs_nothing_more(api_for, finished, carol, make_user):
    dave = make_user(username="dave")
    game = finished()
    ask(api_for, carol, game)
    done = Analysis.objects.get(game=game)
    again = ask(api_for, dave, game)
    assert again.status_code == 202 and again.json()["status"] == "done"
    assert Analysis.objects.get(game=game).finished_at == done.finished_at
    assert services.master_analyses_left(user=dave) == services.master_analyses_left(user=carol) + 1


def test_past_the_daily_quota_the_master_is_refused_and_nothing_changes(api_for, finished, carol, settings):
    settings.MASTER_ANALYSES_PER_DAY = 1
    first, second = finished(5), finished(6)
    assert ask(api_for, carol, first).status_code == 202
    records = EventRecord.objects.count()
    refused = ask(api_for, carol, second)
    assert (refused.status_code, refused.json()["code"]) == (429, RATE_LIMITED)
    assert "in the last 24 hours" in refused.json()["message"]
    untouched = Analysis.objects.get(game=second)
    assert (untouched.method, untouched.status, untouched.master_by) == ("static", "done", None)
    assert EventRecord.objects.count() == records
    # A day after the first, the quota has room again.
    later = timezone.now() + timedelta(days=1, minutes=1)
    assert services.master_analyses_left(user=carol, now=later) == 1
    with committed():
        analysis = services.analysis_request_master_for_game(game_id=second.pk, user=carol, now=later)
    assert analysis.method == "simulation"


def test_an_unfinished_game_and_an_unknown_field_are_refused(api_for, crossword_game, finished, carol, settings):
    running = crossword_game()
    answer = ask(api_for, carol, running)
    assert (answer.status_code, answer.json()["code"]) == (409, GAME_NOT_FINISHED)
    assert not Analysis.objects.filter(game=running).exists()
    game = finished()
    answer = ask(api_for, carol, game, {"depth": 3})
    assert (answer.status_code, answer.json()["code"]) == (400, "UNKNOWN_FIELD")
    assert Analysis.objects.get(game=game).method == "static"
    assert services.master_analyses_left(user=carol) == settings.MASTER_ANALYSES_PER_DAY


def test_an_upload_may_ask_for_the_master_and_it_counts_in_the_quota(api_for, lexicons, alice, settings):
    settings.MASTER_ANALYSES_PER_DAY = 1
    with committed():
        created = api_for(alice).post("/api/analyses/", {"gcg": RECORD, "lexicon": "en", "master": True},
                                      format="json")
    assert created.status_code == 202 and created.json()["method"] == "simulation"
    analysis = Analysis.objects.get(pk=created.json()["id"])
    assert (analysis.status, analysis.result["method"]) == ("done", "simulation")
    with committed():
        refused = api_for(alice).post("/api/analyses/", {"gcg": RECORD, "lexicon": "en", "master": True},
                                      format="json")
    assert (refused.status_code, refused.json()["code"]) == (429, RATE_LIMITED)
    assert Analysis.objects.count() == 1
    with committed():
        static = api_for(alice).post("/api/analyses/", {"gcg": RECORD, "lexicon": "en"}, format="json")
    assert static.status_code == 202 and static.json()["method"] == "static"
    unknown = api_for(alice).post("/api/analyses/", {"gcg": RECORD, "lexicon": "en", "deep": True}, format="json")
    assert (unknown.status_code, unknown.json()["code"]) == (400, "UNKNOWN_FIELD")


def test_the_game_page_offers_the_master_to_a_signed_in_player_with_the_quota_left(client, finished, carol):
    game = finished()
    anonymous = client.get(f"/games/{game.pk}/").content.decode()
    assert "Ranked by static equity" in anonymous and "Ask the Master" not in anonymous
    client.force_login(carol)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Ask the Master" in page and "You may ask 3 more times today." in page
    with committed():
        answer = client.post(f"/games/{game.pk}/analysis/master/")
    assert answer.status_code == 302 and answer["Location"].endswith("#analysis")
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Ranked by the Master's simulation" in page and "Ask the Master" not in page


def test_while_the_master_works_the_page_keeps_the_static_report_and_updates_itself(client, finished, carol):
    game = finished()
    client.force_login(carol)
    client.post(f"/games/{game.pk}/analysis/master/")  # not committed: its task has not run
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "The Master is analysing this game" in page
    assert "Ranked by static equity" in page and 'data-pending="/api/games/' in page
    assert "analysis_pending.js" in page


def test_the_upload_page_offers_the_master_with_the_quota_left(client, lexicons, alice, settings):
    settings.MASTER_ANALYSES_PER_DAY = 2
    client.force_login(alice)
    page = client.get("/analysis/").content.decode()
    assert "Ask the Master" in page and "You may ask 2 more times today." in page
    with committed():
        answer = client.post("/analysis/", {"gcg": RECORD, "lexicon": "en", "master": "on"})
    assert answer.status_code == 302
    analysis = Analysis.objects.get()
    assert analysis.method == "simulation" and analysis.result["method"] == "simulation"
    assert "You may ask 1 more time today." in client.get("/analysis/").content.decode()


def test_the_master_asked_for_while_the_static_analysis_runs_replaces_it(finished, carol, monkeypatch):
    """The static run started before the ask does not store its report over the Master's request: the
    ask clears its stamp, and the Master's run that follows stores the simulation."""
    game = finished()
    Analysis.objects.filter(game=game).update(status="pending", result=None, method="static", started_at=None)
    compute, methods = running._compute, []

    def static_run_meanwhile(analysis):
        methods.append(analysis.method)
        if analysis.method == "static":  # the Master's run (its task, on commit) computes as it is
            with committed():
                services.analysis_request_master_for_game(game_id=game.pk, user=carol)
        return compute(analysis)

    monkeypatch.setattr(running, "_compute", static_run_meanwhile)
    running.analysis_run_for_finished_game(game_id=game.pk)
    analysis = Analysis.objects.get(game=game)
    assert (analysis.status, analysis.method, analysis.result["method"]) == ("done", "simulation", "simulation")
    assert methods == ["static", "simulation"]
