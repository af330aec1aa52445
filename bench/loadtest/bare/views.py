"""The bare HTTP side: a move that pushes a fixed fragment, a plain page, a health check."""

from __future__ import annotations

from channels.layers import get_channel_layer
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from bench.loadtest.bare.consumers import group_name

# About the size the site aims at for a typical push (10 KB or less).
_FILLER = "".join(
    f'<li class="log-line" data-n="{n}">Explorer {n % 4} pressed on into the temple.</li>'
    for n in range(65)
)


def fragment(version: int) -> str:
    """The pushed fragment of one version (~5 KB)."""
    return (
        f'<div id="match-live" data-version="{version}" hx-swap-oob="true">'
        f'<ol class="log">{_FILLER}</ol></div>'
    )


@csrf_exempt
async def move(request: HttpRequest, match_id: int) -> HttpResponse:
    """Push the fragment of the posted version to the match's group, answer with its marker."""
    try:
        version = int(request.POST.get("version", "0"))
    except ValueError:
        return HttpResponse("bad version", status=400)
    await get_channel_layer().group_send(
        group_name(match_id), {"type": "bare.push", "html": fragment(version)}
    )
    return HttpResponse(f'<div id="match-live" data-version="{version}"></div>')


def page(request: HttpRequest) -> HttpResponse:
    """A plain template page, the yardstick for the site's pages."""
    rows = [{"n": n, "name": f"Match {n}", "players": n % 4 + 2} for n in range(40)]
    return render(request, "bare/page.html", {"rows": rows})


def healthz(request: HttpRequest) -> HttpResponse:
    """Up."""
    return HttpResponse("ok")
