from django.urls import path

from .api import ObtainTokenApi

urlpatterns = [path("auth/token/", ObtainTokenApi.as_view(), name="api-token")]
