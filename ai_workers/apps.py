from django.apps import AppConfig


class AiWorkersConfig(AppConfig):
    name = "ai_workers"
