"""The matches the page audit looks at, made through the services in the live server's own
database: run as `python -m tests.browser.audit_matches` with the server's environment; prints
what it made as JSON."""

from __future__ import annotations

import json
import os


def main() -> dict:
    import django

    django.setup()

    from django.contrib.auth import get_user_model

    from games.models import Pace
    from games.play.services.lobby import MatchSpec, create_seated_match
    from games.play.services.play import submit_action
    from games.records.export import import_match
    from tests.browser.test_replay import _export

    password = os.environ["AUDIT_PASSWORD"]
    User = get_user_model()
    ana, bo, _cy = (
        User.objects.create_user(name, password=password) for name in ("ana", "bo", "cy")
    )

    # A day a move: nobody runs out of time while the pages are looked at.
    slow = {"pace": Pace.CORRESPONDENCE, "move_seconds": 86400}
    # Incan Gold: ana has decided, bo still thinks (and so does the bot).
    incan = create_seated_match(
        ana, MatchSpec(game="incan-gold", players=3, **slow), [ana, bo, "random"]
    )
    incan.refresh_from_db()
    submit_action(incan.pk, ana, {"type": "decide", "choice": "continue"}, incan.version)

    # El Dorado: ana's turn first; cy watches it.
    dorado = create_seated_match(
        ana,
        MatchSpec(game="el-dorado", players=2, options={"map": "home-stretch"}, **slow),
        [ana, "greedy"],
    )
    replays = {
        "incan-gold": import_match(_export("incan-gold", 11, {})).pk,
        "el-dorado": import_match(_export("el-dorado", 5, {"map": "home-stretch"})).pk,
    }
    return {"incan-gold": incan.pk, "el-dorado": dorado.pk, "replays": replays}


if __name__ == "__main__":
    print(json.dumps(main()))
