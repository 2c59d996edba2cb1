from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/me/", consumers.UserConsumer.as_asgi()),
]
