"""League and rating persistence: leagues with seasons, divisions, entries and fixtures; Elo ratings
with one change row per (game, player); the log of what organisers did.

Models hold data and small properties only; every write goes through ``leagues/services.py`` and
standings are computed on read by ``leagues/selectors.py`` with the pure ``leagues/standings.py``.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# Bounds on what an organiser writes: a league's page and every list of leagues show them.
NAME_MAX_LENGTH = 80
DESCRIPTION_MAX_LENGTH = 2000


class Visibility(models.TextChoices):
    PUBLIC = "public", _("Public: anyone may join")
    INVITE = "invite", _("Invite only: join through the invite link")


class LeagueFormat(models.TextChoices):
    FRIENDS = "friends", _("Friends league: 2 to 5 players in one group, everyone plays everyone twice")
    DIVISIONS = "divisions", _("Divisions with promotion and relegation")


class AbortRule(models.TextChoices):
    """What becomes of a fixture a player left before every seat had moved (the game was aborted)."""

    REPLAY = "replay", _("Replay: a new game between the same players, in the same seats")
    ADJUDICATE = "adjudicate", _("Adjudicate: the player who left loses")


class League(models.Model):
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    # A text column (no bound in the database, so no stored row can fail a migration); the form, the
    # API and ``league_create`` refuse more than DESCRIPTION_MAX_LENGTH characters.
    description = models.TextField(_("description"), max_length=DESCRIPTION_MAX_LENGTH, blank=True)
    kind = models.CharField(_("game"), max_length=32)
    options = models.JSONField(_("game options"), default=dict, blank=True)
    days_per_move = models.PositiveSmallIntegerField(_("days per move"), default=3)
    # Every season's games get this time bank (games/clock.py); 0: none.
    time_bank_days = models.PositiveSmallIntegerField(_("time bank in days"), default=0, db_default=0)
    visibility = models.CharField(_("visibility"), max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC)
    invite_token = models.CharField(max_length=32, unique=True)
    # friends: one table of 2 to 5, two-player games twice over, no promotion or relegation.
    format = models.CharField(_("format"), max_length=12, choices=LeagueFormat.choices, default=LeagueFormat.DIVISIONS)
    abort_rule = models.CharField(
        _("when a player leaves a game before everyone has moved"), max_length=12, choices=AbortRule.choices,
        default=AbortRule.REPLAY,
    )
    # Players per game: 2 is a round robin; more seats play at rotating tables.
    table_size = models.PositiveSmallIntegerField(_("players per game"), default=2)
    double_round_robin = models.BooleanField(_("play everyone twice"), default=False)
    division_min = models.PositiveSmallIntegerField(_("smallest division"), default=6)
    division_max = models.PositiveSmallIntegerField(_("largest division"), default=12)
    promote = models.PositiveSmallIntegerField(_("promoted per division"), default=2)
    relegate = models.PositiveSmallIntegerField(_("relegated per division"), default=2)
    season_days = models.PositiveSmallIntegerField(_("season length in days"), default=60)
    # 0: no limit.
    max_players = models.PositiveIntegerField(_("most players"), default=0)
    creator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="leagues_created")
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="leagues_organised")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        indexes = [models.Index(fields=["kind"])]

    def __str__(self) -> str:
        return self.name

    @property
    def is_public(self) -> bool:
        return self.visibility == Visibility.PUBLIC

    @property
    def is_friends(self) -> bool:
        return self.format == LeagueFormat.FRIENDS


class SeasonStatus(models.TextChoices):
    REGISTRATION = "registration", _("Registration open")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField(_("season"))
    status = models.CharField(max_length=16, choices=SeasonStatus.choices, default=SeasonStatus.REGISTRATION)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["league", "-number"]
        constraints = [models.UniqueConstraint(fields=["league", "number"], name="season_unique_number")]
        indexes = [models.Index(fields=["status", "ends_at"])]

    def __str__(self) -> str:
        return f"{self.league} season {self.number}"


class Division(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    # 1 is the top division.
    level = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["season", "level"]
        constraints = [models.UniqueConstraint(fields=["season", "level"], name="division_unique_level")]

    def __str__(self) -> str:
        return f"{self.season} division {self.level}"


class Movement(models.TextChoices):
    UP = "up", _("Promoted")
    STAY = "stay", _("Stayed")
    DOWN = "down", _("Relegated")


class Entry(models.Model):
    """A player in a season: registered, then placed in a division; the final place once over."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_entries")
    division = models.ForeignKey(Division, null=True, blank=True, on_delete=models.SET_NULL, related_name="entries")
    joined_at = models.DateTimeField(auto_now_add=True)
    removed = models.BooleanField(default=False)
    final_position = models.PositiveSmallIntegerField(null=True, blank=True)
    final_points = models.IntegerField(null=True, blank=True)
    movement = models.CharField(max_length=4, choices=Movement.choices, blank=True)

    class Meta:
        ordering = ["season", "pk"]
        verbose_name_plural = "entries"
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="entry_unique_user")]

    def __str__(self) -> str:
        return f"{self.user} in {self.season}"


class Fixture(models.Model):
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="fixtures")
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="fixture")
    round = models.PositiveSmallIntegerField()
    # Games of this fixture that were aborted and replaced by a replay (``game``), oldest first.
    aborted_games = models.JSONField(default=list, blank=True)
    # The league's result when the game was aborted and the league's rule adjudicated it (the game
    # itself has none): {"scores", "ranks", "reason": "abort", "left": seat index}.
    result = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["division", "round", "pk"]

    def __str__(self) -> str:
        return f"{self.division} round {self.round}: {self.game}"


class ActionKind(models.TextChoices):
    SEASON_START = "season_start", _("Started the season")
    SEASON_END = "season_end", _("Ended the season")
    MOVE_PLAYER = "move_player", _("Moved a player")
    FORFEIT = "forfeit", _("Awarded a forfeit")
    REMOVE_PLAYER = "remove_player", _("Removed a player")
    ADD_ORGANISER = "add_organiser", _("Added a co-organiser")
    REPLAY = "replay", _("Replayed an aborted game")
    ADJUDICATE_ABORT = "abort_adjudged", _("Adjudicated an aborted game")


class OrganiserAction(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="actions")
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.SET_NULL)
    # None: the system (the beat task ending a due season).
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=16, choices=ActionKind.choices)
    target = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.league}: {self.action}"
