"""The chat panel beside the board, its forms without JavaScript (and with htmx), muting,
reporting, and the chat in the replay."""

from __future__ import annotations

import pytest
from django.test import Client

from games.chat.models import ChatMessage, ChatMute, ChatReport
from games.chat.service import post_message
from games.notifications.models import Kind, Notification
from games.play.services.lobby import MatchSpec, create_match, join_match
from tests.helpers import fresh, play_to_end, users

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def rated(ig_match):
    match = ig_match()
    return match, users(match)


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _page(client: Client, match) -> str:
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_panel_is_beside_the_board_with_a_form_for_players(rated):
    match, people = rated
    post_message(match, people["bo"], "hello there")
    page = _page(_client(people["ana"]), match)
    assert 'id="chat-panel"' in page and 'id="chat-form"' in page
    assert 'name="text"' in page and 'maxlength="500"' in page
    # Outside the live part: a board refetch or push never wipes it.
    assert page.index('id="chat-panel"') > page.index('id="match-live"')
    assert "hello there" in page and "seat-colour-1" in page
    assert f'data-me="{people["ana"].pk}"' in page


def test_a_message_is_sent_by_a_plain_form_without_javascript(rated):
    match, people = rated
    client = _client(people["ana"])
    response = client.post(f"/matches/{match.pk}/chat/", {"text": "plain and simple"})
    assert response.status_code == 302
    assert response["Location"] == f"/matches/{match.pk}/#chat-panel"
    assert list(ChatMessage.objects.values_list("text", "position")) == [("plain and simple", 0)]
    assert "plain and simple" in _page(client, match)
    assert fresh(match).version == match.version


def test_a_refused_plain_form_says_why_on_the_page(rated):
    match, people = rated
    client = _client(people["ana"])
    response = client.post(f"/matches/{match.pk}/chat/", {"text": "y" * 501}, follow=True)
    assert "at most 500 characters" in response.content.decode()
    assert not ChatMessage.objects.exists()


def test_htmx_gets_the_form_back_emptied_or_with_the_error_and_the_text(rated):
    match, people = rated
    client = _client(people["ana"])
    ok = client.post(f"/matches/{match.pk}/chat/", {"text": "via htmx"}, **HTMX).content.decode()
    assert ok.lstrip().startswith('<form class="chat-form" id="chat-form"')
    assert 'value=""' in ok
    refused = client.post(f"/matches/{match.pk}/chat/", {"text": "z" * 501}, **HTMX)
    body = refused.content.decode()
    assert "at most 500 characters" in body and "z" * 501 in body
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["via htmx"]


def test_html_in_a_message_is_escaped_on_the_page(rated):
    match, people = rated
    post_message(match, people["bo"], '<img src=x onerror="alert(1)"> & <b>bold</b>')
    page = _page(_client(people["ana"]), match)
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in page
    assert "<img src=x" not in page and "<b>bold</b>" not in page


def test_a_spectator_of_a_rated_match_reads_but_may_not_write(rated, user_factory):
    match, people = rated
    post_message(match, people["ana"], "players only")
    eve = user_factory("eve")
    client = _client(eve)
    page = _page(client, match)
    assert "players only" in page
    assert 'id="chat-text"' not in page and "do not write" in page
    client.post(f"/matches/{match.pk}/chat/", {"text": "let me in"})
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["players only"]
    guest = Client().get(f"/matches/{match.pk}/").content.decode()
    assert "players only" in guest and "Log in to chat" in guest
    assert Client().post(f"/matches/{match.pk}/chat/", {"text": "hi"}).status_code == 302
    assert ChatMessage.objects.count() == 1


def test_a_spectator_of_an_unrated_match_may_write(user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3, rated=False))
    join_match(match.pk, user_factory("bo"))
    join_match(match.pk, user_factory("cy"))
    client = _client(user_factory("eve"))
    assert 'id="chat-text"' in _page(client, match)
    client.post(f"/matches/{match.pk}/chat/", {"text": "go bo"})
    assert list(ChatMessage.objects.values_list("text", "position")) == [("go bo", None)]


def test_a_private_match_chat_is_not_found_for_strangers(user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3, private=True))
    client = _client(user_factory("eve"))
    assert client.post(f"/matches/{match.pk}/chat/", {"text": "hi"}).status_code == 404
    assert client.get(f"/matches/{match.pk}/chat/").status_code == 404
    assert not ChatMessage.objects.exists()


def test_mute_hides_the_authors_messages_for_the_muter_only(rated):
    match, people = rated
    ana, bo = people["ana"], people["bo"]
    post_message(match, bo, "noise from bo")
    post_message(match, people["cy"], "words from cy")
    client = _client(ana)
    response = client.post(f"/matches/{match.pk}/chat/mute/{bo.pk}/", {"mute": "1"})
    assert response.status_code == 302
    assert ChatMute.objects.filter(user=ana, muted=bo).exists()
    page = _page(client, match)
    assert "noise from bo" not in page and "words from cy" in page
    assert f'data-muted="{bo.pk}"' in page  # the page leaves out bo's pushed messages too
    assert f"Unmute {bo.shown_name}" in page
    assert "noise from bo" in _page(_client(people["cy"]), match)
    # Unmuted, with htmx: the panel comes back whole, bo's message in it again.
    panel = client.post(f"/matches/{match.pk}/chat/mute/{bo.pk}/", {"mute": "0"}, **HTMX)
    body = panel.content.decode()
    assert body.lstrip().startswith('<section class="panel chat-panel" id="chat-panel"')
    assert "noise from bo" in body and 'data-muted=""' in body
    assert not ChatMute.objects.exists()


def test_the_messages_alone_leave_out_the_muted(rated):
    match, people = rated
    post_message(match, people["bo"], "noise from bo")
    ChatMute.objects.create(user=people["ana"], muted=people["bo"])
    body = _client(people["ana"]).get(f"/matches/{match.pk}/chat/").content.decode()
    assert body.lstrip().startswith('<ol class="chat-messages" id="chat-messages"')
    assert "noise from bo" not in body


def test_nobody_mutes_themselves(rated):
    match, people = rated
    client = _client(people["ana"])
    response = client.post(
        f"/matches/{match.pk}/chat/mute/{people['ana'].pk}/", {"mute": "1"}, follow=True
    )
    assert "cannot mute yourself" in response.content.decode()
    assert not ChatMute.objects.exists()


def test_only_others_messages_have_mute_and_report_buttons(rated):
    match, people = rated
    mine = post_message(match, people["ana"], "mine")
    theirs = post_message(match, people["bo"], "theirs")
    page = _page(_client(people["ana"]), match)
    assert f"/chat/{theirs.pk}/report/" in page and f"/chat/mute/{people['bo'].pk}/" in page
    assert f"/chat/{mine.pk}/report/" not in page
    guest = Client().get(f"/matches/{match.pk}/").content.decode()
    assert "/report/" not in guest


def test_a_report_is_stored_once_with_its_reason(rated):
    match, people = rated
    message = post_message(match, people["bo"], "you all stink")
    client = _client(people["ana"])
    url = f"/matches/{match.pk}/chat/{message.pk}/report/"
    answer = client.post(url, {"reason": "  insults  "}, **HTMX).content.decode()
    assert "Reported" in answer
    again = client.post(url, {"reason": "again"}, **HTMX).content.decode()
    assert "already" in again
    report = ChatReport.objects.get()
    assert (report.message, report.reporter, report.reason, report.resolved) == (
        message,
        people["ana"],
        "insults",
        False,
    )
    plain = _client(people["cy"]).post(url, {}, follow=True)
    assert "Reported" in plain.content.decode()
    assert ChatReport.objects.count() == 2
    own = _client(people["bo"]).post(url, {}, follow=True)
    assert "cannot report your own" in own.content.decode()
    assert ChatReport.objects.count() == 2


def test_a_hidden_message_is_left_out_and_cannot_be_reported(rated):
    match, people = rated
    message = post_message(match, people["bo"], "taken down")
    ChatMessage.objects.filter(pk=message.pk).update(hidden=True)
    client = _client(people["ana"])
    assert "taken down" not in _page(client, match)
    url = f"/matches/{match.pk}/chat/{message.pk}/report/"
    assert client.post(url, {}).status_code == 404


def test_opening_the_match_reads_its_chat_notification(rated):
    match, people = rated
    post_message(match, people["ana"], "are you there")
    notes = Notification.objects.filter(user=people["bo"], kind=Kind.CHAT)
    assert notes.filter(read__isnull=True).count() == 1
    _page(_client(people["bo"]), match)
    assert notes.filter(read__isnull=True).count() == 0


@pytest.mark.django_db(transaction=True)  # the bots play their turns after each commit
def test_the_replay_shows_the_chat_read_only(user_factory):
    ana = user_factory("ana")
    match = play_to_end(ana)
    post_message(match, ana, "well played, bots")
    hidden = post_message(match, ana, "sore loser words")
    ChatMessage.objects.filter(pk=hidden.pk).update(hidden=True)
    page = Client().get(f"/matches/{match.pk}/replay/").content.decode()
    assert "well played, bots" in page and "sore loser words" not in page
    assert "/report/" not in page and 'id="chat-form"' not in page
    # Stepping by htmx swaps the board alone: the chat stays as it is.
    step = Client().get(f"/matches/{match.pk}/replay/?step=1", **HTMX).content.decode()
    assert "well played, bots" not in step
