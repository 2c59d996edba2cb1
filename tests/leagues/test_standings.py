"""Standings with every tie-break, and promotion and relegation zones."""

from leagues.standings import PROMOTION, RELEGATION, Result, standings


def game(a, b, score_a, score_b):
    rank_a = 1 if score_a >= score_b else 2
    rank_b = 1 if score_b >= score_a else 2
    return Result(players=(a, b), scores=(score_a, score_b), ranks=(rank_a, rank_b))


def order(rows):
    return [r.player for r in rows]


def test_two_points_for_a_win_one_for_a_draw_with_played_won_drawn_lost():
    rows = standings(["a", "b", "c"], [game("a", "b", 300, 250), game("b", "c", 200, 200)])
    by = {r.player: r for r in rows}
    assert (by["a"].played, by["a"].won, by["a"].drawn, by["a"].lost, by["a"].points) == (1, 1, 0, 0, 2)
    assert (by["b"].played, by["b"].won, by["b"].drawn, by["b"].lost, by["b"].points) == (2, 0, 1, 1, 1)
    assert (by["c"].points, by["c"].drawn) == (1, 1)
    assert by["a"].difference == 50 and by["b"].difference == -50


def test_head_to_head_breaks_a_tie_on_points_before_score_difference():
    # a and b both 2 points; b beat a narrowly, a won another game hugely: b is ahead on head-to-head.
    results = [game("b", "a", 301, 300), game("a", "c", 500, 100), game("c", "b", 400, 100)]
    rows = standings(["a", "b", "c"], results)
    assert [r.points for r in rows] == [2, 2, 2]
    # All three level: the head-to-head among all three is the same (2 each), so score difference decides.
    assert order(rows) == ["a", "c", "b"]
    two_level = standings(["a", "b", "c"], [game("b", "a", 301, 300), game("a", "c", 500, 100)])
    assert order(two_level)[:2] == ["b", "a"]


def test_score_difference_then_rating_then_given_order():
    results = [game("a", "x", 300, 200), game("b", "y", 400, 200), game("c", "z", 300, 200), game("d", "w", 300, 200)]
    rows = standings(["d", "c", "a", "b"], results, ratings={"a": 1600, "c": 1550, "d": 1600})
    assert order(rows) == ["b", "d", "a", "c"]  # b on difference; a, c, d level: rating, then given order


def test_multi_player_points_by_finishing_place():
    four = Result(players=("a", "b", "c", "d"), scores=(90, 70, 70, 10), ranks=(1, 2, 2, 4))
    rows = {r.player: r for r in standings(["a", "b", "c", "d"], [four])}
    assert [rows[p].points for p in "abcd"] == [6, 3, 3, 0]
    assert (rows["a"].won, rows["b"].lost) == (1, 1)
    assert rows["a"].difference == (90 - 70) + (90 - 70) + (90 - 10)


def test_cooperative_points_are_team_scores():
    results = [Result(players=("a", "b"), scores=(0, 0), ranks=(1, 1), team_score=12),
               Result(players=("a", "c"), scores=(0, 0), ranks=(1, 1), team_score=5)]
    rows = standings(["a", "b", "c"], results, cooperative=True)
    assert [(r.player, r.points, r.played) for r in rows] == [("a", 17, 2), ("b", 12, 1), ("c", 5, 1)]


def test_zones_mark_the_top_and_bottom_rows():
    rows = standings(list("abcdef"), [game("a", "b", 2, 1)], promote=2, relegate=1)
    assert [r.zone for r in rows] == [PROMOTION, PROMOTION, None, None, None, RELEGATION]
    assert [r.position for r in rows] == [1, 2, 3, 4, 5, 6]


def test_zones_never_overlap_in_a_small_division():
    rows = standings(list("abc"), [], promote=2, relegate=2)
    assert [r.zone for r in rows] == [PROMOTION, PROMOTION, RELEGATION]


def test_games_against_players_no_longer_listed_still_count():
    rows = standings(["a"], [game("a", "gone", 10, 0)])
    assert rows[0].points == 2
