"""Sign up and settings; log in/out and passwords use Django's own views.

A player's public profile and history are records of their matches: `games.records`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import formats, timezone, translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language

from accounts import vacation as vacations
from accounts.forms import SettingsForm, SignUpForm, VacationForm
from accounts.language import offered
from games.play.services.play import clocks_changed
from games.tasks import queue_paused_deadlines


def _safe_next(request: HttpRequest) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign straight in."""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save(commit=False)
        # Mails and notices are written in the language the player signed up in.
        user.language = offered(translation.get_language()) or ""
        user.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to Expedition, %(name)s!") % {"name": user.username})
        return redirect(_safe_next(request) or "home")
    return render(request, "registration/signup.html", {"form": form, "next": _safe_next(request)})


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    """The header's and footer's language switcher: Django's set_language (the cookie, back
    to `next`), and for a signed-in player their setting too, which wins everywhere."""
    response = set_language(request)
    language = offered(request.POST.get("language"))
    if language and request.user.is_authenticated and request.user.language != language:
        request.user.language = language
        request.user.save(update_fields=["language"])
    return response


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest) -> HttpResponse:
    """Display name, email, time zone and language; and the vacation form."""
    form = SettingsForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your settings are saved."))
        return redirect("settings")
    return _settings(request, form=form)


def _settings(
    request: HttpRequest,
    *,
    form: SettingsForm | None = None,
    vacation_form: VacationForm | None = None,
    status: int = 200,
) -> HttpResponse:
    user = request.user
    days_left = vacations.days_left(user)
    context = {
        "form": form or SettingsForm(instance=user),
        "vacation_form": vacation_form or VacationForm(days_left=days_left),
        "vacation_days_left": days_left,
        "vacation_allowance": vacations.allowance(),
    }
    return render(request, "accounts/settings.html", context, status=status)


@login_required
@require_POST
def vacation(request: HttpRequest) -> HttpResponse:
    """Start a vacation of some days, or end the current one early (`end`)."""
    user = request.user
    if "end" in request.POST:
        if vacations.end(user) is not None:
            # The paused turns run out sooner now than the checks queued for them.
            transaction.on_commit(lambda: queue_paused_deadlines(user.pk), robust=True)
            clocks_changed(user.pk)
            messages.success(
                request, _("Welcome back: your clocks run again, and the days left are yours.")
            )
        return redirect("settings")
    form = VacationForm(request.POST, days_left=vacations.days_left(user))
    if form.is_valid():
        try:
            started = vacations.start(user, form.cleaned_data["days"])
        except vacations.VacationRefused as exc:
            form.add_error("days", exc.message)
        else:
            clocks_changed(user.pk)
            messages.success(
                request,
                _("You are on vacation until %(until)s.")
                % {
                    "until": formats.date_format(
                        timezone.localtime(started.ends), "SHORT_DATETIME_FORMAT"
                    )
                },
            )
            return redirect("settings")
    return _settings(request, vacation_form=form, status=422)
