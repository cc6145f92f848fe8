"""Aggregation helpers: confidence intervals and display of ratios."""

from __future__ import annotations

import math

WILSON_BELOW = 100
"""Under this many opportunities a percentage is shown with its 95% Wilson interval."""

_Z95 = 1.959963984540054


def wilson_interval(done: int, opportunities: int, z: float = _Z95) -> tuple[float, float] | None:
    """The Wilson score interval for done/opportunities, as fractions (0..1); None when
    there is no opportunity. Source: Wilson (1927); z = 1.96 for 95%."""
    if opportunities <= 0:
        return None
    n = opportunities
    p = done / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def format_ratio(done: int, opportunities: int) -> str:
    """"23.5% (17/72) [14-35%]": the percentage, its sample, and under 100 opportunities
    the 95% Wilson interval; "-" when there was no opportunity (never 0%)."""
    if opportunities == 0:
        return "- (0/0)"
    text = f"{100.0 * done / opportunities:.1f}% ({done}/{opportunities})"
    if opportunities < WILSON_BELOW:
        low, high = wilson_interval(done, opportunities)  # type: ignore[misc]
        text += f" [{100 * low:.0f}-{100 * high:.0f}%]"
    return text


def format_money(amount: int, currency: str) -> str:
    """Cents as "$12.34" / "-€0.50" for money; chips as "1,500 chips"."""
    if currency == "chips":
        return f"{amount:,} chips"
    sign = "-" if amount < 0 else ""
    symbol = {"USD": "$", "EUR": "€", "GBP": "£"}.get(currency, "")
    whole, cents = divmod(abs(amount), 100)
    text = f"{sign}{symbol}{whole:,}.{cents:02d}"
    return text if symbol else f"{text} {currency}"
