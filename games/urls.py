from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/", views.dashboard, name="dashboard"),
    path("games/new/", views.game_new, name="game_new"),
    path("games/<int:game_id>/", views.game_detail, name="game_detail"),
    path("games/<int:game_id>/resign/", views.game_resign, name="game_resign"),
    path("lobby/", views.lobby, name="lobby"),
    path("lobby/<int:game_id>/accept/", views.seek_accept, name="seek_accept"),
    path("lobby/<int:game_id>/withdraw/", views.seek_withdraw, name="seek_withdraw"),
]
