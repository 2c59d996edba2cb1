"""The "Dictionary curators" group with the permissions the curation pages check (see
lexicons/starter.py, which keeps the same list for code that needs the group after a test flush)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

CURATORS_GROUP = "Dictionary curators"
CURATOR_PERMISSIONS = [
    "curate_lexicon", "view_lexicon", "change_lexicon", "view_lexiconword", "view_wordchange",
    "view_lexiconversion", "view_lexiconbulkjob", "view_wordreport", "change_wordreport",
]


def group_create(apps, schema_editor):
    # Permissions are made after all migrations by default; make this app's now, to give them out.
    config = apps.get_app_config("lexicons")
    config.models_module = True
    create_permissions(config, apps=apps, verbosity=0)
    config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=CURATORS_GROUP)
    group.permissions.add(
        *Permission.objects.filter(content_type__app_label="lexicons", codename__in=CURATOR_PERMISSIONS)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("lexicons", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(group_create, migrations.RunPython.noop)]
