"""Dictionary API, mounted at ``/api/lexicons/``."""

from django.urls import path

from . import lexicon_api

urlpatterns = [
    path("", lexicon_api.LexiconListApi.as_view(), name="api-lexicons"),
    path("<slug:code>/words/<str:word>/", lexicon_api.WordLookupApi.as_view(), name="api-lexicon-word"),
    path("<slug:code>/reports/", lexicon_api.WordReportCreateApi.as_view(), name="api-lexicon-reports"),
]
