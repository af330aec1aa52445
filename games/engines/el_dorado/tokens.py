"""The 36 cave tokens of the caves option (counts from the public transcription)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import Kind


class TokenKind(StrEnum):
    MACHETE = "machete"
    PADDLE = "paddle"
    COIN = "coin"
    DRAW = "draw"
    REMOVE = "remove"
    SWAP = "swap"
    KEEP = "keep"
    PASS = "pass"
    NATIVE = "native"
    CHANGE = "change"


POWER_TOKENS: frozenset[TokenKind] = frozenset(
    {TokenKind.MACHETE, TokenKind.PADDLE, TokenKind.COIN}
)

# For the engine's own reasons (IllegalAction messages) only: the site names tokens through
# games.help.el_dorado, in the reader's language.
TOKEN_NAMES: dict[TokenKind, str] = {
    TokenKind.MACHETE: "machete",
    TokenKind.PADDLE: "paddle",
    TokenKind.COIN: "coin",
    TokenKind.DRAW: "draw 1 card",
    TokenKind.REMOVE: "remove 1 card",
    TokenKind.SWAP: "swap cards",
    TokenKind.KEEP: "keep a single-use card",
    TokenKind.PASS: "pass through explorers",
    TokenKind.NATIVE: "Native move",
    TokenKind.CHANGE: "change the next card's kind",
}


@dataclass(frozen=True, slots=True)
class Token:
    kind: TokenKind
    value: int = 0

    @property
    def slug(self) -> str:
        """Short name: "machete-2" for power tokens, else the kind."""
        return f"{self.kind}-{self.value}" if self.kind in POWER_TOKENS else str(self.kind)

    @property
    def move_kind(self) -> Kind | None:
        """The card kind a power token plays as, else None."""
        return Kind(self.kind.value) if self.kind in POWER_TOKENS else None

    def label(self) -> str:
        """The token in the engine's own messages (the site says it with games.help)."""
        if self.kind in POWER_TOKENS:
            return f"{self.kind} {self.value} token"
        return f"{TOKEN_NAMES[self.kind]} token"


def _tokens(kind: TokenKind, *values: int) -> tuple[Token, ...]:
    return tuple(Token(kind, v) for v in values)


# Token ids are indexes into this tuple; a match shuffles them into the cave stacks.
TOKENS: tuple[Token, ...] = (
    _tokens(TokenKind.MACHETE, 1, 1, 2, 2, 2, 3, 3)
    + _tokens(TokenKind.PADDLE, 1, 1, 2, 2, 2)
    + _tokens(TokenKind.COIN, 1, 1, 2, 2, 2)
    + _tokens(TokenKind.DRAW, 0, 0, 0, 0)
    + _tokens(TokenKind.REMOVE, 0, 0, 0, 0)
    + _tokens(TokenKind.SWAP, 0, 0, 0)
    + _tokens(TokenKind.KEEP, 0, 0)
    + _tokens(TokenKind.PASS, 0, 0)
    + _tokens(TokenKind.NATIVE, 0, 0)
    + _tokens(TokenKind.CHANGE, 0, 0)
)
TOKENS_PER_CAVE = 4
