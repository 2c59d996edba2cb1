"""Game chat: players only, plain text, length- and rate-limited, escaped, mutable per viewer."""

import pytest
from django.test import TestCase

from moderation import services
from moderation.errors import ModerationError
from moderation.models import ChatMessage, ChatMute

pytestmark = pytest.mark.django_db


def chat_url(game):
    return f"/api/games/{game.pk}/chat/"


def test_a_player_posts_and_both_players_read_the_thread(game, alice, bob, api_for):
    with TestCase.captureOnCommitCallbacks() as callbacks:
        answer = api_for(alice).post(chat_url(game), {"text": "  good luck!  "}, format="json")
    assert answer.status_code == 201
    assert answer.json()["message"]["text"] == "good luck!" and answer.json()["message"]["mine"] is True
    assert len(callbacks) == 1  # the live update waits for the commit
    thread = api_for(bob).get(chat_url(game)).json()
    assert [(m["author"], m["text"], m["mine"]) for m in thread["messages"]] == [("alice", "good luck!", False)]


def test_spectators_can_neither_read_nor_write_the_chat(game, alice, carol, api_for, client_for):
    services.chat_post(game_id=game.pk, user=alice, text="secret plan")
    assert api_for(carol).get(chat_url(game)).json()["code"] == "NOT_YOUR_GAME"
    answer = api_for(carol).post(chat_url(game), {"text": "hi"}, format="json")
    assert answer.status_code == 403 and answer.json()["code"] == "NOT_YOUR_GAME"
    assert ChatMessage.objects.count() == 1
    page = client_for(carol).get(f"/games/{game.pk}/").content.decode()
    assert "secret plan" not in page and 'id="chat"' not in page


def test_an_unknown_game_is_404(alice, api_for):
    answer = api_for(alice).post("/api/games/999/chat/", {"text": "hi"}, format="json")
    assert answer.status_code == 404 and answer.json()["code"] == "NOT_FOUND"


@pytest.mark.parametrize(("text", "code"), [("", "EMPTY_MESSAGE"), ("   ", "EMPTY_MESSAGE"),
                                            ("x" * 501, "MESSAGE_TOO_LONG")])
def test_empty_and_oversized_messages_are_refused_and_nothing_is_written(game, alice, api_for, text, code):
    answer = api_for(alice).post(chat_url(game), {"text": text}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == code and answer.json()["message"]
    assert not ChatMessage.objects.exists()


def test_exactly_500_characters_are_allowed(game, alice):
    assert len(services.chat_post(game_id=game.pk, user=alice, text="y" * 500).text) == 500


def test_the_sixth_message_within_a_minute_is_rate_limited(game, alice, bob, api_for):
    for i in range(5):
        assert api_for(alice).post(chat_url(game), {"text": f"m{i}"}, format="json").status_code == 201
    answer = api_for(alice).post(chat_url(game), {"text": "one too many"}, format="json")
    assert answer.status_code == 429 and answer.json()["code"] == "RATE_LIMITED"
    assert ChatMessage.objects.count() == 5
    # Counted per player: the opponent may still answer.
    assert api_for(bob).post(chat_url(game), {"text": "calm down"}, format="json").status_code == 201


def test_the_rate_limit_frees_up_a_minute_after_the_first_message(game, alice):
    from datetime import timedelta

    from django.utils import timezone

    now = timezone.now()
    services.chat_post(game_id=game.pk, user=alice, text="0", now=now)
    for i in range(4):
        services.chat_post(game_id=game.pk, user=alice, text=str(i), now=now + timedelta(seconds=30))
    with pytest.raises(ModerationError) as refused:
        services.chat_post(game_id=game.pk, user=alice, text="6", now=now + timedelta(seconds=59))
    assert refused.value.code == "RATE_LIMITED"
    services.chat_post(game_id=game.pk, user=alice, text="later", now=now + timedelta(seconds=61))
    with pytest.raises(ModerationError):
        services.chat_post(game_id=game.pk, user=alice, text="too soon", now=now + timedelta(seconds=62))


def test_markup_is_escaped_on_the_game_page_and_in_the_thread(game, alice, bob, api_for, client_for):
    services.chat_post(game_id=game.pk, user=alice, text="<script>alert(1)</script>")
    page = client_for(bob).get(f"/games/{game.pk}/").content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    html = api_for(bob).get(chat_url(game)).json()["html"]
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_a_player_who_mutes_an_opponent_no_longer_sees_their_messages(game, alice, bob, api_for):
    services.chat_post(game_id=game.pk, user=alice, text="annoying")
    services.chat_post(game_id=game.pk, user=bob, text="hello")
    assert api_for(bob).post("/api/chat/mutes/alice/").status_code == 200
    assert [m["text"] for m in api_for(bob).get(chat_url(game)).json()["messages"]] == ["hello"]
    # Alice still sees everything.
    assert [m["text"] for m in api_for(alice).get(chat_url(game)).json()["messages"]] == ["annoying", "hello"]
    assert api_for(bob).delete("/api/chat/mutes/alice/").status_code == 200
    assert len(api_for(bob).get(chat_url(game)).json()["messages"]) == 2


def test_muting_yourself_or_nobody_is_refused(alice, api_for):
    assert api_for(alice).post("/api/chat/mutes/alice/").json()["code"] == "CANNOT_MUTE_SELF"
    assert api_for(alice).post("/api/chat/mutes/nobody/").json()["code"] == "UNKNOWN_PLAYER"
    assert not ChatMute.objects.exists()


def test_the_chat_panel_is_on_the_game_page_for_players(game, alice, client_for):
    page = client_for(alice).get(f"/games/{game.pk}/").content.decode()
    assert 'id="chat"' in page and "js/chat.js" in page and "Mute chat" in page and "/moderation/report/" in page


def test_a_chat_message_can_follow_a_move(game, alice, bob, api_for):
    moved = api_for(alice).post(f"/api/games/{game.pk}/moves/", {"move": {"type": "add", "n": 1}, "version": 1,
                                                                 "idempotency_key": "k1"}, format="json")
    assert moved.status_code == 200
    assert api_for(alice).post(chat_url(game), {"text": "your turn"}, format="json").status_code == 201
