"""Five-card high evaluator: standard poker ranks, for 5-Card Draw.

The usual ranking (Robert's Rules of Poker, "Poker Hand Rankings"; BARGE rulebook, "Five Card
Draw": "The best high five-card hand wins the pot"), from the best: straight flush, four of a
kind, full house, flush, straight, three of a kind, two pair, one pair, high card. The ace is
high, and also low in the five-high straight A-2-3-4-5 (the wheel, the lowest straight). Within
a kind hands compare card by card in pattern order (the biggest group first, then the higher
rank). Suits never break ties (equal strength = split). Sites play 5-Card Draw without the
joker (PokerStars' 52-card deck), so no bug here.

Orientation as in badugi.py and lowball.py: GREATER MEANS STRONGER, so `max()` picks the
winner. A hand is exactly five distinct cards.

>>> from hhtracker.cards import parse_cards
>>> evaluate_high(parse_cards("Ah 2d 3c 4s 5h")).description
'straight: 5-4-3-2-A'
>>> evaluate_high(parse_cards("Kh Kd 2c 2s 5h")) > evaluate_high(parse_cards("Ah Ad Qc Js 9h"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, unique

from ..cards import Card, parse_cards

__all__ = ["HighHand", "HighKind", "evaluate_high"]


@unique
class HighKind(IntEnum):
    """A five-card hand's kind in high poker, weakest first (a greater kind beats a lesser)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8


_KIND_WORDS = {
    HighKind.HIGH_CARD: "high card", HighKind.ONE_PAIR: "pair", HighKind.TWO_PAIR: "two pair",
    HighKind.TRIPS: "trips", HighKind.STRAIGHT: "straight", HighKind.FLUSH: "flush",
    HighKind.FULL_HOUSE: "full house", HighKind.QUADS: "quads", HighKind.STRAIGHT_FLUSH: "straight flush",
}
_LETTER = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
_GROUP_KINDS = {
    (1, 1, 1, 1, 1): HighKind.HIGH_CARD,
    (2, 1, 1, 1): HighKind.ONE_PAIR,
    (2, 2, 1): HighKind.TWO_PAIR,
    (3, 1, 1): HighKind.TRIPS,
    (3, 2): HighKind.FULL_HOUSE,
    (4, 1): HighKind.QUADS,
}


@dataclass(frozen=True, order=False)
class HighHand:
    """A five-card high hand. cards: the five cards as given; kind: its HighKind; ranks: rank
    values in the order they compare (pattern order: the biggest group first, then the higher
    rank; the ace 14, or 1 at the end of the wheel 5-4-3-2-A); strength: int, greater =
    stronger. Compares by strength; equal = split."""

    cards: tuple[Card, ...]
    kind: HighKind
    ranks: tuple[int, ...]
    strength: int

    @property
    def description(self) -> str:
        """"pair: K-K-Q-A-2"-like text: the kind, then the ranks in the order they compare
        ("straight: 5-4-3-2-A", "high card: A-J-9-5-3")."""
        return f"{_KIND_WORDS[self.kind]}: " + "-".join(_LETTER.get(rank, str(rank)) for rank in self.ranks)

    def __str__(self) -> str:
        return self.description

    def __eq__(self, other: object) -> bool:
        return self.strength == other.strength if isinstance(other, HighHand) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.strength)

    def __lt__(self, other: HighHand) -> bool:
        return self.strength < other.strength

    def __le__(self, other: HighHand) -> bool:
        return self.strength <= other.strength

    def __gt__(self, other: HighHand) -> bool:
        return self.strength > other.strength

    def __ge__(self, other: HighHand) -> bool:
        return self.strength >= other.strength


def evaluate_high(cards: Iterable[Card] | str) -> HighHand:
    """The high-poker value of exactly five distinct cards. raises ValueError for another
    count or a repeated card. rule: module doc (BARGE "Five Card Draw")."""
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    if len(hand) != 5:
        raise ValueError(f"a five-card hand is exactly 5 cards, got {len(hand)}")
    if len(set(hand)) != 5:
        raise ValueError(f"a card appears twice in {' '.join(map(str, hand))}")
    values = [14 if card.rank.value_low == 1 else card.rank.value_low for card in hand]
    counts = Counter(values)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    kind = _GROUP_KINDS[tuple(counts[rank] for rank in order)]
    ranks = tuple(rank for rank in order for _ in range(counts[rank]))
    if kind is HighKind.HIGH_CARD:
        if ranks == (14, 5, 4, 3, 2):  # the wheel: the ace plays low
            ranks = (5, 4, 3, 2, 1)
        straight = ranks[0] - ranks[4] == 4
        flush = len({card.suit for card in hand}) == 1
        if straight and flush:
            kind = HighKind.STRAIGHT_FLUSH
        elif flush:
            kind = HighKind.FLUSH
        elif straight:
            kind = HighKind.STRAIGHT
    value = int(kind)
    for rank in ranks:
        value = value << 4 | rank
    return HighHand(hand, kind, ranks, value)
