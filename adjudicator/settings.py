"""Settings for the Rules Adjudicator, read from the environment.

Production-safe defaults: DEBUG is off unless ``DJANGO_DEBUG=1``; the secret key comes from
``DJANGO_SECRET_KEY`` or, failing that, a random key generated once into ``var/secret_key``.
``DATABASE_URL`` selects the database (SQLite in ``var/`` by default, PostgreSQL with
``postgres://...``).
"""

import os
from pathlib import Path

import dj_database_url
from django.core.management.utils import get_random_secret_key
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("ADJUDICATOR_VAR_DIR", BASE_DIR / "var"))


def env_flag(name: str, default: bool = False) -> bool:
    """Read a boolean environment variable ("1", "true", "yes", "on" are true)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DJANGO_DEBUG")


def load_or_create_secret_key(path: Path) -> str:
    """A random key kept in ``var/`` so an install without DJANGO_SECRET_KEY is still safe."""
    if path.exists():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = get_random_secret_key()
    path.write_text(key)
    path.chmod(0o600)
    return key


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or load_or_create_secret_key(
    VAR_DIR / "secret_key"
)
if env_flag("DJANGO_REQUIRE_SECRET_KEY") and not os.environ.get("DJANGO_SECRET_KEY"):
    # `make serve` sets this: a production server never runs on a key generated on the fly.
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set (make serve, docs/deploy.md).")

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",")
    if origin.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "corsheaders",
    "rules_corpus",
    "cards_db",
    "adjudicator.web",
    "adjudicator.web.wotr",
    "adjudicator.web.wotr_moves",
    "adjudicator.web.mordor",
    "adjudicator.web.wojna",
    "adjudicator.web.links",
    "adjudicator.web.offline",
    "adjudicator.web.offline_odds",
]

MIDDLEWARE = [
    "adjudicator.health.HealthCheckMiddleware",  # first: no host check, no https redirect
    "adjudicator.throttling.ClientLimitsMiddleware",
    "adjudicator.budget.CpuBudgetMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and API answers gzipped (static files come pre-compressed from whitenoise, above);
    # Django's GZip at level 4, padding each answer at random against BREACH (docs/deploy.md).
    "adjudicator.compression.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "adjudicator.request_limits.BodyLimitMiddleware",
    "adjudicator.errors.ApiPathsMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.http.ConditionalGetMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
]

ROOT_URLCONF = "adjudicator.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]
# Forms' labels and inputs written in Python, the same bytes as Django's templates (issue 29).
FORM_RENDERER = "adjudicator.web.form_rendering.QuickRenderer"

WSGI_APPLICATION = "adjudicator.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "60")),
        # A kept connection is checked before a request reuses it: after a database restart
        # the first request opens a new one instead of failing (docs/deploy.md, Faults).
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent saves queue instead of failing with "database is locked": WAL lets readers
    # run beside the writer, IMMEDIATE takes the write lock at BEGIN (no deadlocking upgrade),
    # and a writer waits up to SQLITE_BUSY_TIMEOUT seconds for its turn.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": float(os.environ.get("SQLITE_BUSY_TIMEOUT", "20")),
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Interface languages: Russian by default, English and Polish selectable.
LANGUAGE_CODE = "ru"
LANGUAGES = [("ru", _("Russian")), ("en", _("English")), ("pl", _("Polish"))]
LANGUAGE_COOKIE_NAME = "adjudicator_language"
# The site's own catalogue, then the engines' messages (adjudicator/games/<game>/locale);
# each app's locale/ is found by Django itself.
LOCALE_PATHS = [
    BASE_DIR / "locale",
    *sorted((BASE_DIR / "adjudicator" / "games").glob("*/locale")),
]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if env_flag("DJANGO_HASHED_STATIC")
        else "whitenoise.storage.CompressedStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# The whoosh index over rulebook sections (and, later, cards).
SEARCH_INDEX_DIR = Path(os.environ.get("SEARCH_INDEX_DIR", VAR_DIR / "search_index"))

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "adjudicator.api.Pagination",
    "PAGE_SIZE": 20,
    "DEFAULT_FILTER_BACKENDS": ["adjudicator.api.FilterBackend"],
    "EXCEPTION_HANDLER": "adjudicator.api.exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    # Anyone may call every operation; a query parameter it does not define is a 400.
    "DEFAULT_PERMISSION_CLASSES": ["adjudicator.strict_query.KnownQueryParameters"],
    # Per client (IP), counted in the shared cache: anyone's requests, and saves apart
    # (adjudicator/throttling.py, docs/api.md).
    "DEFAULT_THROTTLE_CLASSES": ["adjudicator.throttling.ClientRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("API_THROTTLE_RATE", "1200/min"),
        "deck_save": os.environ.get("API_SAVE_THROTTLE_RATE", "60/hour"),
        # Sign-in attempts at /admin/login/ per client, shared (adjudicator/admin_login.py).
        "admin_login": os.environ.get("ADMIN_LOGIN_THROTTLE_RATE", "10/hour"),
    },
    "NUM_PROXIES": int(os.environ.get("DJANGO_NUM_PROXIES", "0")),
    # JSON in, JSON out: one request content type per operation (docs/api.md), read with a
    # depth limit (adjudicator/parsers.py).
    "DEFAULT_PARSER_CLASSES": ["adjudicator.parsers.BoundedJSONParser"],
}
if DEBUG:
    REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"].append(
        "rest_framework.renderers.BrowsableAPIRenderer"
    )

# Browser clients on other origins may call the API (docs/api.md): a comma-separated list.
CORS_ALLOWED_ORIGINS = [
    origin for origin in os.environ.get("DJANGO_CORS_ALLOWED_ORIGINS", "").split(",") if origin
]
CORS_URLS_REGEX = r"^/api/.*$"
CORS_EXPOSE_HEADERS = ["ETag", "Retry-After", "RateLimit-Limit", "RateLimit-Remaining",
                        "RateLimit-Reset", "RateLimit-Policy"]  # fmt: skip

SPECTACULAR_SETTINGS = {
    "TITLE": "Rules Adjudicator API",
    "DESCRIPTION": (
        "Search the Tolkien games' rulebooks, check moves, compute exact odds and validate "
        "decks. Every answer cites the rulebook sections it rests on."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    # No deep-link anchors inside the operations' summary buttons: a link in a button is a
    # nested interactive control that screen readers cannot reach (axe: nested-interactive).
    "SWAGGER_UI_SETTINGS": {"deepLinking": False},
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Paths are documented under the version they belong to (docs/api.md): a generated client
    # given the site's address pins version 1; /api/ serves the same views.
    "DEFAULT_GENERATOR_CLASS": "adjudicator.api_schema.EnglishSchemaGenerator",
    "SCHEMA_PATH_PREFIX": "/api",
    "SCHEMA_PATH_PREFIX_TRIM": True,
    "SERVERS": [{"url": "/api/v1", "description": "Version 1 (the same views answer at /api/)"}],
    # ASCII tag names (generated modules are named by them); the display names are here.
    "TAGS": [
        {"name": "rulebooks", "description": "The parsed rulebooks and their sections."},
        {"name": "sections", "description": "Rulebook sections by rulebook and anchor."},
        {"name": "search", "description": "Search the rulebooks and the cards."},
        {"name": "cards", "description": "The Lord of the Rings TCG cards."},
        {"name": "decks", "description": "Decks: validate, save, share, draw odds."},
        {"name": "tcg", "description": "The Lord of the Rings TCG calculators."},
        {"name": "wotr", "description": "War of the Ring: odds, hunt, victory and moves."},
        {"name": "mordor", "description": "Journey to Mordor."},
        {"name": "wojna", "description": "Wojna o Pierścień (the Polish War of the Ring)."},
    ],
    # Choice sets that share a field name across apps get names of their own.
    "ENUM_NAME_OVERRIDES": {
        "WotrBattlePlanGoalEnum": "adjudicator.games.wotr.battle_plan.GOALS",
        "WotrCasualtyAdviceEnum": "adjudicator.games.wotr.battle_plan.ADVICE",
        "CasualtyPolicyEnum": "adjudicator.games.wotr.battle.CASUALTY_POLICIES",
        "MordorDieFaceEnum": "adjudicator.web.mordor.serializers.FACES",
        "MordorTrackSquareEnum": "adjudicator.web.mordor.serializers.SQUARES",
    },
    "PREPROCESSING_HOOKS": ["adjudicator.api_schema.without_version_alias"],
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "adjudicator.api_schema.document_errors",
        "adjudicator.api_schema.closed_request_bodies",
        "adjudicator.api_schema.inline_request_bodies",
        "adjudicator.api_schema.empty_means_absent",
        "adjudicator.api_schema.no_empty_security",
    ],
}

# Pure API answers (same request, same answer: battle odds, search) are kept this long in the
# cache; 0 turns the answer cache off.
API_ANSWER_CACHE_SECONDS = int(os.environ.get("API_ANSWER_CACHE_SECONDS", "600"))
# One cache for every worker and machine (rate limits, adjudicator/throttling.py):
# Redis with REDIS_URL, else a table in the database (`createcachetable`, make data).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["REDIS_URL"],
    }
    if os.environ.get("REDIS_URL")
    else {
        "BACKEND": "adjudicator.cache.DatabaseCache",
        "LOCATION": "adjudicator_cache",
        "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("CACHE_MAX_ENTRIES", "5000"))},
    },
    # Pure answers (API_ANSWER_CACHE_SECONDS): in Redis with REDIS_URL, else in each worker's
    # memory; never the database table, whose write per new question cost more than most
    # answers take to compute (issue 29: a fifth of a hunt's CPU, and SQLite's one write lock).
    "answers": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["REDIS_URL"],
        "KEY_PREFIX": "answers",
    }
    if os.environ.get("REDIS_URL")
    else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "answers",
        "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("CACHE_MAX_ENTRIES", "5000"))},
    },
}
# Rendered page fragments that change only with the language and the data they are keyed by
# (the card list's tiles): each worker keeps its own, a read without a query (issue 29).
CACHES["fragments"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "OPTIONS": {"MAX_ENTRIES": 500},
}

# The CPU time one request may use (adjudicator/budget.py); 0 turns the budget off.
REQUEST_CPU_SECONDS = float(os.environ.get("REQUEST_CPU_SECONDS", "2"))
# The data segment (heap) each gunicorn worker may grow to, in MiB (adjudicator/budget.py): a
# request past it is answered 422 and its worker recycled; 0 turns the limit off. A warm
# worker starts at ~560 MiB (most shared with the master); its kept tables may add ~640
# (docs/deploy.md, bench/worker_memory.py).
WORKER_MEMORY_MB = int(os.environ.get("WORKER_MEMORY_MB", "1536"))
# The CPU seconds one client's requests may use per period, pages and API (throttling.py).
CPU_THROTTLE_RATE = os.environ.get("CPU_THROTTLE_RATE", "20/min")

# Saved decks not changed for this many days are deleted by `manage.py expire_decks`.
DECK_RETENTION_DAYS = int(os.environ.get("DECK_RETENTION_DAYS", "365"))
# Stored links (a position, a deck list, a move) are deleted this long after they were stored.
LINK_RETENTION_DAYS = int(os.environ.get("LINK_RETENTION_DAYS", "365"))

# A request body larger than this is refused with 413 (bytes).
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("DJANGO_MAX_BODY_BYTES", str(256 * 1024)))

# Content-Security-Policy: scripts and styles from this site only (no inline script).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Behind a TLS-terminating proxy (docs/deploy.md): trust its X-Forwarded-Proto header.
if env_flag("DJANGO_BEHIND_TLS_PROXY"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("DJANGO_HSTS_INCLUDE_SUBDOMAINS")
SECURE_HSTS_PRELOAD = env_flag("DJANGO_HSTS_PRELOAD")

if not DEBUG:
    SESSION_COOKIE_HTTPONLY = True
    CSRF_COOKIE_HTTPONLY = False
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT")
    SESSION_COOKIE_SECURE = SECURE_SSL_REDIRECT
    CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT
    LANGUAGE_COOKIE_SECURE = SECURE_SSL_REDIRECT
# Every cookie the site sets (session, CSRF, messages, language) is SameSite=Lax; the
# language cookie is read by the server only.
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}
