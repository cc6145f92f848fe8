"""The values statistics are reported in: ratios with their sample and interval, draw luck,
a player's statistics over a set of hands."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..money import Money
from ..rules.badugi import HandClass

WILSON_BELOW = 100
"""Under this many opportunities a percentage is shown with its 95% Wilson interval."""

_Z95 = 1.959963984540054


def wilson_interval(done: int, opportunities: int, z: float = _Z95) -> tuple[float, float] | None:
    """The Wilson score interval for done/opportunities, as fractions (0..1); None when
    there is no opportunity. Source: Wilson (1927); z = 1.96 for 95%.

    The bounds are exact at the ends: 0/n has the lower bound 0.0 and n/n the upper bound
    1.0, as the formula gives in exact arithmetic (centre - half computed in floats leaves
    5.55e-17 at 0/3, which read as "above a baseline of 0%": issue 27)."""
    if opportunities <= 0:
        return None
    n = opportunities
    p = done / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if done <= 0 else max(0.0, centre - half)
    high = 1.0 if done >= n else min(1.0, centre + half)
    return (low, high)


def format_interval(low: float, high: float) -> str:
    """An interval of fractions (0..1) as percentages, "[15-35%]": whole percents, but when
    both bounds would read the same, each bound not exactly 0 or 100% keeps one decimal
    ("[0-0.4%]" for 0/920, not "[0-0%]"; "[99.6-100%]")."""
    whole = (f"{100 * low:.0f}", f"{100 * high:.0f}")
    if whole[0] != whole[1]:
        return f"[{whole[0]}-{whole[1]}%]"
    low_text, high_text = (f"{100 * b:.0f}" if b in (0.0, 1.0) else f"{100 * b:.1f}" for b in (low, high))
    return f"[{low_text}-{high_text}%]"


def format_ratio(done: int, opportunities: int) -> str:
    """"23.6% (17/72) [15-35%]": the percentage, its sample, and under 100 opportunities
    the 95% Wilson interval; "-" when there was no opportunity (never 0%)."""
    if opportunities == 0:
        return "- (0/0)"
    text = f"{100.0 * done / opportunities:.1f}% ({done:,}/{opportunities:,})"
    if opportunities < WILSON_BELOW:
        low, high = wilson_interval(done, opportunities)  # type: ignore[misc]
        text += " " + format_interval(low, high)
    return text


@dataclass(frozen=True, slots=True)
class Ratio:
    """done / opportunities for one statistic over a set of hands."""

    done: int
    opportunities: int

    @property
    def percent(self) -> float | None:
        return 100.0 * self.done / self.opportunities if self.opportunities else None


@dataclass(frozen=True, slots=True)
class BiggestPot:
    """The hand with the largest net win (or loss) in one currency."""

    site_hand_id: str
    net: Money


@dataclass(frozen=True, slots=True)
class Luck:
    """Draw luck over one-card draws to a three-card hand (STATS.md, "Draw luck").
    expected: the sum of the chances outs/unseen; variance: the sum of p(1 - p)."""

    draws: int
    completed: int
    expected: float
    variance: float

    @property
    def z(self) -> float | None:
        """(actual - expected) / standard deviation; None without variance."""
        return (self.completed - self.expected) / math.sqrt(self.variance) if self.variance > 0 else None


HAND_CLASSES: tuple[str, ...] = tuple(c.value for c in HandClass)


@dataclass(frozen=True, slots=True)
class GameTypeResult:
    """A player's results in one game type ("cash", "tournament", "play": filters.GameType),
    never added to another's: hands; net: one Money per currency (tournament and play chips
    are both "chips" but stay apart, one result each); bb_per_100, big_bets_per_100: over
    these hands only, each cash hand in its own big blind / big bet, hands for chips at
    their average big blind / big bet (store/reading.py)."""

    game_type: str
    hands: int
    net: tuple[Money, ...]
    bb_per_100: float | None
    big_bets_per_100: float | None


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's statistics on one site over the hands matched (hands with an error are
    left out).

    net, net_showdown, net_no_showdown, rake: one Money per currency (cash before chips);
    bb_per_100 and big_bets_per_100 are averaged over hands in each hand's own big blind /
    big bet. distributions: cards_drawn_d1..3 ({"0".."4": n}) and showdown_classes;
    sites: every site where a player of this name has matching hands; by_game_type: net and
    BB/100 per game type (bb_per_100 and big_bets_per_100 above average every hand together,
    each in its own stakes)."""

    player: str
    site: str
    hands: int
    stats: dict[str, Ratio]
    distributions: dict[str, dict[str, int]]
    net: tuple[Money, ...]
    bb_per_100: float | None
    big_bets_per_100: float | None
    net_showdown: tuple[Money, ...] = ()
    net_no_showdown: tuple[Money, ...] = ()
    rake: tuple[Money, ...] = ()
    biggest_win: BiggestPot | None = None
    biggest_loss: BiggestPot | None = None
    luck: Luck = Luck(0, 0, 0.0, 0.0)
    sites: tuple[str, ...] = ()
    by_game_type: tuple[GameTypeResult, ...] = ()  # cash, tournament, play: apart
