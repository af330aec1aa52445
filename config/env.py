"""Small typed readers for settings taken from the environment.

Each one fails at start-up with a sentence naming the variable, so a bad deployment stops
before serving a single request instead of misbehaving later.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    """The variable as a stripped string, or the default when unset."""
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool = False) -> bool:
    """A yes/no variable: 1/true/yes/on or 0/false/no/off, case-insensitive."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false (got {raw!r}).")


def env_int(name: str, default: int) -> int:
    """A whole-number variable."""
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number (got {raw!r}).") from None


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    """A comma-separated variable as a list, empty items dropped."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


def secret_key(debug: bool, var_dir: Path) -> str:
    """SECRET_KEY from the environment; in development, one generated once under var/."""
    key = env_str("SECRET_KEY")
    if key:
        return key
    if not debug:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off (a long random string, kept secret)."
        )
    path = var_dir / "secret_key"
    if not path.exists():
        var_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


def database(default_sqlite: Path) -> dict:
    """The default database from DATABASE_URL, or a SQLite file under var/."""
    import dj_database_url

    url = env_str("DATABASE_URL")
    # SQLite serialises writers; wait for the lock instead of failing at once.
    sqlite_options = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    if not url:
        default_sqlite.parent.mkdir(parents=True, exist_ok=True)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(default_sqlite),
            "OPTIONS": sqlite_options,
        }
    try:
        config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    except Exception as exc:  # the library raises several kinds for bad URLs
        raise ImproperlyConfigured(f"DATABASE_URL is not a usable database URL: {exc}") from None
    if not config.get("ENGINE"):
        raise ImproperlyConfigured(f"DATABASE_URL has an unknown scheme: {url.split(':')[0]!r}.")
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**sqlite_options, **config.get("OPTIONS", {})}
        config["CONN_MAX_AGE"] = 0
    return config


def channel_layers() -> dict:
    """Redis pub/sub layer when REDIS_URL is set, the in-memory layer otherwise."""
    url = env_str("REDIS_URL")
    if not url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured("REDIS_URL must start with redis://, rediss:// or unix://.")
    return {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # Many sockets closing at once exhaust redis-py's default pool of 100 connections.
            "CONFIG": {
                "hosts": [
                    {"address": url, "max_connections": env_int("REDIS_MAX_CONNECTIONS", 1000)}
                ]
            },
        }
    }
