"""Mail sent by the browser tests' server, kept where the test can read it.

The server and its task worker are other processes, so mail cannot stay in memory: they run
Django's file backend (one .log file per connection, messages separated by a line of dashes)
in the folder named by MAILBOX_DIR, and the test reads those files."""

from __future__ import annotations

import email
import email.policy
import os
import time
from email.message import EmailMessage
from pathlib import Path

from django.core.mail.backends import filebased

MAILBOX_ENV = "MAILBOX_DIR"
BACKEND = "tests.browser.mailbox.EmailBackend"
SEPARATOR = b"\n" + b"-" * 79 + b"\n"


class EmailBackend(filebased.EmailBackend):
    """The file backend, its folder from the environment (the site's settings have none)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("file_path", os.environ[MAILBOX_ENV])
        super().__init__(*args, **kwargs)


def server_env(folder: Path) -> dict[str, str]:
    """What the server's environment needs to leave its mail in `folder`."""
    return {"EMAIL_BACKEND": BACKEND, MAILBOX_ENV: str(folder)}


def messages(folder: Path) -> list[EmailMessage]:
    """Every message written so far; one still being written is left for the next look."""
    found = []
    for path in sorted(folder.glob("*.log")):
        chunks = path.read_bytes().split(SEPARATOR)
        # After the last separator: empty, or a message not yet finished.
        for chunk in chunks[:-1]:
            found.append(email.message_from_bytes(chunk, policy=email.policy.default))
    return found


def wait_for_mail(folder: Path, to: str, timeout: float = 15) -> EmailMessage:
    """The first message to `to`, waiting while the task worker gets to it."""
    deadline = time.monotonic() + timeout
    while True:
        for message in messages(folder):
            if to in message["To"]:
                return message
        if time.monotonic() > deadline:
            raise AssertionError(f"no mail to {to} within {timeout} s")
        time.sleep(0.2)


def body(message: EmailMessage) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()
