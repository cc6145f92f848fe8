"""Five-card lowball evaluators: ace-to-five (A-5) and deuce-to-seven (2-7).

The low halves of the split-pot Badugi games (seeds/001 "Variants": "Badacey: ... best
A-5 lowball hand wins the other half"; "Badeucey: Split pot between best Badugi and best
2-7 lowball hand"). The rules of each lowball game are the usual ones (Robert's Rules of
Poker, "Lowball"; WSOP rules, "Deuce-to-Seven"):

- **A-5 (ace-to-five)**: the ace is the lowest card; straights and flushes do not count, so
  5-4-3-2-A (the wheel) is the best hand. Pairs count against you: any hand with no pair
  beats any pair, one pair beats two pair, then trips, full house, four of a kind. Among
  hands of the same kind the lower wins, compared card by card from the top of the hand's
  pattern (the pair, or trips, first, then the other cards from the highest down).
- **2-7 (deuce-to-seven)**: poker's high ranking reversed. The ace is high only
  (A-2-3-4-5 is an ace-high hand, not a straight), straights and flushes count against
  you, so 7-5-4-3-2 of more than one suit is the best hand; the worst is a royal flush.

Orientation, as in badugi.py: GREATER MEANS STRONGER, so `max()` picks the winner. Suits
never break ties (equal strength = split). A low hand is exactly five cards.

>>> from hhtracker.cards import parse_cards
>>> evaluate_a5(parse_cards("5c 4d 3h 2s Ac")) > evaluate_a5(parse_cards("6c 4d 3h 2s Ac"))
True
>>> evaluate_27(parse_cards("7c 5d 4h 3s 2c")).description
'7-5-4-3-2'
>>> evaluate_27(parse_cards("Ac 2d 3h 4s 5c")) > evaluate_27(parse_cards("6c 5d 4h 3s 2c"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum, unique

from ..cards import Card, parse_cards

__all__ = ["LowGame", "LowHand", "LowKind", "evaluate_27", "evaluate_a5", "evaluate_low"]


@unique
class LowGame(StrEnum):
    """Which lowball: A-5 (ace low, straights and flushes ignored) or 2-7 (ace high, both count)."""

    ACE_TO_FIVE = "a5"
    DEUCE_TO_SEVEN = "27"


@unique
class LowKind(IntEnum):
    """A five-card hand's kind in high poker, weakest (best for lowball) first. A-5 uses
    only the pair kinds (its straights and flushes are plain no-pair hands)."""

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
    LowKind.ONE_PAIR: "pair", LowKind.TWO_PAIR: "two pair", LowKind.TRIPS: "trips",
    LowKind.STRAIGHT: "straight", LowKind.FLUSH: "flush", LowKind.FULL_HOUSE: "full house",
    LowKind.QUADS: "quads", LowKind.STRAIGHT_FLUSH: "straight flush",
}
_LETTER = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


@dataclass(frozen=True, order=False)
class LowHand:
    """A five-card lowball hand. game: which lowball; cards: the five cards as given;
    kind: its LowKind; ranks: rank values in the order they compare (pattern order: the
    biggest group first, then by rank, highest first; A=1 in A-5, 14 in 2-7); strength:
    int, greater = stronger (a better low). Compares by strength; equal = split."""

    game: LowGame
    cards: tuple[Card, ...]
    kind: LowKind
    ranks: tuple[int, ...]
    strength: int

    @property
    def description(self) -> str:
        """"7-5-4-3-2", "pair of 8s: 8-8-5-3-2"-like text: the ranks high first, with the kind
        when it is not a no-pair hand ("flush: 9-7-5-3-2")."""
        text = "-".join(_LETTER.get(rank, str(rank)) for rank in self.ranks)
        word = _KIND_WORDS.get(self.kind)
        return text if word is None else f"{word}: {text}"

    def __str__(self) -> str:
        return self.description

    def __eq__(self, other: object) -> bool:
        return self.strength == other.strength if isinstance(other, LowHand) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.strength)

    def __lt__(self, other: LowHand) -> bool:
        return self.strength < other.strength

    def __le__(self, other: LowHand) -> bool:
        return self.strength <= other.strength

    def __gt__(self, other: LowHand) -> bool:
        return self.strength > other.strength

    def __ge__(self, other: LowHand) -> bool:
        return self.strength >= other.strength


def _pattern(values: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group sizes, ranks) in pattern order: biggest group first, then higher rank first."""
    counts = Counter(values)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return tuple(counts[rank] for rank in order), tuple(rank for rank in order for _ in range(counts[rank]))


_PAIR_KINDS = {
    (1, 1, 1, 1, 1): LowKind.HIGH_CARD,
    (2, 1, 1, 1): LowKind.ONE_PAIR,
    (2, 2, 1): LowKind.TWO_PAIR,
    (3, 1, 1): LowKind.TRIPS,
    (3, 2): LowKind.FULL_HOUSE,
    (4, 1): LowKind.QUADS,
}


def _cards(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    if len(hand) != 5:
        raise ValueError(f"a lowball hand is exactly 5 cards, got {len(hand)}")
    if len(set(hand)) != 5:
        raise ValueError(f"a card appears twice in {' '.join(map(str, hand))}")
    return hand


def _strength(kind: LowKind, ranks: tuple[int, ...]) -> int:
    """Greater = better low: the high-poker value (kind, then ranks in pattern order) negated."""
    value = int(kind)
    for rank in ranks:
        value = value << 4 | rank
    return -value


def evaluate_a5(cards: Iterable[Card] | str) -> LowHand:
    """The A-5 lowball value of exactly five distinct cards (ace low; straights and flushes
    do not count). raises ValueError for another count or a repeated card.
    rule: seeds/001 "Variants" (Badacey); Robert's Rules of Poker, "Lowball"."""
    hand = _cards(cards)
    sizes, ranks = _pattern([card.rank.value_low for card in hand])
    kind = _PAIR_KINDS[sizes]
    return LowHand(LowGame.ACE_TO_FIVE, hand, kind, ranks, _strength(kind, ranks))


def evaluate_27(cards: Iterable[Card] | str) -> LowHand:
    """The 2-7 lowball value of exactly five distinct cards (ace high only; straights and
    flushes count against the hand). raises ValueError for another count or a repeated
    card. rule: seeds/001 "Variants" (Badeucey); WSOP rules, "Deuce-to-Seven"."""
    hand = _cards(cards)
    values = [14 if card.rank.value_low == 1 else card.rank.value_low for card in hand]
    sizes, ranks = _pattern(values)
    kind = _PAIR_KINDS[sizes]
    if kind is LowKind.HIGH_CARD:
        straight = ranks[0] - ranks[4] == 4
        flush = len({card.suit for card in hand}) == 1
        if straight and flush:
            kind = LowKind.STRAIGHT_FLUSH
        elif flush:
            kind = LowKind.FLUSH
        elif straight:
            kind = LowKind.STRAIGHT
    return LowHand(LowGame.DEUCE_TO_SEVEN, hand, kind, ranks, _strength(kind, ranks))


_EVALUATORS = {LowGame.ACE_TO_FIVE: evaluate_a5, LowGame.DEUCE_TO_SEVEN: evaluate_27}


def evaluate_low(game: LowGame, cards: Iterable[Card] | str) -> LowHand:
    """evaluate_a5 or evaluate_27 by `game`."""
    return _EVALUATORS[game](cards)
