"""The league line beside a league game ("League: Friday club, season 2, round 3"), on "My games" and
the game page.  The games core may not import the leagues: it asks ``games.hooks.GAME_LABELS``,
and ``config/wiring.py`` names ``league_game_labels`` as the answer."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from games.hooks import GameLabel

from .models import Fixture


def league_game_labels(*, game_ids: list[int]) -> dict[int, GameLabel]:
    """The label of each of these games that is (or replays) a league fixture, in the reader's language:
    one query whatever the number of games.  A replayed fixture's aborted games keep no label (the
    fixture holds its replay now); they are rare and show as plain games."""
    fixtures = (Fixture.objects.filter(game_id__in=game_ids)
                .values_list("game_id", "round", "division__season__number", "division__season__league_id",
                             "division__season__league__name"))
    return {
        game_id: GameLabel(
            text=_("League: %(league)s, season %(season)s, round %(round)s")
            % {"league": name, "season": season, "round": number},
            url=reverse("leagues:detail", args=[league_id]),
        )
        for game_id, number, season, league_id, name in fixtures
    }
