"""Forms for signing up and for a player's settings."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from accounts.models import User


def _username_taken(username: str, exclude_pk: int | None = None) -> bool:
    others = User.objects.filter(username__iexact=username)
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    return others.exists()


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        required=False,
        help_text="Only used to reset a forgotten password.",
    )

    class Meta:
        model = User
        fields = ("username", "email")

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if _username_taken(username):
            raise forms.ValidationError("That username is already taken.", code="taken")
        return username


class SettingsForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name", "email", "time_zone", "language")
        help_texts = {"email": "Used only to reset a forgotten password."}

    def clean_display_name(self) -> str:
        name = self.cleaned_data["display_name"].strip()
        if name and _username_taken(name, exclude_pk=self.instance.pk):
            raise forms.ValidationError(
                "That is another player's username; pick a name nobody could mistake.",
                code="taken",
            )
        return name
