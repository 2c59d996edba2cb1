"""Security headers on every response: the Content-Security-Policy (no inline script or
style), the Permissions-Policy, and a proxy's HTTPS header trusted only when configured."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import RequestFactory

ROOT = Path(__file__).resolve().parent.parent
DENIED = ("camera", "microphone", "geolocation", "payment", "usb")


def assert_security_headers(response):
    csp = response.headers.get("Content-Security-Policy", "")
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";") if part.strip())
    assert directives.get("script-src") == "'self'", csp
    assert directives.get("style-src") == "'self'", csp
    assert directives.get("object-src") == "'none'" and directives.get("frame-ancestors") == "'none'", csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    policy = response.headers.get("Permissions-Policy", "")
    for feature in DENIED:
        assert re.search(rf"(^|, ){feature}=\(\)(,|$)", policy), (feature, policy)


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/api/docs/", "/api/schema/", "/api/lexicons/"])
def test_pages_and_api_responses_carry_the_policies(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert_security_headers(response)


def test_signed_in_pages_api_answers_and_errors_carry_them_too(alice, client, api_for):
    client.force_login(alice)
    for response in (
        client.get("/games/"),
        api_for(alice).get("/api/games/"),
        api_for(alice).post("/api/games/", {"kind": "no-such-kind"}, format="json"),
        client.get("/api/no/such/thing/"),
        client.get("/no/such/page/"),
    ):
        assert_security_headers(response)


def test_a_forwarded_https_header_is_not_trusted_by_default():
    assert getattr(settings, "SECURE_PROXY_SSL_HEADER", None) is None
    request = RequestFactory().get("/", HTTP_X_FORWARDED_PROTO="https")
    assert not request.is_secure()


@pytest.mark.parametrize("value", ["X-Forwarded-Proto", "HTTP_X_FORWARDED_PROTO"])
def test_the_proxy_header_is_trusted_when_configured(value):
    env = {**os.environ, "SECURE_PROXY_SSL_HEADER": value, "DJANGO_SETTINGS_MODULE": "config.settings"}
    code = "from django.conf import settings; print(settings.SECURE_PROXY_SSL_HEADER)"
    result = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True)
    assert result.stdout.strip() == "('HTTP_X_FORWARDED_PROTO', 'https')", result.stderr


INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I), "inline script"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "event handler attribute"),
    (re.compile(r"\sstyle\s*=", re.I), "style attribute"),
    (re.compile(r"<style", re.I), "style element"),
    (re.compile(r"javascript:", re.I), "javascript: URL"),
]


def test_no_template_relies_on_inline_script_or_style():
    """The browser tests visit many pages; this covers every template, visited or not. E-mails are not
    subject to the CSP (mail clients need inline styles)."""
    templates = [p for p in ROOT.glob("*/templates/**/*.html") if ".venv" not in p.parts]
    templates += [*(ROOT / "templates").glob("**/*.html"), *(ROOT / "games" / "web" / "kinds").glob("**/*.html")]
    found = []
    for path in templates:
        if "email" in path.parts:
            continue
        text = path.read_text()
        found += [f"{path.relative_to(ROOT)}: {what}" for pattern, what in INLINE if pattern.search(text)]
    assert len(templates) > 50
    assert found == []


def _through_csp(request, response):
    from config.security_headers import CSPMiddleware

    middleware = CSPMiddleware(lambda r: response)
    middleware.process_request(request)
    return request, middleware


def test_the_built_once_policy_is_django_csps_own():
    from csp.middleware import CSPMiddleware as DjangoCSP
    from django.http import HttpResponse

    request, ours = _through_csp(RequestFactory().get("/"), None)
    theirs = DjangoCSP(lambda r: None)
    for _ in range(2):  # the second answer comes from the built text
        mine = ours.process_response(request, HttpResponse())["Content-Security-Policy"]
        assert mine == theirs.process_response(RequestFactory().get("/"), HttpResponse())["Content-Security-Policy"]
    assert "script-src 'self'" in mine


def test_a_responses_own_policy_parts_and_a_used_nonce_still_count(settings):
    from csp.constants import NONCE
    from django.http import HttpResponse

    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'self'"], "script-src": ["'self'", NONCE]}}

    response = HttpResponse()
    response._csp_update = {"img-src": ["https://example.org"]}
    request, ours = _through_csp(RequestFactory().get("/"), response)
    assert "https://example.org" in ours.process_response(request, response)["Content-Security-Policy"]

    request, ours = _through_csp(RequestFactory().get("/"), None)
    nonce = str(request.csp_nonce)
    assert f"'nonce-{nonce}'" in ours.process_response(request, HttpResponse())["Content-Security-Policy"]
    request, ours = _through_csp(RequestFactory().get("/"), None)
    assert "nonce" not in ours.process_response(request, HttpResponse())["Content-Security-Policy"]

    request, ours = _through_csp(RequestFactory().get("/"), None)
    ours.process_response(request, HttpResponse())
    with pytest.raises(Exception, match="not available after the CSP header"):
        str(request.csp_nonce)


def test_a_changed_setting_changes_the_headers(settings):
    from django.http import HttpResponse

    request, ours = _through_csp(RequestFactory().get("/"), None)
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    settings.PERMISSIONS_POLICY = {"camera": []}
    response = ours.process_response(request, HttpResponse())
    assert response["Content-Security-Policy"] == "default-src 'none'"
    from config.security_headers import PermissionsPolicyMiddleware

    assert PermissionsPolicyMiddleware(lambda r: None).process_response(request, HttpResponse())[
        "Permissions-Policy"] == "camera=()"
