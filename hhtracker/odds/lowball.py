"""Exact draw odds for 2-7 and A-5 Triple Draw: the chance that a keep makes a 7-, 8- or
9-low (or better) by the last draw (issue 25 item 4).

The model, as for Badugi (odds/draws.py, seeds/002 section 3): the player holds five cards
and has seen some others (his earlier discards this hand); every other card is *unseen* and
equally likely to come. He keeps the chosen cards (any of the 32 subsets of his five) and,
at every draw left, replaces all the others from the unseen cards, drawing without
replacement (a card he drew and threw away does not come again; no reshuffle is assumed: a
draw the unseen cards cannot cover is lost), and stops as soon as his five cards make the
target: a low (rules/lowball.py) whose highest card is no higher than the target's: 7-low
or better, 8-low or better, 9-low or better. The low's rules (`LowRules`) say what a low is:
in 2-7 (the default) no pair, no straight, no flush and the ace high, so an ace never plays
in these hands (7-low or better: 7-5-4-3-2 .. 7-6-5-4-2); in A-5 the ace is low (rank 1) and
only a pair spoils a low (7-low or better: five different ranks of A..7, 7-6-5-4-3 ..
5-4-3-2-A; straights and flushes are plain lows).

**Exact**, for one draw and for two or three: with k cards to replace and n draws left, the
unseen cards come in a random order and the draws take its first n blocks of k; the keep
makes the target if one of these blocks completes it. By inclusion-exclusion over the blocks
(which are exchangeable), as in odds/draws.py:

    P = sum over t = 1..n of (-1)^(t+1) * C(n, t) * G_t / (C(N, k) C(N-k, k) ... t factors)

where N is the number of unseen cards and G_t the number of ordered t-tuples of pairwise
disjoint blocks that each complete the keep. A completing block is k cards of k different
ranks, none kept, none above the target, and in 2-7 whose five ranks with the keep are no
straight (2-3-4-5-6 .. 5-6-7-8-9), and not all five of one suit. G_t is counted over the tuples of
rank sets, rank by rank (the blocks taking a card of a rank take different cards), with the
flushes (2-7 only) taken out by inclusion-exclusion (`_disjoint_good`). Every result is a
`fractions.Fraction`; tests/oracles/lowball_odds.py checks them against plain enumeration of
every draw (one draw) and of every order of the draws (two and three). All 32 keeps of a hand
for the three targets with three draws left: about 0.15 s in 2-7, 0.22 s in A-5 (nine usable
ranks, A..9, against eight).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, permutations
from math import comb

import numpy as np

from ..cards import DECK, Card, Suit

__all__ = ["ACE_TO_FIVE", "DEUCE_TO_SEVEN", "HAND", "LOW_TARGETS", "LowKeepOdds", "LowRules", "LowTarget",
           "all_low_keeps", "low_odds"]

HAND = 5
"""Cards in a lowball hand."""
DRAWS = 3
"""The most draws a lowball hand has (Triple Draw)."""


@dataclass(frozen=True, slots=True)
class LowRules:
    """What makes a low (the odds' own copy of rules/lowball.py's two games, which this
    layer does not import): ace_low: the ace is rank 1 (A-5) rather than 14 (2-7);
    straights_and_flushes: five in a row, or five of one suit, are no low (2-7) rather than
    plain lows (A-5)."""

    ace_low: bool
    straights_and_flushes: bool


DEUCE_TO_SEVEN = LowRules(ace_low=False, straights_and_flushes=True)
"""2-7 lowball: the ace high, straights and flushes count against a low."""
ACE_TO_FIVE = LowRules(ace_low=True, straights_and_flushes=False)
"""A-5 lowball: the ace low, only pairs count against a low."""


@unique
class LowTarget(StrEnum):
    """What a lowball draw is for: a low no higher than 7, 8 or 9 (or better)."""

    SEVEN_LOW = "seven_low"
    EIGHT_LOW = "eight_low"
    NINE_LOW = "nine_low"

    @property
    def top_rank(self) -> int:
        """The highest rank (7..9) a card of the hand may have."""
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
    """One keep's exact chances of making each target by the last draw. keep: the kept
    cards, in the hand's order; seven_low / eight_low / nine_low: the probabilities."""

    keep: tuple[Card, ...]
    seven_low: Fraction
    eight_low: Fraction
    nine_low: Fraction

    def odds(self, target: LowTarget) -> Fraction:
        """The probability for one target."""
        odds: Fraction = getattr(self, target.value)
        return odds


def _rank(card: Card, rules: LowRules) -> int:
    """1..13 with the ace low (A-5), 2..14 with the ace high (2-7)."""
    value = card.rank.value_low
    return 14 if value == 1 and not rules.ace_low else value


def low_odds(keep: Sequence[Card], seen: Iterable[Card], target: LowTarget, draws_left: int = 1,
             rules: LowRules = DEUCE_TO_SEVEN) -> Fraction:
    """The exact probability that keeping `keep` and drawing the rest (5 - len(keep) cards)
    from the unseen cards makes `target` by the last of `draws_left` draws (1: on this draw).

    keep: 0-5 distinct cards; seen: every card the player knows is not in the stub (his
    whole hand, kept or not, his earlier discards): the unseen cards are the other ones;
    draws_left: 0-3 (0: the keep as it stands); rules: the lowball's (2-7 unless given).
    raises ValueError for a keep of more than
    five cards, a repeated card, a kept card not among the seen ones or draws_left outside
    0..3."""
    seen_set = frozenset(seen)
    if len(keep) > HAND or len(set(keep)) != len(keep) or not seen_set.issuperset(keep):
        raise ValueError(f"bad keep {[str(c) for c in keep]}: at most five distinct cards, all seen")
    if not 0 <= draws_left <= DRAWS:
        raise ValueError(f"draws left must be 0..{DRAWS}, not {draws_left}")
    top = target.top_rank
    kept_ranks = {_rank(c, rules) for c in keep}
    if len(kept_ranks) != len(keep) or any(r > top for r in kept_ranks):
        return Fraction(0)  # a pair, or a card above the target, stays
    kept_suits = {c.suit for c in keep}
    k = HAND - len(keep)
    unseen = 52 - len(seen_set)
    straights = _STRAIGHTS if rules.straights_and_flushes else ()
    if k == 0:
        made = not rules.straights_and_flushes or (len(kept_suits) > 1 and frozenset(kept_ranks) not in straights)
        return Fraction(int(made))
    draws_left = min(draws_left, unseen // k)  # a draw the stub cannot cover is lost (no reshuffle assumed)
    if draws_left == 0:
        return Fraction(0)
    lowest = 1 if rules.ace_low else 2
    usable = [r for r in range(lowest, top + 1) if r not in kept_ranks]
    suits = {r: frozenset(c.suit for c in DECK if _rank(c, rules) == r and c not in seen_set) for r in usable}
    rank_sets = [ranks for ranks in combinations(usable, k) if frozenset(ranks) | kept_ranks not in straights]
    # all five of one suit is a flush, not a 2-7 low: possible when every kept card is of that suit
    flush_suits: tuple[Suit, ...] = ()
    if rules.straights_and_flushes:
        flush_suits = tuple(kept_suits) if len(kept_suits) == 1 else (tuple(Suit) if not keep else ())
    total = Fraction(0)
    ways = 1  # ordered ways to draw t disjoint blocks of k from the unseen cards
    for t in range(1, draws_left + 1):
        ways *= comb(unseen - (t - 1) * k, k)
        good = _disjoint_good(t, usable, suits, rank_sets, flush_suits)
        if good == 0:
            break  # no t disjoint completing blocks: none of t + 1 either
        total += (-1) ** (t + 1) * comb(draws_left, t) * Fraction(good, ways)
    return total


def _disjoint_good(t: int, usable: list[int], suits: dict[int, frozenset[Suit]], rank_sets: list[tuple[int, ...]],
                   flush_suits: tuple[Suit, ...]) -> int:
    """G_t: ordered t-tuples of pairwise disjoint blocks that each make the low (the module's
    doc). A block is a rank set of `rank_sets` (k usable ranks making no straight with the
    keep) with one unseen card of each rank, and not all of one of `flush_suits` (none in A-5).

    By inclusion-exclusion on the flushes: each block is labelled "any cards" (+1) or "all
    of suit s" (-1, for s in flush_suits), and for each labelling the tuples are counted
    rank by rank: at a rank, the blocks that take a card there take different cards, a block
    labelled s the card of suit s. Tuples of rank sets are counted together with numpy (the
    product of each rank's factor, exact in int64: at most 24 ** 9 a tuple, 126 ** 3 tuples,
    the sum at most the C(36, 5) ** 3 < 6e16 ordered triples of blocks; the patterns in int8);
    blocks are exchangeable, so each multiset of labels is counted once, times its orderings."""
    count = len(rank_sets)
    if count == 0:
        return 0
    member = np.array([[r in ranks for r in usable] for ranks in rank_sets], dtype=np.int64)  # rank set x rank
    # for each rank, the membership pattern of a tuple (bit i: block i takes a card there)
    patterns = []
    for j in range(len(usable)):
        pattern = np.zeros((count,) * t, dtype=np.int8)
        for i in range(t):
            shape = [1] * t
            shape[i] = count
            pattern = pattern + (member[:, j].reshape(shape) << i).astype(np.int8)
        patterns.append(pattern)
    labels: tuple[Suit | None, ...] = (None, *flush_suits)
    good = 0
    for chosen in combinations_with_replacement(labels, t):
        orderings = len(set(permutations(chosen)))
        sign = (-1) ** sum(1 for label in chosen if label is not None)
        product = np.ones((count,) * t, dtype=np.int64)
        for j, rank in enumerate(usable):
            table = np.array([_rank_ways(suits[rank], [chosen[i] for i in range(t) if bits >> i & 1])
                              for bits in range(1 << t)], dtype=np.int64)
            product *= table[patterns[j]]
        good += sign * orderings * int(product.sum())
    return good


def _rank_ways(unseen: frozenset[Suit], takers: list[Suit | None]) -> int:
    """The ways the blocks `takers` (each labelled with its suit, or None for any) take
    different unseen cards of one rank."""
    fixed = [s for s in takers if s is not None]
    if len(set(fixed)) != len(fixed) or not unseen.issuperset(fixed):
        return 0
    free = len(unseen) - len(fixed)
    ways = 1
    for i in range(len(takers) - len(fixed)):
        ways *= max(free - i, 0)
    return ways


def all_low_keeps(hand: Sequence[Card], seen: Iterable[Card], draws_left: int = 1,
                  rules: LowRules = DEUCE_TO_SEVEN) -> tuple[LowKeepOdds, ...]:
    """Every one of the 32 keeps of a five-card hand, from keeping all five (standing pat)
    down to keeping none; within a size in the order of `itertools.combinations`.

    hand: five distinct cards; seen: the other cards the player has seen this hand (his
    earlier discards), the hand itself added here; draws_left: 0..3 (low_odds); rules: the
    lowball's (2-7 unless given). raises
    ValueError for a hand that is not five distinct cards or draws_left outside 0..3."""
    hand = tuple(hand)
    if len(hand) != HAND or len(set(hand)) != HAND:
        raise ValueError(f"a lowball hand is five distinct cards, not {[str(c) for c in hand]}")
    known = frozenset(seen) | frozenset(hand)
    out = []
    for size in range(HAND, -1, -1):
        for chosen in combinations(hand, size):
            out.append(LowKeepOdds(chosen, *(low_odds(chosen, known, t, draws_left, rules) for t in LOW_TARGETS)))
    return tuple(out)
