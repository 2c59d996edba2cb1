"""The installable web app: its manifest and its service worker, both served from the site's root.

The service worker must be served from ``/`` to control every page (a worker's scope stops at its own
folder, and ``static/`` is not the site); it is a template so that it names the icons by their
(hashed) static addresses.  It caches nothing — pages are live, and an old board is worse than none —
and only shows what is pushed and opens the game on a click.  The manifest names the app, its icons
(``static/icons/``, drawn by ``manage.py draw_app_icons``) and its colours, in the reader's language.
"""

import json

from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

THEME_COLOUR = "#b5473a"  # static/css/site.css --accent
BACKGROUND_COLOUR = "#fbf8f1"  # --paper
ICON_SIZES = (192, 512)


@require_safe
def web_manifest(request):
    manifest = {
        "id": "/",
        "name": "Letterpost",
        "short_name": "Letterpost",
        "description": _("Word games by correspondence: one move at a time, days apart if you like."),
        "lang": get_language(),
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [{"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": "any"} for size in ICON_SIZES],
    }
    response = JsonResponse(manifest, content_type="application/manifest+json")
    response["Cache-Control"] = "max-age=3600"
    return response


@require_safe
def service_worker(request):
    # A JS string literal (JSON): the template writes it as it is.
    script = render_to_string("notifications/service_worker.js", {"icon": json.dumps(static("icons/icon-192.png"))})
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"  # a new version reaches browsers at their next visit
    return response
