"""Fixed card orders and readers shared by the Incan Gold scenario tests."""

from __future__ import annotations

import games.engines.incan_gold as ig

# A deck order per round that busts at once: the same hazard twice.
BUSTS = [
    ["spiders", "spiders"],
    ["snakes", "snakes"],
    ["mummies", "mummies"],
    ["rockfall", "rockfall"],
]


def path_codes(state: ig.State) -> list[str]:
    """The codes of the cards on the path, in the order they were turned."""
    return [card.code for card in state.path]
