"""The exact odds of making a badugi from a chosen keep, with the draws left.

The model (rule: seeds/002, section 3 "The draws, step by step", whose table this module
reproduces: A-2-3 drawing one makes a badugi 10 times in 48, 20.8% / 37.7% / 51.2% with 1 /
2 / 3 draws left):

- The player holds four cards and has seen some others (his own discards earlier in the
  hand, any card shown). Every other card is *unseen*, and each is equally likely to come.
- He keeps the chosen cards (any of the 16 subsets of his four) and, at every draw left,
  replaces all the others, drawing without replacement from the unseen cards: a card he
  drew and threw away does not come again (no reshuffle is assumed: a draw the unseen
  cards cannot cover is lost).
- He stops drawing (stands pat) as soon as his four cards meet the *target*; the
  probability is that of meeting it by the last draw. Targets: any badugi, a badugi
  eight-high or better (no card above 8, ace low), seven-high or better.

So with k cards to replace and n draws left, the unseen cards come in a random order and the
draws take the first n blocks of k; the keep succeeds if one of these blocks completes it. A
block completes the keep when its k cards are of the k suits the keep lacks, of k different
ranks, none of a rank kept nor above the target's top rank. By inclusion-exclusion over the
blocks (which are exchangeable):

    P = sum over t = 1..n of (-1)^(t+1) * C(n, t) * G_t / (C(N, k) C(N-k, k) ... t factors)

where N is the number of unseen cards and G_t the number of ordered t-tuples of pairwise
disjoint completing blocks, counted exactly by a dynamic programme over the ranks. Every
result is a `fractions.Fraction`.

A keep that cannot reach the target (two cards of a suit or a rank, or a card above the
target's top rank) has probability 0; standing pat (keeping four) has 1 when the four
cards already meet the target, else 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from math import comb

import numpy as np

from ..cards import DECK, Card, Suit

__all__ = ["DRAWS", "KeepOdds", "LADDER", "TARGETS", "Target", "all_keeps", "keep_odds", "quality_ladder",
           "target_probability"]

DRAWS = 3
"""Draws in a hand of Badugi (seeds/002, section 1)."""


@unique
class Target(StrEnum):
    """What a draw is for: any badugi, or a badugi no higher than a given card."""

    BADUGI = "badugi"
    EIGHT_HIGH = "eight_high"
    SEVEN_HIGH = "seven_high"

    @property
    def top_rank(self) -> int:
        """The highest rank (ace low: A=1 .. K=13) a card of the target may have."""
        return _TOP[self]


_TOP = {Target.BADUGI: 13, Target.EIGHT_HIGH: 8, Target.SEVEN_HIGH: 7}
TARGETS: tuple[Target, ...] = tuple(Target)
_TOPS = tuple(t.top_rank for t in TARGETS)
LADDER: tuple[int, ...] = tuple(range(13, 3, -1))
"""Every quality of badugi by its top card: no higher than K (any badugi), Q, J ... 5, 4."""
_SUITS = tuple(Suit)


@dataclass(frozen=True, slots=True)
class KeepOdds:
    """One keep's exact chances. keep: the kept cards, in the hand's order; badugi /
    eight_high / seven_high: the probability of meeting each target by the last draw."""

    keep: tuple[Card, ...]
    badugi: Fraction
    eight_high: Fraction
    seven_high: Fraction

    def odds(self, target: Target) -> Fraction:
        """The probability for one target."""
        odds: Fraction = getattr(self, target.value)
        return odds

    @property
    def as_tuple(self) -> tuple[Fraction, Fraction, Fraction]:
        """(badugi, eight_high, seven_high)."""
        return (self.badugi, self.eight_high, self.seven_high)


def _plain(cards: Iterable[Card]) -> list[tuple[int, int]]:
    """(rank 1..13, suit 0..3) of each card: cheap to hash and compare."""
    return [_PLAIN[c] for c in cards]


def target_probability(keep: Sequence[Card], seen: Iterable[Card], draws_left: int, target: Target) -> Fraction:
    """The probability that keeping `keep` meets `target` by the last of `draws_left` draws.

    keep: 0-4 distinct cards; seen: every card the player knows is not in the stub (his
    whole hand, kept or not, his earlier discards, cards shown): the unseen cards are the
    other ones; draws_left: 0-3. raises ValueError for a keep of more than four cards, a
    kept card not among the seen ones, or draws_left outside 0..3."""
    seen_set = frozenset(seen)
    if len(keep) > 4 or len(set(keep)) != len(keep) or not seen_set.issuperset(keep):
        raise ValueError(f"bad keep {[str(c) for c in keep]}: at most four distinct cards, all seen")
    if not 0 <= draws_left <= DRAWS:
        raise ValueError(f"draws left must be 0..{DRAWS}, not {draws_left}")
    return _odds(tuple(_plain(keep)), _mask(seen_set), len(seen_set), draws_left, (target.top_rank,))[0]


def _mask(cards: Iterable[Card]) -> int:
    mask = 0
    for rank, suit in _plain(cards):
        mask |= 1 << (rank * 4 + suit)
    return mask


def _odds(keep: tuple[tuple[int, int], ...], seen_mask: int, seen_count: int, draws_left: int,
          tops: tuple[int, ...]) -> list[Fraction]:
    """target_probability on plain cards, for each top rank in `tops`: keep as (rank, suit)
    pairs, seen as a bit mask of rank * 4 + suit."""
    ranks = {r for r, _ in keep}
    suits = {s for _, s in keep}
    if len(ranks) != len(keep) or len(suits) != len(keep):
        return [_ZERO for _ in tops]
    k = 4 - len(keep)
    highest = max(ranks, default=0)
    if k == 0 or draws_left == 0:
        return [_ONE if k == 0 and highest <= top else _ZERO for top in tops]
    missing = [s for s in range(4) if s not in suits]
    counts = [0] * (1 << k)  # usable ranks so far by their bit set of unseen missing suits
    shapes: dict[int, tuple[int, ...]] = {}
    wanted = set(tops)
    for card_rank in range(1, max(tops) + 1):
        if card_rank not in ranks:
            bits = 0
            for i, suit in enumerate(missing):
                if not seen_mask >> (card_rank * 4 + suit) & 1:
                    bits |= 1 << i
            counts[bits] += 1
        if card_rank in wanted:
            shapes[card_rank] = tuple(counts[1:])  # ranks with no unseen card do not matter
    unseen = 52 - seen_count
    return [_probability(k, shapes[top], unseen, draws_left) if highest <= top else _ZERO for top in tops]


_PLAIN = {c: (c.rank.value_low, tuple(Suit).index(c.suit)) for c in DECK}
_ZERO, _ONE = Fraction(0), Fraction(1)


@lru_cache(maxsize=65536)
def _probability(k: int, shape: tuple[int, ...], unseen: int, draws_left: int) -> Fraction:
    """shape: for each non-empty bit set b of the k missing suits (1 .. 2**k - 1), how many
    usable ranks have exactly the suits of b unseen."""
    total = Fraction(0)
    ways = 1  # ordered ways to draw t disjoint blocks of k from the unseen cards
    draws_left = min(draws_left, unseen // k)  # a draw the stub cannot cover is lost
    for t in range(1, draws_left + 1):
        ways *= comb(unseen - (t - 1) * k, k)
        good = _blocks(k, shape, t)
        if good == 0:
            break  # no t disjoint completing blocks: none of t + 1 either
        total += (-1) ** (t + 1) * comb(draws_left, t) * Fraction(good, ways)
    return total


@lru_cache(maxsize=16384)
def _blocks(k: int, shape: tuple[int, ...], t: int) -> int:
    """G_t: ordered t-tuples of pairwise disjoint completing blocks. shape: as in
    _probability (how many usable ranks have each bit set of unseen missing suits).

    Dynamic programme over the ranks; the state is, for each block, the set of suits it has
    filled (so 2**(k*t) states). At a rank each block takes at most one card (a block's
    ranks differ), and two blocks never take the same card (so not the same suit)."""
    full = (1 << k) - 1
    size = 1 << (k * t)
    counts = np.zeros(size, dtype=np.float64)  # exact: every count stays below 2**53
    counts[0] = 1.0
    for bits in (b for b, n in enumerate(shape, start=1) for _ in range(n)):
        src, dst = _transitions(k, t, bits)
        # numpy's stubs type bincount as integer counts; with weights it returns float64
        counts = np.bincount(dst, weights=counts[src], minlength=size)  # type: ignore[assignment]
    result = counts[sum(full << (k * i) for i in range(t))]
    if result >= 2**53:  # pragma: no cover - (13*12*11*10)**3 < 2**43
        raise OverflowError("block count too large for exact float arithmetic")
    return int(result)


@lru_cache(maxsize=None)
def _transitions(k: int, t: int, bits: int) -> tuple[np.ndarray, np.ndarray]:
    """(sources, destinations) of every move at a rank whose unseen cards are the suits in
    `bits`: each block takes none or one suit it lacks, no two blocks the same suit."""
    size = 1 << (k * t)
    states = np.arange(size, dtype=np.int64)
    options = [None] + [s for s in range(k) if bits >> s & 1]
    sources, destinations = [], []
    for choice in product(options, repeat=t):
        taken = [s for s in choice if s is not None]
        if len(taken) != len(set(taken)):
            continue
        ok = np.ones(size, dtype=bool)
        offset = 0
        for block, suit in enumerate(choice):
            if suit is None:
                continue
            bit = 1 << (suit + k * block)
            ok &= (states & bit) == 0
            offset += bit
        chosen = states[ok]
        sources.append(chosen)
        destinations.append(chosen + offset)
    return np.concatenate(sources), np.concatenate(destinations)


def keep_odds(keep: Sequence[Card], seen: Iterable[Card], draws_left: int) -> KeepOdds:
    """The three targets' probabilities for one keep (see target_probability)."""
    seen = frozenset(seen)
    return KeepOdds(tuple(keep), *(target_probability(keep, seen, draws_left, target) for target in TARGETS))


def all_keeps(hand: Sequence[Card], seen: Iterable[Card], draws_left: int) -> tuple[KeepOdds, ...]:
    """Every one of the 16 keeps of a four-card hand, from keeping all four (standing pat)
    down to keeping none; within a size in the order of `itertools.combinations`.

    hand: four distinct cards; seen: the other cards the player has seen this hand (his
    earlier discards, cards shown), the hand itself added here; draws_left: 0..3. raises
    ValueError for a hand that is not four distinct cards or draws_left outside 0..3."""
    hand = tuple(hand)
    if len(hand) != 4 or len(set(hand)) != 4:
        raise ValueError(f"a hand is four distinct cards, not {[str(c) for c in hand]}")
    if not 0 <= draws_left <= DRAWS:
        raise ValueError(f"draws left must be 0..{DRAWS}, not {draws_left}")
    known = frozenset(seen) | frozenset(hand)
    mask, count, plain = _mask(known), len(known), _plain(hand)
    out = []
    for size in range(4, -1, -1):
        for chosen in combinations(range(4), size):
            keep = tuple(plain[i] for i in chosen)
            out.append(KeepOdds(tuple(hand[i] for i in chosen), *_odds(keep, mask, count, draws_left, _TOPS)))
    return tuple(out)


def quality_ladder(keep: Sequence[Card], seen: Iterable[Card], draws_left: int) -> tuple[Fraction, ...]:
    """The probability of a badugi no higher than each top rank of LADDER (K down to 4), for
    one keep (arguments as target_probability, seen holding the whole hand)."""
    seen_set = frozenset(seen)
    if len(keep) > 4 or len(set(keep)) != len(keep) or not seen_set.issuperset(keep):
        raise ValueError(f"bad keep {[str(c) for c in keep]}: at most four distinct cards, all seen")
    return tuple(_odds(tuple(_plain(keep)), _mask(seen_set), len(seen_set), draws_left, LADDER))
