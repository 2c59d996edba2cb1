from django.apps import AppConfig
from django.conf import settings


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        # Extra engines by dotted path (tests and benchmarks run worker/server processes with one).
        from .engines import registry

        for path in settings.EXTRA_GAME_ENGINES:
            registry.register_path(path)
