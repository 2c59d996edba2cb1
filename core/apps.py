from django.apps import AppConfig
from django.conf import settings
from django.contrib.admin import apps as admin_apps
from django.utils.module_loading import import_string


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self):
        # Models are loaded only now (Django's rule for app configs); the wiring module is named by a
        # setting, like ROOT_URLCONF, so that this bottom layer imports nothing above it.
        from django.contrib.auth import get_user_model

        from core import user_stamp
        from core.events import subscribe
        from core.hooks import hook_register
        from core.policies import policy_register

        # What a process keeps of a user (their token's rows, their standing) is read again after any save.
        user_stamp.watch(get_user_model(), "pk")
        # The API token model is named by a setting too (it lives in accounts, above this layer).
        assert self.apps is not None  # the registry sets it before ready()
        user_stamp.watch(self.apps.get_model(settings.API_TOKEN_MODEL), "user_id")

        for event_type, handlers in import_string(f"{settings.LETTERPOST_WIRING}.SUBSCRIPTIONS").items():
            subscribe(event_type, handlers)
        for question, answers in import_string(f"{settings.LETTERPOST_WIRING}.POLICIES").items():
            for answer in answers:
                policy_register(question, answer)
        for name, providers in import_string(f"{settings.LETTERPOST_WIRING}.HOOKS").items():
            for provider in providers:
                hook_register(name, provider)


class LetterpostAdminConfig(admin_apps.AdminConfig):
    """Django's admin with a site that lets roles in (``core.admin_site``)."""

    default = False  # named in INSTALLED_APPS in place of "django.contrib.admin"

    default_site = "core.admin_site.LetterpostAdminSite"
