"""A game's options for templates: in words for people (``{{ game|in_words }}``: "Crossword · English
tiles · double challenge · 3 days per move · rated"; ``{{ game|options_in_words }}`` the same without
the name), and ``{{ game|public_options }}`` as data (never Spell's term cards); the lobby's rows of
open seeks (``{% seek_rows seeks %}``), the dashboard's rows of the player's games (``{% game_rows games %}``) and a
bot's measured strength on its profile (``{% bot_strength_panel player %}``)."""

import json

from django import template
from django.template.defaultfilters import capfirst
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format, localize
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import mark_safe
from django.utils.timesince import timeuntil
from django.utils.timezone import template_localtime
from django.utils.translation import gettext as _

from accounts.templatetags.players import player_name
from games import registry
from games.bots.accounts import level_name
from games.models import GameStatus
from games.web.lobby import seek_rows_html
from games.web.option_words import SEPARATOR, game_in_words
from games.web.option_words import options_in_words as _options_in_words
from games.web.presenters import public_options as _public_options

register = template.Library()


@register.filter
def bot_level_name(level: str) -> str:
    """A bot's level as a player reads it, in their language."""
    return level_name(level)


@register.inclusion_tag("games/_bot_strength.html")
def bot_strength_panel(player):
    """A bot's measured strength (its engine's ``bot_ladder``): per set of options, its record against the
    level below it and the level above.  Nothing for a person or a bot never measured."""
    try:
        engine = registry.get(player.bot_kind).engine if player.is_bot else None
    except KeyError:
        engine = None
    if engine is None or player.bot_level not in engine.bot_levels:
        return {"rows": []}
    level = player.bot_level
    above = dict(zip(engine.bot_levels, engine.bot_levels[1:], strict=False)).get(level)
    rows = []
    for options, steps in engine.bot_ladder():
        words = SEPARATOR.join(_options_in_words(player.bot_kind, options, with_rating=False))
        if level in steps:  # this bot against the level below
            step = steps[level]
            rows.append(_strength_row(words, step["below"], step["wins"], step["score"], step["score_below"],
                                     step["games"]))
        if above in steps:  # the level above against this bot
            step = steps[above]
            rows.append(_strength_row(words, above, 1 - step["wins"], step["score_below"], step["score"],
                                     step["games"]))
    return {"rows": rows}


def _strength_row(words: str, against: str, wins: float, score: float, score_against: float, games: int) -> dict:
    return {"options": words, "against": level_name(against), "wins": round(100 * wins), "score": score,
            "score_against": score_against, "games": games}


@register.filter
def public_options(game) -> dict:
    return _public_options(game.kind, game.options)


@register.filter
def in_words(game) -> str:
    """The game's name, options, days per move and rated/casual in one line."""
    return game_in_words(game.kind, game.options, days_per_move=game.days_per_move, time_bank_days=game.time_bank_days)


@register.filter
def options_in_words(game) -> str:
    """The game's options, days per move and rated/casual, without its name."""
    return SEPARATOR.join(_options_in_words(game.kind, game.options, days_per_move=game.days_per_move,
                                            time_bank_days=game.time_bank_days))


@register.simple_tag
def settings_in_words(kind: str, options=None, days_per_move=None, with_rating: bool = True,
                      time_bank_days: int = 0) -> str:
    """For settings kept ahead of games (a league's): ``{% settings_in_words league.kind league.options %}``."""
    return SEPARATOR.join(_options_in_words(kind, options, days_per_move=days_per_move, with_rating=with_rating,
                                            time_bank_days=time_bank_days))


@register.filter
def open_seats(game) -> int:
    """How many seats of a seek nobody has taken yet (from the prefetched seats: no query)."""
    return sum(1 for seat in game.seats.all() if seat.user_id is None)


@register.simple_tag(takes_context=True)
def seek_rows(context, seeks, ratings=None) -> str:
    """The lobby's ``<tr>`` of each open seek (``games.web.lobby.seek_rows_html``), with the seated players'
    ratings when the view read them."""
    me = getattr(context.get("user"), "pk", None)
    return seek_rows_html(seeks, ratings=ratings or {}, user_id=me, csrf_input=_csrf_input(context))


def _csrf_input(context) -> str:
    csrf = context.get("csrf_token")
    if csrf and csrf != "NOTPROVIDED":  # as {% csrf_token %} draws it
        return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', csrf)
    return ""


@register.simple_tag(takes_context=True)
def game_rows(context, games) -> str:
    """The dashboard's ``<tr>`` of each of the player's games (``games_for_user``: each with ``my_seat``,
    and ``label`` where the view found one): game, options and label, the players with their scores,
    the status (Accept and Decline for a challenge to answer) and the time left to move.  One call for
    the list rather than template tags per game, as ``seek_rows``: a player with a few dozen games made
    drawing them most of the dashboard's time.  The texts are the template's own
    messages, so the translations apply."""
    token = _csrf_input(context)
    described: dict[str, str] = {}
    open_seat = "<em>" + escape(_("open seat")) + "</em>"
    rows = []
    for game in games:
        mine = game.my_seat
        key = json.dumps([game.kind, game.options, game.days_per_move, game.time_bank_days], sort_keys=True,
                         default=str)
        if key not in described:
            described[key] = escape(options_in_words(game))
        to_answer = game.status == GameStatus.CHALLENGE and not mine.accepted
        yours = (game.status == GameStatus.ACTIVE and mine.to_act) or to_answer
        players = ", ".join(
            f"{player_name(seat.user)} ({_text(seat.score)})" if seat.user else open_seat for seat in game.seats.all()
        )
        label = getattr(game, "label", None)  # a league game's league (games.hooks.GAME_LABELS)
        label = (f'<br><small class="game-label"><a href="{escape(label.url)}">{escape(label.text)}</a></small>'
                 if label else "")
        rows.append(
            f'\n    <tr data-game="{_text(game.pk)}" class="{"your-move" if yours else ""}">\n'
            f'      <td><a href="{escape(reverse("game_detail", args=[game.pk]))}">{escape(capfirst(game.kind))}'
            f' #{_text(game.pk)}</a><br><small class="muted">{described[key]}</small>{label}</td>\n'
            f"      <td>{players}</td>\n"
            f'      <td class="status">{_game_status(game, mine, token)}</td>\n'
            f"      <td>{_time_left(mine.deadline, mine.bank_left(game.time_bank_days))}</td>\n"
            f"    </tr>\n  "
        )
    return mark_safe("".join(rows))  # every value above is escaped


def _game_status(game, mine, token: str) -> str:
    if game.status == GameStatus.CHALLENGE:
        if mine.accepted:
            return escape(_("Challenge: waiting for answers")) + "\n      "
        accept, decline = reverse("challenge_accept", args=[game.pk]), reverse("challenge_decline", args=[game.pk])
        for_you, accept_text, decline_text = _("Challenge for you"), _("Accept"), _("Decline")
        return (
            f"<strong>{escape(for_you)}</strong>\n"
            f'        <form method="post" action="{escape(accept)}" class="inline">{token}'
            f'<button type="submit" class="button">{escape(accept_text)}</button></form>\n'
            f'        <form method="post" action="{escape(decline)}" class="inline">{token}'
            f'<button type="submit">{escape(decline_text)}</button></form>\n      '
        )
    if game.status == GameStatus.ACTIVE:
        return "<strong>" + escape(_("Your move")) + "</strong>" if mine.to_act else escape(_("Waiting"))
    if game.status == GameStatus.OPEN:
        return escape(_("Seeking players"))
    place = " — " + escape(_("place %(rank)s") % {"rank": _text(mine.rank)}) if mine.rank else ""
    return escape(_("Finished")) + place


def _time_left(deadline, bank=None) -> str:
    """The time left to move, with the due time in the viewer's time zone (nothing without a deadline),
    and what is left of the time bank beside it; past the deadline, the time left on the bank."""
    if not deadline:
        return ""
    now = timezone.now()
    if bank and deadline <= now:  # past the deadline: the time left is the bank's, until it runs out
        deadline += bank
        left = _("%(left)s left on the time bank") % {"left": timeuntil(deadline, now)}
    else:
        left = timeuntil(deadline, now)
        if bank:
            left = left + " " + _("+ %(bank)s bank") % {"bank": timeuntil(now + bank, now)}
    local = template_localtime(deadline)
    return (f'<time datetime="{escape(date_format(local, "c"))}" title="{escape(date_format(local, "D j M, H:i T"))}">'
            f"{escape(left)}</time>"
            f' <small class="muted">{escape(date_format(local, "D j M, H:i"))}</small>')


def _text(value) -> str:
    """A value as the template would print it: localised and escaped."""
    return conditional_escape(localize(value))
