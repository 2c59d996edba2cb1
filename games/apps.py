from django.apps import AppConfig
from django.conf import settings

from core.errors import translations_register
from games import registry
from games.web.error_texts import TEXTS


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        translations_register(TEXTS)
        # The one list of the kinds the site offers (a new game is its folders and a line there).
        for path in settings.GAME_KINDS:
            registry.register_path(path)
