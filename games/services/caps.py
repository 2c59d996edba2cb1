"""The cap on games a player has going at once (``settings.MAX_ACTIVE_GAMES``, default 100).

What counts: every game the player is seated in and committed to — running (unless they resigned from
it), a challenge they made or accepted, a seek they posted or joined.  A challenge they have not answered
does not count: nobody fills another's quota by challenging them.  Bots have no cap (they play
whoever challenges them), but a person's games against a bot count for that person.

What is refused, with ``TOO_MANY_GAMES`` (409) and nothing written: a challenge whose challenger, or any
challenged player, is at the cap (the challenger is told which player is full); accepting a challenge or
joining a seek at the cap; posting a seek at the cap.  League fixtures are never refused (joining the
league was the commitment) but count like any game.

Callers check inside the transaction that writes: the players' rows are locked first, so two requests
at once are counted one after the other (on PostgreSQL; SQLite runs one writer at a time anyway).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Count, Q

from games.errors import TOO_MANY_GAMES, GameError
from games.models import GameStatus, Seat

# Seats that count: a running game not resigned from, a challenge or seek the player is committed to.
COUNTED = Q(resigned=False) & (
    Q(game__status=GameStatus.ACTIVE) | Q(game__status__in=[GameStatus.CHALLENGE, GameStatus.OPEN], accepted=True)
)


def games_going(*, user_ids) -> dict[int, int]:
    """How many games each of these players has going (``COUNTED``); players with none are left out."""
    rows = (Seat.objects.filter(COUNTED, user_id__in=list(user_ids))
            .values("user_id").annotate(n=Count("id")).values_list("user_id", "n"))
    return dict(rows)


def refuse_over_game_cap(*, player, others=()) -> None:
    """Refuse (``TOO_MANY_GAMES``) one more game for ``player`` (who asks for it) and ``others`` (the
    players they challenge) when any of them, bots aside, already has ``MAX_ACTIVE_GAMES`` going.
    Must run inside the transaction that adds the game or the seat."""
    limit = settings.MAX_ACTIVE_GAMES
    people = [u for u in (player, *others) if u is not None and not u.is_bot]
    if not people:
        return
    ids = sorted({u.pk for u in people})
    list(get_user_model().objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk", flat=True))
    going = games_going(user_ids=ids)
    if not player.is_bot and going.get(player.pk, 0) >= limit:
        raise GameError(
            TOO_MANY_GAMES,
            f"You already have {going[player.pk]} games going (running, or challenges and seeks waiting), the "
            f"most a player may have at once ({limit}); finish, withdraw or decline some first.",
            409, limit=limit,
        )
    for other in people:
        if other.pk != player.pk and going.get(other.pk, 0) >= limit:
            raise GameError(
                TOO_MANY_GAMES,
                f"{other.public_name} already has {going[other.pk]} games going, the most a player may have at "
                f"once ({limit}); challenge them again when they have finished some.",
                409, limit=limit, player=other.username,
            )
