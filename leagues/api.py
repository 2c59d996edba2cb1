"""JSON API for leagues and ratings (``/api/leagues/...``): thin views that parse, call one service or
selector and serialise.  Refusals leave as ``{"code", "message"}`` with their status through
``web.api_errors`` (``LeagueError`` is a ``GameError``)."""

from django.contrib.auth import get_user_model
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api_errors import ErrorSerializer
from web.pagination import ApiPagination, paginated
from web.serializers import StrictSerializer

from . import selectors, services
from .access import access_league_for_organiser
from .errors import MSG_NOT_FOUND, NOT_FOUND, LeagueError
from .models import DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, AbortRule, LeagueFormat, Visibility

ERROR = ErrorSerializer
OK = inline_serializer("LeagueOk", {"ok": serializers.BooleanField()})


class LeagueSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    description = serializers.CharField()
    kind = serializers.CharField()
    options = serializers.DictField()
    days_per_move = serializers.IntegerField()
    time_bank_days = serializers.IntegerField()
    visibility = serializers.CharField()
    table_size = serializers.IntegerField()
    double_round_robin = serializers.BooleanField()
    division_min = serializers.IntegerField()
    division_max = serializers.IntegerField()
    promote = serializers.IntegerField()
    relegate = serializers.IntegerField()
    season_days = serializers.IntegerField()
    max_players = serializers.IntegerField()
    format = serializers.CharField()
    abort_rule = serializers.CharField()
    creator = serializers.CharField(source="creator.username")


class LeagueListSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    kind = serializers.CharField()
    visibility = serializers.CharField()
    players = serializers.IntegerField()
    seasons = serializers.IntegerField(source="season_number")


class LeagueCreateSerializer(StrictSerializer):
    name = serializers.CharField(max_length=NAME_MAX_LENGTH)
    description = serializers.CharField(required=False, allow_blank=True, default="", max_length=DESCRIPTION_MAX_LENGTH)
    kind = serializers.CharField(max_length=32)
    options = serializers.DictField(
        required=False, default=dict,
        help_text="the games' options, as in `POST /api/games/` (`rated` is allowed but league games are always "
                  "rated)",
    )
    days_per_move = serializers.IntegerField(required=False)
    time_bank_days = serializers.IntegerField(
        default=0, help_text="extra days each player may draw on by moving late, 0 to 30, for every season's games")
    visibility = serializers.ChoiceField(choices=Visibility.values, default=Visibility.PUBLIC)
    table_size = serializers.IntegerField(default=2)
    double_round_robin = serializers.BooleanField(default=False)
    division_min = serializers.IntegerField(default=6)
    division_max = serializers.IntegerField(default=12)
    promote = serializers.IntegerField(default=2)
    relegate = serializers.IntegerField(default=2)
    season_days = serializers.IntegerField(default=60)
    max_players = serializers.IntegerField(default=0, min_value=0)
    format = serializers.ChoiceField(
        choices=LeagueFormat.values, default=LeagueFormat.DIVISIONS,
        help_text="friends: one group of 2 to 5 players (max_players, 0 meaning 5), two-player games, everyone "
                  "plays everyone twice, nobody promoted or relegated; the division settings are then ignored",
    )
    abort_rule = serializers.ChoiceField(
        choices=AbortRule.values, default=AbortRule.REPLAY,
        help_text="a fixture a player resigned or timed out of before every seat had moved (aborted): replay "
                  "it once with the same seats, or adjudicate it (whoever left loses)",
    )
    creator_plays = serializers.BooleanField(
        default=True,
        help_text="register the creator for the first season (false: they only organise it); refused with "
                  "`BOTS_NOT_IN_LEAGUES` for a bot",
    )


class StandingSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    points = serializers.IntegerField()
    difference = serializers.IntegerField()
    rating = serializers.FloatField(source="rating_value", allow_null=True)
    zone = serializers.CharField(allow_null=True)


def _fixture_json(fixture) -> dict:
    game = fixture.game
    seats = list(game.seats.all())
    return {
        "game": game.pk,
        "round": fixture.round,
        "status": game.status,
        "players": [s.user.username if s.user_id else None for s in seats],
        "scores": [s.score for s in seats],
        "to_act": [s.user.username for s in seats if s.to_act and s.user_id],
        "deadline": min((s.deadline for s in seats if s.to_act and s.deadline), default=None),
        # The league's own result for an aborted game its rule adjudicated, else the game's.
        "result": fixture.result or game.result,
        "aborted_games": list(fixture.aborted_games),
    }


FIXTURE = inline_serializer("LeagueFixture", {
    "game": serializers.IntegerField(), "round": serializers.IntegerField(), "status": serializers.CharField(),
    "players": serializers.ListField(child=serializers.CharField()),
    "scores": serializers.ListField(child=serializers.IntegerField()),
    "to_act": serializers.ListField(child=serializers.CharField()),
    "deadline": serializers.DateTimeField(allow_null=True), "result": serializers.DictField(allow_null=True),
    "aborted_games": serializers.ListField(child=serializers.IntegerField()),
}, many=True)
DIVISION = inline_serializer("LeagueDivision", {
    "level": serializers.IntegerField(), "standings": StandingSerializer(many=True), "fixtures": FIXTURE,
}, many=True)
LEAGUE_PAGE = inline_serializer("LeaguePage", {
    "league": LeagueSerializer(),
    "season": inline_serializer("LeagueSeason", {
        "number": serializers.IntegerField(), "status": serializers.CharField(),
        "starts_at": serializers.DateTimeField(allow_null=True), "ends_at": serializers.DateTimeField(allow_null=True),
    }),
    "seasons": serializers.ListField(child=serializers.IntegerField()),
    "registered": serializers.ListField(child=serializers.CharField()),
    "divisions": DIVISION,
    "is_organiser": serializers.BooleanField(),
    "invite_token": serializers.CharField(allow_null=True),
})


class LeagueSearchSerializer(serializers.Serializer):
    # DRF's CharField refuses NUL characters (PostgreSQL cannot compare them): a 400, not a 500.
    q = serializers.CharField(required=False, allow_blank=True, default="")
    kind = serializers.CharField(required=False, allow_blank=True, default="")


class LeagueListCreateApi(APIView):
    pagination_class = ApiPagination
    @extend_schema(
        parameters=[OpenApiParameter("q", str, description="search name and description"),
                    OpenApiParameter("kind", str, description="game kind")],
        responses={200: LeagueListSerializer(many=True), 400: ERROR},
    )
    def get(self, request):
        search = LeagueSearchSerializer(data=request.query_params)
        search.is_valid(raise_exception=True)
        leagues = selectors.league_list(query=search.validated_data["q"][:80], kind=search.validated_data["kind"])
        return paginated(self, request, leagues, lambda page: LeagueListSerializer(page, many=True).data)

    @extend_schema(
        request=LeagueCreateSerializer,
        responses={201: LeagueSerializer, 400: OpenApiResponse(ERROR, description=(
            "`UNKNOWN_FIELD` (a field the call does not take), `BAD_OPTIONS` (a game option its kind does not "
            "declare, or a value outside its declaration), `BAD_REQUEST` (a name over 80 or a description over "
            "2000 characters ...), `BAD_LEAGUE`, `BAD_TABLE_SIZE`, `BAD_DIVISION_SIZE`, `BAD_PROMOTION`, "
            "`UNKNOWN_KIND`")), 403: ERROR},
        description="Create a league with its first season open for registration; the creator organises it "
                    "and, unless `creator_plays` is false, is registered for that season.",
    )
    def post(self, request):
        data = LeagueCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        league = services.league_create(creator=request.user, **data.validated_data)
        return Response(LeagueSerializer(league).data, status=status.HTTP_201_CREATED)


class SeasonQuerySerializer(serializers.Serializer):
    season = serializers.IntegerField(  # a PositiveSmallIntegerField
        required=False, min_value=1, max_value=32767, help_text="season number (default: the latest)"
    )


class LeagueDetailApi(APIView):
    @extend_schema(
        parameters=[SeasonQuerySerializer],
        responses={200: LEAGUE_PAGE, 400: ERROR, 404: ERROR},
    )
    def get(self, request, league_id: int):
        """The league with one season (``season``: its number, default the latest): its divisions'
        standings (zones marked) and fixtures."""
        query = SeasonQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        page = selectors.league_page(league_id=league_id, number=query.validated_data.get("season"), user=request.user)
        if page is None:
            raise LeagueError(NOT_FOUND, MSG_NOT_FOUND, 404)
        season = page["season"]
        return Response({
            "league": LeagueSerializer(page["league"]).data,
            "season": {"number": season.number, "status": season.status, "starts_at": season.starts_at,
                       "ends_at": season.ends_at},
            "seasons": [n for n, _status, _label in page["seasons"]],
            "registered": [e.user.username for e in page["registered"]],
            "divisions": [
                {"level": t.level, "standings": StandingSerializer(t.rows, many=True).data,
                 "fixtures": [_fixture_json(f) for f in t.fixtures]}
                for t in page["tables"]
            ],
            "is_organiser": page["is_organiser"],
            "invite_token": page["league"].invite_token if page["is_organiser"] else None,
        })


class JoinSerializer(serializers.Serializer):
    token = serializers.CharField(required=False, allow_blank=True, default="")


class LeagueJoinApi(APIView):
    @extend_schema(request=JoinSerializer, responses={201: OK, 400: ERROR, 403: ERROR, 404: ERROR})
    def post(self, request, league_id: int):
        """Register for the open season (``token``: the invite link's token for an invite-only league)."""
        data = JoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.league_join(league_id=league_id, user=request.user, token=data.validated_data["token"] or None)
        return Response({"ok": True}, status=status.HTTP_201_CREATED)


class LeagueLeaveApi(APIView):
    @extend_schema(request=None, responses={200: OK, 400: ERROR})
    def post(self, request, league_id: int):
        services.league_leave(league_id=league_id, user=request.user)
        return Response({"ok": True})


class SeasonStartApi(APIView):
    @extend_schema(request=None, responses={200: OK, 400: ERROR, 403: ERROR})
    def post(self, request, league_id: int):
        """Organisers: start the season now (placement and every fixture created)."""
        services.season_start(league_id=league_id, actor=request.user)
        return Response({"ok": True})


class SeasonEndApi(APIView):
    @extend_schema(request=None, responses={200: OK, 400: ERROR, 403: ERROR})
    def post(self, request, league_id: int):
        """Organisers: end the season now (unfinished games adjudicated on the current score)."""
        services.season_end(league_id=league_id, actor=request.user)
        return Response({"ok": True})


class UsernameSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class MoveSerializer(UsernameSerializer):
    level = serializers.IntegerField(min_value=1)


class ForfeitSerializer(UsernameSerializer):
    game = serializers.IntegerField(min_value=1)


def _user(username: str):
    return get_user_model().objects.filter(username=username).first()


class PlayerMoveApi(APIView):
    @extend_schema(request=MoveSerializer, responses={200: OK, 400: ERROR, 403: ERROR})
    def post(self, request, league_id: int):
        """Organisers: move a player to another division of the running season."""
        data = MoveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.entry_move(league_id=league_id, actor=request.user, user=_user(data.validated_data["username"]),
                            level=data.validated_data["level"])
        return Response({"ok": True})


class ForfeitApi(APIView):
    @extend_schema(request=ForfeitSerializer, responses={200: OK, 400: ERROR, 403: ERROR})
    def post(self, request, league_id: int):
        """Organisers: the named player forfeits the named game."""
        data = ForfeitSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.fixture_forfeit(league_id=league_id, actor=request.user, game_id=data.validated_data["game"],
                                 loser=_user(data.validated_data["username"]))
        return Response({"ok": True})


class PlayerRemoveApi(APIView):
    @extend_schema(request=UsernameSerializer, responses={200: OK, 400: ERROR, 403: ERROR})
    def post(self, request, league_id: int):
        """Organisers: remove a player; their remaining games are forfeited."""
        data = UsernameSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.entry_remove(league_id=league_id, actor=request.user, user=_user(data.validated_data["username"]))
        return Response({"ok": True})


class OrganiserAddApi(APIView):
    @extend_schema(request=UsernameSerializer, responses={200: OK, 400: ERROR, 403: ERROR})
    def post(self, request, league_id: int):
        data = UsernameSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.organiser_add(league_id=league_id, actor=request.user, user=_user(data.validated_data["username"]))
        return Response({"ok": True})


class OrganiserLogApi(APIView):
    pagination_class = ApiPagination
    @extend_schema(responses={200: inline_serializer("OrganiserAction", {
        "created_at": serializers.DateTimeField(), "actor": serializers.CharField(allow_null=True),
        "action": serializers.CharField(), "target": serializers.CharField(allow_null=True),
        "season": serializers.IntegerField(allow_null=True), "details": serializers.DictField(),
    }, many=True), 403: ERROR})
    def get(self, request, league_id: int):
        """Organisers: everything organisers (and the system) did in this league, newest first."""
        league = access_league_for_organiser(league_id, request.user)
        return paginated(self, request, selectors.organiser_log(league=league), lambda page: [
            {"created_at": a.created_at, "actor": a.actor.username if a.actor else None, "action": a.action,
             "target": a.target.username if a.target else None, "season": a.season.number if a.season else None,
             "details": a.details}
            for a in page
        ])
