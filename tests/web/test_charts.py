"""The winnings chart's axes (web/charts.py): the x axis counts hands, so its ticks are
distinct whole numbers within the plot (the tester's item 11: a 4-hand player's axis read
"0 0 1 2 2 2 3 4 4")."""

from __future__ import annotations

import re


def _x_ticks(svg: str) -> list[str]:
    """The x axis's tick labels: the texts written on the tick row (y = height - 16 = 284)."""
    return re.findall(r'<text x="[\d.]+" y="284" text-anchor="middle">([^<]*)</text>', svg)


def test_a_four_hand_chart_has_one_tick_per_hand() -> None:
    from hhtracker.web.charts import Series, line_chart

    points = ((0.0, 0.0), (1.0, 1.0), (2.0, -0.5), (3.0, 2.0), (4.0, 1.5))
    svg = str(line_chart([Series("total", "total", points)], unit="big bets"))
    assert _x_ticks(svg) == ["0", "1", "2", "3", "4"]


def test_no_tick_past_the_last_hand() -> None:
    from hhtracker.web.charts import Series, line_chart

    # 50 hands: 50/8 = 6.25 rounds up to a step of 10 (1, 2 or 5 times a power of ten), ticks
    # 0..50; 56 hands: the same step, still 0..50 (60 would be past the plot's right edge)
    for last, expected in ((50, ["0", "10", "20", "30", "40", "50"]), (56, ["0", "10", "20", "30", "40", "50"])):
        svg = str(line_chart([Series("total", "total", ((0.0, 0.0), (float(last), 3.0)))], unit="big bets"))
        assert _x_ticks(svg) == expected, last
