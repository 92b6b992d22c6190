"""Settings of Sampan. One module; the environment picks the profile.

SAMPAN_PROFILE:
  embedded   (default) no services to install: SQLite in WAL mode, an in-process channel layer,
             AI turns run inline after commit, deadlines ticked by a task of the server.
  test       the test suite: PostgreSQL and Redis on loopback, console-free locmem email.
  production everything from the environment: DATABASE_URL, REDIS_URL, SECRET_KEY, ALLOWED_HOSTS,
             EMAIL_URL-style SMTP settings (EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, ...).
"""
import os
import socket
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.management.utils import get_random_secret_key

from accounts.network import is_loopback

BASE_DIR = Path(__file__).resolve().parent.parent
# pytest runs the suite against the real services unless a profile is named explicitly.
PROFILE = os.environ.get("SAMPAN_PROFILE") or ("test" if "pytest" in sys.modules else "embedded")
if PROFILE not in {"embedded", "test", "production"}:
    raise RuntimeError(f"Unknown SAMPAN_PROFILE {PROFILE!r}")
PRODUCTION = PROFILE == "production"


def _list(value: str) -> list[str]:
    return [item.strip() for item in value.split(",") if item.strip()]


def _flag(name: str, default: str) -> bool:
    return os.environ.get(name, default).strip().lower() in {"1", "true", "yes", "on"}


def _secret_key_file(path: Path) -> str:
    """The embedded profile's secret key: generated once into `path` (mode 0600), then reused."""
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, draft = tempfile.mkstemp(dir=path.parent, prefix=".secret_key.")  # created 0600
    try:
        with os.fdopen(descriptor, "w") as out:
            out.write(get_random_secret_key())
        try:
            os.link(draft, path)  # atomic: of two processes starting at once, one key wins
        except FileExistsError:
            pass
    finally:
        os.unlink(draft)
    return path.read_text().strip()


if os.environ.get("SECRET_KEY"):
    SECRET_KEY = os.environ["SECRET_KEY"]
elif PRODUCTION:
    raise RuntimeError("The production profile needs SECRET_KEY.")
elif PROFILE == "embedded":
    SECRET_KEY = _secret_key_file(Path(os.environ.get("SAMPAN_SECRET_KEY_FILE") or BASE_DIR / "var" / "secret_key"))
else:
    SECRET_KEY = "sampan-test-only-secret-key"
if PRODUCTION and len(SECRET_KEY) < 50:
    raise RuntimeError("SECRET_KEY must be at least 50 characters (e.g. `python -c 'import secrets; "
                       "print(secrets.token_urlsafe(50))'`).")
# Debug pages show settings and code: only when asked for, and never in production.
DEBUG = not PRODUCTION and os.environ.get("SAMPAN_DEBUG") == "1"

# The address `make run` serves on (embedded profile: HOST, as scripts/run.sh passes it to uvicorn).
SERVE_HOST = os.environ.get("HOST", "127.0.0.1") if PROFILE == "embedded" else "127.0.0.1"
SERVING_LOOPBACK = is_loopback(SERVE_HOST)
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
# The names and addresses players reach an embedded service by, besides HOST (comma separated).
PUBLIC_HOSTS = _list(os.environ.get("SAMPAN_PUBLIC_HOSTS", ""))
if PRODUCTION or os.environ.get("ALLOWED_HOSTS"):
    ALLOWED_HOSTS = _list(os.environ.get("ALLOWED_HOSTS", ""))
elif PROFILE == "test":
    ALLOWED_HOSTS = LOOPBACK_HOSTS + ["testserver"]
else:  # embedded: the host it serves, never "*" (the websocket's origin check uses this list too)
    ALLOWED_HOSTS = LOOPBACK_HOSTS + PUBLIC_HOSTS
    if SERVE_HOST in {"0.0.0.0", "::", ""}:  # every interface: this machine's name too
        ALLOWED_HOSTS.append(socket.gethostname())
    elif not SERVING_LOOPBACK:
        ALLOWED_HOSTS.append(f"[{SERVE_HOST}]" if ":" in SERVE_HOST else SERVE_HOST)
CSRF_TRUSTED_ORIGINS = _list(os.environ.get("CSRF_TRUSTED_ORIGINS", ""))

# How many reverse proxies of our own stand in front of the service. 0: X-Forwarded-For and
# X-Forwarded-Proto are ignored (any client can send them); N: the client's address is the N-th
# from the right of X-Forwarded-For (accounts.network.client_ip) and X-Forwarded-Proto says
# whether the client used HTTPS.
TRUSTED_PROXIES = int(os.environ.get("SAMPAN_TRUSTED_PROXIES", "0"))
if TRUSTED_PROXIES < 0:
    raise RuntimeError("SAMPAN_TRUSTED_PROXIES must be 0 or more.")
if TRUSTED_PROXIES:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "axes",
    "health_check",
    "accounts",
    "tables",
    "ai_workers",
    "frontend",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # a NUL in the path or the query is a 404 before any view passes it to PostgreSQL
    "config.middleware.NulInAddressMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "tables.api.middleware.BodyTooLargeMiddleware",
    # after sessions, before common: the language from the cookie, then the browser's choice
    "django.middleware.locale.LocaleMiddleware",
    "tables.language.ReaderLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # last, as django-axes asks: turns a locked-out login into its 429 (accounts.lockout)
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# ----------------------------------------------------------------------------- database


def _sqlite(path: Path) -> dict:
    # Tuned as in stack-notes 1.7: immediate transactions queue writers on the busy timeout.
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": path,
        "OPTIONS": {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
        "TEST": {"NAME": BASE_DIR / "var" / "test.sqlite3"},
    }


if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"])}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Each HTTP request of an ASGI server runs its sync code on a thread of its own, and a
        # connection kept open on that thread would outlive it until the garbage collector
        # found it. Django's pool takes each connection back when the request ends instead.
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1, "max_size": int(os.environ.get("SAMPAN_DB_POOL_SIZE", "20")), "timeout": 10}
elif PROFILE == "test" and os.environ.get("SAMPAN_TEST_DATABASE") == "sqlite":  # the embedded profile's store
    DATABASES = {"default": {**_sqlite(BASE_DIR / "var" / "unused.sqlite3"),
                             "TEST": {"NAME": Path(tempfile.gettempdir()) / f"sampan-test-{os.getpid()}.sqlite3"}}}
elif PROFILE == "test":
    DATABASES = {"default": dj_database_url.parse("postgres://postgres@127.0.0.1:5432/sampan")}
    # A test database of this run alone, so that test runs on one machine never collide.
    DATABASES["default"]["TEST"] = {"NAME": f"test_sampan_{os.getpid()}"}
elif PRODUCTION:
    raise RuntimeError("The production profile needs DATABASE_URL.")
else:
    DATABASES = {"default": _sqlite(Path(os.environ.get("SAMPAN_SQLITE_PATH", BASE_DIR / "var" / "sampan.sqlite3")))}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ----------------------------------------------------------------------------- redis, channels, celery

REDIS_URL = os.environ.get("REDIS_URL") or ("redis://127.0.0.1:6379/0" if PROFILE == "test" else "")
if PRODUCTION and not REDIS_URL:
    raise RuntimeError("The production profile needs REDIS_URL.")

# A test run has a database of its own (see above), so its pushes and counters are its own too:
# runs side by side (the default suite's two processes) never hear each other's players.
REDIS_PREFIX = os.environ.get("SAMPAN_REDIS_PREFIX") or (f"sampan-test-{os.getpid()}" if PROFILE == "test" else "sampan")

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": REDIS_PREFIX},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache holds rate-limit counters; with Redis every process counts together.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": REDIS_PREFIX,
        }
    }

# How an AI turn leaves the command that made it due: "celery" sends a task to the "ai" queue,
# "inline" runs it in this process right after the commit (after a JSON round trip).
AI_DISPATCH = os.environ.get("SAMPAN_AI_DISPATCH") or ("celery" if PRODUCTION else "inline")
# The embedded profile ticks deadlines on the ASGI server's event loop (see ai_workers.ticker).
DEADLINE_TICKER_IN_SERVER = PROFILE == "embedded"

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = "sampan"
# The queue of AI turns; set per deployment when several share one Redis.
AI_QUEUE = os.environ.get("SAMPAN_AI_QUEUE", "ai")
# The queue of the bots that think for a time budget (search, expert), with workers of its own.
AI_SEARCH_QUEUE = os.environ.get("SAMPAN_AI_SEARCH_QUEUE", "ai_search")
# What a command calls, by name, when a bot is to move (tables never import the workers).
AI_TURN_SENDER = "ai_workers.dispatch.send_ai_turn"
CELERY_TASK_ROUTES = {"ai_workers.tasks.ai_turn": {"queue": AI_QUEUE}}
# The post-game analyses (tables.analysis): seconds to a minute of a core each, so workers of
# their own. "celery" sends them to ANALYSIS_QUEUE; "thread" works them out in a thread of the
# process that queued them (the embedded profile, with no workers).
ANALYSIS_QUEUE = os.environ.get("SAMPAN_ANALYSIS_QUEUE", "analysis")
ANALYSIS_DISPATCH = os.environ.get("SAMPAN_ANALYSIS_DISPATCH") or ("celery" if AI_DISPATCH == "celery" else "thread")
# The expert's search iterations a decision in an analysis (0: each game's own, engines.analysis).
ANALYSIS_ITERATIONS = int(os.environ.get("SAMPAN_ANALYSIS_ITERATIONS", "0"))
MAX_ANALYSES_AT_ONCE = int(os.environ.get("SAMPAN_MAX_ANALYSES_AT_ONCE", "2"))  # a person's, waiting or running
# The most AI tasks a worker process plays a second (none when 0). A task plays a table's bots
# one after another. Under a burst of bot tables their turns then wait in the broker instead of
# taking the cores from people's moves at other tables. Celery's own rate_limit would count the
# outbox's stale re-sends too, and hold every waiting task in the worker's memory.
AI_TASKS_PER_SECOND = float(os.environ.get("SAMPAN_AI_TASKS_PER_SECOND") or 0)
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_BEAT_SCHEDULE = {
    "resolve-deadlines": {"task": "ai_workers.tasks.resolve_deadlines", "schedule": 1.0},
}
CELERY_TASK_IGNORE_RESULT = True
# Celery's Django fixup closes every database connection, and in a prefork worker Django's pool
# with it, before and after each task unless this is set (celery/celery#10554): each AI turn
# then opened two new PostgreSQL backends. With it they are closed every this many tasks only;
# between, the connection goes back to the pool after each task (config.celery).
CELERY_DB_REUSE_MAX = 1000

# ----------------------------------------------------------------------------- game service

# An AI turn whose dispatch was lost is sent again after this many seconds (the outbox).
AI_REDISPATCH_SECONDS = int(os.environ.get("SAMPAN_AI_REDISPATCH_SECONDS", "20"))
# A table that bots alone play makes a move at most this often (see tables.deadlines.paced).
AI_PACE_SECONDS = float(os.environ.get("SAMPAN_AI_PACE_SECONDS", "0" if PROFILE == "test" else "1"))
# A player whom only bots wait for has left the table after missing its moves for the table's idle
# time, but never sooner than this (tables.deadlines): nobody waits on them, so a live clock's few
# minutes are no measure of having left (reading the rules in another tab is not leaving).
ALONE_WITH_BOTS_MIN_IDLE_SECONDS = int(os.environ.get("SAMPAN_ALONE_WITH_BOTS_MIN_IDLE_SECONDS", str(24 * 3600)))
# Per-user table quotas (tables.quotas): open (in the lobby), running, and all-bot tables.
MAX_OPEN_TABLES = int(os.environ.get("SAMPAN_MAX_OPEN_TABLES", "10"))
MAX_RUNNING_TABLES = int(os.environ.get("SAMPAN_MAX_RUNNING_TABLES", "30"))
MAX_BOT_TABLES = int(os.environ.get("SAMPAN_MAX_BOT_TABLES", "2"))
# Each ASGI process looks this often for websockets that may have lost a push (one query for
# all of them; see tables.head_watch.HeadWatch): a websocket whose seq has not moved for
# WS_STUCK_SECONDS, and whose table wrote the event after it that long ago, catches up from
# the store.
WS_HEAD_CHECK_SECONDS = float(os.environ.get("SAMPAN_WS_HEAD_CHECK_SECONDS", "0.5"))
WS_STUCK_SECONDS = float(os.environ.get("SAMPAN_WS_STUCK_SECONDS", "2"))
# A quiet websocket found level with its head is looked at again after half its quiet time, at
# most this long after.
WS_QUIET_CHECK_MAX_SECONDS = float(os.environ.get("SAMPAN_WS_QUIET_CHECK_MAX_SECONDS", "30"))
# A claimed deadline is left alone by other tickers for this long.
DEADLINE_LEASE_SECONDS = 30
# A tick claims due rows this many at a time (few, so that the ticks of other worker processes
# get a share of a burst) and keeps claiming until nothing is due...
DEADLINE_BATCH = 20
# ...or until it has run this long: well under resolve_deadlines' time limit (50 s) and the lease.
DEADLINE_TICK_BUDGET_SECONDS = 20
# The move made when a player's clock runs out is a cheap "zombie" move, as on Board Game Arena.
TIMEOUT_BOT = "random"

# ----------------------------------------------------------------------------- auth, api

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
if PROFILE == "test":  # fast hashing keeps the suite quick; never outside tests
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Login lockout (django-axes): after AXES_FAILURE_LIMIT failed logins for one username, or from
# one client address (accounts.network.client_ip), logins of that username, or from that
# address, are refused with 429 for the cool-off period (which each further failure restarts).
# The attempts are rows in the database, shared by every process.
AUTHENTICATION_BACKENDS = ["accounts.backends.LockoutBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_FAILURE_LIMIT = int(os.environ.get("SAMPAN_LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("SAMPAN_LOGIN_COOLOFF_MINUTES", "15")))
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "accounts.network.client_ip"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.locked_out"
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["tables.api.parsers.BoundedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "tables.api.errors.handle_exception",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Sampan API",
    "DESCRIPTION": "Tables, seats, actions and the event log of Sampan's trading games.",
    "VERSION": "1.0.0",
    # Swagger UI from this service's static files (drf-spectacular-sidecar), not from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {"NoticeKindEnum": "tables.models.Notice.Kind",
                            "AnalysisStatusEnum": "tables.models.Analysis.Status",
                            "TableStatusEnum": "tables.models.Table.Status"},
}

# Rate limits ("count/period", period s, m, h or d): actions and chat lines per user, sign-ups
# per address, invitations sent per person and per person to one player (tables.invitations).
RATE_LIMITS = {
    "actions": os.environ.get("SAMPAN_ACTION_RATE", "30/s"),
    "chat": os.environ.get("SAMPAN_CHAT_RATE", "12/m"),
    "hints": os.environ.get("SAMPAN_HINT_RATE", "10/m"),  # each one is about a second of a core
    "analyses": os.environ.get("SAMPAN_ANALYSIS_RATE", "30/d"),  # each one is up to a minute of a core
    "signup": os.environ.get("SAMPAN_SIGNUP_RATE", "1000/h" if PROFILE == "test" else "20/h"),
    "invites": os.environ.get("SAMPAN_INVITE_RATE", "1000/h" if PROFILE == "test" else "30/h"),
    "invites_to_player": os.environ.get("SAMPAN_INVITE_PLAYER_RATE", "1000/h" if PROFILE == "test" else "6/h"),
}

# Requests bigger than this are refused with 413 (see tables.api.middleware).
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024

# ----------------------------------------------------------------------------- email

if PRODUCTION:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "") == "1"
elif PROFILE == "test":
    EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Sampan <noreply@sampan.local>")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

# ----------------------------------------------------------------------------- i18n, static

LANGUAGE_CODE = "en"
# The books' languages. The engines' words (log lines, prompts, glossaries) have their own
# catalog in engines/locale, read by engines.i18n; the pages' are in locale/.
LANGUAGES = [("en", "English"), ("fr", "Français"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # the switch's choice outlives the session
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
# Outside production WhiteNoise serves straight from the apps' static folders (no collectstatic),
# whatever DEBUG is.
WHITENOISE_USE_FINDERS = WHITENOISE_AUTOREFRESH = not PRODUCTION
# In production collectstatic writes a Brotli and a gzip copy beside each file, and WhiteNoise
# sends the smallest one the browser accepts. The names stay as they are (no hashed copies, which
# browsers could keep for a year): a script swaps the favicon by its file name, and the browser
# tests serve the files unhashed, so they would not catch what a renamed file breaks.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage" if PRODUCTION
                    else "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

if PRODUCTION:
    # HTTPS only: HSTS and the redirect to https (behind a proxy that terminates TLS, set
    # SAMPAN_TRUSTED_PROXIES so that X-Forwarded-Proto tells which scheme the client used).
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", "1")
    SECURE_HSTS_PRELOAD = _flag("SECURE_HSTS_PRELOAD", "0")
    SECURE_SSL_REDIRECT = _flag("SECURE_SSL_REDIRECT", "1")
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # a load balancer probes each server over plain HTTP
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = _flag("SECURE_COOKIES", "1")
    if not SECURE_HSTS_PRELOAD:
        # security.W021 asks for the "preload" directive, by which the whole registrable domain
        # (and all its subdomains) asks browsers' built-in HTTPS-only lists to include it: the
        # domain's owner opts in (SECURE_HSTS_PRELOAD=1), a service on one host cannot.
        SILENCED_SYSTEM_CHECKS = ["security.W021"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "INFO" if not PROFILE == "test" else "WARNING"},
}
