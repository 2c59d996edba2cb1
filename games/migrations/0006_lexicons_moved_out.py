"""The dictionaries' models moved to the lexicons app: removed from this app's state only; the tables
stay (lexicons.0001 takes them over under their old names)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0005_game_status_annulled'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='lexiconversion',
                    name='lexicon',
                ),
                migrations.RemoveField(
                    model_name='wordchange',
                    name='lexicon',
                ),
                migrations.RemoveField(
                    model_name='wordreport',
                    name='lexicon',
                ),
                migrations.RemoveField(
                    model_name='lexiconword',
                    name='lexicon',
                ),
                migrations.RemoveField(
                    model_name='lexiconbulkjob',
                    name='lexicon',
                ),
                migrations.RemoveField(
                    model_name='lexiconbulkjob',
                    name='created_by',
                ),
                migrations.RemoveField(
                    model_name='lexiconversion',
                    name='created_by',
                ),
                migrations.DeleteModel(
                    name='TermCard',
                ),
                migrations.RemoveField(
                    model_name='wordchange',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='wordreport',
                    name='game',
                ),
                migrations.RemoveField(
                    model_name='wordreport',
                    name='reporter',
                ),
                migrations.RemoveField(
                    model_name='wordreport',
                    name='resolved_by',
                ),
                migrations.DeleteModel(
                    name='LexiconWord',
                ),
                migrations.DeleteModel(
                    name='Lexicon',
                ),
                migrations.DeleteModel(
                    name='LexiconBulkJob',
                ),
                migrations.DeleteModel(
                    name='LexiconVersion',
                ),
                migrations.DeleteModel(
                    name='WordChange',
                ),
                migrations.DeleteModel(
                    name='WordReport',
                ),
            ],
            database_operations=[],
        ),
    ]
