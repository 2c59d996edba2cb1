"""``/analysis/...`` pages, included from ``config/urls.py`` (and the game page's request button)."""

from django.urls import path

from . import views

app_name = "analysis"
urlpatterns = [
    path("analysis/", views.analysis_new, name="new"),
    path("analysis/<int:analysis_id>/", views.analysis_detail, name="detail"),
    path("games/<int:game_id>/analysis/", views.game_analysis_request, name="game_request"),
    path("games/<int:game_id>/analysis/master/", views.game_analysis_master, name="game_master"),
]
