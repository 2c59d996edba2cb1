"""Crossword on the site: the game page, the move preview, GCG downloads, gcg_check and the new-game form."""


import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from engines.crossword import gcg
from games import services
from games.models import Game
from tests.games.helpers import snapshot
from tests.shared_data import gcg_records

pytestmark = pytest.mark.django_db



def rack_of(game, seat):
    game.refresh_from_db()
    return game.state["racks"][seat]["tiles"]


def give_rack(game, seat, tiles):
    """Put known tiles on a rack (swapping them with the bag) so that scores are exact."""
    game.refresh_from_db()
    state = game.state
    pool = state["bag"] + [t for r in state["racks"] for t in r["tiles"]]
    for tile in tiles:
        pool.remove(tile)
    state["racks"][seat]["tiles"] = list(tiles)
    for rack in state["racks"]:
        if rack["seat"] != seat:
            rack["tiles"], pool = pool[:7], pool[7:]
    state["bag"] = pool
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()


def submit(game, user, move, key):
    game.refresh_from_db()
    return services.game_submit_move(game_id=game.pk, user=user, move=move, version=game.version,
                                     idempotency_key=key)


# -- the page ----------------------------------------------------------------------------------------

def test_the_game_page_draws_the_board_my_rack_and_the_download_link(client, crossword_game, alice):
    game = crossword_game()
    client.force_login(alice)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert html.count('class="sq') == 225
    assert html.count('class="sq tw') == 8 and 'class="sq centre"' in html
    tiles = [part.split('"')[0] for part in html.split('data-tile="')[1:]]
    assert tiles == rack_of(game, 0)
    assert f'/games/{game.pk}/gcg/' in html and "js/crossword.js" in html and "css/crossword.css" in html
    assert "100 unseen tiles" not in html and "93 unseen tiles" in html  # 100 minus my own seven


def test_a_spectator_sees_the_board_but_no_rack(client, crossword_game, carol):
    game = crossword_game()
    client.force_login(carol)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-tile="' not in html and 'id="cw-rack"' not in html
    assert "100 unseen tiles" in html


def test_the_last_play_is_highlighted_and_logged_with_its_words_and_score(client, crossword_game, alice, bob):
    game = crossword_game(challenge="single")
    seat = game.state["to_move"]
    player = alice if seat == 0 else bob
    give_rack(game, seat, ["W", "I", "N", "D", "Y", "A", "E"])
    submit(game, player, {"type": "place", "gcg": "8D WINDY"}, "k1")
    client.force_login(alice)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert html.count(" filled last\"") == 5  # the five squares of WINDY
    assert "<code>8D WINDY</code>" in html and "+32" in html
    if seat == 0:  # bob may challenge the play
        client.force_login(bob)
        assert "Challenge WINDY" in client.get(f"/games/{game.pk}/").content.decode()


def test_every_word_in_the_log_links_to_the_report_page(client, crossword_game, alice, bob):
    game = crossword_game()
    seat = game.state["to_move"]
    give_rack(game, seat, ["W", "I", "N", "D", "Y", "A", "E"])
    submit(game, alice if seat == 0 else bob, {"type": "place", "gcg": "8D WINDY"}, "k1")
    client.force_login(alice)
    html = client.get(f"/games/{game.pk}/").content.decode()
    link = f'href="/words/report/?lexicon=en&amp;game={game.pk}&amp;word=windy&amp;kind=wrong"'
    assert link in html
    assert client.get(f"/words/report/?lexicon=en&game={game.pk}&word=windy&kind=wrong").status_code == 200


def test_the_log_starts_empty_then_prints_names_as_text_and_marks_the_last_line(client, crossword_game, alice, bob):
    # The log's lines are built in Python (games.web.kinds.crossword._log_html), not by the template.
    game = crossword_game()
    client.force_login(alice)
    assert '<li class="empty">No moves yet.</li>' in client.get(f"/games/{game.pk}/").content.decode()
    alice.display_name = '<img src=x onerror="x()">'
    alice.save()
    seat = game.state["to_move"]
    player = alice if seat == 0 else bob
    give_rack(game, seat, ["W", "I", "N", "D", "Y", "A", "E"])
    submit(game, player, {"type": "place", "gcg": "8D WINDY"}, "k1")
    submit(game, bob if player == alice else alice, {"type": "pass"}, "k2")
    html = client.get(f"/games/{game.pk}/").content.decode()
    log = html[html.index('aria-labelledby="cw-log-title"'):].split("</ol>")[0]
    assert "<img src=x" not in html and "<b>&lt;img src=x onerror=&quot;x()&quot;&gt;</b>" in log
    assert log.count('<li class="place">') == 1 and log.count('<li class="pass last">') == 1
    assert '<span class="pts">+32</span>' in log and "No moves yet." not in log


# -- the preview -------------------------------------------------------------------------------------

def test_preview_answers_the_words_and_score_the_server_will_count(api_for, crossword_game, alice, bob):
    game = crossword_game()
    seat = game.state["to_move"]
    player = alice if seat == 0 else bob
    give_rack(game, seat, ["W", "I", "N", "D", "Y", "A", "E"])
    before = snapshot(game.pk)
    answer = api_for(player).post(f"/api/games/{game.pk}/preview/",
                                  {"move": {"type": "place", "gcg": "8D WINDY"}}, format="json")
    assert answer.status_code == 200
    assert answer.json() == {"legal": True, "words": [{"word": "WINDY", "text": "WINDY", "score": 32, "start": "8D",
                                        "across": True}], "bingo": False, "score": 32, "across": True}
    assert snapshot(game.pk) == before


@pytest.mark.parametrize("move,code", [
    ({"type": "place", "gcg": "1A WINDY"}, "FIRST_MOVE_CENTRE"),
    ({"type": "place", "gcg": "8H WYND"}, "UNKNOWN_WORD"),
    ({"type": "place", "gcg": "8H ZZZ"}, "TILE_NOT_ON_RACK"),
    ({"type": "pass"}, "BAD_MOVE"),
    ("nonsense", "BAD_MOVE"),
])
def test_preview_refuses_with_the_code_apply_would_give_and_writes_nothing(api_for, crossword_game, alice, bob,
                                                                           move, code):
    game = crossword_game()
    seat = game.state["to_move"]
    give_rack(game, seat, ["W", "I", "N", "D", "Y", "A", "E"])
    before = snapshot(game.pk)
    answer = api_for(alice if seat == 0 else bob).post(f"/api/games/{game.pk}/preview/", {"move": move},
                                                        format="json")
    assert (answer.status_code, answer.json()["legal"], answer.json()["code"]) == (200, False, code)
    assert snapshot(game.pk) == before


def test_preview_is_for_players_and_for_kinds_with_a_preview(api_for, crossword_game, alice, bob, carol):
    game = crossword_game()
    answer = api_for(carol).post(f"/api/games/{game.pk}/preview/", {"move": {"type": "pass"}}, format="json")
    assert (answer.status_code, answer.json()["code"]) == (403, "NOT_YOUR_GAME")
    toy = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    answer = api_for(alice).post(f"/api/games/{toy.pk}/preview/", {"move": {"type": "add"}}, format="json")
    assert (answer.status_code, answer.json()["code"]) == (400, "NO_PREVIEW")
    answer = api_for(alice).post("/api/games/999999/preview/", {"move": {}}, format="json")
    assert answer.status_code == 404


# -- GCG ---------------------------------------------------------------------------------------------

def test_a_spectator_downloads_an_unfinished_game_without_any_rack_or_exchanged_tile(client, api_for,
                                                                                     crossword_game, alice, bob,
                                                                                     carol):
    game = crossword_game()
    first = game.state["to_move"]
    players = {0: alice, 1: bob}
    give_rack(game, first, ["W", "I", "N", "D", "Y", "A", "E"])
    submit(game, players[first], {"type": "place", "gcg": "8D WINDY"}, "k1")
    exchanged = "".join(rack_of(game, 1 - first)[:3])
    submit(game, players[1 - first], {"type": "exchange", "tiles": exchanged}, "k2")
    client.force_login(carol)
    page = client.get(f"/games/{game.pk}/gcg/")
    api = api_for(carol).get(f"/api/games/{game.pk}/gcg/")
    for response in (page, api):
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/plain")
        assert response["Content-Disposition"] == f'attachment; filename="letterpost-{game.pk}.gcg"'
    text = page.content.decode()
    assert text == api.content.decode()
    record = gcg.parse(text)
    assert record.players == ["alice", "bob"]
    assert [(t.kind, t.rack, t.notation, t.score) for t in record.turns] == [
        ("play", "", "8D WINDY", 32), ("exchange", "", "3", 0)]
    for seat in (0, 1):
        assert "".join(rack_of(game, seat)) not in text


def test_a_finished_game_downloads_with_the_racks_left(api_for, crossword_game, alice, bob):
    game = crossword_game()
    for i in range(6):
        seat = Game.objects.get(pk=game.pk).state["to_move"]
        submit(game, alice if seat == 0 else bob, {"type": "pass"}, f"p{i}")
    game.refresh_from_db()
    assert game.status == "finished"
    text = api_for(alice).get(f"/api/games/{game.pk}/gcg/").content.decode()
    left = [t for t in gcg.parse(text).turns if t.kind == "rack_penalty"]
    assert sorted(t.tiles for t in left) == sorted("".join(r["tiles"]) for r in game.state["racks"])


def test_only_crossword_games_have_a_record(client, api_for, alice, bob):
    toy = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    assert client.get(f"/games/{toy.pk}/gcg/").status_code == 404
    answer = api_for(alice).get(f"/api/games/{toy.pk}/gcg/")
    assert (answer.status_code, answer.json()["code"]) == (404, "NOT_FOUND")


def test_gcg_check_replays_every_shared_record_with_matching_scores(capsys):
    paths = [str(p) for p in gcg_records()]
    assert len(paths) >= 3
    call_command("gcg_check", *paths)
    out = capsys.readouterr().out
    assert "recorded +32 computed +32" in out  # doug_v_emely's opening WINDY
    assert out.count(" 0 mismatches") == len(paths) and "MISMATCH" not in out


def test_gcg_check_exits_non_zero_when_a_placement_scores_differently(tmp_path, capsys):
    record = tmp_path / "wrong.gcg"
    record.write_text("#player1 a A\n#player2 b B\n>a: WINDYAE 8D WINDY +33 33\n>b: CAT 9D CAT +9 9\n")
    with pytest.raises(CommandError):
        call_command("gcg_check", str(record))
    assert "recorded +33 computed +32  MISMATCH" in capsys.readouterr().out


# -- creating a game from the form -------------------------------------------------------------------

def test_the_new_game_form_sets_tile_set_lexicon_and_challenge(client, lexicons, alice, bob):
    client.force_login(alice)
    response = client.post("/games/new/", {"kind": "crossword", "opponent": "bob", "crossword_seats": 2,
                                           "days_per_move": 3, "crossword_tile_set": "nl", "crossword_lexicon": "",
                                           "crossword_challenge": "double"})
    assert response.status_code == 302
    game = Game.objects.get(kind="crossword")
    assert game.options == {"tile_set": "nl", "challenge": "double", "lexicon": "nl"}
    services.challenge_accept(game_id=game.pk, user=bob)
    game.refresh_from_db()
    assert game.state["options"]["tile_set"] == "nl" and len(game.state["bag"]) == 102 - 14


def test_the_form_offers_no_crossword_without_a_word_list(client, db, alice, bob):
    client.force_login(alice)
    page = client.get("/games/new/").content.decode()
    assert '<option value="crossword"' not in page
    assert "Crossword (no English or Dutch word list is loaded on this site yet)" in page
    response = client.post("/games/new/", {"kind": "crossword", "opponent": "bob", "crossword_seats": 2,
                                           "days_per_move": 3, "crossword_tile_set": "en"})
    assert response.status_code == 200
    assert "Select a valid choice. crossword is not one of the available choices." in response.content.decode()
    assert not Game.objects.exists()
