"""Translated explanations of the push refusals' codes, shown in place of the English message to players
who read another language (``core.errors``).  Registered when the app is ready."""

from django.utils.translation import gettext_lazy as _

TEXTS = {
    "PUSH_ENDPOINT_REFUSED": _("This push service is not one the site sends to: use a current Chrome, Edge, "
                               "Firefox or Safari."),
    "PUSH_BAD_KEYS": _("This browser's subscription cannot be used: its keys are not valid."),
    "PUSH_TOO_MANY_DEVICES": _("You have the most devices allowed already: remove one on your profile page first."),
    "PUSH_DEVICE_NOT_FOUND": _("You have no such device."),
    "BAD_PUSH_PREFERENCE": _("Unknown notification kind."),
}
