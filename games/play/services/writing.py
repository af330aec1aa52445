"""Write transactions: on SQLite, one thread of this process at a time."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction

# SQLite takes one writer at a time and makes the others retry with sleeps of up to 100 ms
# each. Requests share one thread (`config.handler`), but any other thread of the process that
# writes queues here instead, which hands the file over at once. Reentrant: a commit hook of a
# write may write again on this thread.
_SQLITE_WRITER = threading.RLock()


@contextmanager
def writing() -> Iterator[None]:
    """A `transaction.atomic()` block that waits its turn in this process on SQLite."""
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        with transaction.atomic():
            yield
        return
    with _SQLITE_WRITER, transaction.atomic():
        yield
