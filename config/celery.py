"""The Celery app: AI turns on the "ai" queue, the deadline tick on the default queue."""
import os

from celery import Celery
from celery.signals import task_postrun
from django.db import close_old_connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("sampan", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["ai_workers"])


@task_postrun.connect
def release_connections(**kwargs) -> None:
    """After each task, as after a request: the connection goes back to Django's pool (or is
    kept for CONN_MAX_AGE), and one left broken is dropped (settings.CELERY_DB_REUSE_MAX)."""
    close_old_connections()
