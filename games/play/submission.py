"""A move as a form or a socket frame sends it: the action and the version it was chosen at."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from games.play.services import ServiceError
from games.presenters.el_dorado.board import action_from_form


def parse_submission(data) -> tuple[object, int | None]:
    """The action and the version it was chosen at, from a form or a socket frame.

    An action comes as JSON in `action`, or as a board button's `do` plus ticked cards.
    """
    try:
        if "do" in data:
            action = action_from_form(data)
        else:
            raw = data.get("action", "")
            action = json.loads(raw) if isinstance(raw, str) else raw
    except (ValueError, TypeError, RecursionError):
        # RecursionError: JSON nested deeper than the parser goes.
        raise ServiceError(_("That move is not understood.")) from None
    version = data.get("version")
    try:
        version = int(version) if version not in (None, "") else None
    except (TypeError, ValueError, OverflowError):
        raise ServiceError(_("That move came with a broken board version.")) from None
    return action, version
