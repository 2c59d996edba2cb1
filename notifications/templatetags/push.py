"""The push devices section of the profile page: ``{% load push %}{% push_devices %}``.  A tag rather than
the profile view's context, because accounts sits below notifications and must not import it."""

from django import template

from ..selectors import push_devices_for, push_preferences_table

register = template.Library()


@register.inclusion_tag("notifications/_devices.html", takes_context=True)
def push_devices(context):
    user = context["user"]
    return {
        "user": user,
        "devices": push_devices_for(user=user),
        "switches": push_preferences_table(user=user),
        "csrf_token": context.get("csrf_token"),
    }
