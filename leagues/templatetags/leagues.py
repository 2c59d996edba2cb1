"""Template helpers for leagues: the profile panel (recent games, league record) that
``accounts/profile_detail.html`` includes beside the ratings panel, and the fixture lines of a
division on the league page."""

import re
from datetime import datetime, timedelta

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format, localize
from django.utils.html import conditional_escape, escape
from django.utils.timesince import timeuntil
from django.utils.timezone import template_localtime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.clock import bank_left
from games.models import GameStatus
from leagues import selectors

register = template.Library()


@register.inclusion_tag("leagues/profile_panel.html", takes_context=True)
def league_profile_panel(context, player):
    return {"player": player, "request": context.get("request"), **selectors.profile_panel(user=player)}


def _text(value) -> str:
    """A value as the template would print it: localised and escaped."""
    return conditional_escape(localize(value))


def fixture_lines(fixtures, *, me: int | None, marks: bool = False) -> list[str]:
    """The ``<li>`` of each fixture: the players with their scores (``me``'s name marked), whose move
    with the time left, or the result.  Built here rather than by template tags per fixture: a season's
    page lists every fixture (66 in a division of 12, 660 in ten), and drawing them tag by tag was most
    of the page's time.  The texts are the template's own messages, so the
    translations apply unchanged.  With ``marks`` a deadline is a mark that each request fills in
    (``fill_deadlines``): the lines are cached (``leagues.fragments``).  ``fixtures`` are those of
    ``selectors.season_tables`` or ``selectors.fixtures_from_digests``, with their ``seats``."""
    rounds: dict[int, tuple[str, str]] = {}
    # A season's games mostly share their deadlines: each one's "time left" is worked out once.
    left: dict = {}
    items = []
    for fixture in fixtures:
        game, seats = fixture.game, fixture.seats
        if fixture.round not in rounds:
            number = {"round": _text(fixture.round)}
            rounds[fixture.round] = (_("Round %(round)s") % number, _("R%(round)s") % number)
        title, label = rounds[fixture.round]
        scores = game.status != GameStatus.ACTIVE
        players = " – ".join(
            f'<span class="{"me" if seat.user_id == me else ""}">{_text(_name(seat))}'
            f'{" " + _text(seat.score) if scores or seat.score else ""}</span>'
            for seat in seats
        )
        items.append(
            f'\n      <li data-game="{_text(game.pk)}" class="fixture {_text(game.status)}'
            f'{" adjudicated" if fixture.result else ""}">\n'
            f'        <abbr class="round" title="{title}">{label}</abbr>\n'
            f"        <div>\n"
            f'        <a href="{escape(reverse("game_detail", args=[game.pk]))}">{players}</a>\n'
            f'        <span class="status">{_status(fixture, game, seats, left, marks)}</span>\n'
            f"        </div>\n"
            f"      </li>\n    "
        )
    return items


# A deadline in a cached fixture line: NUL cannot occur in text from the database (PostgreSQL refuses
# it), nor in anything escaped, so no player's text can pose as a mark.
_MARK = re.compile("\x00deadline:([^\x00|]+)(?:[|]([0-9]+))?\x00")


def deadline_html(deadline, bank: timedelta = timedelta(0)) -> str:
    """A running fixture's deadline: its time in the viewer's time zone and the time left from now,
    with what is left of the seat's time bank beside it (past the deadline, the time left on the bank)."""
    now = timezone.now()
    if bank and deadline <= now:
        deadline += bank
        time_left = _("%(left)s left on the time bank") % {"left": _text(timeuntil(deadline, now))}
    else:
        time_left = _("%(left)s left") % {"left": _text(timeuntil(deadline, now))}
        if bank:
            time_left += " " + _("+ %(bank)s bank") % {"bank": _text(timeuntil(now + bank, now))}
    stamp = _text(date_format(template_localtime(deadline), "c"))
    return f', <time datetime="{stamp}">{time_left}</time>'


def _deadline_mark(deadline, bank: timedelta) -> str:
    return f"\x00deadline:{deadline.isoformat()}|{int(bank.total_seconds())}\x00"


def fill_deadlines(html: str) -> str:
    """Fixture lines drawn with deadline marks, each replaced by ``deadline_html`` as of now (each
    distinct deadline worked out once)."""
    done: dict[str, str] = {}

    def fill(mark):
        stamp = mark.group(0)
        if stamp not in done:
            bank = timedelta(seconds=int(mark.group(2) or 0))
            done[stamp] = deadline_html(datetime.fromisoformat(mark.group(1)), bank)
        return done[stamp]

    return _MARK.sub(fill, html)


def _name(seat) -> str:
    return seat.user.public_name if seat.user_id else ""


def _status(fixture, game, seats, left: dict, marks: bool) -> str:
    replay = _text(_("replay"))
    out = f'<span class="tag">{replay}</span> ' if fixture.aborted_games else ""
    result = game.result or {}
    if fixture.result:
        left = fixture.result.get("left")
        out += "".join(_("%(name)s left before everyone had moved: a loss") % {"name": _text(_name(seat))}
                       for seat in seats if seat.index == left)
    elif game.status == GameStatus.ACTIVE:
        for seat in seats:
            if not seat.to_act:
                continue
            out += _("%(name)s to move") % {"name": _text(_name(seat))}
            if seat.deadline:
                bank = bank_left(game.time_bank_days, seat.bank_used) if game.time_bank_days else timedelta(0)
                key = (seat.deadline, bank)
                if key not in left:
                    left[key] = _deadline_mark(seat.deadline, bank) if marks else deadline_html(seat.deadline, bank)
                out += left[key]
            out += " "
    elif game.status == GameStatus.FINISHED:
        if fixture.drawn:
            out += _text(_("a draw"))
        elif fixture.winners:
            names = ", ".join(_text(winner.public_name) for winner in fixture.winners)
            won = ngettext("won", "won", len(fixture.winners))
            out += f"{names} {won}"
        elif result.get("team_score") is not None:
            out += _("team score %(score)s") % {"score": _text(result["team_score"])}
        else:
            out += _text(_("finished"))
        reason = result.get("reason")
        if reason == "adjudicated":
            out += " (" + _text(_("adjudicated")) + ")"
        elif reason == "resignation":
            out += " (" + _text(_("by resignation")) + ")"
        elif reason in ("timeout", "forfeit", "suspension"):
            out += " (" + _text(_("by forfeit")) + ")"
    elif game.status == GameStatus.ABORTED:
        out += _text(_("cancelled"))
    else:
        out += _text(_("annulled"))
    return out
