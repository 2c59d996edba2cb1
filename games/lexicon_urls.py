"""Dictionary pages, mounted at ``/words/``."""

from django.urls import path

from . import lexicon_views

urlpatterns = [
    path("", lexicon_views.words_lookup, name="words_lookup"),
    path("report/", lexicon_views.word_report, name="word_report"),
]
