"""Shared fixtures: small factories for users and signed-in clients."""

from __future__ import annotations

import pytest

PASSWORD = "correct horse battery staple"


@pytest.fixture
def user_factory(db):
    from accounts.models import User

    def make(username: str = "ana", **fields) -> User:
        fields.setdefault("email", f"{username.lower()}@example.com")
        return User.objects.create_user(username=username, password=PASSWORD, **fields)

    return make


@pytest.fixture
def auth_client(client, user_factory):
    user = user_factory()
    client.force_login(user)
    client.user = user
    return client


def pytest_collection_modifyitems(config, items) -> None:
    # Everything under tests/browser drives Chromium: `make test` runs those on their own.
    for item in items:
        if "tests/browser/" in str(item.path).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
