"""Settings of the bare baseline: Django, Channels and the site's channel layer, nothing else."""

from __future__ import annotations

import os
from pathlib import Path

from config.env import channel_layers

DEBUG = os.environ.get("DEBUG", "0") == "1"  # as the site's workers run
SECRET_KEY = "bare-baseline-not-secret-" + "x" * 40
ALLOWED_HOSTS = ["localhost", "127.0.0.1"]
INSTALLED_APPS = ["daphne", "channels"]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.common.CommonMiddleware",
]
ROOT_URLCONF = "bench.loadtest.bare.urls"
ASGI_APPLICATION = "bench.loadtest.bare.asgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [Path(__file__).resolve().parent / "templates"],
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    }
]
DATABASES: dict = {}
# The same layer the site would use here: in-memory for one worker, Redis pub/sub otherwise.
CHANNEL_LAYERS = channel_layers()
# Keeps our groups apart from any other program's on a shared Redis.
GROUP_PREFIX = os.environ.get("BARE_GROUP_PREFIX", "bare")
USE_TZ = True
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "root": {"level": os.environ.get("LOG_LEVEL", "WARNING")},
}
