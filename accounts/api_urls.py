from django.urls import path

from .api import ObtainTokenApi, PlayerSearchApi

urlpatterns = [
    path("auth/token/", ObtainTokenApi.as_view(), name="api-token"),
    path("players/", PlayerSearchApi.as_view(), name="api-players"),
]
