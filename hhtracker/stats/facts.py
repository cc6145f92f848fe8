"""The per-hand statistics facts as values: `Fact(done, opportunity)`, `Count`, a player's
`PlayerHandStats` for one hand, and the statistics keys (STAT_KEYS, DRAW_KEYS). Plain values,
read by the store and the CLI without loading the rules engine; stats/per_hand.py computes
them from a replayed hand."""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import itemgetter


@dataclass(frozen=True, slots=True)
class Fact:
    """done: the player did it; opportunity: he could have. done implies opportunity."""

    done: bool = False
    opportunity: bool = False

    @staticmethod
    def of(done: bool, opportunity: bool) -> Fact:
        """The same as `Fact(done, opportunity)` (two bools), one shared instance per value:
        there are only four, and a hand makes hundreds."""
        return _FACTS[done, opportunity]


@dataclass(frozen=True, slots=True)
class Count:
    """A statistic with several chances in one hand (ints): e.g. `lead` over the three
    post-draw rounds, or AF's bets + raises (done) over calls (opportunity)."""

    done: int = 0
    opportunity: int = 0

    @staticmethod
    def of(done: int, opportunity: int) -> Count:
        """The same as `Count(done, opportunity)` (two ints); small values are shared."""
        shared = _COUNTS.get((done, opportunity))
        return shared if shared is not None else Count(done, opportunity)


_FACTS: dict[tuple[bool, bool], Fact] = {(d, o): Fact(d, o) for d in (False, True) for o in (False, True)}
_COUNTS: dict[tuple[int, int], Count] = {(d, o): Count(d, o) for d in range(16) for o in range(16)}
NO = _FACTS[False, False]


@dataclass(frozen=True, slots=True)
class LuckDraw:
    """One draw of exactly one card to a three-card hand with known cards (STATS.md, "Draw
    luck"): outs still unseen, cards unseen (ints), and whether the badugi was made."""

    draw: int
    outs: int
    unseen: int
    completed: bool


@dataclass(frozen=True, slots=True)
class PlayerHandStats:
    """One dealt-in player's statistics facts for one hand (keys as in STATS.md).

    cards_drawn_d1..3: int 0-4 (0-5 in Badacey and Badeucey), or None when the draw was not reached. showdown_class: the
    `HandClass` value of his hand when he was at showdown and his cards are known.
    luck: his one-card draws to a three-card hand (known cards only: the hero's).
    """

    player: str
    # pre-draw
    vpip: Fact
    pfr: Fact
    three_bet: Fact
    fold_to_three_bet: Fact
    steal: Fact
    fold_to_steal_sb: Fact
    fold_to_steal_bb: Fact
    cold_call: Fact
    # post-draw betting
    af: Count
    af_r2: Count
    af_r3: Count
    af_r4: Count
    afq: Count
    afq_r2: Count
    afq_r3: Count
    afq_r4: Count
    cbet: Fact
    fold_to_cbet: Fact
    check_raise: Count
    check_raise_r2: Fact
    check_raise_r3: Fact
    check_raise_r4: Fact
    fold_to_bet: Count
    fold_to_bet_r2: Fact
    fold_to_bet_r3: Fact
    fold_to_bet_r4: Fact
    lead: Count
    lead_r2: Fact
    lead_r3: Fact
    lead_r4: Fact
    # the draws
    pat_d1: Fact
    pat_d2: Fact
    pat_d3: Fact
    pat_raiser_d1: Fact
    pat_and_bet_d1: Fact
    pat_and_bet_d2: Fact
    pat_and_bet_d3: Fact
    fold_to_pat_d1: Fact
    fold_to_pat_d2: Fact
    fold_to_pat_d3: Fact
    snow_shown: Fact
    snow_known: Count
    snow_known_d1: Fact
    snow_known_d2: Fact
    snow_known_d3: Fact
    break_known: Count
    break_known_d1: Fact
    break_known_d2: Fact
    break_known_d3: Fact
    # showdown
    wtsd: Fact
    wsd: Fact
    won_reached_d1: Fact
    # draw luck: done = badugis made, opportunity = one-card draws to a three-card hand
    draw_luck: Count
    # not ratios
    cards_drawn_d1: int | None
    cards_drawn_d2: int | None
    cards_drawn_d3: int | None
    showdown_class: str | None
    luck: tuple[LuckDraw, ...]


def _is_ratio(annotation: object) -> bool:
    """True for a field annotated Fact or Count: the annotation is the string (this module
    defers annotations) in pure Python and the class itself in the mypyc-compiled build."""
    return annotation in ("Fact", "Count") or annotation is Fact or annotation is Count


_FIELD_NAMES = tuple(f.name for f in fields(PlayerHandStats))
_in_field_order = itemgetter(*_FIELD_NAMES)

STAT_KEYS: tuple[str, ...] = tuple(f.name for f in fields(PlayerHandStats) if _is_ratio(f.type))
"""The ratio statistics, in the order they are shown and stored."""

UNBOUNDED_KEYS: frozenset[str] = frozenset({"af", "af_r2", "af_r3", "af_r4"})
"""Ratios that are not proportions: AF is (bets + raises) / calls, so done may exceed
opportunities. Every other key has done <= opportunities."""

DRAW_KEYS = ("cards_drawn_d1", "cards_drawn_d2", "cards_drawn_d3")
