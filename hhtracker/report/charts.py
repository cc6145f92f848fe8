"""The session report's winnings chart: cumulative total, at showdown and without, one
point per hand (per day in a long report), with a tournament's level changes."""

from __future__ import annotations

from collections.abc import Sequence

from ..model import CHIPS
from .contents import Chart, ChartPoint, LevelChange
from .queries import DayGroup, HeroHand

Results = HeroHand | DayGroup


def chart_of(hands: Sequence[Results]) -> Chart:
    """Cumulative total / showdown / non-showdown winnings, one point per hand after a 0
    (one per day for the day groups of a long report, a day's groups given together)."""
    currencies = {h.currency for h in hands}
    unit = currencies.pop() if len(currencies) == 1 else "BB"
    total: int | float = 0  # (floats in big bets)
    sd: int | float = 0
    nsd: int | float = 0
    count = 0
    points = [ChartPoint(0, 0, 0, 0)]
    levels: list[LevelChange] = []
    for i, item in enumerate(hands):
        if unit == CHIPS and isinstance(item, HeroHand):
            stakes = f"{item.small_bet:,}/{item.big_bet:,}"
            if not levels or levels[-1].stakes != stakes:
                levels.append(LevelChange(count, stakes))
        count += item.count
        if isinstance(item, HeroHand):
            amount = item.net if unit != "BB" else item.big_bets
            if item.showdown:
                sd += amount
            else:
                nsd += amount
            total += amount
        else:
            showdown = item.net_showdown if unit != "BB" else item.net_showdown / item.big_bet
            amount = item.net if unit != "BB" else item.big_bets
            total += amount
            sd += showdown
            nsd += amount - showdown
            following = hands[i + 1] if i + 1 < len(hands) else None
            if isinstance(following, DayGroup) and following.date == item.date:
                continue  # one point per day
        points.append(ChartPoint(count, total, sd, nsd))
    return Chart(unit, tuple(points), tuple(levels))
