"""The draw-odds oracle: the drawing process itself enumerated (every block of cards each draw
can bring), the reference tests/odds/test_draws.py compares hhtracker.odds.draws with."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from hhtracker.rules.badugi import evaluate


def meets_target(cards, target) -> bool:
    hand = evaluate(cards)
    return hand.is_badugi and max(hand.ranks) <= target.top_rank


def brute_force_probability(keep, unseen, draws_left, target) -> Fraction:
    """Enumerate the drawing process itself: every block of cards the next draw can bring,
    equally likely; a hit stops, a miss throws the block away and draws again."""
    replace = 4 - len(keep)

    @lru_cache(maxsize=None)
    def chance(stub: frozenset, left: int) -> Fraction:
        if left == 0 or len(stub) < replace:
            return Fraction(0)
        blocks = list(combinations(sorted(stub, key=lambda c: c.index), replace))
        total = Fraction(0)
        for block in blocks:
            if meets_target(tuple(keep) + block, target):
                total += 1
            else:
                total += chance(stub - frozenset(block), left - 1)
        return total / len(blocks)

    if replace == 0:
        return Fraction(int(meets_target(tuple(keep), target)))
    return chance(frozenset(unseen), draws_left)
