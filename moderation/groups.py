"""The ``moderator`` group and exactly its powers.  The migrations create it
(``moderation/migrations/0002_moderator_group.py``); ``moderator_group_ensure`` corrects it, or makes it
where a test flushed the database.

Members open the admin through their role (``core.admin_site``), without "staff status"; the staff
pages under /moderation/ need only the permissions.  Other groups are left alone.
"""

from django.contrib.auth.models import Group, Permission

MODERATOR_GROUP = "moderator"
MODERATOR_PERMISSIONS = [
    ("moderation", "moderationaction", "moderate"),
    ("moderation", "moderationaction", "suspend_player"),
    ("moderation", "moderationaction", "annul_game"),
    ("moderation", "moderationaction", "view_moderationaction"),
    ("moderation", "playerreport", "view_playerreport"),
    ("moderation", "chatmessage", "view_chatmessage"),
]


def moderator_group_ensure() -> Group:
    """Idempotent: the group ends with exactly ``MODERATOR_PERMISSIONS``."""
    group, _created = Group.objects.get_or_create(name=MODERATOR_GROUP)
    perms = [
        Permission.objects.get(content_type__app_label=app, content_type__model=model, codename=codename)
        for app, model, codename in MODERATOR_PERMISSIONS
    ]
    group.permissions.set(perms)
    return group
