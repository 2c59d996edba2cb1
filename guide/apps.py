from django.apps import AppConfig


class GuideConfig(AppConfig):
    name = "guide"
    verbose_name = "How to play"
