"""JSON API for moderation: game chat and mutes, players' reports, and moderators' actions.

Thin views: parse, call one service or selector, answer.  Errors are ``{"code", "message"}``.
"""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api_errors import ErrorSerializer
from web.pagination import ApiPagination, paginated

from . import selectors, services
from .access import access_any_moderation, access_game_chat_for_player, access_moderator
from .chat import chat_payload, message_json

ERROR = ErrorSerializer


class ChatPostSerializer(serializers.Serializer):
    text = serializers.CharField(allow_blank=True, trim_whitespace=False)


class GameChatApi(APIView):
    @extend_schema(responses={200: inline_serializer("ChatThread", {"game": serializers.IntegerField(),
                                                                    "messages": serializers.ListField(),
                                                                    "html": serializers.CharField()}),
                              400: ERROR, 403: ERROR, 404: ERROR})
    def get(self, request, game_id: int):
        """The game's chat as you see it (players only; authors you muted left out). A game against bots
        only has none (400 ``NO_CHAT_WITH_BOTS``)."""
        game = access_game_chat_for_player(game_id, request.user)
        return Response(chat_payload(game=game, viewer=request.user))

    @extend_schema(request=ChatPostSerializer, responses={201: dict, 400: ERROR, 403: ERROR, 429: ERROR})
    def post(self, request, game_id: int):
        """Send a chat message (plain text, at most 500 characters, 5 a minute)."""
        text = request.data.get("text") if isinstance(request.data, dict) else None
        message = services.chat_post(game_id=game_id, user=request.user, text=text)
        body = {"message": message_json(message, request.user), **chat_payload(game=message.game, viewer=request.user)}
        return Response(body, status=status.HTTP_201_CREATED)


class ChatMuteApi(APIView):
    @extend_schema(request=None, responses={200: dict, 400: ERROR})
    def post(self, request, username: str):
        """Stop seeing this player's chat messages."""
        services.chat_mute(user=request.user, username=username)
        return Response({"muted": username})

    @extend_schema(request=None, responses={200: dict, 400: ERROR})
    def delete(self, request, username: str):
        services.chat_unmute(user=request.user, username=username)
        return Response({"muted": None})


class ReportSerializer(serializers.Serializer):
    reported = serializers.CharField()
    reason = serializers.CharField()
    text = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False)
    game = serializers.IntegerField(required=False, allow_null=True, default=None)
    messages = serializers.ListField(child=serializers.IntegerField(), required=False, default=list)


def report_json(report) -> dict:
    return {
        "id": report.pk,
        "reported": report.reported.username,
        "reason": report.reason,
        "text": report.text,
        "game": report.game_id,
        "messages": sorted(m.pk for m in report.messages.all()),
        "status": report.status,
        "created": report.created_at.isoformat(),
        "resolution": report.resolution,
        "resolved_at": report.resolved_at.isoformat() if report.resolved_at else None,
    }


class ReportOutSerializer(serializers.Serializer):
    """Documents ``report_json``."""

    id = serializers.IntegerField()
    reported = serializers.CharField()
    reason = serializers.CharField()
    text = serializers.CharField()
    game = serializers.IntegerField(allow_null=True)
    messages = serializers.ListField(child=serializers.IntegerField())
    status = serializers.CharField()
    created = serializers.DateTimeField()
    resolution = serializers.CharField()
    resolved_at = serializers.DateTimeField(allow_null=True)


class ReportListApi(APIView):
    pagination_class = ApiPagination

    @extend_schema(responses={200: ReportOutSerializer(many=True)})
    def get(self, request):
        """Your reports and their state, a page at a time."""
        reports = selectors.reports_by(user=request.user).prefetch_related("messages")
        return paginated(self, request, reports, lambda page: [report_json(r) for r in page])

    @extend_schema(request=ReportSerializer, responses={201: ReportOutSerializer, 200: ReportOutSerializer, 400: ERROR})
    def post(self, request):
        """Report a player; a second report on the same matter is merged into your open one (200)."""
        data = ReportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        report, created = services.report_file(
            reporter=request.user, username=d["reported"], reason=d["reason"], text=d["text"],
            game_id=d["game"], message_ids=d["messages"],
        )
        return Response(report_json(report), status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class ActionSerializer(serializers.Serializer):
    action = serializers.CharField()
    reason = serializers.CharField(allow_blank=True, trim_whitespace=False)
    report = serializers.IntegerField(required=False, allow_null=True, default=None)
    user = serializers.CharField(required=False, allow_null=True, default=None)
    game = serializers.IntegerField(required=False, allow_null=True, default=None)
    message = serializers.IntegerField(required=False, allow_null=True, default=None)
    days = serializers.CharField(required=False, allow_null=True, default=None)


def action_json(row) -> dict:
    return {
        "id": row.pk,
        "action": row.action,
        "moderator": row.moderator.username if row.moderator else None,
        "created": row.created_at.isoformat(),
        "user": row.target_user.username if row.target_user else None,
        "game": row.target_game_id,
        "message": row.target_message_id,
        "report": row.report_id,
        "reason": row.reason,
        "until": row.until.isoformat() if row.until else None,
    }


class ActionOutSerializer(serializers.Serializer):
    """Documents ``action_json``."""

    id = serializers.IntegerField()
    action = serializers.CharField()
    moderator = serializers.CharField(allow_null=True)
    created = serializers.DateTimeField()
    user = serializers.CharField(allow_null=True)
    game = serializers.IntegerField(allow_null=True)
    message = serializers.IntegerField(allow_null=True)
    report = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField()
    until = serializers.DateTimeField(allow_null=True)


class ModerationActionApi(APIView):
    pagination_class = ApiPagination

    @extend_schema(responses={200: ActionOutSerializer(many=True), 403: ERROR})
    def get(self, request):
        """The moderation log (moderators only), newest first, a page at a time."""
        access_moderator(request.user)
        return paginated(self, request, selectors.moderation_log(), lambda page: [action_json(a) for a in page])

    @extend_schema(request=ActionSerializer, responses={201: ActionOutSerializer, 400: ERROR, 403: ERROR, 409: ERROR})
    def post(self, request):
        """Take an action (warn, mute_chat, suspend, lift_suspension, annul_game, hide_message,
        dismiss_report) with a reason, optionally answering a report."""
        access_any_moderation(request.user)
        data = ActionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        row = services.action_take(
            moderator=request.user, action=d["action"], reason=d["reason"], report_id=d["report"],
            username=d["user"], game_id=d["game"], message_id=d["message"], days=d["days"],
        )
        return Response(action_json(row), status=status.HTTP_201_CREATED)
