"""`manage.py arena incan-gold --bots expert,cautious,cautious,random --games 2000 --seed 1`."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.bots.arena import ArenaError, build_parser, run_from_args


class Command(BaseCommand):
    help = "Play bot tournaments and print win rates and mean scores with 95% intervals."

    def add_arguments(self, parser) -> None:
        build_parser(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            self.stdout.write(run_from_args(options))
        except (ValueError, ArenaError) as exc:
            raise CommandError(str(exc)) from exc
