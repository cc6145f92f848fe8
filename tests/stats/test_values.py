"""The formats of a statistic's value and its sample (issue 27, item 5: one format)."""

from __future__ import annotations


def test_samples_have_thousands_separators() -> None:
    # a tester's finding: '(1997)' beside '2,000 hands'; every count in one format
    from hhtracker.report.players_render import format_af
    from hhtracker.stats.values import format_ratio

    assert format_ratio(1997, 2000) == "99.8% (1,997/2,000)"
    assert format_ratio(1, 80) == "1.2% (1/80) [0-7%]"
    assert format_af(2500, 1250) == "2.00 (2,500/1,250)"


def test_an_interval_near_0_or_100_keeps_a_decimal() -> None:
    # the tester's "0-0%" for 0/920 on the leaks page. Wilson at 0/n: the upper bound is
    # z^2/(n+z^2) = 3.8416/923.8416 = 0.416%; at n/n the lower bound is 1 - that, 99.58%.
    from hhtracker.report.insight_render import figure_text
    from hhtracker.stats.leaks import LeakLine, baselines
    from hhtracker.stats.values import format_interval, wilson_interval

    assert format_interval(*wilson_interval(0, 920)) == "[0-0.4%]"  # type: ignore[misc]
    assert format_interval(*wilson_interval(920, 920)) == "[99.6-100%]"  # type: ignore[misc]
    assert format_interval(0.15, 0.35) == "[15-35%]"
    assert format_interval(0.0022, 0.07) == "[0-7%]"  # (1/80: bounds apart, whole percents)
    assert format_interval(0.4951, 0.5049) == "[49.5-50.5%]"
    # the leaks' figure says the interval so: 0 of 920, with thousands separators
    line = LeakLine("snow", "pat draws that were not a badugi", 0, 920, baselines()["snow"])
    assert figure_text(line) == "0.0% (0/920) [0-0.4%]"
    line = LeakLine("snow", "pat draws that were not a badugi", 1984, 9842, baselines()["snow"])
    assert figure_text(line) == "20.2% (1,984/9,842) [19-21%]"  # (Wilson: 19.4%-20.96%)
