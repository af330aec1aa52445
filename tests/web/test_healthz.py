from __future__ import annotations

from unittest import mock


def test_it_reports_database_and_channel_layer(client, db):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "channel_layer": "ok"}


def test_it_reports_a_broken_database_as_503(client, db):
    # On the class: the check runs on a thread of its own, with that thread's connection.
    broken = mock.patch(
        "django.db.backends.base.base.BaseDatabaseWrapper.cursor", side_effect=RuntimeError("down")
    )
    with broken:
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "error: RuntimeError"


def test_it_reports_a_missing_channel_layer_as_503(client, db):
    with mock.patch("config.views.get_channel_layer", return_value=None):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["channel_layer"].startswith("error")


def test_a_layer_that_never_answers_is_reported_within_the_time_limit(client, db, monkeypatch):
    import asyncio

    from config import views

    async def hang() -> str:
        await asyncio.sleep(60)
        return "ok"

    monkeypatch.setattr(views, "_layer_round_trip", hang)
    monkeypatch.setattr(views, "HEALTH_SECONDS", 0.2)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["channel_layer"] == "error: TimeoutError"
