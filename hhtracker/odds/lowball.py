"""Exact draw odds for 2-7 Triple Draw: the chance that a keep makes a 7-, 8- or 9-low (or
better) on the next draw (issue 25 item 4).

The model, as for Badugi (odds/draws.py): the player holds five cards and has seen some
others (his earlier discards this hand); every other card is *unseen* and equally likely to
come. He keeps the chosen cards (any of the 32 subsets of his five) and draws the others
from the unseen cards. The keep *makes* a target when the five cards after the draw are a
2-7 low (rules/lowball.py: no pair, no straight, no flush, the ace high) whose highest card
is no higher than the target's: 7-low or better (7-5-4-3-2 .. 7-6-5-4-2), 8-low or better,
9-low or better. An ace is high in 2-7, so it never plays in these hands.

**What is exact**: the probability for *one* draw, the next one, whatever the draws left,
counted over every set of cards the draw can bring (no simulation, no approximation): with
k cards to draw from N unseen ones, P = (the draws that make the target) / C(N, k). The
draws that make it are counted by rank sets: the k drawn cards take k different ranks, none
kept, none above the target; the five ranks must not be a straight (2-3-4-5-6 .. 5-6-7-8-9);
for each rank set, the ways are the product of the unseen cards of each rank, less the ways
that make a flush (all five of one suit: only when every kept card is of that suit).
With more than one draw left, the odds by the last draw are at least these (a player may
also make the hand on a later draw); they are not computed here. tests/oracles/lowball_odds.py
checks these counts against plain enumeration of every draw.

Every probability is a `fractions.Fraction`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from fractions import Fraction
from itertools import combinations
from math import comb, prod

from ..cards import DECK, Card, Suit

__all__ = ["HAND", "LOW_TARGETS", "LowKeepOdds", "LowTarget", "all_low_keeps", "low_odds"]

HAND = 5
"""Cards in a 2-7 hand."""


@unique
class LowTarget(StrEnum):
    """What a 2-7 draw is for: a low no higher than 7, 8 or 9 (or better)."""

    SEVEN_LOW = "seven_low"
    EIGHT_LOW = "eight_low"
    NINE_LOW = "nine_low"

    @property
    def top_rank(self) -> int:
        """The highest rank (2..9) a card of the hand may have."""
        return _TOP[self]

    @property
    def words(self) -> str:
        """"7-low or better"."""
        return f"{self.top_rank}-low or better"


_TOP = {LowTarget.SEVEN_LOW: 7, LowTarget.EIGHT_LOW: 8, LowTarget.NINE_LOW: 9}
LOW_TARGETS: tuple[LowTarget, ...] = tuple(LowTarget)
_STRAIGHTS = tuple(frozenset(range(low, low + HAND)) for low in range(2, 6))
"""The straights a hand of ranks 2..9 can be (the ace is high in 2-7: A-2-3-4-5 is no straight)."""


@dataclass(frozen=True, slots=True)
class LowKeepOdds:
    """One keep's exact chances of making each target on the next draw. keep: the kept
    cards, in the hand's order; seven_low / eight_low / nine_low: the probabilities."""

    keep: tuple[Card, ...]
    seven_low: Fraction
    eight_low: Fraction
    nine_low: Fraction

    def odds(self, target: LowTarget) -> Fraction:
        """The probability for one target."""
        odds: Fraction = getattr(self, target.value)
        return odds


def _rank(card: Card) -> int:
    """2..14, the ace high (2-7)."""
    value = card.rank.value_low
    return 14 if value == 1 else value


def low_odds(keep: Sequence[Card], seen: Iterable[Card], target: LowTarget) -> Fraction:
    """The exact probability that keeping `keep` and drawing the rest (5 - len(keep) cards)
    from the unseen cards makes `target` on this draw.

    keep: 0-5 distinct cards; seen: every card the player knows is not in the stub (his
    whole hand, kept or not, his earlier discards): the unseen cards are the other ones.
    raises ValueError for a keep of more than five cards, a repeated card or a kept card
    not among the seen ones."""
    seen_set = frozenset(seen)
    if len(keep) > HAND or len(set(keep)) != len(keep) or not seen_set.issuperset(keep):
        raise ValueError(f"bad keep {[str(c) for c in keep]}: at most five distinct cards, all seen")
    top = target.top_rank
    kept_ranks = {_rank(c) for c in keep}
    if len(kept_ranks) != len(keep) or any(r > top for r in kept_ranks):
        return Fraction(0)  # a pair, or a card above the target, stays
    kept_suits = {c.suit for c in keep}
    k = HAND - len(keep)
    unseen = 52 - len(seen_set)
    if k == 0:
        made = len(kept_suits) > 1 and frozenset(kept_ranks) not in _STRAIGHTS
        return Fraction(int(made))
    if unseen < k:
        return Fraction(0)
    by_rank: dict[int, list[Card]] = {r: [] for r in range(2, top + 1) if r not in kept_ranks}
    for card in DECK:  # every unseen card of a usable rank, by rank
        if card not in seen_set and _rank(card) in by_rank:
            by_rank[_rank(card)].append(card)
    # all five of one suit is a flush, not a low: possible when every kept card is of that suit
    flush_suits = tuple(kept_suits) if len(kept_suits) == 1 else (tuple(Suit) if not keep else ())
    good = 0
    for ranks in combinations(sorted(by_rank), k):
        if frozenset(ranks) | kept_ranks in _STRAIGHTS:
            continue
        ways = prod(len(by_rank[r]) for r in ranks)
        for suit in flush_suits:
            ways -= prod(sum(1 for c in by_rank[r] if c.suit is suit) for r in ranks)
        good += ways
    return Fraction(good, comb(unseen, k))


def all_low_keeps(hand: Sequence[Card], seen: Iterable[Card]) -> tuple[LowKeepOdds, ...]:
    """Every one of the 32 keeps of a five-card hand, from keeping all five (standing pat)
    down to keeping none; within a size in the order of `itertools.combinations`.

    hand: five distinct cards; seen: the other cards the player has seen this hand (his
    earlier discards), the hand itself added here. raises ValueError for a hand that is not
    five distinct cards."""
    hand = tuple(hand)
    if len(hand) != HAND or len(set(hand)) != HAND:
        raise ValueError(f"a 2-7 hand is five distinct cards, not {[str(c) for c in hand]}")
    known = frozenset(seen) | frozenset(hand)
    out = []
    for size in range(HAND, -1, -1):
        for chosen in combinations(hand, size):
            out.append(LowKeepOdds(chosen, *(low_odds(chosen, known, t) for t in LOW_TARGETS)))
    return tuple(out)
