"""A batch of turns tells each player once: the "your move" notices of one sweep batch (a league season's
start, several games at once) reach a player as one e-mail listing the games, each notice claimed once;
other notices keep their own e-mail."""

from datetime import UTC, datetime

import pytest
from django.core import mail

from games import services as game_services
from games.clock import NOTICE_DELAY
from notifications import services
from notifications.delivery import emails_deliver
from notifications.models import EmailState, Notification
from tests.helpers import committed, sweep

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


def mail_to(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email]]


def test_a_season_start_sends_each_player_one_your_move_email_listing_their_games(alice, bob, carol):
    # Seat 0 moves first: alice in two games, bob in one.
    games = game_services.games_create_scheduled(
        kind="toy", options={}, days_per_move=3, tables=[[alice, bob], [alice, carol], [bob, carol]], now=T0)
    sweep(now=T0 + NOTICE_DELAY)

    [to_alice] = mail_to(alice)
    assert to_alice.subject == "Your move in 2 games"
    for game in games[:2]:
        assert f"Your move in Toy #{game.pk}" in to_alice.body
        assert f"/games/{game.pk}/" in to_alice.body and f'/games/{game.pk}/"' in to_alice.alternatives[0][0]
    assert f"Toy #{games[2].pk}" not in to_alice.body
    assert to_alice.extra_headers["List-Unsubscribe"]  # stops "your move" e-mails, as a single one does
    [to_bob] = mail_to(bob)
    assert to_bob.subject == f"Your move in Toy #{games[2].pk}"  # one game: the usual e-mail
    assert mail_to(carol) == []
    assert set(Notification.objects.values_list("email", flat=True)) == {EmailState.SENT}


def test_a_batch_delivered_again_sends_nothing_twice(alice, bob, carol):
    game_services.games_create_scheduled(kind="toy", options={}, days_per_move=3,
                                         tables=[[alice, bob], [alice, carol]], now=T0)
    sweep(now=T0 + NOTICE_DELAY)
    assert len(mail.outbox) == 1
    emails_deliver(notification_ids=list(Notification.objects.values_list("pk", flat=True)))
    assert len(mail.outbox) == 1


def test_other_notices_of_a_delivery_keep_their_own_emails(alice, bob, carol):
    with committed():
        services.notify_many([
            {"user_id": alice.pk, "kind": "challenge", "game_id": None, "key": f"challenge:{n}:{alice.pk}",
             "params": {"game": n, "game_kind": "toy", "player": name}}
            for n, name in ((1, "bob"), (2, "carol"))
        ])
    assert sorted(m.subject for m in mail_to(alice)) == ["bob challenges you to Toy #1",
                                                         "carol challenges you to Toy #2"]
