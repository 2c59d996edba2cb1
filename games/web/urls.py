from django.urls import path

from games.web import gcg_views, replay_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/", views.dashboard, name="dashboard"),
    path("games/new/", views.game_new, name="game_new"),
    path("games/next/", views.game_next, name="game_next"),
    path("games/<int:game_id>/", views.game_detail, name="game_detail"),
    path("games/<int:game_id>/resign/", views.game_resign, name="game_resign"),
    path("games/<int:game_id>/rematch/", views.game_rematch, name="game_rematch"),
    *(path(f"games/<int:game_id>/{answer}/", views.challenge_answer, {"answer": answer}, name=f"challenge_{answer}")
      for answer in ("accept", "decline", "withdraw")),
    path("games/<int:game_id>/replay/", replay_views.game_replay, name="game_replay"),
    path("games/<int:game_id>/gcg/", gcg_views.game_gcg, name="game_gcg"),
    path("lobby/", views.lobby, name="lobby"),
    path("lobby/<int:game_id>/accept/", views.seek_accept, name="seek_accept"),
    path("lobby/<int:game_id>/withdraw/", views.seek_withdraw, name="seek_withdraw"),
]
