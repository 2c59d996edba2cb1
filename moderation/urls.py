from django.urls import path

from . import views

app_name = "moderation"

urlpatterns = [
    path("report/", views.report_new, name="report"),
    path("mine/", views.my_reports, name="mine"),
    path("warnings/<int:action_id>/acknowledge/", views.warning_acknowledge, name="warning_acknowledge"),
    path("mute/<str:username>/", views.chat_mute, name="chat_mute"),
    path("queue/", views.queue, name="queue"),
    path("reports/<int:report_id>/", views.report_review, name="review"),
    path("players/<str:username>/", views.player_record, name="player"),
    path("games/<int:game_id>/chat/", views.game_chat, name="game_chat"),
    path("act/", views.act, name="act"),
    path("log/", views.log, name="log"),
]
