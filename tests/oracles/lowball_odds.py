"""Oracle for odds/lowball.py: the chance of making a 2-7 low no higher than a top card on
one draw, by drawing every possible set of cards from the unseen ones and looking at each
five-card hand plainly (no rank-set counting, no straight table)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from hhtracker.cards import DECK


def makes_low(hand, top: int) -> bool:
    """Five cards are a 2-7 low no higher than `top`: five different ranks (ace = 14), none
    above top, not five in a row, not all of one suit."""
    ranks = sorted(14 if c.rank.value_low == 1 else c.rank.value_low for c in hand)
    if len(set(ranks)) != 5 or ranks[-1] > top:
        return False
    if ranks[-1] - ranks[0] == 4:  # five different ranks spanning four: a straight
        return False
    return len({c.suit for c in hand}) > 1


def brute_low_odds(keep, seen, top: int) -> Fraction:
    """Every draw of 5 - len(keep) cards from the cards not seen, counted one by one."""
    unseen = [c for c in DECK if c not in set(seen)]
    k = 5 - len(keep)
    made = total = 0
    for drawn in combinations(unseen, k):
        total += 1
        made += makes_low((*keep, *drawn), top)
    return Fraction(made, total)
