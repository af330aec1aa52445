"""Settings for the test suite: the real settings, run over plain HTTP without collectstatic."""

import os

# The suite needs no .env: a throwaway key before the real settings read the environment.
os.environ.setdefault("SECRET_KEY", "test-only-not-secret-" + "x" * 40)

from config.settings import *  # noqa: E402, F403

SECURE_SSL_REDIRECT = False
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# The WebSocket origin check reads this when config.asgi is imported, before Django's test
# setup adds "testserver", and the browser tests reach the live server on localhost.
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
# Connections opened in worker threads by async tests must not outlive them, or PostgreSQL
# refuses to drop the test database at the end.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
# Tasks run at once, inside `enqueue`: a bot turn is played before the move that led to it
# returns. Deadlines need a backend that can wait, so the tests call `tick` for them.
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
# Enough rollouts to tell choices apart, few enough for tests that run the analysis.
ANALYSIS_ROLLOUTS = 40
