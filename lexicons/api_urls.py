"""Dictionary API, mounted at ``/api/lexicons/``."""

from django.urls import path

from . import api

urlpatterns = [
    path("", api.LexiconListApi.as_view(), name="api-lexicons"),
    path("<slug:code>/words/<str:word>/", api.WordLookupApi.as_view(), name="api-lexicon-word"),
    path("<slug:code>/reports/", api.WordReportCreateApi.as_view(), name="api-lexicon-reports"),
]
