"""Oracles for the split-pot games' evaluators: A-5 low, plain high poker (2-7 low reversed) and
the five-card Badugi half, written out plainly; tests/rules/test_lowball_and_badugi5.py
compares hhtracker.rules.lowball and hhtracker.rules.badugi5 with them."""

from __future__ import annotations

from collections import Counter
from itertools import combinations


def ref_a5(hand) -> tuple:
    """Lower tuple = better A-5 low: (group sizes big first, ranks by (count, rank) down)."""
    counts = Counter(c.rank.value_low for c in hand)
    shape = tuple(sorted(counts.values(), reverse=True))
    ordered = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    return (shape, tuple(r for r, n in ordered for _ in range(n)))


def ref_high(hand) -> tuple:
    """Plain high-poker value with the ace high only (2-7's order reversed): bigger = worse low."""
    values = sorted((14 if c.rank.value_low == 1 else c.rank.value_low for c in hand), reverse=True)
    counts = Counter(values)
    by_count = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    ranks = tuple(r for r, n in by_count for _ in range(n))
    flush = len({c.suit for c in hand}) == 1
    straight = len(counts) == 5 and values[0] - values[4] == 4
    shape = sorted(counts.values(), reverse=True)
    if straight and flush:
        cat = 8
    elif shape == [4, 1]:
        cat = 7
    elif shape == [3, 2]:
        cat = 6
    elif flush:
        cat = 5
    elif straight:
        cat = 4
    elif shape == [3, 1, 1]:
        cat = 3
    elif shape == [2, 2, 1]:
        cat = 2
    elif shape == [2, 1, 1, 1]:
        cat = 1
    else:
        cat = 0
    return (cat, ranks)


def ref_badugi(hand, ace_high: bool) -> tuple:
    """Bigger = better: (cards that play, the playing ranks high first, negated)."""
    value = (lambda c: 14 if c.rank.value_low == 1 else c.rank.value_low) if ace_high else (lambda c: c.rank.value_low)
    best = None
    for size in range(1, min(4, len(hand)) + 1):
        for subset in combinations(hand, size):
            if len({c.rank for c in subset}) == size and len({c.suit for c in subset}) == size:
                key = (size, tuple(-v for v in sorted(map(value, subset), reverse=True)))
                best = key if best is None or key > best else best
    return best
