"""WebSocket URL routes for the whole site."""

from django.urls import path

from games.consumers import InboxConsumer

websocket_urlpatterns = [
    path("ws/inbox/", InboxConsumer.as_asgi()),
]
