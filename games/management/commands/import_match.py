"""`manage.py import_match FILE`: store exported matches (JSON or NDJSON) after replaying them."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games.records.export import import_match


def _documents(text: str) -> list[tuple[str, Any]]:
    """The exports in a file: one JSON document, or one per line (as the NDJSON export)."""
    try:
        return [("the file", json.loads(text))]
    except json.JSONDecodeError:
        pass
    documents = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            documents.append((f"line {number}", json.loads(line)))
        except json.JSONDecodeError as exc:
            raise CommandError(f"line {number} is not JSON: {exc.msg}.") from None
    if not documents:
        raise CommandError("The file holds no match.")
    return documents


class Command(BaseCommand):
    help = "Import finished matches exported as JSON (or NDJSON); each is replayed and checked."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="an export file, or - to read standard input")

    def handle(self, *args, **options) -> None:
        path = options["file"]
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}.") from None
        documents = _documents(text)
        # All or nothing: a bad line leaves no half-imported file behind.
        with transaction.atomic():
            for where, data in documents:
                try:
                    match = import_match(data)
                except ValueError as exc:
                    raise CommandError(f"{where}: {exc}") from None
                self.stdout.write(
                    f"Imported {match.game} match #{match.pk} ({match.actions.count()} moves)."
                )
        if len(documents) > 1:
            self.stdout.write(self.style.SUCCESS(f"{len(documents)} matches imported."))
