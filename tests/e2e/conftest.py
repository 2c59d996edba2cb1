"""Fixtures for the browser tests: the real ASGI app served by uvicorn in a thread of the test
process, and Debian's headless Chromium driven by Playwright.

The server thread shares the process with the test, so it sees the test database (through
``transactional_db``: committed rows, not a rolled-back transaction), the in-memory channel layer
and ``django.core.mail.outbox``.
"""

import contextlib
import re
import socket
import threading
import time

import pytest
import uvicorn
from django.core import mail

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PASSWORD = "quiet-harbour-lantern-47"
CONFIRM_LINK = re.compile(r"https?://\S+/accounts/confirm-email/\S+/")


class ThreadServer(uvicorn.Server):
    """A uvicorn server that runs in a thread: signals belong to the test runner, not to it."""

    @contextlib.contextmanager
    def capture_signals(self):
        yield


@pytest.fixture
def live_url(transactional_db, settings):
    """Serve ``config.asgi.application`` on a free 127.0.0.1 port; yields the base URL."""
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.ACCOUNT_DEFAULT_HTTP_PROTOCOL = "http"
    # pytest-django turns DEBUG off: serve static files straight from the finders, no manifest needed.
    settings.WHITENOISE_USE_FINDERS = True
    settings.WHITENOISE_AUTOREFRESH = True
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.SECURE_SSL_REDIRECT = False
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False
    # Several browsers sign up from one address within a minute; allauth would count them.
    settings.ACCOUNT_RATE_LIMITS = False
    if settings.REDIS_URL:
        # Keep our groups apart from any other test run sharing the Redis server.
        layer = settings.CHANNEL_LAYERS["default"]
        settings.CHANNEL_LAYERS = {
            "default": {**layer, "CONFIG": {**layer["CONFIG"], "prefix": f"e2e-{time.monotonic_ns()}"}}
        }

    from config.asgi import application, django_asgi_app

    # Middleware (whitenoise, security) reads its settings when built: rebuild it under the overrides.
    django_asgi_app.load_middleware(is_async=True)

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(application, lifespan="off", log_level="warning", loop="asyncio")
    server = ThreadServer(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture
def browser(live_url):
    # Playwright's sync API keeps an event loop running in this thread, where Django then refuses
    # database calls: start it after the test database is ready and stop it before it is flushed.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser, live_url):
    """Opens a page in a fresh browser context (its own cookies: one per user); keyword arguments go
    to the context (``viewport``, ``timezone_id``, ``bypass_csp`` ...)."""
    contexts = []

    def make(**options):
        context = browser.new_context(base_url=live_url, **options)
        context.set_default_timeout(5000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def sign_up(new_page):
    """Signs a user up through the site, confirms the e-mail from the outbox; returns their page."""
    from playwright.sync_api import expect

    def sign_up(username, **context):
        page = new_page(**context)
        email = f"{username}@example.com"
        page.goto("/accounts/signup/")
        page.fill("input[name=username]", username)
        page.fill("input[name=email]", email)
        page.fill("input[name=password1]", PASSWORD)
        page.fill("input[name=password2]", PASSWORD)
        page.locator("form[action$='/accounts/signup/'] [type=submit]").click()
        expect(page).to_have_url(re.compile(r"/accounts/confirm-email/$"))
        (link,) = [found.group(0) for m in mail.outbox if email in m.to if (found := CONFIRM_LINK.search(m.body))]
        page.goto(link)
        expect(page.locator("body")).to_have_attribute("data-user", username)
        expect(page).to_have_url(re.compile(r"/games/$"))  # signed in, on the dashboard
        return page

    return sign_up
