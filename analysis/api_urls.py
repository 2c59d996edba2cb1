"""``/api/games/{id}/analysis/`` and ``/api/analyses/...``, included from ``config/urls.py``."""

from django.urls import path

from . import api

urlpatterns = [
    path("games/<int:game_id>/analysis/", api.GameAnalysisApi.as_view(), name="api-game-analysis"),
    path("games/<int:game_id>/analysis/master/", api.GameMasterAnalysisApi.as_view(), name="api-game-analysis-master"),
    path("analyses/", api.AnalysisCreateApi.as_view(), name="api-analyses"),
    path("analyses/<int:analysis_id>/", api.AnalysisDetailApi.as_view(), name="api-analysis"),
]
