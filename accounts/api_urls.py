from django.urls import path

from .api import ApiTokenListApi, ApiTokenRevokeApi, ObtainTokenApi, PlayerSearchApi

urlpatterns = [
    path("auth/token/", ObtainTokenApi.as_view(), name="api-token"),
    path("auth/tokens/", ApiTokenListApi.as_view(), name="api-tokens"),
    path("auth/tokens/<str:prefix>/", ApiTokenRevokeApi.as_view(), name="api-token-revoke"),
    path("players/", PlayerSearchApi.as_view(), name="api-players"),
]
