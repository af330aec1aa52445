"""`manage.py recompute_ratings`: rebuild every rating from finished matches, in order."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.records.rating_updates import recompute_all


class Command(BaseCommand):
    help = "Rebuild all ratings from the finished rated matches and report any difference."

    def handle(self, *args, **options) -> None:
        result = recompute_all()
        for line in result.differences:
            self.stdout.write(line)
        if result.differences:
            raise CommandError(
                f"{len(result.differences)} difference(s) after rebuilding "
                f"{result.matches} match(es); the rebuilt ratings are now stored."
            )
        self.stdout.write(
            self.style.SUCCESS(f"{result.matches} rated match(es) reproduce the stored ratings.")
        )
