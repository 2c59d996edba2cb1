"""The league page's division tables and fixture lines, drawn once per change and cached.

Drawing a season (its ~290 rows as model instances, the standings, 66 fixture lines a division) was
most of the league page's time (bench/README.md, 15.4).  Each division's HTML is cached under a key
made of a digest of every row it shows (``selectors.division_digests``: two queries), so a move, a
result, a forfeit, a rename or a rating change makes a new key: nothing has to be told to forget the
old one, and the page is as current as without the cache.  What differs per viewer stays right:

- the language is part of the key;
- the viewer's own row and name are marked (``me``): the key names the viewer when they are one of
  the division's players, so everyone else shares one copy;
- a deadline's time zone and "time left" change with the viewer and the clock: the cached lines hold
  a mark per deadline, filled in on each request (``fill_deadlines``).

Entries expire after ``TTL`` (memory, and a deploy's new templates or translations); the key also
carries a digest of the template and tag code that draw it.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from django.core.cache import cache
from django.template.loader import get_template, render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.engines import registry

from . import selectors
from .models import League, Season, SeasonStatus
from .templatetags import leagues as fixtures_tag

TTL = 600  # seconds
TEMPLATE = "leagues/_division.html"


@functools.cache
def _code() -> str:
    """A digest of what draws the HTML (the template and the fixture tag): a change to either is a new key."""
    sources = (get_template(TEMPLATE).origin.name, fixtures_tag.__file__)
    return hashlib.md5(b"".join(Path(p).read_bytes() for p in sources), usedforsecurity=False).hexdigest()[:12]


def _key(season: Season, league: League, digest: selectors.DivisionDigest, count: int, viewer: int | None) -> str:
    # The season's status (final table) and number of divisions (zones), the league's rules and kind
    # (zones, columns, rating key), the rows' digest, the language and the viewer if one of the players.
    rules = hashlib.md5(
        repr((league.promote, league.relegate, league.kind, league.options)).encode(), usedforsecurity=False
    ).hexdigest()[:12]
    return (f"leagues:division:{_code()}:{digest.division_id}:{season.status}:{count}:{rules}:{digest.digest}"
            f":{get_language()}:{viewer or '-'}")


def season_html(*, season: Season, league: League, user) -> SafeString:
    """Every division of the season as the page shows it (``_division.html`` each), from the cache
    where it has them; the divisions it lacks are drawn from one ``season_tables`` of those only, and stored."""
    if season.status == SeasonStatus.REGISTRATION:
        return mark_safe("")
    digests = selectors.division_digests(season=season, league=league)
    me = user.pk if user.is_authenticated else None
    keys = [_key(season, league, d, len(digests), me if me in d.players else None) for d in digests]
    found = cache.get_many(keys)
    if len(found) < len(keys):
        engine = registry.get(league.kind)
        drawn = {}
        # Drawn after the digest was read, so never older than its key says (at worst newer: a move
        # in between, and the next request reads the new digest).
        # Only the divisions whose rows changed (a move in one division of ten loads that one's).
        missing = {d.division_id: key for d, key in zip(digests, keys, strict=True) if key not in found}
        for table in selectors.season_tables(season=season, league=league, division_ids=missing, count=len(digests)):
            key = missing.get(table.division.pk)
            if key:
                drawn[key] = render_to_string(
                    TEMPLATE, {"table": table, "engine": engine, "user": user, "deadline_marks": True}
                )
        cache.set_many(drawn, TTL)
        found.update(drawn)
    return mark_safe(fixtures_tag.fill_deadlines("".join(found[key] for key in keys)))  # drawn escaped by the template
