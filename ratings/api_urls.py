"""``/api/ratings/...`` and ``/api/players/<username>/ratings/``, included from ``config/urls.py``; the
addresses they had under ``/api/leagues/`` answer too."""

from django.urls import path

from . import api

urlpatterns = [
    path("ratings/<str:key>/", api.LeaderboardApi.as_view(), name="api-leaderboard"),
    path("players/<str:username>/ratings/", api.PlayerRatingsApi.as_view(), name="api-player-ratings"),
    path("leagues/ratings/<str:key>/", api.LeaderboardApi.as_view(), name="api-leaderboard-old"),
    path("leagues/players/<str:username>/ratings/", api.PlayerRatingsApi.as_view(), name="api-player-ratings-old"),
]
