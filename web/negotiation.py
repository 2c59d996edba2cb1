"""DRF's content negotiation, answering at once a request that asks for nothing in particular.

Programs and browsers' ``fetch`` send ``Accept: */*`` (or no Accept header) and no ``?format=``: DRF
then parses the Accept list and matches it against every renderer to pick the first one, a few per cent
of an API move.  Such a request gets the first renderer and its media type at once, which is DRF's own
answer for it; any other request goes through DRF.
"""

from rest_framework.negotiation import DefaultContentNegotiation


class ContentNegotiation(DefaultContentNegotiation):
    def select_renderer(self, request, renderers, format_suffix=None):
        if (not format_suffix and request.META.get("HTTP_ACCEPT", "*/*") == "*/*"
                and self.settings.URL_FORMAT_OVERRIDE not in request.query_params):
            return renderers[0], renderers[0].media_type
        return super().select_renderer(request, renderers, format_suffix)
