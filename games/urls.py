from django.urls import path

import config.converters  # noqa: F401  (registers the "username" and "token" converters)
from games.chat import views as chat_views
from games.help import views as help_views
from games.notifications import views as notification_views
from games.play import offer_views, views
from games.play.live import relay
from games.records import player_views, replay_views, stats_views

urlpatterns = [
    path("rules/", help_views.rules_index, name="rules_index"),
    path("rules/<str:game>/", help_views.rules, name="rules"),
    path("play/", views.play, name="play"),
    path("leaderboards/", player_views.leaderboards, name="leaderboards"),
    path("matches/new/", views.new_match, name="new_match"),
    path("matches/next/", views.next_match, name="next_match"),
    path("matches/<int:match_id>/", views.match_page, name="match"),
    path("matches/<int:match_id>/live/", views.match_live, name="match_live"),
    path("matches/<int:match_id>/join/", views.join, name="match_join"),
    path("matches/<int:match_id>/leave/", views.leave, name="match_leave"),
    path("matches/<int:match_id>/bots/", views.add_bot, name="match_add_bot"),
    path(
        "matches/<int:match_id>/bots/<int:position>/remove/",
        views.remove_bot,
        name="match_remove_bot",
    ),
    path("matches/<int:match_id>/start/", views.start, name="match_start"),
    path("matches/<int:match_id>/act/", views.act, name="match_act"),
    path("matches/<int:match_id>/resign/", views.resign, name="match_resign"),
    path("matches/<int:match_id>/chat/", chat_views.chat, name="match_chat"),
    path(
        "matches/<int:match_id>/chat/<int:message_id>/report/",
        chat_views.report_message,
        name="chat_report",
    ),
    path(
        "matches/<int:match_id>/chat/mute/<int:user_id>/",
        chat_views.mute,
        name="chat_mute",
    ),
    path("invite/<token:token>/", views.match_invite, name="match_invite"),
    path("matches/<int:match_id>/invite/", offer_views.invite, name="match_invite_player"),
    path("matches/<int:match_id>/cancel/", offer_views.cancel, name="match_cancel"),
    path("matches/<int:match_id>/rematch/", offer_views.offer_rematch, name="match_rematch"),
    path(
        "matches/<int:match_id>/rematch/news/",
        offer_views.rematch_news,
        name="match_rematch_news",
    ),
    path(
        "invitations/<int:invitation_id>/accept/",
        offer_views.accept_invitation,
        name="invitation_accept",
    ),
    path(
        "invitations/<int:invitation_id>/decline/",
        offer_views.decline_invitation,
        name="invitation_decline",
    ),
    path("rematches/<int:offer_id>/accept/", offer_views.accept_rematch, name="rematch_accept"),
    path("rematches/<int:offer_id>/decline/", offer_views.decline_rematch, name="rematch_decline"),
    path("matches/<int:match_id>/replay/", replay_views.replay, name="match_replay"),
    path(
        "matches/<int:match_id>/replay/analysis/",
        replay_views.replay_analysis,
        name="match_analysis",
    ),
    path("matches/<int:match_id>/export.json", replay_views.export_match, name="match_export"),
    path("u/<username:username>/", player_views.profile, name="profile"),
    path("u/<username:username>/history/", player_views.history, name="history"),
    path(
        "u/<username:username>/matches.ndjson",
        replay_views.export_user_matches,
        name="user_matches_export",
    ),
    path("stats/<str:game>/", stats_views.game_stats, name="game_stats"),
    path("internal/live/", relay.relay, name="live_relay"),
    path("notifications/", notification_views.notification_list, name="notifications"),
    path(
        "notifications/<int:note_id>/open/",
        notification_views.open_notification,
        name="notification_open",
    ),
    path("notifications/read/", notification_views.read, name="notifications_read"),
    path(
        "notifications/settings/",
        notification_views.notification_settings,
        name="notification_settings",
    ),
    path(
        "notifications/unsubscribe/<str:token>/",
        notification_views.unsubscribe_view,
        name="notifications_unsubscribe",
    ),
]
