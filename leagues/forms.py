"""Forms for the league pages: they parse input; the services validate the league's rules.

The new-league form chooses the game and its own settings with the new-game form's controls
(``games.web.forms.GameSettingsMixin``: a section per game, no JSON), then the format — a friends league
(one group of 2 to 5, everyone twice; ``leagues.services.league_create`` sets its divisions) or
divisions whose sizes, promotion and relegation the organiser sets — and the rule for aborted games.
"""

from django import forms
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.web.forms import GameSettingsMixin, time_bank_field
from games.web.forms import explained_choice as _explained

from .errors import BAD_DIVISION_SIZE, BAD_PROMOTION, BAD_TABLE_SIZE
from .models import DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, AbortRule, LeagueFormat, Visibility

# The fields only a league with divisions uses; a friends league ignores them.
DIVISION_FIELDS = ("table_size", "double_round_robin", "division_min", "division_max", "promote", "relegate",
                   "max_players")
# Where a service refusal belongs on the form, when the league has divisions.
REFUSAL_FIELDS = {BAD_TABLE_SIZE: "table_size", BAD_DIVISION_SIZE: "division_min", BAD_PROMOTION: "promote"}


class LeagueForm(GameSettingsMixin, forms.Form):
    settings_with_seats = False  # players per game is the league's (table_size), not the game's section

    name = forms.CharField(label=gettext_lazy("Name"), max_length=NAME_MAX_LENGTH)
    description = forms.CharField(label=gettext_lazy("Description"), widget=forms.Textarea(attrs={"rows": 3}),
                                  required=False, max_length=DESCRIPTION_MAX_LENGTH)
    # Ticked unless the organiser only runs the league: most creators start one to play in it.
    creator_plays = forms.BooleanField(
        label=gettext_lazy("Play in this league myself"), required=False, initial=True,
        help_text=gettext_lazy("You are registered for the first season; you may leave it until it starts."),
    )
    kind = forms.ChoiceField(label=gettext_lazy("Game"), choices=())
    format = forms.ChoiceField(label=gettext_lazy("Kind of league"), widget=forms.RadioSelect,
                               initial=LeagueFormat.FRIENDS, choices=())
    table_size = forms.TypedChoiceField(label=gettext_lazy("Players per game"), coerce=int, initial=2, choices=())
    double_round_robin = forms.BooleanField(label=gettext_lazy("Play everyone twice"), required=False)
    division_min = forms.IntegerField(label=gettext_lazy("Smallest division"), min_value=2, max_value=40, initial=6)
    division_max = forms.IntegerField(label=gettext_lazy("Largest division"), min_value=2, max_value=40, initial=12)
    promote = forms.IntegerField(label=gettext_lazy("Promoted per division"), min_value=0, max_value=20, initial=2)
    relegate = forms.IntegerField(label=gettext_lazy("Relegated per division"), min_value=0, max_value=20, initial=2)
    max_players = forms.IntegerField(label=gettext_lazy("Most players (0: no limit)"), min_value=0, initial=0)
    days_per_move = forms.TypedChoiceField(
        label=gettext_lazy("Days per move"), coerce=int, initial=settings.DEFAULT_DAYS_PER_MOVE, choices=(),
        help_text=gettext_lazy("Each player has this long for every move; vacation stops the clock."),
    )
    time_bank_days = time_bank_field(gettext_lazy(
        "Extra days each player may use up over a whole game by moving late; a game times out only once "
        "they are gone. 0 for none."))
    season_days = forms.IntegerField(
        label=gettext_lazy("Season length (days)"), min_value=7, max_value=365, initial=60,
        help_text=gettext_lazy("Games still unfinished then are adjudicated on the current score."),
    )
    visibility = forms.ChoiceField(label=gettext_lazy("Who may join"), widget=forms.RadioSelect,
                                   initial=Visibility.INVITE, choices=())
    abort_rule = forms.ChoiceField(label=gettext_lazy("A player leaves a game before everyone has moved"),
                                   widget=forms.RadioSelect, initial=AbortRule.REPLAY, choices=())

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self._game_sections()
        self.fields["format"].choices = [
            (LeagueFormat.FRIENDS, _explained(_("Friends league"), _(
                "2 to 5 players in one group; everyone plays everyone twice, starting once each. Nobody goes "
                "up or down."))),
            (LeagueFormat.DIVISIONS, _explained(_("Divisions"), _(
                "Any number of players, split into divisions of the sizes you choose, with promotion and "
                "relegation between seasons."))),
        ]
        self.fields["table_size"].choices = [
            (n, ngettext("%(n)s player", "%(n)s players", n) % {"n": n}) for n in range(2, 7)
        ]
        self.fields["days_per_move"].choices = [
            (d, ngettext("%(n)s day", "%(n)s days", d) % {"n": d}) for d in settings.DAYS_PER_MOVE_CHOICES
        ]
        self.fields["visibility"].choices = [
            (Visibility.INVITE, _explained(_("Invite only"), _(
                "Players join through the invite link, which you see on the league's page."))),
            (Visibility.PUBLIC, _explained(_("Public"), _("Anyone may join from the list of leagues."))),
        ]
        self.fields["abort_rule"].choices = [
            (AbortRule.REPLAY, _explained(_("Replay the game"), _(
                "A new game between the same players, in the same seats. Left again, it counts as a loss."))),
            (AbortRule.ADJUDICATE, _explained(_("The player who left loses"), _(
                "The game counts at once: a loss for whoever resigned or ran out of time."))),
        ]
        if self.data.get("format", self.fields["format"].initial) == LeagueFormat.FRIENDS:
            for name in DIVISION_FIELDS:  # not shown, not sent: no refusal of them either
                self.fields[name].required = False

    def division_fields(self):
        return [self[name] for name in DIVISION_FIELDS]

    def clean(self):
        data = super().clean()
        kind = data.get("kind")
        if not kind:
            return data
        friends = data.get("format") == LeagueFormat.FRIENDS
        if friends:
            for name in DIVISION_FIELDS:
                self.errors.pop(name, None)
        values = self._kind_values(data, kind)
        league = {
            "name": data.get("name"), "description": data.get("description") or "", "kind": kind,
            "options": self._options(kind, values), "days_per_move": data.get("days_per_move"),
            "time_bank_days": data.get("time_bank_days") or 0,
            "visibility": data.get("visibility"), "season_days": data.get("season_days"),
            "format": data.get("format"), "abort_rule": data.get("abort_rule"),
            "creator_plays": bool(data.get("creator_plays")),
        }
        if not friends:
            league.update({name: data.get(name) for name in DIVISION_FIELDS})
            league["double_round_robin"] = bool(league["double_round_robin"])
            league["max_players"] = league["max_players"] or 0
        data["league"] = league
        return data

    def refusal_field(self, code: str) -> str | None:
        """The field a service refusal with ``code`` concerns (None: the form as a whole)."""
        if self.cleaned_data.get("format") == LeagueFormat.FRIENDS:
            return None
        return REFUSAL_FIELDS.get(code)


class UsernameForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Player"), max_length=150)


class MoveForm(UsernameForm):
    level = forms.IntegerField(label=gettext_lazy("To division"), min_value=1)


class ForfeitForm(UsernameForm):
    game = forms.IntegerField(label=gettext_lazy("Game number"), min_value=1)
