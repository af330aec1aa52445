"""WebSocket URL routes for the whole site."""

from django.urls import path

from games.play.consumers import InboxConsumer, MatchConsumer

websocket_urlpatterns = [
    path("ws/inbox/", InboxConsumer.as_asgi()),
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
]
