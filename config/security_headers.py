"""The Permissions-Policy header (Django has no setting for it): the browser features the site never
uses are switched off for every page and any frame, so injected or third-party code cannot ask for them.
The features are listed in ``settings.PERMISSIONS_POLICY``."""

from django.conf import settings
from django.utils.deprecation import MiddlewareMixin


def permissions_policy_value(policy: dict[str, list[str]]) -> str:
    """``{"camera": [], "fullscreen": ["self"]}`` -> ``camera=(), fullscreen=(self)``."""
    return ", ".join(f"{feature}=({' '.join(allow)})" for feature, allow in policy.items())


class PermissionsPolicyMiddleware(MiddlewareMixin):
    def process_response(self, request, response):
        policy = getattr(settings, "PERMISSIONS_POLICY", None)
        if policy and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = permissions_policy_value(policy)
        return response
