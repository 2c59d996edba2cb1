"""Leaderboard pages, mounted at ``/ratings/`` (the old ``/leagues/ratings/`` addresses redirect here)."""

from django.urls import path

from . import views

app_name = "ratings"
urlpatterns = [
    path("", views.leaderboards, name="leaderboards"),
    path("<str:key>/", views.leaderboard, name="leaderboard"),
]
