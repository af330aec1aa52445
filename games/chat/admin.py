"""Staff's side of the chat: reported messages to look at, and taking a message down.

A message is never edited: staff hide it (every page leaves it out from then on) and mark its
reports resolved."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.chat.models import ChatMessage, ChatReport


def _match_link(match_id: int) -> str:
    return format_html('<a href="{}">#{}</a>', reverse("match", args=[match_id]), match_id)


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):
    list_display = (
        "message_text",
        "match_link",
        "author",
        "reporter",
        "reason",
        "created",
        "resolved",
    )
    list_filter = ("resolved", "created")
    search_fields = ("message__text", "reporter__username", "message__user__username")
    list_select_related = ("message__user", "reporter")
    readonly_fields = ("message_text", "match_link", "author", "reporter", "reason", "created")
    fields = (*readonly_fields, "resolved")
    actions = ("hide_messages", "mark_resolved")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    @admin.display(description=_("Message"))
    def message_text(self, report: ChatReport) -> str:
        hidden = " " + str(_("(hidden)")) if report.message.hidden else ""
        return f"{report.message.text}{hidden}"

    @admin.display(description=_("Match"))
    def match_link(self, report: ChatReport) -> str:
        return _match_link(report.message.match_id)

    @admin.display(description=_("Author"))
    def author(self, report: ChatReport) -> str:
        return report.message.user.username

    @admin.action(description=_("Hide the reported messages and resolve their reports"))
    def hide_messages(self, request: HttpRequest, reports: QuerySet[ChatReport]) -> None:
        ids = set(reports.values_list("message_id", flat=True))
        ChatMessage.objects.filter(pk__in=ids).update(hidden=True)
        ChatReport.objects.filter(message_id__in=ids).update(resolved=True)
        count = len(ids)
        self.message_user(
            request,
            ngettext("%(count)d message hidden.", "%(count)d messages hidden.", count)
            % {"count": count},
            messages.SUCCESS,
        )

    @admin.action(description=_("Mark resolved, leaving the messages up"))
    def mark_resolved(self, request: HttpRequest, reports: QuerySet[ChatReport]) -> None:
        reports.update(resolved=True)


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("text", "match_link", "user", "position", "created", "hidden")
    list_filter = ("hidden", "created")
    search_fields = ("text", "user__username", "=match__id")
    list_select_related = ("user",)
    readonly_fields = ("match_link", "user", "position", "text", "created", "hidden")
    fields = readonly_fields
    actions = ("hide", "show")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        # The list and its actions only: the text is never edited.
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    @admin.display(description=_("Match"))
    def match_link(self, message: ChatMessage) -> str:
        return _match_link(message.match_id)

    @admin.action(description=_("Hide the selected messages"))
    def hide(self, request: HttpRequest, found: QuerySet[ChatMessage]) -> None:
        found.update(hidden=True)

    @admin.action(description=_("Show the selected messages again"))
    def show(self, request: HttpRequest, found: QuerySet[ChatMessage]) -> None:
        found.update(hidden=False)
