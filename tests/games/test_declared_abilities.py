"""What a game kind can do beyond playing is declared by its engine, not listed by kind elsewhere: where the
site lists it, whether its games have a GCG record and an analysis, and which bot plays a seat its player
left.  The test suite's toy kind declares none of them, so it gets none of them."""

import pytest
from django.test import Client

from analysis.running import game_analysable, kind_analysable
from engines import registry
from games import services
from games.services.base import auto_move
from tests.games.helpers import every_seat_moves

pytestmark = pytest.mark.django_db


def test_the_games_are_listed_in_the_order_their_engines_declare():
    order = registry.kinds_in_order()
    assert order[:4] == ["crossword", "turnspell", "spellcrafter", "spell"]
    assert set(order) == set(registry.kinds())
    assert [registry.get(kind).list_order for kind in order] == sorted(registry.get(kind).list_order for kind in order)


def test_only_a_kind_that_exports_gcg_has_a_gcg_link(alice, bob):
    toy = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    assert not registry.get("toy").exports_gcg and registry.get("crossword").exports_gcg
    client = Client()
    assert client.get(f"/games/{toy.pk}/gcg/").status_code == 404
    client.force_login(alice)
    assert client.get(f"/api/games/{toy.pk}/gcg/").status_code == 404


def test_only_an_analysable_kind_is_analysed(alice, bob):
    assert kind_analysable("crossword") and not kind_analysable("toy") and not kind_analysable("no-such-kind")
    toy = every_seat_moves(services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3), seed=3)
    services.game_resign(game_id=toy.pk, user=alice)
    toy.refresh_from_db()
    assert toy.status == "finished" and not game_analysable(toy)


def test_a_left_seat_is_played_by_the_bot_its_engine_names_or_else_by_the_timeout_move(alice, bob, monkeypatch):
    toy = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    engine = registry.get("toy")
    seat = sorted(engine.to_act(toy.state))[0]
    assert engine.auto_play_level is None
    assert auto_move(toy, engine, seat) == engine.timeout_move(toy.state, seat)

    chosen = []
    monkeypatch.setattr(type(engine), "auto_play_level", "club")
    monkeypatch.setattr("games.services.base.bot_choose",
                        lambda game, eng, index, level, salt: chosen.append(level) or {"x": 1})
    assert auto_move(toy, engine, seat) == {"x": 1} and chosen == ["club"]
