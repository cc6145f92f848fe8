"""Amounts as the text formats write them, shared by the site parsers that write them alike
(PokerStars, Full Tilt)."""

from __future__ import annotations

import re

_GROUPED = re.compile(r"[^\d,]*\d{1,3}(?:,\d{3})+(?:\.\d+)?")
MAX_AMOUNT = 10**15
"""The largest whole number a hand may hold (an amount in cents or chips, a seat, a count):
sites.Parsers rejects a hand with a larger one, a damaged file (the store's integers end at
2**63)."""


def check_grouping(text: str) -> None:
    """Thousands commas where they belong ("1,285", "$2,666.24"). raises ValueError for
    "1,2,3" or "12,34", which no site writes (a damaged amount, not 123)."""
    if "," in text and not _GROUPED.fullmatch(text):
        raise ValueError(f"badly grouped digits: {text[:30]!r}")


def parse_amount(text: str) -> int:
    """"$0.25" -> 25, "$5" -> 500, "€1,000.5" -> 100050 (cents: a currency sign means money);
    "1,285" -> 1285 (chips). raises ValueError for more than two decimals, decimals on
    chips or misplaced commas."""
    check_grouping(text)
    money = text[0] in "$€£"
    digits = text[1:] if money else text
    digits = digits.replace(",", "")
    whole, _, fraction = digits.partition(".")
    if not money:
        if fraction.strip("0"):
            raise ValueError(f"fractional chips: {text!r}")
        return int(whole)
    if len(fraction) > 2:
        raise ValueError(f"more than two decimals: {text!r}")
    return int(whole) * 100 + int(fraction.ljust(2, "0") or 0)
