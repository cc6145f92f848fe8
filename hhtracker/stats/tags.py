"""Automatic tags: short words shown beside a player's name in the live table view
(`hhtracker hud`, issue 14) and under `player NAME`, each from one statistic, relative to
the database's population (issue 27): a tag marks a player whose figure lies beyond the
population's 80th percentile (or under its 20th), counted over the players with enough
opportunities, when there are enough such players to compare with (README.md, "The live
table view"). A tag is never given on fewer opportunities than its minimum: on a small
sample every player would look extreme. Strictly beyond the percentile, so no tag marks more
than a fifth of the players it compares (ties at the cut are left out)."""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .values import PlayerStats

HIGH_PERCENTILE = 80
"""A high tag ("calls down") marks a figure above this percentile of the population."""

LOW_PERCENTILE = 20
"""A low tag ("tight") marks a figure below this percentile of the population."""

MIN_POPULATION = 5
"""Fewer players than this with enough opportunities: no tag (nothing to compare with; the
three players left at the end of a tournament are not a population)."""


class Side(StrEnum):
    """Which end of the population a tag marks."""

    HIGH = "high"
    LOW = "low"


@dataclass(frozen=True, slots=True)
class AutoTag:
    """A tag given when `key`'s percentage, over at least `minimum` opportunities, lies above
    the population's HIGH_PERCENTILE (side HIGH) or below its LOW_PERCENTILE (side LOW).
    rule: the rule in words (README)."""

    tag: str
    key: str
    minimum: int
    side: Side
    rule: str = ""

    def percent(self, stats: PlayerStats) -> float | None:
        """The player's percentage for this tag's statistic; None under the minimum sample."""
        ratio = stats.stats.get(self.key)
        if ratio is None or ratio.opportunities < self.minimum or ratio.opportunities <= 0:
            return None
        return 100.0 * ratio.done / ratio.opportunities


AUTO_TAGS: tuple[AutoTag, ...] = (
    AutoTag("snows", "snow_shown", 10, Side.HIGH,
            rule="snow (pat at draw 3 without a badugi, of the times his final hand was seen) above the 80th percentile"),
    AutoTag("rarely breaks", "break_known", 10, Side.LOW,
            rule="broke a made badugi (of the known times) below the 20th percentile"),
    AutoTag("calls down", "wtsd", 30, Side.HIGH, rule="WTSD above the 80th percentile"),
    AutoTag("loose", "vpip", 50, Side.HIGH, rule="VPIP above the 80th percentile"),
    AutoTag("tight", "vpip", 50, Side.LOW, rule="VPIP below the 20th percentile"),
    AutoTag("pats early", "pat_d1", 30, Side.HIGH, rule="pat at draw 1 above the 80th percentile"),
)
"""The automatic tags, in the order they are shown."""


@dataclass(frozen=True, slots=True)
class Cut:
    """One statistic's cut points over a population: low (the 20th percentile, a
    percentage), high (the 80th), players (how many had enough opportunities)."""

    key: str
    minimum: int
    low: float
    high: float
    players: int


@dataclass(frozen=True, slots=True)
class Population:
    """The cut points the tags compare with, by (statistic key, minimum opportunities);
    a statistic with fewer than MIN_POPULATION players of enough opportunities has none."""

    cuts: tuple[Cut, ...] = ()

    def cut(self, tag: AutoTag) -> Cut | None:
        return next((c for c in self.cuts if c.key == tag.key and c.minimum == tag.minimum), None)


def population(players: Iterable[PlayerStats]) -> Population:
    """The cut points of every tag's statistic over `players` (one site and game: the
    caller chooses). Percentiles by linear interpolation between the sorted figures
    (statistics.quantiles, method "inclusive")."""
    everyone = list(players)
    cuts: list[Cut] = []
    for key, minimum in dict.fromkeys((t.key, t.minimum) for t in AUTO_TAGS):
        probe = AutoTag("", key, minimum, Side.HIGH)
        figures = [f for f in (probe.percent(p) for p in everyone) if f is not None]
        if len(figures) < MIN_POPULATION:
            continue
        points = statistics.quantiles(figures, n=100, method="inclusive")
        cuts.append(Cut(key, minimum, points[LOW_PERCENTILE - 1], points[HIGH_PERCENTILE - 1], len(figures)))
    return Population(tuple(cuts))


def auto_tags(stats: PlayerStats | None, people: Population) -> tuple[str, ...]:
    """The automatic tags a player's statistics earn against the population (none without
    statistics, under a tag's minimum sample, or without a population to compare with)."""
    if stats is None:
        return ()
    earned = []
    for tag in AUTO_TAGS:
        figure = tag.percent(stats)
        cut = people.cut(tag)
        if figure is None or cut is None:
            continue
        if (figure > cut.high) if tag.side is Side.HIGH else (figure < cut.low):
            earned.append(tag.tag)
    return tuple(earned)
