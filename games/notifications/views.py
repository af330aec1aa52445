"""The notifications page, opening and marking them read, settings and unsubscribing."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from games.notifications.forms import PrefsForm
from games.notifications.mail import ALL_KINDS, read_unsubscribe_token, set_mail
from games.notifications.models import Kind, Notification
from games.notifications.service import mark_read, prefs_of
from games.notifications.text import describe, link

PER_PAGE = 30


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    notes = Notification.objects.filter(user=request.user, in_app=True)
    page = Paginator(notes, PER_PAGE).get_page(request.GET.get("page"))
    items = [{"note": n, "text": describe(n)} for n in page]
    return render(request, "notifications/list.html", {"page": page, "items": items})


@login_required
def open_notification(request: HttpRequest, note_id: int) -> HttpResponse:
    """Follow a notification: it is read, and the page it names opens."""
    note = Notification.objects.filter(pk=note_id, user=request.user).first()
    if note is None:
        raise Http404(_("No such notification."))
    mark_read(request.user.pk, ids=[note.pk])
    target = link(note)
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}):
        target = "/"
    return redirect(target)


@login_required
@require_POST
def read(request: HttpRequest) -> HttpResponse:
    """Mark one notification read (`id`), or all of them."""
    raw = request.POST.get("id")
    if raw is None:
        done = mark_read(request.user.pk)
        messages.info(
            request, _("All notifications are marked read.") if done else _("Nothing was unread.")
        )
    elif raw.isdigit():
        mark_read(request.user.pk, ids=[int(raw)])
    else:
        messages.error(request, _("That is not a notification."))
    if request.htmx:
        return HttpResponse(status=204)
    return redirect("notifications")


@login_required
def notification_settings(request: HttpRequest) -> HttpResponse:
    prefs = prefs_of(request.user.pk)
    if request.method == "POST":
        form = PrefsForm(request.POST, prefs=prefs)
        if form.is_valid():
            was_digest = prefs.digest
            prefs.channels = form.channels()
            prefs.digest = form.cleaned_data["digest"]
            if prefs.digest and not was_digest:
                prefs.last_digest = timezone.now()  # the first digest comes a day from now
            prefs.save()
            messages.success(request, _("Your notification settings are saved."))
            return redirect("notification_settings")
    else:
        form = PrefsForm(prefs=prefs)
    return render(
        request,
        "notifications/settings.html",
        {"form": form, "rows": form.rows(), "has_email": bool(request.user.email)},
    )


@csrf_exempt  # a mail program's one-click POST (RFC 8058) carries no CSRF token
def unsubscribe_view(request: HttpRequest, token: str) -> HttpResponse:
    """Following a mail's link stops that kind of mail at once; the page offers to undo it."""
    try:
        user_id, kind = read_unsubscribe_token(token)
    except signing.BadSignature:
        return render(request, "notifications/unsubscribed.html", {"bad": True}, status=400)
    if request.method == "POST" and request.POST.get("undo"):
        set_mail(user_id, kind, wanted=True)
        return render(request, "notifications/unsubscribed.html", {"undone": True, "token": token})
    set_mail(user_id, kind, wanted=False)
    label = _("every mail") if kind == ALL_KINDS else Kind(kind).label
    return render(request, "notifications/unsubscribed.html", {"label": label, "token": token})
