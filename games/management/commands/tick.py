"""`manage.py tick`: apply time-outs and play bot turns left waiting (run by cron or a loop)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from games.play.services.clock import tick


class Command(BaseCommand):
    help = "Apply time controls and pick up bot turns; --loop N repeats every N seconds."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--loop", type=float, default=0, help="repeat every N seconds")

    def handle(self, *args, loop: float = 0, **options) -> None:
        while True:
            result = tick()
            self.stdout.write(
                f"time-outs played: {result['timeouts']}, bot moves: {result['bot_moves']}"
            )
            if not loop:
                return
            time.sleep(loop)
