"""Money as the hand histories count it: integers in the smallest unit of a currency, or
chips. Cash and chips are never added together."""

from __future__ import annotations

from dataclasses import dataclass
from .model import CHIPS


@dataclass(frozen=True, slots=True)
class Money:
    """amount: int, in the smallest unit of `currency` ("chips" for chips)."""

    amount: int
    currency: str


def format_money(amount: int, currency: str) -> str:
    """Cents as "$12.34" / "-€0.50" for money; chips as "1,500 chips"."""
    if currency == CHIPS:
        return f"{amount:,} chips"
    sign = "-" if amount < 0 else ""
    symbol = {"USD": "$", "EUR": "€", "GBP": "£"}.get(currency, "")
    whole, cents = divmod(abs(amount), 100)
    text = f"{sign}{symbol}{whole:,}.{cents:02d}"
    return text if symbol else f"{text} {currency}"
