"""How each player wants to be told: their preferences per kind, with the defaults filled in (reads)."""

from accounts.quiet_hours import quiet_hours_set

from .models import DEFAULTS, PUSH_DEFAULTS, EmailMode, NotificationPreference, PushSubscription


def preferences_for(user_ids) -> dict[int, dict[str, tuple[bool, str]]]:
    """user id -> kind -> (in-app, e-mail mode), defaults filled in; one query."""
    prefs = {uid: {k: (a, str(e)) for k, (a, e) in DEFAULTS.items()} for uid in user_ids}
    for row in NotificationPreference.objects.filter(user_id__in=list(user_ids)):
        prefs[row.user_id][row.kind] = (row.in_app, row.email)
    return prefs


def wants_digest(user) -> bool:
    """A kind goes to the digest, or the player has quiet hours (whose e-mails the digest carries)."""
    return quiet_hours_set(user) or any(
        email == EmailMode.DIGEST for _in_app, email in preferences_for([user.pk])[user.pk].values())


def push_preferences_for(user_ids) -> dict[int, dict[str, bool]]:
    """user id -> kind -> pushed to their devices, defaults filled in; one query."""
    prefs = {uid: {str(k): on for k, on in PUSH_DEFAULTS.items()} for uid in user_ids}
    for row in NotificationPreference.objects.filter(user_id__in=list(user_ids), push__isnull=False):
        prefs[row.user_id][row.kind] = row.push
    return prefs


def push_wanted(user_ids) -> dict[int, dict[str, bool]]:
    """``push_preferences_for`` of the players among ``user_ids`` who have a device: one query when
    none has."""
    with_devices = set(PushSubscription.objects.filter(user_id__in=list(user_ids)).values_list("user_id", flat=True))
    return push_preferences_for(with_devices) if with_devices else {}
