from django.urls import path

from . import push_views, views

app_name = "notifications"

urlpatterns = [
    path("", views.notification_list, name="list"),
    path("<int:notification_id>/read/", views.notification_read, name="read"),
    path("read-all/", views.notification_read_all, name="read_all"),
    path("preferences/", views.preferences, name="preferences"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("devices/<int:subscription_id>/test/", push_views.push_device_test, name="push_test"),
    path("devices/<int:subscription_id>/remove/", push_views.push_device_remove, name="push_remove"),
    path("devices/switches/", push_views.push_preferences, name="push_preferences"),
]
