"""Shared fixtures: small factories for users, signed-in clients and matches."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.helpers import PASSWORD

if TYPE_CHECKING:
    from games.models import Match


@pytest.fixture(autouse=True)
def _fresh_cache():
    # Rendered fragments are cached by match: a test never sees another test's pages.
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _english_to_begin_with():
    # A Japanese request or render leaves Japanese active in its thread: each test starts in
    # the site's default language, whatever ran before it.
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _shared_thread_closes_its_connections():
    # Requests and sockets make their database calls on asgiref's one shared thread; a
    # connection it still holds after a test would outlive the test database on PostgreSQL.
    yield
    from asgiref.sync import SyncToAsync
    from django.db import connections

    SyncToAsync.single_thread_executor.submit(connections.close_all).result(timeout=10)


@pytest.fixture
def user_factory(db):
    from accounts.models import User

    def make(username: str = "ana", **fields) -> User:
        fields.setdefault("email", f"{username.lower()}@example.com")
        return User.objects.create_user(username=username, password=PASSWORD, **fields)

    return make


@pytest.fixture
def queued_tasks(settings):
    """Tasks are queued and never run, as with no worker: the backend keeps them to look at."""
    from django_tasks import task_backends

    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    backend = task_backends["default"]
    backend.clear()
    return backend


@pytest.fixture
def auth_client(client, user_factory):
    user = user_factory()
    client.force_login(user)
    client.user = user
    return client


@pytest.fixture
def ig_match(user_factory):
    """An Incan Gold match for three people: ana (host), bo and cy, started."""
    from games.play.services.lobby import MatchSpec, create_match, join_match

    def make(bots: tuple[str, ...] = (), players: int = 3, **options) -> Match:
        ana = user_factory("ana")
        match = create_match(
            ana, MatchSpec(game="incan-gold", players=players, bots=bots, options=options)
        )
        for name in ("bo", "cy", "di", "ed", "flo", "gus")[: players - 1 - len(bots)]:
            join_match(match.pk, user_factory(name))
        match.refresh_from_db()
        return match

    return make


def pytest_collection_modifyitems(config, items) -> None:
    # Everything under tests/browser drives Chromium: `make test` runs those on their own.
    for item in items:
        if "tests/browser/" in str(item.path).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
