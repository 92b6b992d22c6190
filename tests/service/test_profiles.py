"""The environment picks the profile of the one settings module."""
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRINT_SETTINGS = """
import json
from django.conf import settings
print(json.dumps({
    "database": settings.DATABASES["default"]["ENGINE"],
    "options": settings.DATABASES["default"].get("OPTIONS", {}),
    "layer": settings.CHANNEL_LAYERS["default"]["BACKEND"],
    "dispatch": settings.AI_DISPATCH,
    "ticker": settings.DEADLINE_TICKER_IN_SERVER,
    "email": settings.EMAIL_BACKEND,
    "hosts": settings.ALLOWED_HOSTS,
    "debug": settings.DEBUG,
    "rates": settings.RATE_LIMITS,
}))
"""


def settings_of(**env) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("SAMPAN_", "DATABASE_URL", "REDIS_URL", "SECRET_KEY", "HOST"))}
    env.setdefault("SAMPAN_SECRET_KEY_FILE", os.path.join(tempfile.mkdtemp(), "secret_key"))
    return subprocess.run([sys.executable, "-c", PRINT_SETTINGS], cwd=ROOT, capture_output=True, text=True,
                          env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env}, timeout=60)


def test_the_embedded_default_needs_no_services():
    result = json.loads(settings_of().stdout)
    assert result["database"] == "django.db.backends.sqlite3"
    assert result["options"]["transaction_mode"] == "IMMEDIATE" and result["options"]["timeout"] == 20
    assert "journal_mode=WAL" in result["options"]["init_command"]
    assert result["layer"] == "channels.layers.InMemoryChannelLayer"
    assert (result["dispatch"], result["ticker"]) == ("inline", True)
    assert result["email"].endswith("console.EmailBackend")


def test_production_comes_from_the_environment():
    env = {"SAMPAN_PROFILE": "production", "SECRET_KEY": "s3cret-" * 8, "ALLOWED_HOSTS": "a.example,b.example",
           "DATABASE_URL": "postgres://u:p@db:5432/sampan", "REDIS_URL": "redis://redis:6379/1"}
    result = json.loads(settings_of(**env).stdout)
    assert result["database"] == "django.db.backends.postgresql"
    assert result["layer"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert (result["dispatch"], result["ticker"], result["debug"]) == ("celery", False, False)
    assert result["email"].endswith("smtp.EmailBackend")
    assert result["hosts"] == ["a.example", "b.example"]
    missing = settings_of(SAMPAN_PROFILE="production", SECRET_KEY="s3cret-" * 8)
    assert missing.returncode != 0 and "DATABASE_URL" in missing.stderr
