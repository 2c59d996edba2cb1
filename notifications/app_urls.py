"""The web app manifest and the service worker, at the site's root (``web_app``)."""

from django.urls import path

from . import web_app

urlpatterns = [
    path("manifest.webmanifest", web_app.web_manifest, name="web_manifest"),
    path("sw.js", web_app.service_worker, name="service_worker"),
]
