"""Sentences about a player's standing, shown at login, on logout and on the "My reports" page."""

from django.utils import formats, timezone
from django.utils.translation import gettext as _


def suspension_text(standing) -> str:
    if standing.suspended_for_good:
        return _("your account is suspended for good.")
    until = formats.date_format(timezone.localtime(standing.suspended_until), "j M Y, H:i")
    return _("your account is suspended until %(until)s.") % {"until": until}
