"""Activates the signed-in user's language and time zone for each request."""

from django.utils import timezone, translation

from core.timezones import zone_for


class UserPreferencesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            timezone.activate(zone_for(user))
            # An explicit language in the URL or cookie is not used: the profile decides.
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
        else:
            timezone.deactivate()
        return self.get_response(request)
