"""Writes for ratings: the change a finished game makes (``game_rate``, idempotent per game and player)
and the rebuild of every rating from the finished games (``ratings_recompute``).

Elo per rating key (``rating_key``: the game kind, plus the language for games that have one), from
1500; see ``elo``.  Only finished, rated games count: casual games (``{"rated": false}``), cooperative
games and games with empty seats never do; league games are always rated.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, OuterRef, Subquery

from engines import registry
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

    It streams: the games come in that order from one cursor (the order is computed by the database),
    and each batch of ``RECOMPUTE_BATCH`` games is compared with its stored changes at once, so a check
    holds one running rating per player and key, never every game or change (a rebuild that writes
    keeps the rebuilt changes until it replaces the stored ones).
    """
    first_change = RatingChange.objects.filter(game_id=OuterRef("pk")).order_by("pk").values("pk")[:1]
    games = (
        Game.objects.filter(status=GameStatus.FINISHED).exclude(result=None)
        .only("id", "kind", "options", "result", "finished_at")  # without the state, the bulk of a row
        .annotate(first_change=Subquery(first_change))
        .order_by(F("first_change").asc(nulls_last=True), F("finished_at").asc(nulls_last=True), "pk")
        .iterator(chunk_size=RECOMPUTE_BATCH)
    )
    ratings: dict[tuple[int, str], list] = {}
    rebuilt: list[RatingChange] = []
    differences: list[str] = []
    batch: list[Game] = []
    for game in games:
        batch.append(game)
        if len(batch) == RECOMPUTE_BATCH:
            _replay(batch, ratings, rebuilt if write else None, differences)
            batch = []
    _replay(batch, ratings, rebuilt if write else None, differences)
    # Stored changes of games that are not finished with a result (those of replayed games were compared).
    for game_id, user_id in RatingChange.objects.exclude(game__status=GameStatus.FINISHED, game__result__isnull=False
                                                         ).values_list("game_id", "user_id").order_by("pk"):
        differences.append(f"game {game_id} user {user_id}: a stored change no rated game explains")
    differences[:0] = _compare_ratings(ratings)
    if write and differences:
        with transaction.atomic():
            RatingChange.objects.all().delete()
            Rating.objects.all().delete()
            Rating.objects.bulk_create(
                Rating(user_id=u, key=k, rating=r, games=n) for (u, k), (r, n) in ratings.items()
            )
            RatingChange.objects.bulk_create(rebuilt, batch_size=500)
    return differences


def _replay(batch: list[Game], ratings: dict, rebuilt: list | None, differences: list[str],
            tolerance: float = 1e-6) -> None:
    """Rate one batch of games in order, moving ``ratings``, and compare each change with the stored one
    (two queries: the batch's seats and its stored changes)."""
    if not batch:
        return
    ids = [g.pk for g in batch]
    seats_of: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(game_id__in=ids).only("id", "game_id", "index", "user_id", "rank").order_by(
        "game_id", "index"
    ):
        seats_of.setdefault(seat.game_id, []).append(seat)
    stored = {
        (g, u): (before, after)
        for g, u, before, after in RatingChange.objects.filter(game_id__in=ids).values_list(
            "game_id", "user_id", "before", "after"
        )
    }
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
            row = stored.pop((game.pk, seat.user_id), None)
            if row is None or abs(row[1] - a) > tolerance or abs(row[0] - c[0]) > tolerance:
                differences.append(f"game {game.pk} user {seat.user_id}: rating change differs or is missing")
            if rebuilt is not None:
                rebuilt.append(RatingChange(game_id=game.pk, user_id=seat.user_id, key=key, before=c[0], after=a,
                                            games_before=c[1]))
            c[0], c[1] = a, c[1] + 1
    for game_id, user_id in stored:
        differences.append(f"game {game_id} user {user_id}: a stored change no rated game explains")


def _compare_ratings(ratings: dict, tolerance: float = 1e-6) -> list[str]:
    differences = []
    stored = {(u, k): (r, n) for u, k, r, n in Rating.objects.values_list("user_id", "key", "rating", "games")
              .iterator(chunk_size=RECOMPUTE_BATCH)}
    for (user_id, key), (rating, games) in ratings.items():
        row = stored.pop((user_id, key), None)
        if row is None:
            differences.append(f"user {user_id} {key}: missing, should be {rating:.2f} after {games} games")
        elif abs(row[0] - rating) > tolerance or row[1] != games:
            differences.append(
                f"user {user_id} {key}: stored {row[0]:.2f} after {row[1]} games, rebuilt {rating:.2f} after {games}"
            )
    for (user_id, key), (rating, games) in stored.items():
        if games:
            differences.append(f"user {user_id} {key}: stored {rating:.2f} but no rated games")
    return differences


def ratings_rebuild_without(*, game_id: int) -> list[str]:
    """A voided game had changed ratings: rebuild every rating from the games that still count; returns
    the differences that were mended (none when the game had never been rated)."""
    if not RatingChange.objects.filter(game_id=game_id).exists():
        return []
    return ratings_recompute(write=True)
