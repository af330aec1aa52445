from __future__ import annotations


def test_it_logs_out_on_post(auth_client):
    response = auth_client.post("/logout/")
    assert response.status_code == 302
    assert "_auth_user_id" not in auth_client.session


def test_it_does_not_log_out_on_get(auth_client):
    response = auth_client.get("/logout/")
    assert response.status_code == 405
    assert "_auth_user_id" in auth_client.session
