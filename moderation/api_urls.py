from django.urls import path

from . import api

urlpatterns = [
    path("games/<int:game_id>/chat/", api.GameChatApi.as_view(), name="api-game-chat"),
    path("chat/mutes/<str:username>/", api.ChatMuteApi.as_view(), name="api-chat-mute"),
    path("reports/", api.ReportListApi.as_view(), name="api-reports"),
    path("moderation/actions/", api.ModerationActionApi.as_view(), name="api-moderation-actions"),
]
