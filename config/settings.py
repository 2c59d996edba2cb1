"""Letterpost settings: one module, driven by the environment.

Every external service has an embedded default so that ``make run`` works with Python alone
(SQLite, the in-memory channel layer, Celery in eager mode, console e-mail); setting
``DATABASE_URL``, ``REDIS_URL``, ``CELERY_BROKER_URL`` or ``EMAIL_URL`` swaps in the real service.
"""

import os
import socket
import tempfile
from pathlib import Path

import environ
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env")  # optional; the environment wins

# ---------------------------------------------------------------------------
# Core
# ---------------------------------------------------------------------------
DEBUG = env.bool("DEBUG", default=True)
# The development key is only ever used with DEBUG on; production must set SECRET_KEY.
SECRET_KEY = env("SECRET_KEY", default="dev-only-insecure-key-do-not-deploy" if DEBUG else environ.Env.NOTSET)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
SITE_ID = 1
SITE_NAME = "Letterpost"

INSTALLED_APPS = [
    "core.apps.LetterpostAdminConfig",  # Django's admin, open to the roles that need it (core/admin_site.py)
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "django.contrib.humanize",
    "allauth",
    "allauth.account",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "channels",
    "django_celery_beat",
    "core",
    "accounts",
    "lexicons",
    "games",
    "ratings",
    "leagues",
    "notifications",
    "moderation",
    "guide",
    "analysis",
]

MIDDLEWARE = [
    "web.middleware.UnstorablePathMiddleware",  # a NUL in the path is a 404, not a 500
    "web.token_api.TokenApiMiddleware",  # a program's token API request takes the shorter chain below
    "django.middleware.security.SecurityMiddleware",
    "web.db_unavailable.DatabaseUnavailableMiddleware",  # a lost database connection: 503, not 500
    # Cache-Control: no-store for a signed-in user (inside the 503: reading the user may need the database)
    "web.middleware.PrivateResponsesMiddleware",
    "config.security_headers.CSPMiddleware",  # django-csp's, its header built once
    "config.security_headers.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "web.middleware.UnstorableTextMiddleware",  # a NUL in a page's query or form is a 400, not a 500
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserPreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "web.middleware.MayActMiddleware",  # every page write asks MAY_ACT (a suspended player: 403)
    "moderation.middleware.SuspendedUserMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

# An API request carrying a token and no session cookie skips what only serves sessions and pages: the
# session and its user, CSRF (DRF checks it for session users itself), messages, the page doors and
# static files.  DRF authenticates it; its permissions ask MAY_ACT; its headers are a page's
# (web/token_api.py).
SESSION_ONLY_MIDDLEWARE = [
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "web.middleware.UnstorableTextMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "web.middleware.MayActMiddleware",
    "moderation.middleware.SuspendedUserMiddleware",
]
TOKEN_API_MIDDLEWARE = [m for m in MIDDLEWARE[MIDDLEWARE.index("web.token_api.TokenApiMiddleware") + 1:]
                        if m not in SESSION_ONLY_MIDDLEWARE]

ROOT_URLCONF = "config.urls"
# Who listens to which event and who answers which policy question (core.apps reads it at start).
LETTERPOST_WIRING = "config.wiring"
# A user holding any of these permissions (through a group: moderators, dictionary curators) may open the
# admin without "staff status"; it shows them only what their permissions allow.
ADMIN_ROLE_PERMISSIONS = ["moderation.moderate", "lexicons.curate_lexicon"]
WSGI_APPLICATION = None
ASGI_APPLICATION = "config.asgi.application"

# The game kinds the site offers, each the package of its site side (``games/web/kinds/<kind>/``, whose
# ``KIND`` is its spec, ``games/registry.py``), with its own templates and static files: a new game is its
# folders and one line here.  EXTRA_GAME_KINDS adds more (the test suite's toy kind, in the processes
# that tests and benchmarks start).
GAME_KINDS = [
    "games.web.kinds.crossword",
    "games.web.kinds.turnspell",
    "games.web.kinds.spellcrafter",
    "games.web.kinds.spell",
    *env.list("EXTRA_GAME_KINDS", default=[]),
]


def _kind_dirs(name: str) -> list[Path]:
    """Each kind's own ``templates/`` or ``static/`` folder, beside its spec, where it has one."""
    folders = (BASE_DIR.joinpath(*path.split(".")) / name for path in GAME_KINDS)
    return [folder for folder in folders if folder.is_dir()]


TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates", *_kind_dirs("templates")],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.web.context_processors.awaiting",
                "moderation.context_processors.moderation_warnings",
            ],
        },
    },
]

# One HTTP response in this many (at random) closes its keep-alive connection (``config/asgi.py``): a
# connection stays with the web process that accepted it, so a few long-lived ones (a proxy's, a busy
# client's) can keep one process busy while another idles; reconnecting, they go to whichever has time.
# 0: never.
KEEP_ALIVE_REQUESTS = env.int("KEEP_ALIVE_REQUESTS", default=20)

# Threads per web process doing requests' sync work (``config/asgi.py``).  Two keep the process busy while
# one waits on the database; more only take turns at the GIL, spending more CPU a move and lengthening the
# slowest answers.  Scale a site with more web processes (``WEB_CONCURRENCY``) rather than more threads.
WEB_THREADS = env.int("WEB_THREADS", default=2)
if WEB_THREADS < 1:
    raise ImproperlyConfigured(f"WEB_THREADS must be at least 1, not {WEB_THREADS}")
# Open WebSockets a web process holds at most per signed-in user, per client address, and per game for
# anonymous spectators (web.sockets.SocketLimits); one more is closed with code 4429.
SOCKETS_PER_USER = env.int("SOCKETS_PER_USER", default=20)
SOCKETS_PER_ADDRESS = env.int("SOCKETS_PER_ADDRESS", default=100)
ANONYMOUS_SOCKETS_PER_PATH = env.int("ANONYMOUS_SOCKETS_PER_PATH", default=200)
# Anonymous spectators of a game share one render per version (games/web/consumers.py); false: each socket
# renders its own, the plain path (bench/socket_bench.py measures both).
SHARED_SPECTATOR_RENDER = env.bool("SHARED_SPECTATOR_RENDER", default=True)

# The speed wing (core/speed.py): the pieces that leave the plain Django path for measured speed (the move
# path's plain SQL on PostgreSQL, the token API's short chain, the one-hop handler ...).  Off, every caller
# takes the plain library path, the reference; docs/performance.md lists them and what each buys.
SPEED_WING = env.bool("SPEED_WING", default=True)

# ---------------------------------------------------------------------------
# Database: SQLite by default, PostgreSQL (psycopg 3) through DATABASE_URL
# ---------------------------------------------------------------------------
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
DATABASES["default"].setdefault("CONN_MAX_AGE", 0)
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # psycopg prepares no statement unless asked (Django's default, None, would refuse even when asked):
    # only the move path's hot statements ask (core.rawsql.prepared_cursor).
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("prepare_threshold", 2**31 - 1)
if DATABASES["default"]["ENGINE"].endswith("postgresql") and env.bool("DATABASE_POOL", default=True):
    # Under ASGI every request runs in its own thread, so persistent connections pile up; a
    # connection pool (psycopg_pool, through Django) reuses a bounded set instead.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DATABASE_POOL_MIN", default=2),
        "max_size": env.int("DATABASE_POOL_MAX", default=20),
        "timeout": 10,
    }
    # Django then has the pool check each connection at checkout: one the server dropped while it sat
    # in the pool is replaced, so a dropped connection fails no request that had not started.  Our
    # backend (Django's) makes that check without a round trip unless the server spoke (core.db.postgresql).
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["default"]["ENGINE"] = "core.db.postgresql"
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    _sqlite_options = DATABASES["default"].setdefault("OPTIONS", {})
    # Concurrent requests under the ASGI server wait for the write lock instead of failing.
    _sqlite_options["timeout"] = 20
    # A transaction takes the write lock when it begins: one that read first and then wrote could find
    # another writer holding it, and SQLite fails that one at once rather than wait into a deadlock.
    _sqlite_options.setdefault("transaction_mode", "IMMEDIATE")
    # The tests' database is a file, as the site's is.  An in-memory one shared between threads (the
    # browser tests' server) is in SQLite's shared-cache mode, which refuses a second writer at once
    # ("database table is locked") instead of waiting for the lock.
    DATABASES["default"].setdefault("TEST", {}).setdefault(
        "NAME", os.path.join(tempfile.gettempdir(), f"letterpost-test-{os.getpid()}.sqlite3")
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ---------------------------------------------------------------------------
# Redis: cache and channel layer; in-process defaults without REDIS_URL
# ---------------------------------------------------------------------------
REDIS_URL = env("REDIS_URL", default="")
# Every Redis connection (cache, channel layer, Celery): redis-py's default 5 s read timeout equals
# channels-redis' 5 s blocking read, so an idle WebSocket's consumer died with TimeoutError. The read
# timeout must outlast any blocking read we issue (channels-redis 5 s, kombu 1 s) and still notice a
# dead server; a connection idle longer than the health-check interval is PINGed before reuse, TCP
# keepalive finds half-open sockets, and a command that finds its connection closed (server `timeout`,
# a proxy, a restart) is retried once on a fresh one.
REDIS_SOCKET_TIMEOUT = env.float("REDIS_SOCKET_TIMEOUT", default=15.0)
REDIS_CONNECTION_OPTIONS = {
    "socket_timeout": REDIS_SOCKET_TIMEOUT,
    "socket_connect_timeout": env.float("REDIS_SOCKET_CONNECT_TIMEOUT", default=5.0),
    "socket_keepalive": True,
    "health_check_interval": env.int("REDIS_HEALTH_CHECK_INTERVAL", default=25),
    "retry_on_timeout": True,
}
# The channel layer's connections carry no read timeout: redis-py then sends under asyncio.wait_for,
# and Python 3.11's wait_for swallows a cancellation that lands as the send completes. A socket's
# consumer cancelled that way never ends, and the web process waits for it on SIGTERM for ever. Its
# blocking reads are bounded by channels-redis itself (5 s); TCP keepalive finds a dead server.
CHANNEL_LAYER_CONNECTION_OPTIONS = {**REDIS_CONNECTION_OPTIONS, "socket_timeout": None}
if all(hasattr(socket, name) for name in ("TCP_KEEPIDLE", "TCP_KEEPINTVL", "TCP_KEEPCNT")):
    CHANNEL_LAYER_CONNECTION_OPTIONS["socket_keepalive_options"] = {
        socket.TCP_KEEPIDLE: 10, socket.TCP_KEEPINTVL: 5, socket.TCP_KEEPCNT: 3}
if REDIS_URL:
    CACHES = {
        "default": {
            # django-redis: one connection pool per Redis URL in the process, shared by the cache objects
            # Django makes per request context; its client degrades while Redis is down (core/cache.py).
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"CLIENT_CLASS": "core.cache.DegradingClient",
                        "CONNECTION_POOL_KWARGS": dict(REDIS_CONNECTION_OPTIONS),
                        # The speed wing: one Redis client for all those cache objects.
                        **({"CONNECTION_FACTORY": "core.cache.SharedClientFactory"} if SPEED_WING else {})},
            # Like the channel layer's prefix below: keeps sites (or the test suite's parallel workers)
            # sharing one Redis database apart.
            "KEY_PREFIX": env("CACHE_KEY_PREFIX", default=""),
        }
    }
    CHANNEL_LAYERS = {
        "default": {
            # channels-redis's layer; with the speed wing on, the same layer able to tell from a worker
            # thread, in one round trip, which groups anybody is in (core/channel_layer.py).
            "BACKEND": ("core.channel_layer.BatchedRedisChannelLayer" if SPEED_WING
                        else "channels_redis.core.RedisChannelLayer"),
            # The key prefix keeps sites (or test runs) sharing one Redis apart.  redis-py's asyncio pool
            # holds 100 connections by default and refuses the next rather than waiting: a process's
            # sockets closing together (a restart) would leave group memberships behind.
            "CONFIG": {"hosts": [{"address": REDIS_URL, **CHANNEL_LAYER_CONNECTION_OPTIONS,
                                  "max_connections": env.int("CHANNEL_LAYER_MAX_CONNECTIONS", default=2000)}],
                       "prefix": env("CHANNEL_LAYER_PREFIX", default="asgi"),
                       # A process's sockets all read from one Redis key, and channels-redis drops what is
                       # sent to a key holding ``capacity`` messages (default 100): a busy process with
                       # hundreds of sockets can fall that far behind, and would lose updates.
                       "capacity": env.int("CHANNEL_LAYER_CAPACITY", default=10000)},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# ---------------------------------------------------------------------------
# Celery: eager (in-process) unless a broker is configured
# ---------------------------------------------------------------------------
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=REDIS_URL or None)
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=CELERY_BROKER_URL == "memory://")
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    CELERY_BROKER_TRANSPORT_OPTIONS = dict(REDIS_CONNECTION_OPTIONS)
    # A task a killed worker had taken (and not acknowledged) goes back to the queue after this many
    # seconds; it must outlast the longest task, or a slow task would run twice at once.
    CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] = env.int("CELERY_VISIBILITY_TIMEOUT", default=3600)
    # Publishing (a request's events, on commit) tries a dead broker once instead of for 6 s: the
    # outbox keeps the event for the relay (core/events.py). Workers reconnect on their own terms
    # (broker_connection_max_retries), not these.
    CELERY_BROKER_TRANSPORT_OPTIONS.update(max_retries=1, interval_start=0, interval_step=0.2, interval_max=0.2)
# Every task is acknowledged after it ran, and given back when its worker dies: a worker killed half-way
# through a sweep or a rating leaves the task to run again on restart. Every handler is idempotent
# (core/events.py), so a task that had finished before the kill changes nothing the second time.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1  # a worker holds one unacknowledged task, not a batch
# Queues by kind of work, so that a long job never keeps a player waiting: notifications (their e-mails
# too) on "interactive", bots' moves and answers to challenges on "bots" (a burst of bot games never delays
# a notification), analyses and bulk dictionary changes on "heavy", everything else (sweeps, the relay,
# ratings, leagues, digests) on the default queue. The Procfile's `worker` consumes the default and
# interactive queues, `worker_bots` the bots' one, `worker_heavy` the heavy one, one task at a time.
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_ROUTES = {
    **{name: {"queue": "bots"} for name in ("games.tasks.bot_move", "games.tasks.bot_challenges")},
    **{name: {"queue": "interactive"} for name in (
        "notifications.tasks.on_game_finished", "notifications.tasks.on_seats_due",
        "notifications.tasks.on_challenge_issued", "notifications.tasks.on_challenge_answered",
        "notifications.tasks.on_emails_queued",
    )},
    **{name: {"queue": "heavy"} for name in (
        "analysis.tasks.on_analysis_requested", "analysis.tasks.on_game_finished",
        "lexicons.tasks.on_bulk_job_queued",
    )},
}
# With tasks run eagerly (the embedded defaults), the tasks of these queues run after the response of the
# request whose change sent them, not inside it: a bot may think for seconds, an analysis for a minute
# (core/events.py).
EAGER_AFTER_RESPONSE_QUEUES = env.list("EAGER_AFTER_RESPONSE_QUEUES", default=["bots", "heavy"])
# An analysis or a bulk dictionary job still unfinished this many seconds after its task was sent is sent
# again (beat, every 5 minutes): its task was lost with a killed worker, which the broker would give back
# only after CELERY_VISIBILITY_TIMEOUT. One being run holds its row lock and is left alone.
RESEND_STALLED_AFTER = env.int("RESEND_STALLED_AFTER", default=600)
# Analyses by the Master's simulation a player may ask for in any 24 hours (each costs a worker about a minute).
MASTER_ANALYSES_PER_DAY = env.int("MASTER_ANALYSES_PER_DAY", default=3)
if (CELERY_RESULT_BACKEND or "").startswith(("redis://", "rediss://")):
    CELERY_REDIS_SOCKET_TIMEOUT = REDIS_CONNECTION_OPTIONS["socket_timeout"]
    CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = REDIS_CONNECTION_OPTIONS["socket_connect_timeout"]
    CELERY_REDIS_SOCKET_KEEPALIVE = True
    CELERY_REDIS_BACKEND_HEALTH_CHECK_INTERVAL = REDIS_CONNECTION_OPTIONS["health_check_interval"]
    CELERY_REDIS_RETRY_ON_TIMEOUT = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# Beat's schedule: django-celery-beat copies these entries into the database when beat starts (where the
# admin may pause or change them under "Periodic tasks"); the names are those of the stored entries.
CELERY_BEAT_SCHEDULE = {
    "Sweep deadlines": {"task": "games.tasks.deadlines_sweep", "schedule": 60.0},
    "Relay events": {"task": "core.tasks.events_relay", "schedule": 60.0},
    "Send daily digests": {"task": "notifications.tasks.digests_send", "schedule": crontab(minute="*/15")},
    "End due league seasons": {"task": "leagues.tasks.leagues_end_due_seasons", "schedule": crontab(minute="*/15")},
    "Verify game replays": {"task": "games.tasks.games_verify", "schedule": crontab(minute=17, hour=3)},
    "Re-send stalled analyses": {"task": "analysis.tasks.analyses_resend_stalled", "schedule": 300.0},
    "Re-send stalled bulk lexicon jobs": {"task": "lexicons.tasks.lexicon_bulk_jobs_resend_stalled",
                                          "schedule": 300.0},
}
CELERY_TIMEZONE = "UTC"

# ---------------------------------------------------------------------------
# E-mail: printed to the console unless EMAIL_URL names a server
# ---------------------------------------------------------------------------
vars().update(env.email_url("EMAIL_URL", default="consolemail://"))
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Letterpost <noreply@letterpost.example>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Web Push (notifications/push*.py; docs/operating.md "Web Push").  Without the keys a pair is generated
# once and kept in the database.  The subject is how a push service reaches the operator (mailto: or https:;
# empty: mailto: DEFAULT_FROM_EMAIL's address).
WEBPUSH_VAPID_PRIVATE_KEY = env("WEBPUSH_VAPID_PRIVATE_KEY", default="")
WEBPUSH_VAPID_PUBLIC_KEY = env("WEBPUSH_VAPID_PUBLIC_KEY", default="")
WEBPUSH_SUBJECT = env("WEBPUSH_SUBJECT", default="")
# The only hosts pushes are POSTed to (no server-side request forgery): the browsers' push services.
# "host" (default port), "*.domain" (names below it), "host:*" (any port), "host:8443".  HTTPS only unless
# WEBPUSH_ALLOW_HTTP (a local stub: WEBPUSH_ENDPOINT_HOSTS=127.0.0.1:* WEBPUSH_ALLOW_HTTP=true).
WEBPUSH_ENDPOINT_HOSTS = env.list("WEBPUSH_ENDPOINT_HOSTS", default=[
    "fcm.googleapis.com",  # Chrome, Chromium-based browsers, Android
    "updates.push.services.mozilla.com",  # Firefox
    "*.push.apple.com",  # Safari on macOS and iOS (web.push.apple.com)
    "*.notify.windows.com",  # Edge on Windows
])
WEBPUSH_ALLOW_HTTP = env.bool("WEBPUSH_ALLOW_HTTP", default=False)
WEBPUSH_DEVICES_PER_PLAYER = env.int("WEBPUSH_DEVICES_PER_PLAYER", default=10)
WEBPUSH_TTL = env.int("WEBPUSH_TTL", default=86400)  # seconds a push service keeps a push for an offline device
WEBPUSH_TIMEOUT = env.float("WEBPUSH_TIMEOUT", default=10.0)  # seconds per POST to a push service
CELERY_TASK_ROUTES.update({name: {"queue": "interactive"} for name in (
    "notifications.tasks.on_push_queued", "notifications.tasks.on_push_test_requested",
    "notifications.tasks.push_deliver",
)})

# ---------------------------------------------------------------------------
# Accounts (django-allauth)
# ---------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "dashboard"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_CONFIRM_EMAIL_ON_GET = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_ADAPTER = "moderation.adapters.AccountAdapter"  # refuses suspended players at login
ACCOUNT_FORMS = {"signup": "accounts.forms.SignupForm"}  # takes the new player's time zone from the browser
ACCOUNT_DEFAULT_HTTP_PROTOCOL = env("ACCOUNT_DEFAULT_HTTP_PROTOCOL", default="http" if DEBUG else "https")
# The site's real address, for every link in an e-mail (notifications/emails.py).  `make run` sets it
# from HOST and PORT; in production set it to the public address, e.g. https://letterpost.example.
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
# allauth's own defaults, spelled out: they are counted in the cache above (Redis in production).
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "confirm_email": "1/3m/key",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
    "change_password": "5/m/user",
    "manage_email": "10/m/user",
}

# ---------------------------------------------------------------------------
# API (DRF + drf-spectacular)
# ---------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "web.authentication.TokenAuthentication",  # DRF's, its query written once
    ],
    # Every write by a signed-in user asks MAY_ACT (web/permissions.py): a suspended player is refused.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated", "web.permissions.MayAct"],
    "DEFAULT_SCHEMA_CLASS": "web.api_schema.AutoSchema",  # documents the shared error responses
    "EXCEPTION_HANDLER": "web.api_errors.exception_handler",
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "web.negotiation.ContentNegotiation",  # DRF's; */* answered at once
    # DRF's two; JSON written by orjson where it writes what DRF would (web/renderers.py).
    "DEFAULT_RENDERER_CLASSES": ["web.renderers.JSONRenderer", "rest_framework.renderers.BrowsableAPIRenderer"],
    # Bounded JSON: no deep nesting, no NUL, no integer beyond 64 bits (web/parsers.py).
    "DEFAULT_PARSER_CLASSES": [
        "web.parsers.StrictJSONParser",
        "web.parsers.StrictFormParser",
        "web.parsers.StrictMultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Letterpost API",
    "DESCRIPTION": "Correspondence word games: games, seeks and moves.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Two choice sets share the field name "method": an analysis' and a turn's (which adds "pre_endgame").
    "ENUM_NAME_OVERRIDES": {"AnalysisMethodEnum": ["static", "simulation"],
                            "AnalysisTurnMethodEnum": ["static", "simulation", "pre_endgame"]},
}
# API tokens: a player's named tokens (accounts.ApiToken), read by the token door, web/authentication.py,
# which names the model by this setting (core imports no app).  A token unused for API_TOKEN_IDLE_DAYS days
# is refused (401 TOKEN_EXPIRED) and deleted.
API_TOKEN_MODEL = "accounts.ApiToken"
API_TOKEN_IDLE_DAYS = env.int("API_TOKEN_IDLE_DAYS", default=90)

# ---------------------------------------------------------------------------
# Internationalisation
# ---------------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("nl", "Nederlands")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# ---------------------------------------------------------------------------
# Static files (whitenoise serves them from the ASGI app)
# ---------------------------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = env.path("STATIC_ROOT", default=BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static", *_kind_dirs("static")]
WHITENOISE_USE_FINDERS = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# ---------------------------------------------------------------------------
# Security: strict unless DEBUG (``check --deploy`` runs clean with DEBUG=False)
# ---------------------------------------------------------------------------
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
# Trust a header saying "this came over HTTPS" only when a proxy in front is known to set it (and to
# strip it from clients), e.g. SECURE_PROXY_SSL_HEADER=X-Forwarded-Proto; otherwise anyone could send
# it. (Uvicorn's --proxy-headers already takes the scheme from proxies in FORWARDED_ALLOW_IPS.)
_proxy_ssl_header = env("SECURE_PROXY_SSL_HEADER", default="").strip()
if _proxy_ssl_header:
    _meta_key = _proxy_ssl_header.upper().replace("-", "_")
    SECURE_PROXY_SSL_HEADER = (_meta_key if _meta_key.startswith("HTTP_") else f"HTTP_{_meta_key}", "https")
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy (django-csp): scripts and styles only from our own files — no inline script,
# no style attribute, no eval; WebSockets to our own host ('self' covers ws/wss of the same origin).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
# Permissions-Policy (config/security_headers.py): browser features the site never uses, denied.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer", "autoplay", "camera", "display-capture", "encrypted-media", "geolocation", "gyroscope",
        "hid", "idle-detection", "magnetometer", "microphone", "midi", "payment", "picture-in-picture",
        "screen-wake-lock", "serial", "usb", "xr-spatial-tracking",
    )
}

# ---------------------------------------------------------------------------
# Letterpost
# ---------------------------------------------------------------------------
# Allowed correspondence time controls, in days per move.
DAYS_PER_MOVE_CHOICES = [1, 2, 3, 5, 7, 10, 14]
DEFAULT_DAYS_PER_MOVE = 3
# An unanswered challenge expires after this many days.
CHALLENGE_EXPIRY_DAYS = 7
# Games a player may have going at once (running, and challenges and seeks they are committed to); past
# it a new challenge, an acceptance or a seek is refused with TOO_MANY_GAMES (games/services/caps.py).
MAX_ACTIVE_GAMES = env.int("MAX_ACTIVE_GAMES", default=100)
# How often (seconds) each process re-reads a lexicon's version; an admin change is seen within this.
LEXICON_VERSION_TTL = env.float("LEXICON_VERSION_TTL", default=2.0)

LOG_LEVEL = env("LOG_LEVEL", default="INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Django's own loggers (a 403's "Forbidden" warning) reach this handler by propagation, which the
    # root's level does not filter: the handler's level does.
    "handlers": {"console": {"class": "logging.StreamHandler", "level": LOG_LEVEL}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}
