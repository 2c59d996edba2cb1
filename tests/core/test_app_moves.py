"""The dictionaries moved from games/ to lexicons/ and the ratings from leagues/ to ratings/: a database
migrated before the move keeps its rows, and the permissions granted on the old models still hold."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("games", "0005_game_status_annulled"), ("leagues", "0001_initial"), ("accounts", "0002_vacation")]
AFTER = [("lexicons", "0001_initial"), ("ratings", "0001_initial")]


@pytest.mark.django_db(transaction=True)
def test_rows_and_granted_permissions_survive_the_moves():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    from django.contrib.auth.management import create_permissions

    for label in ("games", "leagues", "auth", "contenttypes"):
        config = old.get_app_config(label)
        config.models_module = True
        create_permissions(config, apps=old, verbosity=0)
    User = old.get_model("accounts", "User")
    Permission = old.get_model("auth", "Permission")
    curator = User.objects.create(username="curator")
    curator.user_permissions.add(
        Permission.objects.get(content_type__app_label="games", codename="curate_lexicon"),
        Permission.objects.get(content_type__app_label="leagues", codename="view_rating"),
    )
    lexicon = old.get_model("games", "Lexicon").objects.create(code="en", language="en", name="English", version=1)
    old.get_model("games", "LexiconWord").objects.create(
        lexicon=lexicon, word="qi", status="active", origin="import", added_at=timezone.now(), changed_at=timezone.now()
    )
    old.get_model("leagues", "Rating").objects.create(user=curator, key="turnspell", rating=1540.0, games=3)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from accounts.models import User as NewUser
    from lexicons.models import LexiconWord
    from ratings.models import Rating

    assert list(LexiconWord.objects.values_list("word", flat=True)) == ["qi"]
    assert Rating.objects.get(user_id=curator.pk).rating == 1540.0
    user = NewUser.objects.get(pk=curator.pk)
    assert user.has_perm("lexicons.curate_lexicon") and user.has_perm("ratings.view_rating")
    assert not user.has_perm("games.curate_lexicon")
