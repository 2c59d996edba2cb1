from django.urls import path

from games.web import api, gcg_views

urlpatterns = [
    path("games/", api.GameListCreateApi.as_view(), name="api-games"),
    path("games/next/", api.NextGameApi.as_view(), name="api-game-next"),
    path("games/<int:game_id>/", api.GameDetailApi.as_view(), name="api-game"),
    path("games/<int:game_id>/moves/", api.GameMovesApi.as_view(), name="api-game-moves"),
    path("games/<int:game_id>/resign/", api.GameResignApi.as_view(), name="api-game-resign"),
    path("games/<int:game_id>/rematch/", api.GameRematchApi.as_view(), name="api-game-rematch"),
    path("games/<int:game_id>/preview/", api.GamePreviewApi.as_view(), name="api-game-preview"),
    path("games/<int:game_id>/gcg/", gcg_views.GameGcgApi.as_view(), name="api-game-gcg"),
    path("seeks/", api.SeekListApi.as_view(), name="api-seeks"),
    path("bots/", api.BotListApi.as_view(), name="api-bots"),
    path("challenges/", api.ChallengeListApi.as_view(), name="api-challenges"),
    *(path(f"challenges/<int:game_id>/{answer}/", api.ChallengeAnswerApi.as_view(answer=answer),
           name=f"api-challenge-{answer}") for answer in ("accept", "decline", "withdraw")),
    path("seeks/<int:game_id>/accept/", api.SeekAcceptApi.as_view(), name="api-seek-accept"),
]
