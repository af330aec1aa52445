"""Django's ASGI handler with every request's synchronous code on one shared thread."""

from __future__ import annotations

from django.core.handlers.asgi import ASGIHandler


class SharedThreadASGIHandler(ASGIHandler):
    """Runs the synchronous middleware and views of every request on one thread, in turn.

    Django gives each request a thread of its own: under load dozens of threads share one
    interpreter lock, and the event loop that forwards socket frames waits behind them for it
    after every system call. One thread serves requests in the order they came."""

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        await self.handle(scope, receive, send)
