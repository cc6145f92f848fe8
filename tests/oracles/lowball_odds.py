"""Oracle for odds/lowball.py: the chance of making a 2-7 or an A-5 low no higher than a top
card on one draw, by drawing every possible set of cards from the unseen ones and looking at
each five-card hand plainly (no rank-set counting, no straight table)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

from hhtracker.cards import DECK


def makes_low(hand, top: int, a5: bool = False) -> bool:
    """Five cards are a 2-7 low no higher than `top`: five different ranks (ace = 14), none
    above top, not five in a row, not all of one suit. With a5, an A-5 low: five different
    ranks (ace = 1), none above top, nothing else asked."""
    ranks = sorted(14 if c.rank.value_low == 1 and not a5 else c.rank.value_low for c in hand)
    if len(set(ranks)) != 5 or ranks[-1] > top:
        return False
    if a5:
        return True
    if ranks[-1] - ranks[0] == 4:  # five different ranks spanning four: a straight
        return False
    return len({c.suit for c in hand}) > 1


def brute_low_odds(keep, seen, top: int, a5: bool = False) -> Fraction:
    """Every draw of 5 - len(keep) cards from the cards not seen, counted one by one."""
    unseen = [c for c in DECK if c not in set(seen)]
    k = 5 - len(keep)
    made = total = 0
    for drawn in combinations(unseen, k):
        total += 1
        made += makes_low((*keep, *drawn), top, a5)
    return Fraction(made, total)


def brute_low_odds_by_last(keep, seen, top: int, draws: int, a5: bool = False) -> Fraction:
    """The chance of making the low by the last of `draws` draws, keeping `keep` and
    redrawing the rest each time from what is left: 1 - the share of ordered `draws`-tuples
    of disjoint draws from the unseen cards in which every draw misses. Every draw but the
    last is listed; at the last, the draws that miss are all those left less the ones that
    make it (each card a bit, so "disjoint" is a bitwise and)."""
    unseen = [c for c in DECK if c not in set(seen)]
    k = 5 - len(keep)
    blocks = [(sum(1 << unseen.index(c) for c in block), makes_low((*keep, *block), top, a5))
              for block in combinations(unseen, k)]
    good = [mask for mask, made in blocks if made]

    def missing(n: int, used: int, left: int) -> int:  # ordered n-tuples of disjoint missing draws
        if n == 1:
            return comb(left, k) - sum(1 for mask in good if not mask & used)
        return sum(missing(n - 1, used | mask, left - k) for mask, made in blocks if not made and not mask & used)

    tuples = 1
    for i in range(draws):
        tuples *= comb(len(unseen) - i * k, k)
    return 1 - Fraction(missing(draws, 0, len(unseen)), tuples)
