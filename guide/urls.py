"""/rules/ (the four games) and /rules/<kind>/ (how to play one)."""

from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("", views.rules_index, name="index"),
    path("<slug:kind>/", views.rules_page, name="page"),
]
