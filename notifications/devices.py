"""A push device's name for its owner's list: the browser and system guessed from the User-Agent the
browser sent when it subscribed, else the browser from its push service's host ("Firefox" for Mozilla's).
A guess only: it names the row, and nothing depends on it."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.utils.translation import gettext as _

# (marker in the User-Agent, name), the first that matches: Edge and Opera also say "Chrome", Chrome
# also says "Safari".
BROWSERS = (("Edg/", "Edge"), ("EdgA/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser/", "Samsung Internet"),
            ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"), ("Chrome/", "Chrome"),
            ("Safari/", "Safari"))
SYSTEMS = (("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("CrOS", "ChromeOS"),
           ("Windows", "Windows"), ("Mac OS X", "macOS"), ("Macintosh", "macOS"), ("Linux", "Linux"))
SERVICES = (("fcm.googleapis.com", "Chrome"), ("mozilla.com", "Firefox"), ("push.apple.com", "Safari"),
            ("notify.windows.com", "Edge"))


def push_service_host(endpoint: str) -> str:
    return (urlsplit(endpoint).hostname or "").lower()


def device_label(endpoint: str, user_agent: str) -> str:
    """ "Firefox on Android", "Safari on iOS", or the browser alone when the system is unknown."""
    browser = next((name for marker, name in BROWSERS if marker in user_agent), "")
    host = push_service_host(endpoint)
    if not browser:
        browser = next((name for suffix, name in SERVICES if host.endswith(suffix)), host or _("A browser"))
    system = next((name for marker, name in SYSTEMS if marker in user_agent), "")
    return _("%(browser)s on %(system)s") % {"browser": browser, "system": system} if system else browser
