"""The session report's winnings chart: cumulative total, at showdown and without, one
point per hand (per day in a long report), with a tournament's level changes; drawn by
matplotlib (`winnings_figure`, imported only when a chart is asked for).

Drawn so that nothing is cut at any size the report uses (800 and 1000 px wide, issue 27
item 12): a title longer than the figure is wrapped onto more lines, and the layout is made
with every text (title, axis labels, tick labels, the level labels) inside the figure.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..model import CHIPS
from .contents import Chart, ChartPoint, LevelChange
from .queries import DayGroup, HeroHand

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

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


def chart_values(chart: Chart) -> tuple[str, list[float], list[float], list[float]]:
    """(axis label, total, showdown, no showdown) in display units: currency units (dollars,
    not cents), chips, or big bets."""
    if chart.unit == "BB":
        label, scale = "big bets", 1.0
    elif chart.unit == CHIPS:
        label, scale = "chips", 1.0
    else:
        label, scale = chart.unit, 100.0
    return (label, [p.total / scale for p in chart.points], [p.showdown / scale for p in chart.points],
            [p.no_showdown / scale for p in chart.points])


_MARGIN = 6.0
"""Pixels kept clear between any text and the figure's edge."""


def winnings_figure(chart: Chart, title: str, *, width: float = 10.0, height: float = 5.0, dpi: int = 100) -> Figure:
    """The cumulative winnings chart (total, at showdown, without showdown) as a matplotlib
    Figure of width x height inches at dpi, drawn and laid out: its tight bounding box is
    inside the figure (title wrapped to fit). title: plain text (a `$` is not mathtext)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator, StrMethodFormatter

    label, total, showdown, no_showdown = chart_values(chart)
    hands = [p.hand for p in chart.points]
    figure = Figure(figsize=(width, height), dpi=dpi)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    # the total on top: where it equals one of the others, it is the line that shows
    axes.plot(hands, showdown, color="#1f5fbf", linewidth=1.5, label="at showdown", zorder=2)
    axes.plot(hands, no_showdown, color="#c0392b", linewidth=1.5, label="without showdown", zorder=2)
    axes.plot(hands, total, color="#1a7f37", linewidth=2.4, label="total", zorder=3)
    for level in chart.levels[1:]:  # a tournament's blinds going up
        axes.axvline(level.hand, color="#999999", linewidth=0.8, linestyle=":", zorder=1)
        axes.annotate(level.stakes, (level.hand, 1), xycoords=("data", "axes fraction"), fontsize=7,
                      color="#666666", rotation=90, va="top", ha="right")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    if max((abs(v) for v in (*total, *showdown, *no_showdown)), default=0) >= 1000:
        axes.yaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))  # 1,500 chips, as everywhere else
    axes.axhline(0, color="#888888", linewidth=0.8)
    axes.set_xlabel("hands")
    axes.set_ylabel(f"cumulative winnings, {label}")
    axes.grid(True, alpha=0.3)
    axes.legend(loc="best")
    _fit_title(figure, axes, title.replace("$", r"\$"))  # names are text, never mathtext
    return figure


def _fit_title(figure: Figure, axes: Axes, text: str) -> None:
    """Set the axes' title and lay the figure out, wrapping the title onto more lines until
    the whole drawing (the title included) is inside the figure. The title is centred over
    the axes, so its room is twice the distance from the axes' centre to the nearer edge."""
    lines = [text]
    for _ in range(8):
        axes.set_title("\n".join(lines), fontsize=10)
        figure.tight_layout(pad=0.6)
        figure.canvas.draw()  # the title's place is settled when drawn
        box = axes.title.get_window_extent()
        if box.x0 >= _MARGIN and box.x1 <= figure.bbox.width - _MARGIN:
            return
        centre = (box.x0 + box.x1) / 2
        room = 2 * min(centre - _MARGIN, figure.bbox.width - _MARGIN - centre)
        longest = max(len(line) for line in lines)
        lines = textwrap.wrap(text, max(20, int(longest * room / box.width * 0.95)))
