"""`manage.py verify_matches`: rebuild every match from its log and report any difference."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.records.verify import verify_all


class Command(BaseCommand):
    help = "Replay every match from its seed and move log; report snapshots that differ."

    def handle(self, *args, **options) -> None:
        checked, problems = verify_all()
        for problem in problems:
            self.stdout.write(f"match {problem.match_id}: {problem.problem}")
        if problems:
            raise CommandError(f"{len(problems)} difference(s) in {checked} match(es).")
        self.stdout.write(self.style.SUCCESS(f"{checked} match(es) replay exactly."))
