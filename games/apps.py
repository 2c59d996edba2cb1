from django.apps import AppConfig
from django.conf import settings

from core.errors import translations_register
from engines import registry

from .error_texts import TEXTS


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        translations_register(TEXTS)
        # Extra engines by dotted path (tests and benchmarks run worker/server processes with one).
        for path in settings.EXTRA_GAME_ENGINES:
            registry.register_path(path)
