"""``/api/push/...``, included from ``config/urls.py``."""

from django.urls import path

from . import api

urlpatterns = [
    path("key/", api.PushKeyApi.as_view(), name="api-push-key"),
    path("subscriptions/", api.PushSubscriptionListApi.as_view(), name="api-push-subscriptions"),
    path("subscriptions/<int:subscription_id>/", api.PushSubscriptionApi.as_view(), name="api-push-subscription"),
]
