"""The Badugi half of Badacey and Badeucey: the best Badugi hand in five cards.

rule: seeds/001 "Variants" (Badacey, Badeucey: half the pot to the best Badugi hand);
seeds/002 section 2: "The one thing that changes from game to game is the ace: it is low
here and in Badacey, and high in Badeucey, where 2-3-4-5 is the best badugi"; and section 6,
"Carrying the ace into Badeucey. There it is the highest card."

A five-card hand plays its best Badugi subset: the largest set of its cards with no rank and
no suit repeated (at most four cards), the lowest such set when several are possible, read
from the highest card down (the ranking of badugi.py). With the ace low this is the best of
badugi.evaluate over the hand's four-card subsets; with the ace high the same ranking with
A=14.

`evaluate_badugi(cards, ace_high)` -> a `BadugiHand` (badugi.py), greater = stronger. With
the ace high it is a `HighAceBadugiHand`, whose strength, ranks and class read the ace as 14.

>>> from hhtracker.cards import parse_cards
>>> evaluate_badugi(parse_cards("Ac 2d 3h 4s 5c"), ace_high=False).description
'Badugi: 4,3,2,A'
>>> evaluate_badugi(parse_cards("Ac 2d 3h 4s 5c"), ace_high=True).description
'Badugi: 5,4,3,2'
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from ..cards import Card, parse_cards
from .badugi import BadugiHand, HandClass, _key, evaluate

__all__ = ["HighAceBadugiHand", "evaluate_badugi"]

_CLASS_BY_TOP = {
    **{top: HandClass.BADUGI_7 for top in range(4, 8)},
    8: HandClass.BADUGI_8, 9: HandClass.BADUGI_9, 10: HandClass.BADUGI_T,
    11: HandClass.BADUGI_J, 12: HandClass.BADUGI_Q, 13: HandClass.BADUGI_K,
}
_SHORT = {3: HandClass.THREE_CARD, 2: HandClass.TWO_CARD, 1: HandClass.ONE_CARD}


def _high(card: Card) -> int:
    """A card's rank with the ace high: 2=2 ... K=13, A=14."""
    value = card.rank.value_low
    return 14 if value == 1 else value


class HighAceBadugiHand(BadugiHand):
    """A Badeucey Badugi hand: the ace is the highest card (2-3-4-5 the best badugi, an
    ace-high badugi the worst). Cards sorted highest first, ace first. `hand_class` of an
    ace-high badugi is `BADUGI_K` (the worst class: the classes stop at king)."""

    @property
    def ranks(self) -> tuple[int, ...]:
        """The playing ranks with the ace high (2=2 ... K=13, A=14), highest first."""
        return tuple(_high(card) for card in self.cards)

    @property
    def hand_class(self) -> HandClass:
        if len(self.cards) == 4:
            return _CLASS_BY_TOP[min(_high(self.cards[0]), 13)]
        return _SHORT[len(self.cards)]


def _plays(cards: tuple[Card, ...]) -> bool:
    return len({c.rank for c in cards}) == len(cards) and len({c.suit for c in cards}) == len(cards)


def _best_high_ace(hand: tuple[Card, ...]) -> HighAceBadugiHand:
    best: tuple[int, tuple[Card, ...]] | None = None
    for size in range(min(4, len(hand)), 0, -1):
        for subset in combinations(hand, size):
            if not _plays(subset):
                continue
            ordered = tuple(sorted(subset, key=lambda c: (-_high(c), str(c.suit))))
            value = _key(_high(card) for card in ordered)
            if best is None or value > best[0]:
                best = (value, ordered)
        if best is not None:
            break
    assert best is not None  # one card always plays
    return HighAceBadugiHand._trusted(best[1], best[0])  # type: ignore[return-value]


def evaluate_badugi(cards: Iterable[Card] | str, ace_high: bool) -> BadugiHand:
    """The best Badugi hand of 1 to 5 distinct cards. ace_high: False for Badacey (and
    Badugi), True for Badeucey. raises ValueError for 0 or more than 5 cards, a repeated
    card or a non-card. rule: seeds/002 section 2 (the ace in Badacey and Badeucey)."""
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    if not 1 <= len(hand) <= 5:
        raise ValueError(f"a five-card Badugi hand has 1 to 5 cards, got {len(hand)}")
    if any(not isinstance(card, Card) for card in hand) or len(set(hand)) != len(hand):
        raise ValueError(f"not five distinct cards: {' '.join(map(str, hand))}")
    if ace_high:
        return _best_high_ace(hand)
    if len(hand) <= 4:
        return evaluate(hand)
    return max(evaluate(subset) for subset in combinations(hand, 4))
