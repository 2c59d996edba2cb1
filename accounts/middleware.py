"""Activates the signed-in user's language and time zone for each request."""

import zoneinfo

from django.utils import timezone, translation


class UserPreferencesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            try:
                timezone.activate(zoneinfo.ZoneInfo(user.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
            # An explicit language in the URL or cookie is not used: the profile decides.
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
        else:
            timezone.deactivate()
        return self.get_response(request)
