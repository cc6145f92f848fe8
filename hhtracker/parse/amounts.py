"""Amounts as the text formats write them, shared by the site parsers that write them alike
(PokerStars, Full Tilt)."""

from __future__ import annotations


def parse_amount(text: str) -> int:
    """"$0.25" -> 25, "$5" -> 500, "€1,000.5" -> 100050 (cents: a currency sign means money);
    "1,285" -> 1285 (chips). raises ValueError for more than two decimals or decimals on
    chips."""
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
