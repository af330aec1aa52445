"""Every request's synchronous code runs on one shared thread, in turn."""

from __future__ import annotations

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.testing import HttpCommunicator
from django.core.signals import request_started

from config.handler import SharedThreadASGIHandler

pytestmark = pytest.mark.django_db(transaction=True)


async def test_concurrent_requests_run_their_sync_code_on_one_thread():
    threads: set[int] = set()

    def seen(**kwargs) -> None:
        threads.add(threading.get_ident())

    request_started.connect(seen)
    try:
        app = SharedThreadASGIHandler()
        answers = await asyncio.gather(
            *(
                HttpCommunicator(
                    app, "GET", "/healthz", headers=[(b"host", b"localhost")]
                ).get_response(timeout=10)
                for _ in range(6)
            )
        )
    finally:
        request_started.disconnect(seen)
    assert [a["status"] for a in answers] == [200] * 6
    assert len(threads) == 1
    # The thread the sockets' database calls use too.
    assert threads == {await sync_to_async(threading.get_ident)()}
    assert threads != {threading.get_ident()}


async def test_it_serves_only_http():
    with pytest.raises(ValueError, match="only handle ASGI/HTTP"):
        await SharedThreadASGIHandler()({"type": "websocket"}, None, None)


def test_the_site_serves_http_through_it():
    from config.asgi import django_asgi_app

    assert isinstance(django_asgi_app, SharedThreadASGIHandler)
