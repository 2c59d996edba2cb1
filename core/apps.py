from django.apps import AppConfig
from django.conf import settings
from django.utils.module_loading import import_string

from .policies import policy_register


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self):
        # The one table of event subscriptions and policy answers (config/wiring.py), named by a
        # setting like ROOT_URLCONF, so that this bottom layer imports nothing above it.
        for question, answers in import_string(f"{settings.LETTERPOST_WIRING}.POLICIES").items():
            for answer in answers:
                policy_register(question, answer)
