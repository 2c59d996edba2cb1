"""Writes for ratings: the change a finished game makes (``game_rate``, idempotent per game and player)
and the rebuild of every rating from the finished games (``ratings_recompute``).

Elo per rating key (``rating_key``: the game kind, plus the language for games that have one), from
1500; see ``elo``.  Only finished, rated games count: casual games (``{"rated": false}``), cooperative
games and games with empty seats never do; league games are always rated.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Min
from django.utils import timezone

from games.engines import registry
from games.models import Game, GameStatus, Seat

from . import elo
from .models import Rating, RatingChange

# Games (and their seats) read at a time by ``ratings_recompute``.
RECOMPUTE_BATCH = 2000


def rating_key(kind: str, options: dict | None) -> str:
    """The rating a game counts for: its kind, and its language for games that have one
    ("crossword:en", "crossword:nl")."""
    lexicon = registry.get(kind).default_lexicon(options or {})
    return kind if lexicon is None else f"{kind}:{lexicon}"


def is_rated(game: Game, engine) -> bool:
    """Rated unless cooperative or created with ``{"rated": false}``; league games always are."""
    return not engine.cooperative and (game.options or {}).get("rated", True) is not False


def game_rate(*, game_id: int) -> list[RatingChange]:
    """Store one RatingChange per player and move their ratings; nothing when already rated,
    unrated (casual or cooperative) or not finished."""
    with transaction.atomic():
        # The game row lock serialises two runs of the task for the same game.
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != GameStatus.FINISHED:
            return []
        try:
            engine = registry.get(game.kind)
        except KeyError:
            return []
        seats = list(Seat.objects.filter(game=game).order_by("index"))
        if not _rateable(game, engine, seats) or RatingChange.objects.filter(game=game).exists():
            return []
        key = rating_key(game.kind, game.options)
        user_ids = [s.user_id for s in seats]
        Rating.objects.bulk_create(
            [Rating(user_id=u, key=key, rating=elo.START, games=0) for u in user_ids], ignore_conflicts=True
        )
        ratings = {r.user_id: r for r in Rating.objects.select_for_update().filter(key=key, user_id__in=user_ids)}
        current = [ratings[u] for u in user_ids]
        after = elo.new_ratings([r.rating for r in current], [r.games for r in current], _ranks(game, seats))
        changes = [
            RatingChange(game=game, user_id=r.user_id, key=key, before=r.rating, after=a, games_before=r.games)
            for r, a in zip(current, after, strict=True)
        ]
        for r, a in zip(current, after, strict=True):
            r.rating, r.games = a, r.games + 1
        Rating.objects.bulk_update(current, ["rating", "games", "updated_at"])
        return RatingChange.objects.bulk_create(changes)


def _rateable(game: Game, engine, seats: list[Seat]) -> bool:
    return (
        is_rated(game, engine)
        and len(seats) >= 2
        and all(s.user_id for s in seats)
        and len({s.user_id for s in seats}) == len(seats)
        and bool(game.result)
    )


def _ranks(game: Game, seats: list[Seat]) -> list[int]:
    ranks = (game.result or {}).get("ranks")
    if ranks and len(ranks) == len(seats):
        return list(ranks)
    return [s.rank or len(seats) for s in seats]


def ratings_recompute(*, write: bool) -> list[str]:
    """Rebuild every rating from the finished games and compare with the stored ones; returns the
    differences.  With ``write`` the stored ratings and changes are replaced by the rebuilt ones.

    Games are replayed in the order their changes were first applied (RatingChange id), then any
    never-applied games by finishing time, so a rebuild agrees with what the tasks did even when
    two games ending together were rated in the other order.
    """
    first_change = {
        row["game_id"]: row["first"]
        for row in RatingChange.objects.values("game_id").annotate(first=Min("pk")).order_by()
    }
    # Without the states (the bulk of a game row), read in chunks; seats fetched a batch of games at a time.
    games = list(
        Game.objects.filter(status=GameStatus.FINISHED).exclude(result=None)
        .only("id", "kind", "options", "result", "finished_at").order_by("pk").iterator(chunk_size=RECOMPUTE_BATCH)
    )
    never = 1 << 62
    games.sort(key=lambda g: (first_change.get(g.pk, never), g.finished_at or timezone.now(), g.pk))
    ratings: dict[tuple[int, str], list] = {}
    changes: list[RatingChange] = []
    for start in range(0, len(games), RECOMPUTE_BATCH):
        batch = games[start:start + RECOMPUTE_BATCH]
        seats_of: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(game_id__in=[g.pk for g in batch]).only(
            "id", "game_id", "index", "user_id", "rank"
        ).order_by("game_id", "index"):
            seats_of.setdefault(seat.game_id, []).append(seat)
        for game in batch:
            try:
                engine = registry.get(game.kind)
            except KeyError:
                continue
            seats = seats_of.get(game.pk, [])
            if not _rateable(game, engine, seats):
                continue
            key = rating_key(game.kind, game.options)
            current = [ratings.setdefault((s.user_id, key), [elo.START, 0]) for s in seats]
            after = elo.new_ratings([c[0] for c in current], [c[1] for c in current], _ranks(game, seats))
            for seat, c, a in zip(seats, current, after, strict=True):
                changes.append(RatingChange(game_id=game.pk, user_id=seat.user_id, key=key, before=c[0], after=a,
                                            games_before=c[1]))
                c[0], c[1] = a, c[1] + 1
    differences = _compare(ratings, changes)
    if write and differences:
        with transaction.atomic():
            RatingChange.objects.all().delete()
            Rating.objects.all().delete()
            Rating.objects.bulk_create(
                Rating(user_id=u, key=k, rating=r, games=n) for (u, k), (r, n) in ratings.items()
            )
            RatingChange.objects.bulk_create(changes, batch_size=500)
    return differences


def _compare(ratings: dict, changes: list[RatingChange], tolerance: float = 1e-6) -> list[str]:
    differences = []
    stored = {(r.user_id, r.key): r for r in Rating.objects.all()}
    for (user_id, key), (rating, games) in ratings.items():
        row = stored.pop((user_id, key), None)
        if row is None:
            differences.append(f"user {user_id} {key}: missing, should be {rating:.2f} after {games} games")
        elif abs(row.rating - rating) > tolerance or row.games != games:
            differences.append(
                f"user {user_id} {key}: stored {row.rating:.2f} after {row.games} games, "
                f"rebuilt {rating:.2f} after {games}"
            )
    for (user_id, key), row in stored.items():
        if row.games:
            differences.append(f"user {user_id} {key}: stored {row.rating:.2f} but no rated games")
    stored_changes = {
        (g, u): (before, after)
        for g, u, before, after in RatingChange.objects.values_list("game_id", "user_id", "before", "after")
        .iterator(chunk_size=RECOMPUTE_BATCH)
    }
    for change in changes:
        row = stored_changes.pop((change.game_id, change.user_id), None)
        if row is None or abs(row[1] - change.after) > tolerance or abs(row[0] - change.before) > tolerance:
            differences.append(f"game {change.game_id} user {change.user_id}: rating change differs or is missing")
    for game_id, user_id in stored_changes:
        differences.append(f"game {game_id} user {user_id}: a stored change no rated game explains")
    return differences


def ratings_rebuild_without(*, game_id: int) -> list[str]:
    """A voided game had changed ratings: rebuild every rating from the games that still count; returns
    the differences that were mended (none when the game had never been rated)."""
    if not RatingChange.objects.filter(game_id=game_id).exists():
        return []
    return ratings_recompute(write=True)
