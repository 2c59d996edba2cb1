"""``/api/leagues/...``, included from ``config/urls.py``."""

from django.urls import path

from . import api

urlpatterns = [
    path("leagues/", api.LeagueListCreateApi.as_view(), name="api-leagues"),
    path("leagues/<int:league_id>/", api.LeagueDetailApi.as_view(), name="api-league"),
    path("leagues/<int:league_id>/join/", api.LeagueJoinApi.as_view(), name="api-league-join"),
    path("leagues/<int:league_id>/leave/", api.LeagueLeaveApi.as_view(), name="api-league-leave"),
    path("leagues/<int:league_id>/season/start/", api.SeasonStartApi.as_view(), name="api-season-start"),
    path("leagues/<int:league_id>/season/end/", api.SeasonEndApi.as_view(), name="api-season-end"),
    path("leagues/<int:league_id>/move/", api.PlayerMoveApi.as_view(), name="api-league-move"),
    path("leagues/<int:league_id>/forfeit/", api.ForfeitApi.as_view(), name="api-league-forfeit"),
    path("leagues/<int:league_id>/remove/", api.PlayerRemoveApi.as_view(), name="api-league-remove"),
    path("leagues/<int:league_id>/organisers/", api.OrganiserAddApi.as_view(), name="api-league-organisers"),
    path("leagues/<int:league_id>/log/", api.OrganiserLogApi.as_view(), name="api-league-log"),
]
