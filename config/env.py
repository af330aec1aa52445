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
    # Write-ahead logging: readers never wait for the writer, and a commit is an append, not a
    # rewrite of the journal synced twice (a move, its task rows and the worker's polling all
    # write to the one file).
    sqlite_options = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    if not url:
        default_sqlite.parent.mkdir(parents=True, exist_ok=True)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(default_sqlite),
            "OPTIONS": sqlite_options,
        }
    try:
        # No connection kept per thread: with a thread per request (Django's own ASGI handler,
        # before `config.handler`), two workers keeping theirs for 60 s held 100 after a burst
        # of 150 requests; the pool below caps what a process holds whatever its threads.
        config = dj_database_url.parse(url, conn_max_age=0)
    except Exception as exc:  # the library raises several kinds for bad URLs
        raise ImproperlyConfigured(f"DATABASE_URL is not a usable database URL: {exc}") from None
    if not config.get("ENGINE"):
        raise ImproperlyConfigured(f"DATABASE_URL has an unknown scheme: {url.split(':')[0]!r}.")
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**sqlite_options, **config.get("OPTIONS", {})}
        config["CONN_MAX_AGE"] = 0
    if config["ENGINE"] == "django.db.backends.postgresql":
        pool = database_pool()
        if pool:
            config["OPTIONS"] = {**config.get("OPTIONS", {}), "pool": pool}
    return config


def database_pool() -> dict | None:
    """psycopg's pool for one process, sized by DATABASE_POOL_SIZE (0: no pool)."""
    size = env_int("DATABASE_POOL_SIZE", 4)
    if size < 0:
        raise ImproperlyConfigured(f"DATABASE_POOL_SIZE must be 0 or more (got {size}).")
    if size == 0:
        # Behind a pooler such as PgBouncer: one connection per request, closed at its end.
        return None
    # Without a cap, a connection per request in flight: a burst of 150 over two workers
    # opened more than PostgreSQL's 100 and a quarter of the requests failed. With it, a
    # request waits for a free connection (up to `timeout` seconds), and the connections
    # opened for a burst close after a minute idle.
    return {"min_size": 1, "max_size": size, "max_idle": 60, "timeout": 10}


def channel_layers() -> dict:
    """Redis pub/sub layer when REDIS_URL is set, the in-memory layer otherwise."""
    url = env_str("REDIS_URL")
    if not url:
        return {"default": {"BACKEND": "config.layers.SweepingInMemoryChannelLayer"}}
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


def caches() -> dict:
    """Redis when REDIS_URL is set (shared by every worker), process memory otherwise.

    It holds the live fragments rendered once per viewer for every socket and refetch."""
    url = env_str("REDIS_URL")
    if not url:
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "OPTIONS": {"MAX_ENTRIES": env_int("CACHE_MAX_ENTRIES", 20000)},
            }
        }
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "expedition",
        }
    }
