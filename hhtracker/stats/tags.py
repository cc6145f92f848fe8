"""Automatic tags: short words shown beside a player's name in the live table view
(`hhtracker hud`, issue 14), each from one statistic, with a documented rule and a minimum
sample (README.md, "The live table view"). A tag is never given on fewer opportunities than its
minimum: on a small sample every player would look extreme."""

from __future__ import annotations

from dataclasses import dataclass

from .values import PlayerStats


@dataclass(frozen=True, slots=True)
class AutoTag:
    """A tag given when `key`'s percentage is at least `at_least` (or at most `at_most`)
    over at least `minimum` opportunities."""

    tag: str
    key: str
    minimum: int
    at_least: float | None = None
    at_most: float | None = None
    rule: str = ""

    def applies(self, stats: PlayerStats) -> bool:
        ratio = stats.stats.get(self.key)
        if ratio is None or ratio.opportunities < self.minimum:
            return False
        percent = 100.0 * ratio.done / ratio.opportunities
        if self.at_least is not None and percent < self.at_least:
            return False
        return self.at_most is None or percent <= self.at_most


AUTO_TAGS: tuple[AutoTag, ...] = (
    AutoTag("snows", "snow_shown", 10, at_least=20.0,
            rule="stood pat at draw 3 without a badugi in 20% or more of the 10+ times his final hand was seen"),
    AutoTag("never breaks", "break_known", 10, at_most=0.0,
            rule="never broke a made badugi in 10+ known chances"),
    AutoTag("calls down", "wtsd", 30, at_least=45.0,
            rule="went to showdown in 45% or more of 30+ hands that reached draw 1"),
    AutoTag("loose", "vpip", 50, at_least=60.0, rule="VPIP 60% or more over 50+ hands"),
    AutoTag("tight", "vpip", 50, at_most=15.0, rule="VPIP 15% or less over 50+ hands"),
    AutoTag("pats early", "pat_d1", 30, at_least=25.0, rule="stood pat at draw 1 in 25% or more of 30+ first draws"),
)
"""The automatic tags, in the order they are shown."""


def auto_tags(stats: PlayerStats | None) -> tuple[str, ...]:
    """The automatic tags a player's statistics earn (none without statistics)."""
    if stats is None:
        return ()
    return tuple(t.tag for t in AUTO_TAGS if t.applies(stats))
