"""A Crossword game's GCG export: racks, exchanged tiles, names, lexicon and end-of-game lines for
analysis tools once the game is over, and only the asking player's own racks while it runs."""

from collections import Counter

import pytest
from django.core.management import call_command

from engines.crossword import gcg
from engines.crossword.analysis import positions_from_gcg
from engines.crossword.engine import ENGINE
from tests.games.crossword.test_crossword_site import give_rack, rack_of, submit
from tests.games.helpers import play_out

pytestmark = pytest.mark.django_db

MOVES = ("play", "exchange", "pass")


def export(client, game, user=None):
    if user is not None:
        client.force_login(user)
    response = client.get(f"/games/{game.pk}/gcg/")
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def finished(crossword_game, alice, bob):
    alice.display_name = "Alice Liddell"
    alice.save()
    game = play_out(crossword_game(), seed=3)
    assert game.status == "finished"
    return game


def test_a_finished_games_record_carries_names_lexicon_every_rack_and_the_end(client, finished):
    text = export(client, finished)  # a spectator, even signed out: the game is over
    assert "#lexicon en" in text.splitlines()
    record = gcg.parse(text)
    assert record.players == ["alice", "bob"] and record.names == ["Alice Liddell", "bob"]
    moves = [t for t in record.turns if t.kind in MOVES]
    assert moves and all(t.rack for t in moves)
    dealt = ENGINE.setup(2, finished.options, finished.seed)["racks"]
    assert moves[0].rack == "".join(dealt[record.players.index(moves[0].player)]["tiles"])
    # Read strictly: every play's tiles are on its recorded rack, no tile more often than the set has.
    positions = positions_from_gcg(text)
    assert len(positions) == len(moves) and all(p.rack for p in positions)
    for t in moves:
        if t.kind == "exchange":
            assert not t.tiles.isdigit() and not Counter(t.tiles) - Counter(t.rack)
    # The last line of each player carries the final score, rack adjustments included.
    last = {t.player: t.total for t in record.turns}
    assert [last["alice"], last["bob"]] == finished.state["scores"]
    end = finished.state["log"][-1]
    assert end["type"] == "end"
    penalties = {t.player: t.tiles for t in record.turns if t.kind == "rack_penalty"}
    assert penalties == {["alice", "bob"][item["seat"]]: item["rack"] for item in end["left"]
                         if item["rack"] and item["seat"] != end["out"]}


def test_every_recorded_rack_holds_the_tiles_its_play_used_and_replays_with_the_same_scores(client, finished):
    text = export(client, finished)
    checks, _ = gcg.replay(gcg.parse(text))
    plays = [c for c in checks if c.turn.kind == "play"]
    assert plays and all(c.ok for c in checks), [c for c in checks if not c.ok]
    for check in plays:
        assert check.computed_score == check.turn.score
    turns = [t for t in gcg.parse(text).turns if t.kind in MOVES]
    engine_turns = [e for e in finished.state["log"] if e.get("type") in ("place", "exchange", "pass")]
    assert len(turns) == len(engine_turns)


def test_gcg_check_reads_the_export_back_without_a_mismatch(client, finished, tmp_path, capsys):
    path = tmp_path / "game.gcg"
    path.write_text(export(client, finished))
    call_command("gcg_check", str(path))
    out = capsys.readouterr().out
    assert f"{path}: " in out and " 0 mismatches" in out and "MISMATCH" not in out and "REFUSED" not in out


def _exchange_each(game, alice, bob):
    """The first player exchanges three tiles, the other two; returns {seat: (rack before, tiles)}."""
    done = {}
    for i, count in enumerate((3, 2)):
        game.refresh_from_db()
        seat = game.state["to_move"]
        rack = "".join(rack_of(game, seat))
        submit(game, alice if seat == 0 else bob, {"type": "exchange", "tiles": rack[:count]}, f"x{i}")
        done[seat] = (rack, rack[:count])
    return done


def test_during_the_game_a_player_sees_their_own_racks_and_exchanges_only(client, crossword_game, alice, bob,
                                                                          carol):
    game = crossword_game()
    done = _exchange_each(game, alice, bob)
    for user, seat in ((alice, 0), (bob, 1)):
        record = gcg.parse(export(client, game, user))
        turns = {["alice", "bob"].index(t.player): t for t in record.turns}
        mine, theirs = turns[seat], turns[1 - seat]
        assert (mine.rack, mine.tiles) == done[seat]
        assert (theirs.rack, theirs.tiles) == ("", str(len(done[1 - seat][1])))
        assert done[1 - seat][0] not in export(client, game, user)
    spectator = gcg.parse(export(client, game, carol))
    assert [(t.rack, t.tiles) for t in spectator.turns] == [("", "3"), ("", "2")]


def test_the_api_record_follows_the_same_rule(api_for, crossword_game, alice, bob, carol):
    game = crossword_game()
    done = _exchange_each(game, alice, bob)
    own = gcg.parse(api_for(alice).get(f"/api/games/{game.pk}/gcg/").content.decode())
    assert [t.rack for t in own.turns if t.player == "alice"] == [done[0][0]]
    assert [t.rack for t in own.turns if t.player == "bob"] == [""]
    watcher = gcg.parse(api_for(carol).get(f"/api/games/{game.pk}/gcg/").content.decode())
    assert all(t.rack == "" for t in watcher.turns)


def test_a_game_whose_state_was_changed_by_hand_is_written_without_racks(client, crossword_game, alice, bob):
    game = crossword_game()
    first = game.state["to_move"]
    give_rack(game, first, ["W", "I", "N", "D", "Y", "A", "E"])  # no longer what the seed dealt
    submit(game, alice if first == 0 else bob, {"type": "place", "gcg": "8D WINDY"}, "k1")
    record = gcg.parse(export(client, game, alice if first == 0 else bob))
    assert [(t.kind, t.rack, t.notation) for t in record.turns] == [("play", "", "8D WINDY")]
