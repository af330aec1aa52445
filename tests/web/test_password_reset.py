from __future__ import annotations

import re

from django.core import mail

NEW_PASSWORD = "a-brand-new-river-route-9"


def test_it_sends_a_link_that_sets_a_new_password(client, user_factory):
    user = user_factory("ana", email="ana@example.com")
    response = client.post("/password/reset/", {"email": "ana@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ana@example.com"]
    link = re.search(r"https?://[^/]+(/password/reset/\S+/)", message.body).group(1)

    # Django redirects the token link to a session-held URL before showing the form.
    form_page = client.get(link, follow=True)
    assert b"Choose a new password" in form_page.content
    set_url = form_page.redirect_chain[-1][0]
    done = client.post(set_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.status_code == 302

    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_it_says_the_same_for_an_unknown_email_and_sends_nothing(client, db):
    response = client.post("/password/reset/", {"email": "nobody@example.com"})
    assert response.status_code == 302
    assert mail.outbox == []


def test_a_used_link_no_longer_works(client, user_factory):
    user_factory("ana", email="ana@example.com")
    client.post("/password/reset/", {"email": "ana@example.com"})
    link = re.search(r"https?://[^/]+(/password/reset/\S+/)", mail.outbox[0].body).group(1)
    page = client.get(link, follow=True)
    client.post(
        page.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    again = client.get(link, follow=True)
    assert b"This link has expired" in again.content
