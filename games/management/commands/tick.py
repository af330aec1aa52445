"""`manage.py tick`: apply time-outs, play bot turns left waiting, send deadline warnings and
daily digests (run by cron or a loop)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from games.notifications.sweep import sweep
from games.play.services.clock import tick


class Command(BaseCommand):
    help = "Apply time controls and pick up bot turns; --loop N repeats every N seconds."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--loop", type=float, default=0, help="repeat every N seconds")

    def handle(self, *args, loop: float = 0, **options) -> None:
        while True:
            result = tick()
            told = sweep()
            self.stdout.write(
                f"time-outs played: {result['timeouts']}, bot moves: {result['bot_moves']}, "
                f"deadline warnings: {told['warned']}, digests: {told['digests']}"
            )
            if not loop:
                return
            time.sleep(loop)
