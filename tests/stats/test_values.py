"""The formats of a statistic's value and its sample (issue 27, item 5: one format)."""

from __future__ import annotations


def test_samples_have_thousands_separators() -> None:
    # a tester's finding: '(1997)' beside '2,000 hands'; every count in one format
    from hhtracker.report.players_render import format_af
    from hhtracker.stats.values import format_ratio

    assert format_ratio(1997, 2000) == "99.8% (1,997/2,000)"
    assert format_ratio(1, 80) == "1.2% (1/80) [0-7%]"
    assert format_af(2500, 1250) == "2.00 (2,500/1,250)"
