"""A player's notification settings as a form: a box per kind and channel, and the digest."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.notifications.models import Channel, Kind, NotificationPrefs


def _field(kind: str, channel: str) -> str:
    return f"{kind}__{channel}"


class PrefsForm(forms.Form):
    digest = forms.BooleanField(
        required=False,
        label=_("One digest mail a day instead of a mail for each event"),
    )

    def __init__(self, *args: Any, prefs: NotificationPrefs, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["digest"].initial = prefs.digest
        for kind in Kind:
            for channel in Channel:
                self.fields[_field(kind, channel)] = forms.BooleanField(
                    required=False,
                    initial=prefs.wants(kind, channel),
                    label=f"{kind.label}: {channel.label}",
                )

    def rows(self) -> list[dict[str, Any]]:
        """Per kind: its label and its bound field per channel (the table the page shows)."""
        return [
            {
                "label": kind.label,
                "fields": [self[_field(kind, channel)] for channel in Channel],
            }
            for kind in Kind
        ]

    def channels(self) -> dict[str, dict[str, bool]]:
        return {
            kind: {channel: self.cleaned_data[_field(kind, channel)] for channel in Channel}
            for kind in Kind
        }
