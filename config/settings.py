"""Django settings, read from the environment (see README.md for every variable)."""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from config.env import (
    caches,
    channel_layers,
    database,
    env_bool,
    env_int,
    env_list,
    env_str,
    secret_key,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("VAR_DIR") or BASE_DIR / "var")

DEBUG = env_bool("DEBUG", default=False)
SECRET_KEY = secret_key(DEBUG, VAR_DIR)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
for _origin in CSRF_TRUSTED_ORIGINS:
    if not _origin.startswith(("http://", "https://")):
        raise ImproperlyConfigured(
            "CSRF_TRUSTED_ORIGINS entries need a scheme, like https://example.com"
            f" (got {_origin!r})."
        )

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_tasks",
    "django_tasks_db",
    "django_htmx",
    "template_partials",
    "axes",
    "accounts",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserPreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks, so it sees the outcome of every login attempt.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "games.notifications.context.unread",
            ],
        },
    }
]

DATABASES = {"default": database(VAR_DIR / "db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
CHANNEL_LAYERS = channel_layers()
CACHES = caches()
# Set only for a process without the web server's sockets (the task worker on the embedded
# default): where it tells the web server that a match changed.
LIVE_RELAY_URL = env_str("LIVE_RELAY_URL")
# Abuse limits on sockets: a frame larger than this is refused and its socket closed; a player
# may hold this many open sockets (tabs) at once across every worker.
SOCKET_MAX_FRAME_BYTES = env_int("SOCKET_MAX_FRAME_BYTES", 64 * 1024)
SOCKETS_PER_USER = env_int("SOCKETS_PER_USER", 30)

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Login throttling: a username tried from one address is locked for a while after
# repeated failures, so guessing a password is slow without letting strangers lock
# someone out from everywhere.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["ip_address", "username"]]
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_IPWARE_PROXY_COUNT = env_int("PROXY_COUNT", 0)
AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]

# Match creation throttling per player, counted in the database so it holds across workers:
# at most this many new matches in the window, and this many open (not started) at once.
# 0 turns a limit off.
MATCHES_PER_WINDOW = env_int("MATCHES_PER_WINDOW", 20)
MATCH_WINDOW_MINUTES = env_int("MATCH_WINDOW_MINUTES", 10)
OPEN_MATCHES_PER_USER = env_int("OPEN_MATCHES_PER_USER", 5)

LANGUAGE_CODE = "en"
# Only languages whose catalogue is complete (tests/i18n holds them to it).
LANGUAGES = [("en", "English"), ("ja", "日本語")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Each language's date formats (Django's own for what these leave out).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=False)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Expedition <noreply@localhost>")
# Where links in mail point: the address players reach the site at.
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")

# Sessions are read on every request: from the cache, with the database behind it.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
if env_bool("BEHIND_PROXY", default=False):
    # Only trust X-Forwarded-Proto when a reverse proxy we control always sets it.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"daphne": {"level": "WARNING"}},
}

# Background work (bot turns, move deadlines) is queued in the database and run by
# `manage.py db_worker`, never by a thread of the web process.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
BOT_LIVE_DELAY = float(env_str("BOT_LIVE_DELAY", "0.9"))  # seconds a bot "thinks" when live
# Rollouts per decision in the post-game analysis (about 4 s of a worker for a 4-seat match).
ANALYSIS_ROLLOUTS = env_int("ANALYSIS_ROLLOUTS", 400)
BOT_MOVE_LIMIT = 2000  # moves per bot task or tick pass, so a faulty bot cannot spin forever
# Days a player may pause their correspondence clocks per calendar year.
VACATION_DAYS_PER_YEAR = env_int("VACATION_DAYS_PER_YEAR", 30)
