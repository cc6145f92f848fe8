"""Cards: ranks, suits and the 52 frozen cards.

Badugi is ace-low: the ace is the lowest rank (value 1), the king the highest (13).
Suits have no order of their own; they only decide whether two cards can play together.

>>> Card.parse("As")
Card(rank=<Rank.ACE: 'A'>, suit=<Suit.SPADES: 's'>)
>>> [str(c) for c in parse_cards("As 3h 8h 6s")]
['As', '3h', '8h', '6s']
>>> Rank.ACE.value_low, Rank.KING.value_low
(1, 13)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique


@unique
class Rank(StrEnum):
    """A card rank, spelled as the sites spell it ("A", "2" ... "T", "J", "Q", "K")."""

    ACE = "A"
    DEUCE = "2"
    TREY = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def value_low(self) -> int:
        """The rank's value with the ace low: A=1, 2=2 ... T=10, J=11, Q=12, K=13."""
        return _LOW_VALUE[self]


_LOW_VALUE: dict[Rank, int] = {rank: index + 1 for index, rank in enumerate(Rank)}


@unique
class Suit(StrEnum):
    """A card suit, spelled as the sites spell it."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the 52-card deck. Immutable and hashable; `str(card)` is "As", "Td".

    `index` is a dense number 0..51 (rank-major, ace low) used by the evaluator's tables.
    """

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    @property
    def index(self) -> int:
        """0..51: (rank value - 1) * 4 + suit position (c, d, h, s)."""
        return _CARD_INDEX[self]

    @staticmethod
    def parse(text: str) -> Card:
        """One card from its two-character text ("As", "Td"); also accepts "10d".

        raises ValueError for anything else.
        """
        try:
            return CARDS_BY_TEXT[text]
        except KeyError:
            if text.startswith("10") and len(text) == 3:
                return Card.parse("T" + text[2])
            raise ValueError(f"not a card: {text!r}") from None


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""The 52 cards, ordered by `Card.index`."""

CARDS_BY_TEXT: dict[str, Card] = {str(card): card for card in DECK}
_CARD_INDEX: dict[Card, int] = {card: index for index, card in enumerate(DECK)}


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas ("As 3h", "Ah,7d"), in the order written.

    An empty string gives (). raises ValueError on anything that is not a card.
    """
    return tuple(Card.parse(part) for part in text.replace(",", " ").split())


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as the sites print them inside brackets: "As 3h 8h 6s"."""
    return " ".join(str(card) for card in cards)
