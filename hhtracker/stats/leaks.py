"""Leaks: the hero's figures beside the baselines the rules texts give (issue 19).

The baselines live in one data file, hhtracker/stats/baselines.json, each with its seed
file, section and the seed's own words (tests/stats/test_leaks.py checks them against
../shared/seeds). A `LeakLine` is one figure: done / opportunities with its 95% Wilson
interval, the baseline (a fraction, or None when the seed gives no number) and a verdict
only when the interval lies wholly above or below the baseline.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from collections.abc import Iterable
from typing import Any

from ..cards import Card
from ..rules.badugi import evaluate
from .values import wilson_interval

BASELINES_FILE = Path(__file__).with_name("baselines.json")

EARLY_POSITIONS = ("UTG", "UTG+1", "UTG+2", "MP")
"""Early position for the opening-hands leak: the seats that act before HJ, CO and the
button (docs/statistics.md, Positions; six-handed only UTG). Choice: seed 001 does not name
the seats."""

RFI_POSITIONS = ("UTG", "HJ", "CO", "BTN", "SB")
"""The seats of seed 002's raise-first-in table, six dealt in."""

OPEN_TOP_RANK = 7
"""A three-card hand opens from early position when its highest card is 7 or lower (seed 001)."""

BREAK_TOP_RANK = 8
"""A made badugi of this top card or lower is not broken lightly (seed 001)."""


IN_LINE_MARGIN = 0.10
"""A figure is in line with its baseline when its whole 95% interval lies within this many
(fractions: 10 percentage points) of the baseline on each side. Choice: the hands then
place him within 10 points of the baseline, near enough to say nothing is wrong."""


class Verdict(StrEnum):
    """What a leak line says: above / below the baseline (its interval excludes it), in line
    with it (the interval holds it and lies within IN_LINE_MARGIN of it), not enough hands
    (the interval holds it but is wider), no hands, or no number to compare with."""

    ABOVE = "above"
    BELOW = "below"
    IN_LINE = "in line with the baseline"
    NOT_ENOUGH = "not enough hands"
    NO_HANDS = "no hands"
    NO_BASELINE = "no number in the source"


@dataclass(frozen=True, slots=True)
class Baseline:
    """One baseline from baselines.json: key; seed ("001", the rules text in ../shared/seeds);
    reference (its public title and publisher or author, what the user is shown); section;
    quote (the seed's words); fraction (0..1, None when the seed gives no number); caveat (printed beside
    it); reading (how the words become the figure); above, below (the verdict texts)."""

    key: str
    seed: str
    reference: str
    section: str
    quote: str
    fraction: float | None
    caveat: str
    reading: str
    above: str
    below: str

    @property
    def source(self) -> str:
        """"Limit Badugi, Handout 04 (seminar27.com), section 4 (Starting hands)": the
        public reference and section, never a file name the user does not have."""
        return f"{self.reference}, {self.section}"


@cache
def baselines() -> dict[str, Baseline]:
    """Every baseline by key ("raise_first_in/UTG" for the table's seats, "early_open",
    ...), read from baselines.json."""
    data = json.loads(BASELINES_FILE.read_text(encoding="utf-8"))
    found: dict[str, Baseline] = {}
    for key, entry in data.items():
        if key == "about":
            continue

        def make(name: str, percent: float | None, entry: dict[str, Any] = entry) -> Baseline:
            return Baseline(name, entry["seed"], entry["reference"], entry["section"], entry["quote"],
                            None if percent is None else percent / 100, entry.get("caveat", ""),
                            entry["reading"], entry["above"], entry["below"])

        if "percents" in entry:
            for position, percent in entry["percents"].items():
                found[f"{key}/{position}"] = make(f"{key}/{position}", percent)
        else:
            found[key] = make(key, entry["percent"])
    return found


@dataclass(frozen=True, slots=True)
class LeakLine:
    """One leak figure: key ("raise_first_in/UTG"), label (what is counted), done and
    opportunities (ints: the sample), the baseline, and a note (more about the figure,
    e.g. the snows' result or the luck's z). expected: for draw luck, the expected share
    (the mean of each draw's chance), which replaces the baseline's fixed number."""

    key: str
    label: str
    done: int
    opportunities: int
    baseline: Baseline
    note: str = ""
    expected: float | None = None

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95% Wilson interval of done / opportunities (fractions); None without hands."""
        return wilson_interval(self.done, self.opportunities)

    @property
    def target(self) -> float | None:
        """The fraction compared with: expected when given, else the baseline's number."""
        return self.expected if self.expected is not None else self.baseline.fraction

    @property
    def verdict(self) -> Verdict:
        """ABOVE / BELOW only when the interval excludes the target; IN_LINE when it holds
        the target and lies within IN_LINE_MARGIN of it on both sides; NOT_ENOUGH otherwise."""
        interval = self.interval
        if interval is None:
            return Verdict.NO_HANDS
        if self.target is None:
            return Verdict.NO_BASELINE
        low, high = interval
        if low > self.target:
            return Verdict.ABOVE
        if high < self.target:
            return Verdict.BELOW
        if low >= self.target - IN_LINE_MARGIN and high <= self.target + IN_LINE_MARGIN:
            return Verdict.IN_LINE
        return Verdict.NOT_ENOUGH

    @property
    def verdict_text(self) -> str:
        """The verdict in words: the baseline's own text above or below, else the Verdict's."""
        verdict = self.verdict
        if verdict is Verdict.ABOVE and self.baseline.above:
            return self.baseline.above
        if verdict is Verdict.BELOW and self.baseline.below:
            return self.baseline.below
        return verdict.value


def opens_by_the_rule(cards: str | Iterable[Card]) -> bool:
    """Whether a starting hand ("9c 8d Kh Kd", or its Cards) meets seed 001's rule for opening from early
    position: a badugi, or a three-card hand of 7 or lower (rule: seeds/001, Tips and
    Strategy). raises ValueError for cards that are not four cards."""
    hand = evaluate(cards)
    if hand.size == 4:
        return True
    return hand.size == 3 and hand.cards[0].rank.value_low <= OPEN_TOP_RANK


def low_made_badugi(cards: str | Iterable[Card]) -> bool:
    """Whether four cards (text or Cards) are a badugi eight-high or better (seeds/001: "a made 8-low
    badugi")."""
    hand = evaluate(cards)
    return hand.size == 4 and hand.cards[0].rank.value_low <= BREAK_TOP_RANK
