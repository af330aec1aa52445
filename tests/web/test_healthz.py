from __future__ import annotations

from unittest import mock


def test_it_reports_database_and_channel_layer(client, db):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "channel_layer": "ok"}


def test_it_reports_a_broken_database_as_503(client, db):
    with mock.patch("config.views.connection.cursor", side_effect=RuntimeError("down")):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "error: RuntimeError"


def test_it_reports_a_missing_channel_layer_as_503(client, db):
    with mock.patch("config.views.get_channel_layer", return_value=None):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["channel_layer"].startswith("error")
