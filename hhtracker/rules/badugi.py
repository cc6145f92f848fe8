"""The Badugi hand evaluator: which cards play, and which hand wins.

The rule (seeds/002, section 2 "Hand ranking"; the same in seeds/000, 001, 003, 004):

- Count how many cards play: the largest set of the hand's cards in which no rank and no
  suit repeats. Four is a badugi; otherwise a three-, two- or one-card hand.
- More cards always beat fewer: the worst badugi (K-Q-J-T) beats the best three-card hand.
- Among hands with the same number of cards the lowest wins, read from the highest card
  down, as in lowball. Aces are low (A=1 ... K=13), straights mean nothing.
- If several sets of the largest size are possible, the lowest one plays
  ("A♠5♠2♥3♦ plays as a three-card 3-2-A, not 5-3-2", seeds/002 section 2).
- Suits never break a tie: the same ranks in the same number of cards split the pot
  (seeds/002 section 2, seeds/004 "KhJhKcJc versus KsJsKdJd").

Orientation: everywhere in this module GREATER MEANS STRONGER, so `max()` picks the winner.

Two ways in:

- `strength(cards) -> int` for exactly four distinct cards: one dict look-up in a table of
  all 270,725 four-card hands keyed by a 52-bit mask of `Card.index` (built on first use,
  ~0.4 s). Use it where speed matters (equity loops, statistics).
- `evaluate(cards) -> BadugiHand` for one to four cards: the cards that play, their
  class and the site's description; `BadugiHand` compares by the same strength.

The strength integer is `size << 16 | (0xFFFF - packed)`, where `packed` is the playing
ranks (ace-low values, highest first) in 4-bit nibbles; it is decoded by `_decode`.

>>> from hhtracker.cards import parse_cards
>>> evaluate(parse_cards("As 5s 2h 3d")).description
'3-card: 3,2,A'
>>> evaluate(parse_cards("Ks Qh Jd Tc")) > evaluate(parse_cards("As 2h 3d 3c"))
True
>>> evaluate(parse_cards("Kh Jh Kc Jc")) == evaluate(parse_cards("Ks Js Kd Jd"))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final
from enum import StrEnum, unique
from itertools import combinations

from hhtracker.cards import DECK, Card, Rank, parse_cards

__all__ = ["BadugiHand", "HandClass", "evaluate", "strength"]


@unique
class HandClass(StrEnum):
    """The showdown class of a Badugi hand, strongest first.

    A badugi (four playing cards) is classed by its highest card: `BADUGI_7` is seven-high
    or better (7-high down to the perfect 4-3-2-A), then one class per top card 8 ... K.
    Shorter hands are classed by their size only. rule: seeds/002, sections 2 and 4
    ("Badugis of seven-high or better are strong. Eight-high to jack-high is the middle").
    """

    BADUGI_7 = "badugi_7"
    BADUGI_8 = "badugi_8"
    BADUGI_9 = "badugi_9"
    BADUGI_T = "badugi_t"
    BADUGI_J = "badugi_j"
    BADUGI_Q = "badugi_q"
    BADUGI_K = "badugi_k"
    THREE_CARD = "three_card"
    TWO_CARD = "two_card"
    ONE_CARD = "one_card"


_RANK_BY_LOW_VALUE: dict[int, Rank] = {rank.value_low: rank for rank in Rank}
_SUIT_POSITION = {card.suit: card.index & 3 for card in DECK[:4]}
_BADUGI_CLASS_BY_TOP: dict[int, HandClass] = {
    **{top: HandClass.BADUGI_7 for top in range(4, 8)},
    8: HandClass.BADUGI_8,
    9: HandClass.BADUGI_9,
    10: HandClass.BADUGI_T,
    11: HandClass.BADUGI_J,
    12: HandClass.BADUGI_Q,
    13: HandClass.BADUGI_K,
}
_SHORT_CLASS_BY_SIZE = {3: HandClass.THREE_CARD, 2: HandClass.TWO_CARD, 1: HandClass.ONE_CARD}
_SIZE_LABEL = {4: "Badugi", 3: "3-card", 2: "2-card", 1: "1-card"}


def _key(ranks_high_first: Iterable[int]) -> int:
    """The strength integer of a playing set from its ace-low ranks, highest first."""
    packed = 0
    size = 0
    for rank in ranks_high_first:
        packed = packed << 4 | rank
        size += 1
    return size << 16 | (0xFFFF - packed)


def _decode(value: int) -> tuple[int, tuple[int, ...]]:
    """(size, ranks highest first) of a strength integer made by `_key`."""
    size = value >> 16
    packed = 0xFFFF - (value & 0xFFFF)
    return size, tuple((packed >> (4 * shift)) & 0xF for shift in range(size - 1, -1, -1))


def _check_playing_set(cards: tuple[Card, ...]) -> None:
    """raises ValueError unless `cards` can all play together (1-4, no rank or suit twice)."""
    if not 1 <= len(cards) <= 4:
        raise ValueError(f"a Badugi hand plays 1 to 4 cards, got {len(cards)}")
    for card in cards:
        if not isinstance(card, Card):
            raise ValueError(f"not a Card: {card!r}")
    if len({card.rank for card in cards}) != len(cards):
        raise ValueError(f"cards of the same rank cannot play together: {_text(cards)}")
    if len({card.suit for card in cards}) != len(cards):
        raise ValueError(f"cards of the same suit cannot play together: {_text(cards)}")


def _text(cards: Iterable[object]) -> str:
    return " ".join(str(card) for card in cards)


def _high_first(card: Card) -> tuple[int, int]:
    return (-card.rank.value_low, _SUIT_POSITION[card.suit])


class BadugiHand:
    """The cards that play from a Badugi hand, and how strong they are.

    cards: tuple[Card, ...], 1 to 4 cards of distinct ranks and distinct suits, sorted
    highest rank first (ace low). The constructor sorts them and raises ValueError if they
    cannot all play together; `evaluate()` is the usual way to get one.

    Ordering: greater means stronger, so `max(hands)` is the winner. More cards beat fewer;
    among equal sizes the lower hand wins, compared from the highest card down. Suits never
    break ties: equal ranks and size compare equal (same hash), which is a split pot.
    rule: seeds/002, section 2; ties: seeds/004 ("resulting in a split pot").

    A value: the attributes are Final (mypy refuses assignments). Not a frozen dataclass,
    because the trusted constructor below would have to set its fields with
    object.__setattr__, which the mypyc-compiled build does not allow (setup.py).
    """

    cards: Final[tuple[Card, ...]]
    _strength: Final[int]

    def __init__(self, cards: Iterable[Card], *, _trusted_strength: int | None = None) -> None:
        """cards: 1 to 4 Cards that can all play together, any order. raises ValueError.
        (`_trusted_strength` is for this module: cards already checked and sorted, with
        their strength integer.)"""
        played = tuple(cards)
        if _trusted_strength is None:
            _check_playing_set(played)
            played = tuple(sorted(played, key=_high_first))
            _trusted_strength = _key(card.rank.value_low for card in played)
        self.cards = played
        self._strength = _trusted_strength

    @classmethod
    def _trusted(cls, cards: tuple[Card, ...], value: int) -> BadugiHand:
        """A hand from cards already checked and sorted, with their strength integer."""
        return cls(cards, _trusted_strength=value)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(cards={self.cards!r})"

    @property
    def strength(self) -> int:
        """The hand's strength as an int, the same scale as `strength()`: higher = stronger."""
        return self._strength

    @property
    def size(self) -> int:
        """How many cards play: 4 for a badugi, else 3, 2 or 1."""
        return len(self.cards)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The playing ranks as ace-low values (A=1 ... K=13), highest first, e.g. (8, 4, 3, 1)."""
        return tuple(card.rank.value_low for card in self.cards)

    @property
    def is_badugi(self) -> bool:
        """True when all four cards play (four ranks, four suits). rule: seeds/002, section 2."""
        return len(self.cards) == 4

    @property
    def hand_class(self) -> HandClass:
        """The showdown class: `BADUGI_7` ... `BADUGI_K` by top card, else by size."""
        if len(self.cards) == 4:
            return _BADUGI_CLASS_BY_TOP[self.cards[0].rank.value_low]
        return _SHORT_CLASS_BY_SIZE[len(self.cards)]

    @property
    def description(self) -> str:
        """PokerStars' spelling: "Badugi: 8,4,3,A", "3-card: T,7,2", "2-card: K,A", "1-card: A"."""
        letters = ",".join(card.rank.value for card in self.cards)
        return f"{_SIZE_LABEL[len(self.cards)]}: {letters}"

    def __str__(self) -> str:
        return self.description

    def __eq__(self, other: object) -> bool:
        if isinstance(other, BadugiHand):
            return self._strength == other._strength
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, BadugiHand):
            return self._strength != other._strength
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._strength)

    def __lt__(self, other: object) -> bool:
        if isinstance(other, BadugiHand):
            return self._strength < other._strength
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, BadugiHand):
            return self._strength <= other._strength
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, BadugiHand):
            return self._strength > other._strength
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, BadugiHand):
            return self._strength >= other._strength
        return NotImplemented


# --- the tables ------------------------------------------------------------------------------

_BIT_BY_ID: dict[int, int] = {id(card): 1 << index for index, card in enumerate(DECK)}
"""1 << Card.index for each of the 52 DECK cards, keyed by id(): the DECK cards live as long
as the module, so an id found here is that DECK card. Other Card objects take the slow path."""

_VALUES: dict[int, int] = {}
"""Card mask (1 to 4 cards) -> strength, filled as hands are met: a hand costs a few
microseconds the first time and one look-up after. (A table of all 270,725 four-card hands
built at start cost 0.4-0.9 s in every process that evaluated one hand.)"""


def _value(mask: int) -> int:
    """The strength of the 1 to 4 cards of `mask` (bit i = the card of index i)."""
    value = _VALUES.get(mask)
    if value is None:
        value = _VALUES[mask] = _compute(mask)
    return value


def _compute(mask: int) -> int:
    """A set whose cards all play is valued by its own ranks; any other set is as strong as
    its strongest subset one card smaller (the playing set lies in one of them, and a subset
    never plays better than the whole). rule: seeds/002, section 2."""
    indices = []
    rest = mask
    while rest:
        low = rest & -rest
        indices.append(low.bit_length() - 1)
        rest ^= low
    ranks = {index >> 2 for index in indices}
    if len(ranks) == len(indices) and len({index & 3 for index in indices}) == len(indices):
        return _key(sorted((rank + 1 for rank in ranks), reverse=True))
    return max(_value(mask ^ (1 << index)) for index in indices)


def _mask_of(cards: tuple[Card, ...], what: str) -> int:
    """The 52-bit mask of `cards`; raises ValueError for a non-card or a duplicated card."""
    mask = 0
    for card in cards:
        if not isinstance(card, Card):
            raise ValueError(f"{what}: not a Card: {card!r}")
        b = 1 << card.index
        if mask & b:
            raise ValueError(f"{what}: card {card} appears twice in {_text(cards)}")
        mask |= b
    return mask


def _as_cards(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return tuple(cards)


def strength(cards: Sequence[Card]) -> int:
    """The strength of exactly four distinct cards as an int: higher = stronger, equal = tie.

    cards: a sequence of 4 `Card`s (any order). The same order as `evaluate()`'s
    `BadugiHand` (and equal to its `.strength`): size first, then lowest ranks from the top.
    Under 1 µs per call for a hand met before (benchmarks/RESULTS.md): one look-up in a
    table filled as hands are met. raises ValueError for another count or a
    duplicated card. rule: seeds/002, section 2.
    """
    try:
        a, b, c, d = cards
    except (ValueError, TypeError):
        return _strength_slow(cards)
    try:
        bit = _BIT_BY_ID
        mask = bit[id(a)] | bit[id(b)] | bit[id(c)] | bit[id(d)]
        if mask.bit_count() == 4:  # (a duplicated card leaves fewer bits: a smaller hand's mask)
            return _VALUES[mask]
    except KeyError:  # a hand not met yet, or a Card that is not the DECK's own
        pass
    return _strength_slow((a, b, c, d))


def _strength_slow(cards: Iterable[Card]) -> int:
    """`strength()` for what the fast path does not take: a hand not met yet, Card objects
    that are not the DECK's own, strings, and anything wrong (raises ValueError)."""
    hand = _as_cards(cards)
    if len(hand) != 4:
        raise ValueError(
            f"strength() takes exactly 4 cards, got {len(hand)}: {_text(hand)!r}"
            " (use evaluate() for 1 to 4 cards)"
        )
    return _value(_mask_of(hand, "strength()"))


def evaluate(cards: Iterable[Card] | str) -> BadugiHand:
    """The playing hand of 1 to 4 distinct cards (typically the 4 cards shown down).

    cards: `Card`s in any order (or their text, "As 5s 2h 3d"). Returns the largest set
    of them with no rank and no suit repeated; when several sets of that size exist, the
    lowest one (compared from the highest card down). "As 5s 2h 3d" and "As Ah 2s 3d" play
    3-2-A; "As 2s 3s 4s" plays the one-card A. When the lowest ranks can be made with
    different suits (Kd Kc Jd Jc), which cards are returned is fixed but irrelevant: the
    hands compare equal. raises ValueError for 0 or more than 4 cards, a duplicated card or
    something that is not a card. rule: seeds/002, section 2; seeds/003 "Example hands".
    """
    hand = _as_cards(cards)
    if not 1 <= len(hand) <= 4:
        raise ValueError(f"evaluate() takes 1 to 4 cards, got {len(hand)}: {_text(hand)!r}")
    mask = _mask_of(hand, "evaluate()")
    value = _value(mask)
    size, ranks = _decode(value)
    ordered = tuple(sorted(hand, key=_high_first))
    if size == len(hand):
        return BadugiHand._trusted(ordered, value)
    for subset in combinations(ordered, size):
        if (
            tuple(card.rank.value_low for card in subset) == ranks
            and len({card.suit for card in subset}) == size
        ):
            return BadugiHand._trusted(subset, value)
    raise AssertionError(f"no playing set of {ranks} in {_text(hand)}")  # pragma: no cover
