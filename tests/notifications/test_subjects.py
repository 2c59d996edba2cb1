"""Notice e-mail subjects say what happened, in the reader's language."""

import pytest
from django.core import mail

from notifications import services
from notifications.delivery import emails_deliver
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def subjects_for(user) -> list[str]:
    emails_deliver(notification_ids=list(Notification.objects.filter(user=user).values_list("pk", flat=True)))
    return [m.subject for m in mail.outbox if m.to == [user.email]]


@pytest.mark.parametrize("language,expected", [
    ("en", ["Anna challenges you to Toy #{game}", "Bob declined your challenge", "Bob accepted your challenge"]),
    ("nl", ["Anna daagt je uit voor Toy #{game}", "Bob heeft je uitdaging afgewezen",
            "Bob heeft je uitdaging aangenomen"]),
])
def test_challenge_subjects_name_the_player_and_what_they_did(alice, bob, language, expected):
    from games import services as game_services

    alice.display_name, bob.display_name = "Anna", "Bob"
    for user in (alice, bob):
        user.language = language
        user.save()
    game = game_services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    services.challenge_issued_notify(game_id=game.pk, challenger_id=alice.pk, challenged_ids=[bob.pk])
    services.challenge_answered_notify(game_id=game.pk, user_id=bob.pk, accepted=False, started=False)
    Notification.objects.filter(user=alice).update(key=None)
    services.notify_many([{"user_id": alice.pk, "kind": "challenge", "game_id": game.pk,
                           "params": {"game": game.pk, "game_kind": "toy", "player": "Bob", "answer": "started"}}])
    mail.outbox.clear()
    assert subjects_for(bob) == [expected[0].format(game=game.pk)]
    assert sorted(subjects_for(alice)) == sorted(expected[1:])
