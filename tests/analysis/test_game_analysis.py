"""A finished Crossword game's analysis: run once when the game ends (or on request), stored once,
served by ``GET /api/games/{id}/analysis/`` and shown on the game page; never for a running game."""

import pytest

from analysis import running
from analysis.errors import GAME_NOT_FINISHED, NOT_ANALYSABLE
from analysis.models import Analysis
from games import services
from tests.games.helpers import every_seat_moves, play_out
from tests.helpers import committed

pytestmark = pytest.mark.django_db

ENGINE_TURNS = ("place", "exchange", "pass")


@pytest.fixture
def finished(crossword_game):
    """A game played to its end; its GameFinished event is committed, so the analysis has run."""
    game = crossword_game()
    with committed():
        game = play_out(game, seed=5)
    assert game.status == "finished"
    return game


def test_a_finished_game_is_analysed_once_when_it_ends(finished):
    analysis = Analysis.objects.get(game=finished)
    assert analysis.status == "done" and analysis.finished_at is not None
    turns = analysis.result["turns"]
    logged = [e for e in finished.state["log"] if e.get("type") in ENGINE_TURNS]
    assert len(turns) == len(logged) and all(t["status"] == "analysed" for t in turns)
    assert [t["seat"] for t in turns] == [e["seat"] for e in logged]
    assert {t["player"] for t in turns} == {"alice", "bob"}
    for turn in turns:
        equities = [p["equity"] for p in turn["best"]]
        assert equities == sorted(equities, reverse=True)
        assert turn["rank"] >= 1 and turn["played"]["equity"] <= equities[0]
        assert turn["equity_lost"] == pytest.approx(max(0, equities[0] - turn["played"]["equity"]), abs=0.05)
        assert (turn["rank"] == 1) == (turn["equity_lost"] == 0)
        assert len(turn["board"]) == 15
    for row in analysis.result["summary"]:
        mine = [t for t in turns if t["seat"] == row["seat"]]
        assert row["turns"] == len(mine)
        assert row["best_plays"] == sum(1 for t in mine if t["rank"] == 1)
        assert row["average_equity_lost"] == pytest.approx(sum(t["equity_lost"] for t in mine) / len(mine), abs=0.05)


def test_the_played_moves_are_the_games_own(finished):
    turns = Analysis.objects.get(game=finished).result["turns"]
    places = [e for e in finished.state["log"] if e.get("type") == "place"]
    assert [t["played"]["move"] for t in turns if t["played"]["move"][0].isalnum()] == [e["gcg"] for e in places]
    scores = [t["played"]["score"] for t in turns if t["played"]["move"][0].isalnum()]
    assert scores == [e["score"] for e in places]


def test_running_again_changes_nothing(finished):
    analysis = Analysis.objects.get(game=finished)
    again = running.analysis_run_for_finished_game(game_id=finished.pk)
    assert again.pk == analysis.pk and again.finished_at == analysis.finished_at
    assert Analysis.objects.filter(game=finished).count() == 1


def test_the_api_serves_every_turn_in_the_documented_shape(api_for, finished, carol):
    body = api_for(carol).get(f"/api/games/{finished.pk}/analysis/").json()
    assert body["status"] == "done" and body["game"] == finished.pk
    stored = Analysis.objects.get(game=finished).result["turns"]
    assert len(body["turns"]) == len(stored)
    first = body["turns"][0]
    assert set(first["played"]) == {"move", "score", "equity", "valid", "rejected", "withdrawn"}
    assert all(set(p) == {"move", "score", "equity"} for p in first["best"])
    assert {"seat", "rank", "best", "played"} <= set(first) and "board" not in first
    assert [r["player"] for r in body["summary"]] == ["alice", "bob"]


def test_a_finished_game_without_an_analysis_is_analysed_on_request(api_for, crossword_game, alice):
    game = play_out(crossword_game(), seed=5)  # not committed: the game-end event never ran
    assert not Analysis.objects.filter(game=game).exists()
    with committed():
        pending = api_for(alice).get(f"/api/games/{game.pk}/analysis/")
    assert (pending.status_code, pending.json()["status"], pending.json()["turns"]) == (200, "pending", [])
    done = api_for(alice).get(f"/api/games/{game.pk}/analysis/").json()
    assert done["status"] == "done" and done["turns"]
    assert Analysis.objects.filter(game=game).count() == 1


def test_an_unfinished_game_is_refused_and_nothing_is_stored(api_for, client, crossword_game, alice):
    game = every_seat_moves(crossword_game())
    answer = api_for(alice).get(f"/api/games/{game.pk}/analysis/")
    assert (answer.status_code, answer.json()["code"]) == (409, GAME_NOT_FINISHED)
    client.force_login(alice)
    client.post(f"/games/{game.pk}/analysis/")
    assert not Analysis.objects.exists()
    assert 'id="analysis"' not in client.get(f"/games/{game.pk}/").content.decode()


def test_other_games_and_missing_games_are_refused(api_for, alice, bob):
    toy = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    answer = api_for(alice).get(f"/api/games/{toy.pk}/analysis/")
    assert (answer.status_code, answer.json()["code"]) == (400, NOT_ANALYSABLE)
    missing = api_for(alice).get("/api/games/999999/analysis/")
    assert (missing.status_code, missing.json()["code"]) == (404, "NOT_FOUND")
    assert not Analysis.objects.exists()


def test_the_game_page_shows_the_summary_and_a_button_per_turn(client, finished, carol):
    client.force_login(carol)
    html = client.get(f"/games/{finished.pk}/").content.decode()
    turns = Analysis.objects.get(game=finished).result["turns"]
    assert 'id="analysis"' in html and "Average equity lost" in html
    assert html.count('<button type="button" class="an-turn') == len(turns)
    assert 'id="analysis-data"' in html and "js/analysis.js" in html


def test_the_game_page_names_the_players_by_their_display_names_of_today(client, finished, carol):
    """The report stored the names of its day; the page shows each seat's display name as it is now."""
    from django.contrib.auth import get_user_model

    seats = list(finished.seats.order_by("index").select_related("user"))
    for seat, name in zip(seats, ("Ann Arbor", "Ben Nevis"), strict=False):
        get_user_model().objects.filter(pk=seat.user_id).update(display_name=name)
    client.force_login(carol)
    html = client.get(f"/games/{finished.pk}/").content.decode()
    summary = html.split('class="an-summary"', 1)[1].split("</table>", 1)[0]
    turns = html.split('class="an-turns"', 1)[1].split("</ol>", 1)[0]
    for seat, name in zip(seats, ("Ann Arbor", "Ben Nevis"), strict=False):
        assert f">{name}<" in summary and f">{seat.user.username}<" not in summary
        assert f'<span class="who">{name}</span>' in turns


def test_an_older_finished_game_offers_the_analysis_button(client, crossword_game, alice):
    game = play_out(crossword_game(), seed=5)
    client.force_login(alice)
    assert "Analyse this game" in client.get(f"/games/{game.pk}/").content.decode()
    with committed():
        response = client.post(f"/games/{game.pk}/analysis/")
    assert response.status_code == 302
    assert Analysis.objects.get(game=game).status == "done"
    assert "Average equity lost" in client.get(f"/games/{game.pk}/").content.decode()


def test_a_resigned_crossword_game_is_analysed_and_other_kinds_are_not(crossword_game, alice, bob):
    game = every_seat_moves(crossword_game())
    toy = every_seat_moves(services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1))
    with committed():
        services.game_resign(game_id=game.pk, user=bob)
        services.game_resign(game_id=toy.pk, user=bob)
    analysis = Analysis.objects.get()
    assert analysis.game_id == game.pk and analysis.status == "done"
    assert len(analysis.result["turns"]) == 2  # the two moves made before the resignation


def test_the_admin_lists_the_analyses_read_only(client, finished, make_user):
    admin_user = make_user(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin_user)
    analysis = Analysis.objects.get(game=finished)
    listing = client.get("/admin/analysis/analysis/")
    assert listing.status_code == 200 and f"analysis #{analysis.pk} of game {finished.pk}" in listing.content.decode()
    assert client.get(f"/admin/analysis/analysis/{analysis.pk}/change/").status_code == 200
    assert client.get("/admin/analysis/analysis/add/").status_code == 403
