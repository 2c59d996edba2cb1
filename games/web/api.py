"""JSON API for games: thin views that parse, call one service or selector, and serialise.

Errors leave as 400 ``{"code", "message"}`` (409 for ``STALE_VERSION``, 403 when it is not your
game, 404 for an unknown game) through ``web.api_errors``.
"""

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.functional import lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core import speed
from games import selectors, services
from games.access import access_seat_for_user
from games.bots.accounts import bots_list
from games.errors import BAD_REQUEST, NOT_FOUND, UNKNOWN_PLAYER, GameError
from games.options import options_schema_text
from games.web import previews
from games.web.presenters import game_payload, game_summary
from web.api_errors import ErrorSerializer
from web.pagination import ApiPagination, paginated
from web.parsers import is_id
from web.serializers import StrictSerializer


class SeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    username = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    bot = serializers.BooleanField(help_text="This seat is played by a bot (see `GET /api/bots/`).")
    score = serializers.IntegerField()
    rank = serializers.IntegerField(allow_null=True)
    to_act = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True)
    time_bank_left = serializers.IntegerField(help_text="Seconds left of this seat's time bank (0 without one).")
    timeout_at = serializers.DateTimeField(
        allow_null=True, help_text="When this seat's time runs out: the deadline plus what is left of its bank.")
    resigned = serializers.BooleanField()
    accepted = serializers.BooleanField(help_text="In a challenge: this player has accepted.")


class GameSummarySerializer(serializers.Serializer):
    """Documents a list's game summary built by ``presenters.game_summary``: the game payload without
    ``view``."""

    id = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.CharField()
    options = serializers.DictField()
    days_per_move = serializers.IntegerField()
    time_bank_days = serializers.IntegerField()
    version = serializers.IntegerField()
    turn_version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    to_act = serializers.ListField(child=serializers.IntegerField())
    your_move = serializers.BooleanField()
    seats = SeatSerializer(many=True)
    result = serializers.DictField(allow_null=True)


class GameSerializer(GameSummarySerializer):
    """Documents the game payload built by ``presenters.game_payload``."""

    view = serializers.DictField(allow_null=True)


class GameCreateSerializer(StrictSerializer):
    kind = serializers.CharField(max_length=32)
    seats = serializers.IntegerField(min_value=2, max_value=6, default=2)
    opponents = serializers.ListField(child=serializers.CharField(max_length=150), default=list, max_length=5)
    # The declared options in words, read from the engines when the schema is built.
    options = serializers.DictField(default=dict, help_text=lazy(options_schema_text, str)())
    days_per_move = serializers.IntegerField(required=False)
    time_bank_days = serializers.IntegerField(
        required=False, help_text="Extra days each player may draw on by moving late, 0 to 30 (default 0).")


class MoveSubmitSerializer(StrictSerializer):
    """The body's shape, and no field it does not declare; the service checks the values again by its
    own rules (``move_request_check``), which every way a move arrives shares."""

    version = serializers.IntegerField(allow_null=True, required=False, default=None)
    move = serializers.JSONField()
    idempotency_key = serializers.CharField(max_length=128)


MOVE_FIELDS = frozenset({"version", "move", "idempotency_key"})


def move_submission(data) -> dict:
    """A move submission's fields as ``MoveSubmitSerializer`` reads them.  The well-formed body every
    client sends is read as it is by the speed wing; anything else, or everything with the wing off, goes
    through the serializer, with its errors.  (DRF builds and deep-copies a serializer's fields for every
    instance: a few per cent of a move.)"""
    if speed.switched_on() and type(data) is dict and data.keys() <= MOVE_FIELDS:
        version, move, key = data.get("version"), data.get("move"), data.get("idempotency_key")
        if ((version is None or type(version) is int) and move is not None and type(key) is str
                and 0 < len(key) <= 128 and key.isascii() and key.strip() == key and "\x00" not in key):
            return {"version": version, "move": move, "idempotency_key": key}
    serializer = MoveSubmitSerializer(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


ERROR = ErrorSerializer
CREATE_REFUSED = OpenApiResponse(
    ERROR, description="`UNKNOWN_FIELD` (a field the call does not take), `BAD_OPTIONS` (an option the kind "
                       "does not declare or a value outside its declaration), `UNKNOWN_KIND`, `UNKNOWN_PLAYER`, "
                       "`BAD_REQUEST` ...",
)


class GameListCreateApi(APIView):
    pagination_class = ApiPagination

    @extend_schema(responses=GameSummarySerializer(many=True))
    def get(self, request):
        """Your games, a page at a time, each without its `view` (your seat's view of a game is at
        `GET /api/games/{id}/`)."""
        # Summaries only: decoding every game's state (the board, racks and move log) was most of a
        # page's time and left thousands of objects for the garbage collector.
        games = selectors.games_for_user(user=request.user, with_state=False)
        return paginated(self, request, games, lambda page: [game_summary(g, request.user) for g in page])

    @extend_schema(
        request=GameCreateSerializer,
        responses={201: GameSerializer, 400: CREATE_REFUSED, 409: ERROR, 429: ERROR},
        description="Without `opponents` an open seek (409 `TOO_MANY_SEEKS` past 10 open at once); with them "
                    "a challenge (429 `RATE_LIMITED` past 20 an hour).  409 `TOO_MANY_GAMES` when you, or a "
                    "player you challenge (named in `details.player`), already has `MAX_ACTIVE_GAMES` (100) "
                    "games going: running, or challenges and seeks committed to.  A field the call does not take is "
                    "400 `UNKNOWN_FIELD`; an option the kind does not declare, or a value outside its "
                    "declaration (`\"rated\": \"no\"`), 400 `BAD_OPTIONS`, as are `days_per_move` outside "
                    "its choices and `time_bank_days` outside 0 to 30.",
    )
    def post(self, request):
        data = GameCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        names = data.validated_data["opponents"]
        users = get_user_model().objects.in_bulk(names, field_name="username")
        missing = [n for n in names if n not in users]
        if missing:
            raise GameError(UNKNOWN_PLAYER, f"No player called {missing[0]!r}.")
        game = services.game_or_challenge_create(
            creator=request.user, kind=data.validated_data["kind"], opponents=[users[n] for n in names],
            seats=data.validated_data["seats"], options=data.validated_data["options"],
            days_per_move=data.validated_data.get("days_per_move"),
            time_bank_days=data.validated_data.get("time_bank_days"),
        )
        game = selectors.game_with_seats(game_id=game.pk)
        return Response(game_payload(game, request.user), status=status.HTTP_201_CREATED)


class NextGameEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    url = serializers.CharField(help_text="The game's page.")
    deadline = serializers.DateTimeField(help_text="Your move's deadline.")
    timeout_at = serializers.DateTimeField(help_text="When your time runs out: the deadline plus what is left of "
                                                     "your time bank.")


class NextGameSerializer(serializers.Serializer):
    game = NextGameEntrySerializer(allow_null=True,
                                   help_text="The game awaiting your move with the least time left; null when none.")
    awaiting = serializers.IntegerField(help_text="How many games await your move (the excluded one aside).")


class NextGameApi(APIView):
    @extend_schema(
        summary="The next game to play",
        parameters=[OpenApiParameter("exclude", int, description="leave this game out (the one you are looking at)")],
        responses={200: NextGameSerializer, 400: ERROR},
    )
    def get(self, request):
        """The game awaiting your move with the least time left (the game pages' "Next game" button),
        and how many games await your move."""
        exclude = request.query_params.get("exclude", "")
        if exclude and not is_id(exclude):
            raise GameError(BAD_REQUEST, "exclude must be a game id.")
        game, count = selectors.next_game_for_user(user=request.user, exclude_game_id=int(exclude) if exclude else None)
        found = None
        if game is not None:
            seat = game.my_seat
            found = {"id": game.pk, "kind": game.kind, "url": reverse("game_detail", args=[game.pk]),
                     "deadline": seat.deadline, "timeout_at": selectors.time_runs_out(seat, game)}
        return Response(NextGameSerializer({"game": found, "awaiting": count}).data)


class SeekListApi(APIView):
    pagination_class = ApiPagination

    @extend_schema(responses=GameSerializer(many=True))
    def get(self, request):
        """The lobby's open seeks, a page at a time."""
        return paginated(self, request, selectors.open_seeks(limit=None),
                         lambda page: [game_payload(g, request.user) for g in page])


class SeekAcceptApi(APIView):
    @extend_schema(request=None, responses={200: GameSerializer, 409: ERROR},
                   description="Take a free seat of an open seek.  409 `SEEK_NOT_OPEN` when it is taken or "
                               "withdrawn; 409 `TOO_MANY_GAMES` when you already have `MAX_ACTIVE_GAMES` games going.")
    def post(self, request, game_id: int):
        services.seek_accept(game_id=game_id, user=request.user)
        game = selectors.game_with_seats(game_id=game_id)
        return Response(game_payload(game, request.user))


def _game_or_404(game_id: int):
    game = selectors.game_with_seats(game_id=game_id)
    if game is None:
        raise GameError(NOT_FOUND, "No such game.", 404)
    return game


class GameDetailApi(APIView):
    @extend_schema(responses={200: GameSerializer, 404: ERROR})
    def get(self, request, game_id: int):
        """Your seat's view of the game (the spectator view when you have no seat)."""
        return Response(game_payload(_game_or_404(game_id), request.user))


class GameMovesApi(APIView):
    @extend_schema(
        responses=inline_serializer(
            "LogEntry",
            {
                "seq": serializers.IntegerField(),
                "seat": serializers.IntegerField(),
                "source": serializers.CharField(),
                "created": serializers.DateTimeField(),
                "move": serializers.DictField(),
            },
            many=True,
        )
    )
    def get(self, request, game_id: int):
        """The move log as your seat may see it."""
        game = _game_or_404(game_id)
        seat = access_seat_for_user(game, request.user)
        moves = selectors.moves_for_game(game=game)
        return Response(selectors.log_for_seat(game=game, moves=moves, seat_index=seat.index))

    @extend_schema(
        request=MoveSubmitSerializer,
        responses={
            200: inline_serializer(
                "MoveAccepted",
                {
                    "seq": serializers.IntegerField(),
                    "version": serializers.IntegerField(),
                    "status": serializers.CharField(),
                    "view": serializers.DictField(
                        help_text="Your seat's view of the game; to a retried request, as it is now."),
                },
            ),
            400: ERROR,
            403: ERROR,
            404: ERROR,
            409: ERROR,
        },
    )
    def post(self, request, game_id: int):
        """Submit a move.  Retrying with the same ``idempotency_key`` and body applies nothing and returns the
        first answer's ``seq``, ``version`` and ``status`` with your seat's ``view`` as it is now (the view is
        not stored with the move); the same key with another body is 409 ``IDEMPOTENCY_KEY_REUSED``.  A field
        the body does not take is 400 ``UNKNOWN_FIELD``, nothing written."""
        data = move_submission(request.data)
        answer = services.game_submit_move(
            game_id=game_id,
            user=request.user,
            move=data["move"],
            version=data["version"],
            idempotency_key=data["idempotency_key"],
        )
        return Response(answer)


class MovePreviewSerializer(serializers.Serializer):
    move = serializers.JSONField()


class GamePreviewApi(APIView):
    @extend_schema(request=MovePreviewSerializer, responses={200: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR})
    def post(self, request, game_id: int):
        """What a move would score, as the server counts it (kinds with a preview; else 400 NO_PREVIEW):
        ``legal: true`` with the engine's preview, or ``legal: false`` with the ``code``, ``message`` and
        ``details`` submitting it would be refused with (still 200: previewing a move is a question)."""
        data = MovePreviewSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(previews.move_preview(game_id=game_id, user=request.user, move=data.validated_data["move"]))


class GameResignApi(APIView):
    @extend_schema(request=None, responses={200: GameSerializer, 400: ERROR, 403: ERROR})
    def post(self, request, game_id: int):
        services.game_resign(game_id=game_id, user=request.user)
        return Response(game_payload(_game_or_404(game_id), request.user))


class RematchSerializer(StrictSerializer):
    """A rematch takes no field: everything comes from the finished game (an empty body, or ``{}``)."""


class GameRematchApi(APIView):
    @extend_schema(
        request=None,
        responses={201: GameSerializer, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR, 429: ERROR},
        description="Challenge the other players of a finished game to the same game again: the same kind, "
                    "options, `days_per_move` and `time_bank_days`, you in the first seat.  It is a challenge "
                    "like any (`status` `challenge`): it starts when each player accepts (a bot accepts at "
                    "once).  403 `NOT_YOUR_GAME` when you have no seat in the game; 409 `GAME_NOT_FINISHED` "
                    "before it has finished (an aborted or annulled game has no rematch); otherwise refused "
                    "as `POST /api/games/` refuses a challenge: 409 `TOO_MANY_GAMES`, 403 `CHALLENGES_REFUSED`, "
                    "400 `PLAYER_ON_VACATION` or `UNKNOWN_PLAYER`, 429 `RATE_LIMITED`.  The body takes no "
                    "field (400 `UNKNOWN_FIELD`).",
    )
    def post(self, request, game_id: int):
        RematchSerializer(data=request.data).is_valid(raise_exception=True)
        game = services.game_rematch(game_id=game_id, user=request.user)
        return Response(game_payload(_game_or_404(game.pk), request.user), status=status.HTTP_201_CREATED)


class ChallengeListApi(APIView):
    pagination_class = ApiPagination

    @extend_schema(responses=GameSerializer(many=True))
    def get(self, request):
        """Challenges I made or received that are still waiting for an answer."""
        return paginated(self, request, selectors.challenges_for_user(user=request.user),
                         lambda page: [game_payload(g, request.user) for g in page])


class ChallengeAnswerApi(APIView):
    """``POST /api/challenges/{id}/accept/``, ``.../decline/``, ``.../withdraw/`` (the challenger)."""

    answer = ""

    @extend_schema(request=None, responses={200: GameSerializer, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
                   description="409 `CHALLENGE_NOT_OPEN` when it was answered, withdrawn or has expired; accepting "
                               "is 409 `TOO_MANY_GAMES` when you already have `MAX_ACTIVE_GAMES` games going.")
    def post(self, request, game_id: int):
        act = {"accept": services.challenge_accept, "decline": services.challenge_decline,
               "withdraw": services.challenge_withdraw}[self.answer]
        act(game_id=game_id, user=request.user)
        return Response(game_payload(_game_or_404(game_id), request.user))


class BotSerializer(serializers.Serializer):
    username = serializers.CharField(help_text="Challenge the bot by this name (in `opponents`).")
    name = serializers.CharField(help_text="The bot's public name.")
    kind = serializers.CharField(help_text="The only game kind it plays.")
    level = serializers.CharField(
        help_text="One of the levels the game kind's bots have (GET /api/bots/ lists every bot with its level).")


class BotListApi(APIView):
    """The bots you can challenge; each accepts at once and answers within a minute."""

    @extend_schema(
        summary="List the bots",
        parameters=[OpenApiParameter("kind", str, description="only the bots of this game kind")],
        responses={200: BotSerializer(many=True)},
        description="Challenge one by naming its `username` in `opponents` of `POST /api/games/` (its own kind "
                    "only). Bots accept at once, move through the same move service from a background task, "
                    "and never join leagues or leaderboards. Spell has no bot.",
    )
    def get(self, request):
        bots = bots_list(kind=request.query_params.get("kind") or None)
        return Response(BotSerializer(
            [{"username": b.username, "name": b.public_name, "kind": b.bot_kind, "level": b.bot_level} for b in bots],
            many=True,
        ).data)
