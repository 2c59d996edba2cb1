"""The per-process word index: built from the database, reloaded within the TTL after a change,
unknown codes refused, and games refused a lexicon that does not exist."""

import pytest

from games import services
from games.errors import BAD_OPTIONS, GameError
from games.models import Game
from lexicons import loaded
from lexicons import store as lexicon_store
from lexicons.services import lexicon_load_words, lexicon_word_change
from lexicons.store import UnknownLexicon, lexicon_for_code, version_diff, word_lookup

pytestmark = pytest.mark.django_db


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(lexicon_store, "_clock", clock)
    return clock


def test_the_index_holds_the_active_words_at_the_current_version():
    lexicon_load_words(code="en", words=["cat", "cats", "Dog", "x"])
    index = lexicon_for_code("en")
    assert (index.code, index.version, len(index)) == ("en", 1, 2)
    assert index.contains("CAT") and not index.contains("dog")
    assert lexicon_for_code("en") is index  # held, not rebuilt


def test_an_admin_change_is_seen_once_the_version_ttl_has_passed(clock, settings, alice):
    settings.LEXICON_VERSION_TTL = 2
    lexicon = lexicon_load_words(code="en", words=["cat"])
    assert not lexicon_for_code("en").contains("qi")

    lexicon_word_change(lexicon=lexicon, raw="qi", action="added", user=alice, reason="modern word")
    clock.now += 1.5
    assert not lexicon_for_code("en").contains("qi")  # within the TTL the held version is trusted
    clock.now += 1
    index = lexicon_for_code("en")
    assert index.contains("qi") and index.version == 2
    assert loaded.held_versions()["en"] == 2


def test_with_a_zero_ttl_every_lookup_sees_the_latest_version(settings, alice):
    settings.LEXICON_VERSION_TTL = 0
    lexicon = lexicon_load_words(code="en", words=["cat", "dog"])
    assert lexicon_for_code("en").contains("dog")
    lexicon_word_change(lexicon=lexicon, raw="dog", action="removed", user=alice, reason="test")
    assert not lexicon_for_code("en").contains("dog")


def test_another_process_loads_the_index_from_the_shared_cache(django_assert_num_queries):
    lexicon_load_words(code="en", words=["cat", "dog"])
    lexicon_for_code("en")
    loaded.forget()  # as a fresh process would: no held index, the version still known
    with django_assert_num_queries(0):
        assert lexicon_for_code("en").contains("dog")


def test_an_unknown_code_is_refused_clearly():
    with pytest.raises(UnknownLexicon, match="import_lexicon xx"):
        lexicon_for_code("xx")


def test_lookup_normalises_the_word_and_explains_a_malformed_one():
    lexicon_load_words(code="nl", language="nl", words=["café", "kat"])
    assert word_lookup("nl", " CAFÉ ") == {"word": "cafe", "valid": True, "lexicon_version": 1, "reason": None}
    assert word_lookup("nl", "hond")["valid"] is False
    assert word_lookup("nl", "e-mail") == {"word": "e-mail", "valid": False, "lexicon_version": 1, "reason": "hyphen"}


def test_a_lookup_within_the_ttl_costs_no_query(django_assert_num_queries):
    lexicon_load_words(code="nl", language="nl", words=["café"])
    word_lookup("nl", "cafe")  # reads the version (and the language with it) and builds the index
    with django_assert_num_queries(0):
        assert word_lookup("nl", "CAFÉ")["valid"] is True


def test_version_diff_nets_out_words_that_came_and_went(alice):
    lexicon = lexicon_load_words(code="en", words=["cat", "dog"])  # v1
    lexicon_word_change(lexicon=lexicon, raw="qi", action="added", user=alice, reason="a")  # v2
    lexicon_word_change(lexicon=lexicon, raw="dog", action="removed", user=alice, reason="b")  # v3
    lexicon_word_change(lexicon=lexicon, raw="qi", action="removed", user=alice, reason="c")  # v4
    lexicon_word_change(lexicon=lexicon, raw="za", action="added", user=alice, reason="d")  # v5
    assert version_diff(lexicon, 1, 5) == (["za"], ["dog"])
    assert version_diff(lexicon, 1, 2) == (["qi"], [])
    assert version_diff(lexicon, 0, 5) == (["cat", "za"], [])


def test_game_create_refuses_a_lexicon_that_does_not_exist(alice, bob):
    with pytest.raises(GameError) as refused:
        services.game_create(creator=alice, kind="toy", opponents=[bob], options={"lexicon": "zz"})
    assert refused.value.code == BAD_OPTIONS
    assert not Game.objects.exists()
    lexicon_load_words(code="zz", words=["cat"])
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], options={"lexicon": "zz"})
    assert game.options["lexicon"] == "zz"


def test_vowel_less_english_words_are_loaded_and_played_and_dutch_abbreviations_are_not_loaded(alice, bob):
    lexicon_load_words(code="en", words=["hm", "mm", "sh", "cat"])
    lexicon_load_words(code="nl", words=["kg", "cm", "kat"], language="nl")
    english, dutch = lexicon_for_code("en"), lexicon_for_code("nl")
    assert all(english.contains(w) for w in ("hm", "mm", "sh", "cat")) and len(english) == 4
    assert dutch.contains("kat") and len(dutch) == 1
    game = services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=3)
    seat = game.state["to_move"]
    state = game.state
    pool = state["bag"] + [t for r in state["racks"] for t in r["tiles"]]
    for tile in "HMMS":
        pool.remove(tile)
    state["racks"][seat]["tiles"], state["racks"][1 - seat]["tiles"] = ["H", "M", "M", "S"], pool[:7]
    state["bag"] = pool[7:]
    Game.objects.filter(pk=game.pk).update(state=state)
    services.game_submit_move(game_id=game.pk, user=alice if seat == 0 else bob,
                              move={"type": "place", "gcg": "8G HM"}, version=1, idempotency_key="hm")
    game.refresh_from_db()
    assert game.state["log"][-1]["words"] == ["HM"] and game.state["log"][-1]["score"] == (4 + 3) * 2
