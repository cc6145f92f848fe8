"""The pages' charts as SVG, drawn here (no script, no library): cumulative winnings over
hands, total, at showdown and without. The SVG is made of numbers and fixed words only;
every text is escaped all the same."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape


@dataclass(frozen=True, slots=True)
class Series:
    """One line: css_class (its colour in style.css: total, showdown, no-showdown), label,
    points (x, y)."""

    css_class: str
    label: str
    points: tuple[tuple[float, float], ...]


def nice_step(span: float, most_ticks: int = 6) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) giving at most most_ticks ticks
    over span.

    >>> nice_step(10), nice_step(95), nice_step(0.7)
    (2.0, 20.0, 0.2)
    """
    if span <= 0:
        return 1.0
    raw = span / most_ticks
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return float(round(factor * power, 12))
    return 10 * power  # (not reached)


def _label(value: float) -> str:
    if abs(value) < 1e-9:
        return "0"
    return f"{value:+,.0f}" if abs(value) >= 10 or value == int(value) else f"{value:+,.1f}"


def line_chart(series: Sequence[Series], *, unit: str, x_label: str = "hands", width: int = 860,
               height: int = 300) -> Markup:
    """An SVG line chart of `series` (y in `unit`), with a zero line, y ticks at round
    values and the x axis from 0 to the last x, ticked at round whole numbers (hands). Empty
    series: a chart with only axes."""
    left, right, top, bottom = 64, 16, 26, 34
    xs = [x for s in series for x, _ in s.points] or [0.0]
    ys = [y for s in series for _, y in s.points] or [0.0]
    x_max = max(max(xs), 1.0)
    y_min, y_max = min(min(ys), 0.0), max(max(ys), 0.0)
    if y_max - y_min < 1e-9:
        y_min, y_max = y_min - 1, y_max + 1
    step = nice_step(y_max - y_min)
    y_min = math.floor(y_min / step) * step
    y_max = math.ceil(y_max / step) * step
    plot_w, plot_h = width - left - right, height - top - bottom

    def px(x: float) -> float:
        return left + plot_w * x / x_max

    def py(y: float) -> float:
        return top + plot_h * (y_max - y) / (y_max - y_min)

    parts = [f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" role="img" aria-label="{escape(", ".join(s.label for s in series))} in {escape(unit)}">']
    tick = y_min
    while tick <= y_max + step / 2:
        y = py(tick)
        parts.append(f'<line class="grid" x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{escape(_label(tick))}</text>')
        tick += step
    parts.append(f'<line class="axis" x1="{left}" x2="{width - right}" y1="{py(0):.1f}" y2="{py(0):.1f}"/>')
    parts.append(f'<line class="axis" x1="{left}" x2="{left}" y1="{top}" y2="{top + plot_h}"/>')
    x_step = max(nice_step(x_max, 8), 1.0)  # (hands: whole numbers, each tick a distinct one)
    tick = 0.0
    while tick <= x_max + 1e-9:  # (no tick past the last hand)
        parts.append(f'<text x="{px(tick):.1f}" y="{height - 16}" text-anchor="middle">{tick:,.0f}</text>')
        tick += x_step
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 2}" text-anchor="middle">{escape(x_label)}</text>')
    parts.append(f'<text x="4" y="14">{escape(unit)}</text>')
    for s in series:
        if not s.points:
            continue
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in s.points)
        parts.append(f'<polyline class="{escape(s.css_class)}" fill="none" stroke-width="2" points="{path}">'
                     f'<title>{escape(s.label)}</title></polyline>')
    parts.append("</svg>")
    return Markup("".join(parts))


def winnings_chart(points: Sequence[object], *, unit: str, x_label: str = "hands", scale: float = 1.0) -> Markup:
    """The winnings chart of cumulative points (objects or JSON dicts with hand, total,
    showdown, no_showdown): three lines, total, at showdown, without showdown; each y
    multiplied by `scale` (0.01: cents shown as dollars)."""
    def get(point: object, key: str) -> float:
        value = float(point[key] if isinstance(point, dict) else getattr(point, key))
        return value if key == "hand" else value * scale

    return line_chart([
        Series("total", "total", tuple((get(p, "hand"), get(p, "total")) for p in points)),
        Series("showdown", "at showdown", tuple((get(p, "hand"), get(p, "showdown")) for p in points)),
        Series("no-showdown", "without showdown", tuple((get(p, "hand"), get(p, "no_showdown")) for p in points)),
    ], unit=unit, x_label=x_label)
