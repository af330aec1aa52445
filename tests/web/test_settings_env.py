"""Settings read from the environment: each variable switches what it should, bad values stop."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config import env

ROOT = Path(__file__).resolve().parents[2]

PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'engine': settings.DATABASES['default']['ENGINE'], "
    "'name': str(settings.DATABASES['default']['NAME']), "
    "'conn_max_age': settings.DATABASES['default']['CONN_MAX_AGE'], "
    "'layer': settings.CHANNEL_LAYERS['default']['BACKEND'], "
    "'hosts': settings.CHANNEL_LAYERS['default'].get('CONFIG', {}).get('hosts'), "
    "'debug': settings.DEBUG, 'allowed': settings.ALLOWED_HOSTS}))"
)


def _settings_in_subprocess(tmp_path, **extra):
    environment = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "REDIS_URL", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"}
    }
    environment.update(DJANGO_SETTINGS_MODULE="config.settings", VAR_DIR=str(tmp_path), **extra)
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result


def test_it_defaults_to_sqlite_under_var_and_the_in_memory_layer(tmp_path):
    result = _settings_in_subprocess(tmp_path, DEBUG="1")
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found["engine"] == "django.db.backends.sqlite3"
    assert found["name"] == str(tmp_path / "db.sqlite3")
    assert found["layer"] == "config.layers.SweepingInMemoryChannelLayer"
    # The development key is generated once and kept.
    key_file = tmp_path / "secret_key"
    assert key_file.exists()
    first = key_file.read_text()
    _settings_in_subprocess(tmp_path, DEBUG="1")
    assert key_file.read_text() == first


def test_database_url_and_redis_url_switch_to_postgres_and_redis(tmp_path):
    result = _settings_in_subprocess(
        tmp_path,
        SECRET_KEY="k" * 50,
        ALLOWED_HOSTS="play.example.com",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/expedition",
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found["engine"] == "django.db.backends.postgresql"
    assert found["name"] == "expedition"
    # Under ASGI a kept connection would stay with every worker thread that ever used one.
    assert found["conn_max_age"] == 0
    assert found["layer"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert found["hosts"][0]["address"] == "redis://127.0.0.1:6379/0"
    assert found["hosts"][0]["max_connections"] > 100
    assert found["debug"] is False
    assert found["allowed"] == ["play.example.com"]


def test_production_without_a_secret_key_fails_with_a_clear_message(tmp_path):
    result = _settings_in_subprocess(tmp_path, DEBUG="false")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("DEBUG", "maybe", "DEBUG must be true or false"),
        ("REDIS_URL", "localhost:6379", "REDIS_URL must start with redis://"),
        ("DATABASE_URL", "nosuchdb://x", "DATABASE_URL"),
        ("CSRF_TRUSTED_ORIGINS", "example.com", "need a scheme"),
        ("EMAIL_PORT", "twenty-five", "EMAIL_PORT must be a whole number"),
        ("MATCHES_PER_WINDOW", "lots", "MATCHES_PER_WINDOW must be a whole number"),
    ],
)
def test_bad_values_fail_at_start(tmp_path, name, value, message):
    result = _settings_in_subprocess(tmp_path, SECRET_KEY="k" * 50, **{name: value})
    assert result.returncode != 0
    assert message in result.stderr


def test_env_helpers_parse_lists_and_booleans(monkeypatch):
    monkeypatch.setenv("SOME_LIST", " a.example, ,b.example ")
    monkeypatch.setenv("SOME_FLAG", "Yes")
    assert env.env_list("SOME_LIST") == ["a.example", "b.example"]
    assert env.env_bool("SOME_FLAG") is True
    monkeypatch.setenv("SOME_FLAG", "nah")
    with pytest.raises(ImproperlyConfigured):
        env.env_bool("SOME_FLAG")


def test_a_sqlite_database_url_waits_for_the_write_lock_like_the_default(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'other.sqlite3'}")
    config = env.database(tmp_path / "unused.sqlite3")
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["OPTIONS"]["timeout"] == 20
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]
    monkeypatch.delenv("DATABASE_URL")
    assert env.database(tmp_path / "db.sqlite3")["OPTIONS"] == config["OPTIONS"]


def test_postgresql_gets_a_bounded_pool_per_process_and_no_kept_connections(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/expedition")
    monkeypatch.delenv("DATABASE_POOL_SIZE", raising=False)
    config = env.database(tmp_path / "unused.sqlite3")
    assert config["CONN_MAX_AGE"] == 0
    assert config["OPTIONS"]["pool"] == {
        "min_size": 1,
        "max_size": 4,
        "max_idle": 60,
        "timeout": 10,
    }
    monkeypatch.setenv("DATABASE_POOL_SIZE", "12")
    assert env.database(tmp_path / "unused.sqlite3")["OPTIONS"]["pool"]["max_size"] == 12
    # Behind an outside pooler: plain connections, one per request.
    monkeypatch.setenv("DATABASE_POOL_SIZE", "0")
    config = env.database(tmp_path / "unused.sqlite3")
    assert "pool" not in config.get("OPTIONS", {})
    assert config["CONN_MAX_AGE"] == 0
    monkeypatch.setenv("DATABASE_POOL_SIZE", "-1")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_POOL_SIZE must be 0 or more"):
        env.database(tmp_path / "unused.sqlite3")
