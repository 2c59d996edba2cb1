"""The league page's division tables and fixture lines, drawn once per change and cached.

Drawing a season (its ~290 rows as model instances, the standings, 66 fixture lines a division) was
most of the league page's time; tables and lines are now drawn from the rows
the digest reads, with no query of their own.  Each division's table and each fixture line
are cached under a key made of a digest of every row they show (``selectors.division_digests``: two
queries), so a move, a result, a forfeit, a rename or a rating change makes a new key: nothing has to
be told to forget the old one, and the page is as current as without the cache.  A move in a running
game changes its own line's key only, so it redraws one line; a finished game redraws its division.
What differs per viewer stays right:

- the language is part of the key;
- the viewer's own row and name are marked (``me``): a table's key names the viewer when they are one
  of the division's entrants, a line's when they play in it, so everyone else shares one copy;
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
from django.utils.formats import localize
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext

from engines import registry

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


def _rules(league: League) -> str:
    return hashlib.md5(
        repr((league.promote, league.relegate, league.kind, league.options)).encode(), usedforsecurity=False
    ).hexdigest()[:12]


def _table_key(season: Season, league: League, digest: selectors.DivisionDigest, count: int,
               viewer: int | None) -> str:
    # The season's status (final table) and number of divisions (zones), the league's rules and kind
    # (zones, columns, rating key), the rows' digest, the language and the viewer if one of the entrants.
    return (f"leagues:division:{_code()}:{digest.division_id}:{season.status}:{count}:{_rules(league)}"
            f":{digest.digest}:{get_language()}:{viewer or '-'}")


def _line_key(fixture: selectors.FixtureDigest, viewer: int | None) -> str:
    return f"leagues:fixture:{_code()}:{fixture.fixture_id}:{fixture.digest}:{get_language()}:{viewer or '-'}"


def _fixtures_html(lines: list[str], finished: bool) -> str:
    """The division's fixture list around its lines, closing the section ``_division.html`` opens."""
    summary = ngettext("%(n)s fixture", "%(n)s fixtures", len(lines)) % {"n": localize(len(lines))}
    opened = " open" if len(lines) <= 20 and not finished else ""
    return (f'  <details class="fixtures"{opened}>\n    <summary>{escape(summary)}</summary>\n'
            f'    <ul class="fixture-list">\n    {"".join(lines)}\n    </ul>\n  </details>\n</section>\n')


def season_html(*, season: Season, league: League, user) -> SafeString:
    """Every division of the season as the page shows it (``_division.html`` and its fixture lines),
    from the cache where it has them.  What is missing (a move in a running game changes its own
    line only; a result its line and its table; a rename or a cold cache everything) is drawn from
    the rows the digests read (``tables_from_digests``, ``fixtures_from_digests``): no query."""
    if season.status == SeasonStatus.REGISTRATION:
        return mark_safe("")
    digests = selectors.division_digests(season=season, league=league)
    me = user.pk if user.is_authenticated else None
    tables = {d.division_id: _table_key(season, league, d, len(digests), me if me in d.players else None)
              for d in digests}
    lines = {f.fixture_id: _line_key(f, me if me in f.players else None) for d in digests for f in d.fixtures}
    found = cache.get_many([*tables.values(), *lines.values()])
    drawn = {}
    # Drawn from the very rows the digests were made of, so each entry is exactly what its key says.
    missing = {division: key for division, key in tables.items() if key not in found}
    if missing:
        engine = registry.get(league.kind)
        unseen = [d for d in digests if d.division_id in missing]
        for table in selectors.tables_from_digests(season=season, league=league, digests=unseen, count=len(digests)):
            context = {"table": table, "engine": engine, "user": user}
            drawn[missing[table.division.pk]] = render_to_string(TEMPLATE, context)
    unlined = [f for d in digests for f in d.fixtures if lines[f.fixture_id] not in found]
    if unlined:
        fixtures = selectors.fixtures_from_digests(fixtures=unlined, league=league)
        for fixture, line in zip(fixtures, fixtures_tag.fixture_lines(fixtures, me=me, marks=True), strict=True):
            drawn[lines[fixture.pk]] = line
    if drawn:
        cache.set_many(drawn, TTL)
        found.update(drawn)
    finished = season.status == SeasonStatus.FINISHED
    html = "".join(
        found[tables[d.division_id]] + _fixtures_html([found[lines[f.fixture_id]] for f in d.fixtures], finished)
        for d in digests
    )
    return mark_safe(fixtures_tag.fill_deadlines(html))  # drawn escaped
