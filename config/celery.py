"""The Celery application: tasks live in each app's ``tasks.py``; settings come from Django's."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("letterpost")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
