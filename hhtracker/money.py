"""Money as the hand histories count it: integers in the smallest unit of a currency, or
chips. Cash and chips are never added together."""

from __future__ import annotations

from dataclasses import dataclass

from .model import CHIPS

CURRENCY_OF_SIGN: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP"}
"""The currency a sign before an amount names (hand histories write "$0.25", "€1", "£2")."""

SIGN_OF_CURRENCY: dict[str, str] = {code: sign for sign, code in CURRENCY_OF_SIGN.items()}
"""The sign an amount of that currency is written with."""


@dataclass(frozen=True, slots=True)
class Money:
    """amount: int, in the smallest unit of `currency` ("chips" for chips)."""

    amount: int
    currency: str


def format_result(amount: int, currency: str) -> str:
    """A result (net, profit, a pot won or lost) with its sign: "+$12.34", "-$0.50",
    "+1,500 chips", "$0.00"; format_money with a "+" on every positive amount."""
    text = format_money(amount, currency)
    return f"+{text}" if amount > 0 else text


def format_money(amount: int, currency: str) -> str:
    """Cents as "$12.34" / "-€0.50" for money; chips as "1,500 chips"."""
    if currency == CHIPS:
        return f"{amount:,} chips"
    sign = "-" if amount < 0 else ""
    symbol = SIGN_OF_CURRENCY.get(currency, "")
    whole, cents = divmod(abs(amount), 100)
    text = f"{sign}{symbol}{whole:,}.{cents:02d}"
    return text if symbol else f"{text} {currency}"
