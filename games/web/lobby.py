"""The lobby: which open seeks a player sees and how each row reads, for the page and its live updates.

A player may narrow the list by game kind and by the seeker's rating (``LobbyFilter``, read from the
page's query).  Each seated player is shown with their rating in the rating the game would count for;
the ratings come from the app that keeps them (``hooks.SEEK_RATINGS``): the games core never reads
them itself.  The same ``seek_rows_html`` draws the page's rows and the one row the user socket sends
when a seek changes (``broadcast.seek_changed``), so a live row and a reload agree; the page's script
applies the filter to a live row the same way (``data-kind``, ``data-rating``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.template.defaultfilters import capfirst
from django.urls import reverse
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.templatetags.players import player_name
from engines import registry
from games import selectors
from games.hooks import seek_ratings
from games.models import Game
from games.web.option_words import SEPARATOR, options_in_words

# Bounds a rating filter is held to: any value outside is taken as no bound.
RATING_LOW, RATING_HIGH = 0, 4000
# With a rating filter the newest seeks are read this many times over, so the page still fills up.
RATING_FILTER_READS = 4

Ratings = dict[int, dict[int, tuple[int, bool]]]


def _bound(text) -> int | None:
    text = (text or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 5 or not RATING_LOW <= int(text) <= RATING_HIGH:
        return None
    return int(text)


@dataclass(frozen=True)
class LobbyFilter:
    """What the player asked to see: one game kind (or all) and a range of the seeker's rating.  A seek
    without a rating (a cooperative kind) is left out once a rating bound is set."""

    kind: str = ""
    rating_min: int | None = None
    rating_max: int | None = None

    @classmethod
    def from_query(cls, query) -> LobbyFilter:
        """The filter in the page's query (``kind``, ``min``, ``max``); anything unreadable is no filter."""
        kind = query.get("kind", "")
        return cls(kind=kind if kind in registry.kinds() else "",
                   rating_min=_bound(query.get("min")), rating_max=_bound(query.get("max")))

    @property
    def by_rating(self) -> bool:
        return self.rating_min is not None or self.rating_max is not None

    @property
    def active(self) -> bool:
        return bool(self.kind) or self.by_rating

    def admits(self, seek: Game, ratings: Ratings) -> bool:
        if self.kind and seek.kind != self.kind:
            return False
        if not self.by_rating:
            return True
        rating = seeker_rating(seek, ratings)
        return rating is not None and (
            (self.rating_min is None or rating >= self.rating_min)
            and (self.rating_max is None or rating <= self.rating_max))


def seeker_rating(seek: Game, ratings: Ratings) -> int | None:
    """The rating of the player who posted the seek, None for a kind without ratings."""
    found = ratings.get(seek.pk, {}).get(seek.created_by_id)
    return None if found is None else found[0]


def lobby_seeks(*, lobby_filter: LobbyFilter) -> tuple[list[Game], Ratings]:
    """The newest open seeks the filter admits (at most ``selectors.LOBBY_SEEKS``) and their ratings:
    the seeks and their seats in two queries, the ratings in one more."""
    limit = selectors.LOBBY_SEEKS * (RATING_FILTER_READS if lobby_filter.by_rating else 1)
    seeks = list(selectors.open_seeks(limit=limit, kind=lobby_filter.kind or None))
    ratings = seek_ratings(seeks)
    if lobby_filter.by_rating:
        seeks = [seek for seek in seeks if lobby_filter.admits(seek, ratings)][:selectors.LOBBY_SEEKS]
    return seeks, ratings


def lobby_seek(*, game_id: int) -> tuple[Game | None, Ratings]:
    """One seek, if it is still open, with its ratings: what a lobby socket sends when it changed."""
    seek = selectors.open_seeks(limit=None).filter(pk=game_id).first()
    return seek, (seek_ratings([seek]) if seek is not None else {})


def _text(value) -> str:
    return conditional_escape(value)


def _rating_html(found: tuple[int, bool] | None) -> str:
    if found is None:
        return ""
    rating, provisional = found
    if provisional:
        return format_html(' <span class="seek-rating" title="{}">{}?</span>', _("No rated game yet"), rating)
    return format_html(' <span class="seek-rating">{}</span>', rating)


def seek_rows_html(seeks, *, ratings: Ratings, user_id: int | None, csrf_input: str) -> str:
    """The lobby's ``<tr>`` of each open seek: game and options, the seated players with their ratings
    and the open seats, and Accept (Withdraw for your own).  One call for the list rather than template tags
    per seek (the lobby shows 50; drawing them tag by tag was most of its time).  ``csrf_input`` is the form's
    hidden token field ("" for a socket's row: the page fills it in).
    ``data-kind`` and ``data-rating`` (the seeker's) let the page filter a live row as the server does."""
    # Seeks mostly share their settings: each set is put in words once.
    described: dict[str, str] = {}
    withdraw, accept = escape(_("Withdraw")), escape(_("Accept"))
    rows = []
    for seek in seeks:
        key = json.dumps([seek.kind, seek.options, seek.days_per_move, seek.time_bank_days], sort_keys=True,
                         default=str)
        if key not in described:
            described[key] = escape(SEPARATOR.join(options_in_words(
                seek.kind, seek.options, days_per_move=seek.days_per_move, time_bank_days=seek.time_bank_days)))
        seated = ratings.get(seek.pk, {})
        seats = list(seek.seats.all())
        players = "".join(f"{player_name(seat.user)}{_rating_html(seated.get(seat.user_id))}<br>"
                          for seat in seats if seat.user)
        free = sum(1 for seat in seats if seat.user_id is None)
        if seek.created_by_id == user_id:
            url, label = reverse("seek_withdraw", args=[seek.pk]), withdraw
        else:
            url, label = reverse("seek_accept", args=[seek.pk]), accept
        rating = seeker_rating(seek, ratings)
        open_seats = ngettext("%(n)s open seat", "%(n)s open seats", free) % {"n": _text(free)}
        rows.append(
            f'\n  <tr data-seek="{_text(seek.pk)}" data-kind="{_text(seek.kind)}"'
            f' data-rating="{"" if rating is None else _text(rating)}">\n'
            f'    <td><strong>{escape(capfirst(seek.kind))}</strong><br><span class="seek-options">'
            f"{described[key]}</span></td>\n"
            f'    <td>{players}<span class="muted">'
            f"{open_seats}</span></td>\n"
            f'    <td>\n      <form method="post" action="{escape(url)}">{csrf_input}<button>{label}</button></form>\n'
            f"    </td>\n"
            f"  </tr>\n  "
        )
    return mark_safe("".join(rows))  # every value above is escaped
