"""A read-only admin for matches, their seats and their log, and ratings.

Matches change only through the services (the row lock, the version, the move log), so the
admin shows and never edits. Until a match is over it shows nothing a player may not see:
no seed, no cached state and no log (a choice not yet revealed is in it); after, it links the
log's replay and export."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from games.models import Match, MatchAction, PlayerRating, RatingChange, Seat

# Fields that would tell the deck order or a secret choice while the match is played.
SECRET_WHILE_PLAYED = ("seed", "snapshot", "snapshot_version", "invite_token")


class ReadOnly:
    """Shows everything it lists and lets no one add, change or delete."""

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class SeatInline(ReadOnly, admin.TabularInline):
    model = Seat
    fields = ("position", "user", "bot_level", "resigned", "timeouts", "to_move", "score", "place")
    readonly_fields = fields
    extra = 0


@admin.register(Match)
class MatchAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("__str__", "game", "status", "players", "pace", "rated", "private", "updated")
    list_filter = ("game", "status", "pace", "rated", "private")
    search_fields = ("=id", "seats__user__username")
    date_hierarchy = "created"
    ordering = ("-updated",)

    inlines = [SeatInline]

    def get_fields(self, request: HttpRequest, obj: Match | None = None) -> list[str]:
        fields = [f.name for f in Match._meta.concrete_fields if f.name != "id"]
        if obj is None or not obj.is_over:
            return [name for name in fields if name not in SECRET_WHILE_PLAYED]
        return [*fields, "log"]

    def get_readonly_fields(self, request: HttpRequest, obj: Match | None = None) -> list[str]:
        return self.get_fields(request, obj)

    @admin.display(description="Log")
    def log(self, obj: Match) -> str:
        # A long match has hundreds of entries: they are read in the replay and the export,
        # not laid out here.
        count = MatchAction.objects.filter(match=obj).count()
        return format_html(
            '{} actions · <a href="{}">replay</a> · <a href="{}">export (JSON)</a>',
            count,
            reverse("match_replay", args=[obj.pk]),
            reverse("match_export", args=[obj.pk]),
        )


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("__str__", "game", "display", "provisional")
    list_filter = ("game", "provisional")
    search_fields = ("user__username", "bot_level")


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("__str__", "match", "display_before", "display_after", "place")
    search_fields = ("seat__user__username", "=match__id")


# The chat's admin lives beside the chat; importing it registers it.
import games.chat.admin  # noqa: E402, F401
