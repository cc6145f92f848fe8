"""The Badugi oracle: a hand's value by the rule written out plainly (every subset tried), the
reference tests/rules/test_badugi.py compares hhtracker.rules.badugi with on every hand."""

from __future__ import annotations

from itertools import combinations

from hhtracker.cards import Card


def reference_badugi(hand: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    """(size, ranks highest first) by the rule, written out: try every subset, keep the ones
    where no rank and no suit repeats, take the largest size, and among those the lowest
    ranks compared from the highest card down. (seeds/002 section 2)"""
    for size in (4, 3, 2, 1):
        playable = []
        for subset in combinations(hand, size):
            if len({c.rank for c in subset}) == size and len({c.suit for c in subset}) == size:
                playable.append(sorted((c.rank.value_low for c in subset), reverse=True))
        if playable:
            return size, tuple(min(playable))
    raise AssertionError("a single card always plays")
