"""The leagues' step of ``manage.py load_starter_data``: beat's schedule for ending due seasons.
Idempotent, like every step there."""


def schedule_league_tasks(command) -> None:
    from django_celery_beat.models import CrontabSchedule, PeriodicTask

    quarter_hourly, _ = CrontabSchedule.objects.get_or_create(
        minute="*/15", hour="*", day_of_week="*", day_of_month="*", month_of_year="*", timezone="UTC"
    )
    PeriodicTask.objects.update_or_create(
        name="End due league seasons",
        defaults={"task": "leagues.tasks.leagues_end_due_seasons", "crontab": quarter_hourly},
    )
    command.stdout.write("league tasks scheduled")
