"""Dictionary pages, mounted at ``/words/``."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.words_lookup, name="words_lookup"),
    path("report/", views.word_report, name="word_report"),
]
