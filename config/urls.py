"""Top-level URL map: pages, accounts (allauth), the admin and the JSON API."""

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView


class FaviconRedirect(RedirectView):
    """The static icon's address is asked per request: the hashed name needs the collected manifest, which
    does not exist yet when the URLs are loaded (a check, ``collectstatic`` itself)."""

    permanent = True

    def get_redirect_url(self, *args, **kwargs) -> str:
        return static("favicon.svg")


urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("accounts/", include("accounts.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's init script from a URL (no inline script, for the CSP).
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="api-schema", template_name="api/swagger_ui.html"),
        name="api-docs",
    ),
    path("api/", include("accounts.api_urls")),
    path("api/", include("games.web.api_urls")),
    path("api/lexicons/", include("lexicons.api_urls")),
    path("api/", include("leagues.api_urls")),
    path("api/", include("ratings.api_urls")),
    path("api/", include("moderation.api_urls")),
    path("api/", include("analysis.api_urls")),
    path("api/push/", include("notifications.api_urls")),
    path("leagues/", include("leagues.urls")),
    path("ratings/", include("ratings.urls")),
    path("notifications/", include("notifications.urls")),
    path("moderation/", include("moderation.urls")),
    path("words/", include("lexicons.urls")),
    path("rules/", include("guide.urls")),
    # Browsers ask for /favicon.ico whatever the page declares: send them to the icon there is.
    path("favicon.ico", FaviconRedirect.as_view()),
    path("", include("notifications.app_urls")),  # the web app manifest and the service worker, at the root
    path("", include("analysis.urls")),
    path("", include("games.web.urls")),
]

handler404 = "web.http_errors.not_found"
handler400 = "web.http_errors.bad_request"
handler403 = "web.http_errors.permission_denied"
handler500 = "web.http_errors.server_error"
