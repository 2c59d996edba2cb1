"""The "moderator" group with exactly moderation's powers (see moderation/groups.py, which keeps the same
list for code that needs the group after a test flush)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

MODERATOR_GROUP = "moderator"
MODERATOR_PERMISSIONS = [
    ("moderation", "moderationaction", "moderate"),
    ("moderation", "moderationaction", "suspend_player"),
    ("moderation", "moderationaction", "annul_game"),
    ("moderation", "moderationaction", "view_moderationaction"),
    ("moderation", "playerreport", "view_playerreport"),
    ("moderation", "chatmessage", "view_chatmessage"),
]


def group_create(apps, schema_editor):
    # Permissions are made after all migrations by default; make this app's now, to give them out.
    config = apps.get_app_config("moderation")
    config.models_module = True
    create_permissions(config, apps=apps, verbosity=0)
    config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=MODERATOR_GROUP)
    group.permissions.set([
        Permission.objects.get(content_type__app_label=app, content_type__model=model, codename=codename)
        for app, model, codename in MODERATOR_PERMISSIONS
    ])


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(group_create, migrations.RunPython.noop)]
