"""Security headers on every response, their texts built once per process.

``PermissionsPolicyMiddleware`` sends the Permissions-Policy header (Django has no setting for it): the
browser features the site never uses are switched off for every page and any frame, so injected or
third-party code cannot ask for them.  The features are listed in ``settings.PERMISSIONS_POLICY``.

``CSPMiddleware`` is django-csp's, with the site-wide policy's header built once: django-csp builds both
headers anew for every response, a cost on every API write for a text that only changes with the settings.
A response carrying its own policy parts (django-csp's decorators) or a request that used its nonce
goes through django-csp's own code.  A settings change (tests) rebuilds the texts.
"""

from functools import cache

from csp import middleware as csp_middleware
from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.deprecation import MiddlewareMixin

from core import speed

# The response attributes django-csp's decorators set: such a response gets its policy built for it.
_OWN_PARTS = ("_csp_config", "_csp_update", "_csp_replace", "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro")
_DEBUG_PAGES = (404, 500)  # django-csp leaves Django's debug pages alone


@cache
def _site_csp() -> tuple[tuple[str, str, str, tuple[str, ...]], ...]:
    """(header, text, exempting attribute, excluded path prefixes) for the policy and its report-only twin."""
    found = []
    for header, text, exempt, setting in (
        (HEADER, build_policy(), "_csp_exempt", "CONTENT_SECURITY_POLICY"),
        (HEADER_REPORT_ONLY, build_policy(report_only=True), "_csp_exempt_ro", "CONTENT_SECURITY_POLICY_REPORT_ONLY"),
    ):
        if text:
            prefixes = tuple((getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ())
            found.append((header, text, exempt, prefixes))
    return tuple(found)


@cache
def _permissions_policy() -> str:
    policy = getattr(settings, "PERMISSIONS_POLICY", None)
    return permissions_policy_value(policy) if policy else ""


@receiver(setting_changed)
def _forget_built_headers(*, setting, **kwargs):
    if setting.startswith("CONTENT_SECURITY_POLICY") or setting in ("PERMISSIONS_POLICY", "DEBUG"):
        _site_csp.cache_clear()
        _permissions_policy.cache_clear()


class CSPMiddleware(csp_middleware.CSPMiddleware):
    def process_response(self, request, response):
        if (speed.csp_nonce_asked(request)
                or any(hasattr(response, name) for name in _OWN_PARTS)
                or (settings.DEBUG and response.status_code in _DEBUG_PAGES)):
            return super().process_response(request, response)
        for header, text, exempt, excluded in _site_csp():
            if header not in response and not getattr(response, exempt, False) and not (
                    excluded and request.path_info.startswith(excluded)):
                response[header] = text
        # As django-csp does: a nonce asked for after the header is written is an error, not a silent miss.
        request.csp_nonce = csp_middleware.CheckableLazyObject(speed.csp_late_nonce(self))
        return response


def permissions_policy_value(policy: dict[str, list[str]]) -> str:
    """``{"camera": [], "fullscreen": ["self"]}`` -> ``camera=(), fullscreen=(self)``."""
    return ", ".join(f"{feature}=({' '.join(allow)})" for feature, allow in policy.items())


class PermissionsPolicyMiddleware(MiddlewareMixin):
    def process_response(self, request, response):
        value = _permissions_policy()
        if value and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = value
        return response
