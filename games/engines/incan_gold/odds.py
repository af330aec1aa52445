"""What the next card may bring, worked out from what any player's view shows: the odds panel
for learners. Every card not seen this round is in the deck (the whole box but the hazards
removed, the artifacts not yet added or already taken, and the cards on the path), so the
chances are exact."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .cards import EXPLORATION, Kind, kind_of, treasure_value


@dataclass(frozen=True, slots=True)
class NextCard:
    """The deck the next card comes from, as the table knows it."""

    deck: Counter[str]
    ending: tuple[str, ...]  # the hazard kinds a second card of which ends the round
    inside: int  # explorers in the temple

    @property
    def cards(self) -> int:
        return sum(self.deck.values())

    @property
    def ending_cards(self) -> int:
        """How many cards of the deck would end the round."""
        return sum(self.deck[kind] for kind in self.ending)

    @property
    def end_chance(self) -> Fraction:
        """The chance the next card is a second hazard of a kind on the path."""
        return Fraction(self.ending_cards, self.cards) if self.cards else Fraction(0)

    def gems_each(self, staying: int) -> Fraction:
        """The gems one more card gives each of `staying` explorers, on average (what cannot be
        shared stays on the card)."""
        if not self.cards or staying < 1:
            return Fraction(0)
        total = sum(
            count * (treasure_value(code) // staying)
            for code, count in self.deck.items()
            if kind_of(code) is Kind.TREASURE
        )
        return Fraction(total, self.cards)

    def change(self, carried: int, staying: int) -> Fraction:
        """How an explorer's gems carried change, on average, if `staying` explorers (it among
        them) see one more card: a share of its treasure, or all of them lost."""
        return self.gems_each(staying) - self.end_chance * carried


def unseen_deck(view: Mapping[str, Any]) -> Counter[str]:
    """The cards the deck holds, by code, from a view: what the box has this round less what
    the path shows."""
    deck = Counter(EXPLORATION)
    deck.subtract(view["removed_hazards"])
    deck.subtract(card["card"] for card in view["path"] if card["kind"] != "artifact")
    deck.update(view["artifacts_in_deck"])
    return +deck


def next_card(view: Mapping[str, Any]) -> NextCard | None:
    """The odds of the next card while explorers are in the temple deciding; None otherwise."""
    inside = sum(1 for seat in view["seats"] if seat["in_temple"])
    if view["phase"] == "over" or not inside or not view["path"]:
        return None
    deck = unseen_deck(view)
    if sum(deck.values()) != view["deck_count"]:
        return None  # a deck set up by hand (a test's): the box's count does not hold
    return NextCard(deck=deck, ending=tuple(sorted(set(view["hazards_on_path"]))), inside=inside)
