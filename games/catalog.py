"""What the site tells players about each game (names, player counts, blurbs)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameInfo:
    key: str
    name: str
    players: str
    minutes: str
    tagline: str
    description: str


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        key="incan-gold",
        name="Incan Gold",
        players="3–8 players",
        minutes="20 min",
        tagline="Push deeper into the temple, or run home with your gems?",
        description=(
            "Five temples, one card at a time. Everyone decides in secret whether to press on "
            "or return to camp. Treasure is split among those still inside; a second spider, "
            "snake, mummy, fire or rockfall sends everyone still in the temple home empty-handed."
        ),
    ),
    GameInfo(
        key="el-dorado",
        name="The Quest for El Dorado",
        players="2–4 players",
        minutes="45 min",
        tagline="Build your expedition deck and race through jungle, river and village.",
        description=(
            "A deck-building race across a hex map. Machetes cut through jungle, paddles carry "
            "you down rivers, coins buy stronger companions. Break through blockades, thin your "
            "deck at base camps, and be first to reach the golden city."
        ),
    ),
)
