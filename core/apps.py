from django.apps import AppConfig
from django.conf import settings
from django.utils.module_loading import import_string


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self):
        # Models are loaded only now (Django's rule for app configs); the wiring module is named by a
        # setting, like ROOT_URLCONF, so that this bottom layer imports nothing above it.
        from .events import subscribe
        from .policies import policy_register

        for event_type, handlers in import_string(f"{settings.LETTERPOST_WIRING}.SUBSCRIPTIONS").items():
            subscribe(event_type, handlers)
        for question, answers in import_string(f"{settings.LETTERPOST_WIRING}.POLICIES").items():
            for answer in answers:
                policy_register(question, answer)
