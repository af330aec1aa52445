"""Forms for signing up and for a player's settings."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.models import User
from accounts.names import check_name, tidy

EMAIL_HELP = gettext_lazy(
    "For resetting a forgotten password, and the mail you choose to get (your turn, results)."
)


def _username_taken(username: str, exclude_pk: int | None = None) -> bool:
    others = User.objects.filter(username__iexact=username)
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    return others.exists()


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        label=gettext_lazy("Email"),
        required=False,
        help_text=EMAIL_HELP,
    )

    class Meta:
        model = User
        fields = ("username", "email")

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if _username_taken(username):
            raise forms.ValidationError(_("That username is already taken."), code="taken")
        # Nor may it read like a bot's name or like another player's display name.
        check_name(username)
        return username


class SettingsForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name", "email", "time_zone", "language")
        help_texts = {"email": EMAIL_HELP}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [
            ("", gettext_lazy("The browser's language")),
            *settings.LANGUAGES,
        ]
        # Zone names are proper names (IANA's, in English everywhere): not for translators.
        self.fields["time_zone"].widget.attrs["translate"] = "no"

    def clean_display_name(self) -> str:
        name = tidy(self.cleaned_data["display_name"])
        if name:
            check_name(name, exclude_pk=self.instance.pk)
        return name


class VacationForm(forms.Form):
    """How many days to go on vacation for, from now; no more than the year has left."""

    days = forms.IntegerField(
        label=gettext_lazy("Days"),
        min_value=1,
        help_text=gettext_lazy(
            "Your correspondence clocks stand still meanwhile; live matches run on."
        ),
    )

    def __init__(self, *args, days_left: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.days_left = days_left
        self.fields["days"].widget.attrs["max"] = days_left

    def clean_days(self) -> int:
        days = self.cleaned_data["days"]
        if days > self.days_left:
            raise forms.ValidationError(
                ngettext(
                    "You have %(left)d vacation day left this year.",
                    "You have %(left)d vacation days left this year.",
                    self.days_left,
                ),
                code="allowance",
                params={"left": self.days_left},
            )
        return days
