"""Tournament value types: what a tournament cost (`BuyIn`, read from the header's buy-in
text), and one player's tournament as `hhtracker tournaments` shows it (`TournamentResult`,
`TournamentTotals`).

Money rules (README, "Tournaments"): every amount is an int in the smallest unit of the
tournament's `currency` (cents for "USD", "EUR", "GBP"; whole chips for "play"; whole points
for "FPP" and "SC"); tournament chips (the stacks and pots of the hands) are never money and
are never added to it. A value the files do not give is None, never a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from .money import CURRENCY_OF_SIGN


class TournamentCurrency(StrEnum):
    """The buy-in currencies that are not money (money is its ISO code: "USD"...)."""

    PLAY = "play"  # play money: a buy-in without a currency sign or code ("100+10")
    FREEROLL = "freeroll"  # no buy-in; prizes, when printed, are in the currency of their sign
    FPP = "FPP"  # PokerStars' Frequent Player Points (tokens)
    SC = "SC"  # StarsCoin (tokens)


@dataclass(frozen=True, slots=True)
class BuyIn:
    """What entering cost. buy_in: the part that goes to the prize pool; fee: the site's
    fee; bounty: the part put on the player's head (knock-out tournaments); all ints in the
    smallest unit of `currency`, None when the header does not say. currency: "USD", "EUR",
    "GBP", or a TournamentCurrency value; None when the buy-in text is of no known shape."""

    buy_in: int | None
    fee: int | None
    bounty: int | None
    currency: str | None

    @property
    def cost(self) -> int | None:
        """buy_in + fee + bounty (a missing bounty is none: the header prints every part it
        has); None when the buy-in or the fee is unknown. A freeroll costs 0."""
        if self.buy_in is None or self.fee is None:
            return None
        return self.buy_in + self.fee + (self.bounty or 0)


UNKNOWN_BUY_IN = BuyIn(None, None, None, None)

_AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d{1,2})?"  # (two decimals at most: "$1.999" is no buy-in we read)
_WHOLE = re.compile(rf"^(?P<amounts>{_AMOUNT}(?:\+{_AMOUNT}){{0,2}})(?: (?P<code>[A-Z]{{2,4}}))?$")
_LEADING = re.compile(r"^(?P<first>[$€£]\d[\d,]*(?:\.\d{1,2})?)(?![\d.,])"
                      r"(?: ?\+ ?(?P<second>[$€£]\d[\d,]*(?:\.\d{1,2})?)(?![\d.,]))?\b")


def _units(text: str) -> int:
    """"$0.25" -> 25 (cents: a sign means money), "1,500" -> 1500 (whole units)."""
    money = text[0] in CURRENCY_OF_SIGN
    digits = (text[1:] if money else text).replace(",", "")
    whole, _, fraction = digits.partition(".")
    if not money:
        return int(whole)
    return int(whole) * 100 + int(fraction[:2].ljust(2, "0") or 0)


def parse_buy_in(text: str | None) -> BuyIn:
    """The buy-in as a header writes it -> BuyIn. Shapes (rule: ../shared/formats/FORMATS.md
    1.2 and the PokerStars headers of tests/parse/test_pokerstars.py):

    - "$1.00+$0.20 USD": buy-in 100, fee 20, currency USD (the code, else the sign);
    - "$0.91+$0.09+$0.10 USD": buy-in 91, fee 9, bounty 10. Choice: of three amounts the
      second is the fee and the third the bounty, as fpdb's PokerStars reader takes them;
      the cost (their sum) is the same whichever order is right;
    - "Freeroll": buy-in 0, fee 0, currency "freeroll";
    - "150 FPP", "20 SC": points; one amount is the buy-in, the fee unknown (None);
    - "100+10" (no sign, no code): play money, currency "play";
    - a Full Tilt tournament name "$10 Heads-Up Sit & Go" or "$3 + $0.30 KO Sit & Go": the
      leading amounts (one: the buy-in, fee unknown);
    - anything else (or None): every field None."""
    text = (text or "").strip()
    if text == "Freeroll":
        return BuyIn(0, 0, None, TournamentCurrency.FREEROLL.value)
    whole = _WHOLE.match(text)
    if whole:
        amounts = whole["amounts"].split("+")
        values = [_units(a) for a in amounts]
        sign = next((a[0] for a in amounts if a[0] in CURRENCY_OF_SIGN), None)
        code = whole["code"]
        if code is None:
            currency = CURRENCY_OF_SIGN[sign] if sign else TournamentCurrency.PLAY.value
        else:
            currency = code
        fee = values[1] if len(values) > 1 else None
        bounty = values[2] if len(values) > 2 else None
        return BuyIn(values[0], fee, bounty, currency)
    leading = _LEADING.match(text)
    if leading:
        first, second = leading["first"], leading["second"]
        return BuyIn(_units(first), _units(second) if second else None, None, CURRENCY_OF_SIGN[first[0]])
    return UNKNOWN_BUY_IN


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """One player's tournament (one row of `hhtracker tournaments`).

    site, tournament_id, player: who and where; game ("badugi"), structure ("FL"...);
    buy: BuyIn (currency and cost); entrants: int or None (only a tournament summary file
    says); hands: int, the hands he was dealt in our files; first_hand / last_hand: ISO 8601
    UTC start times of those hands; finish: int place or None (unknown: neither a finish line
    nor a summary file says it); prize: int in the smallest unit of the prize currency
    (`prize_currency`, else the buy-in's), 0 for a known finish without a prize, None when
    the finish is unknown; profit: prize - cost, None when either is unknown; source: where
    the finish was read ("hand" line, "summary" file, or None)."""

    site: str
    tournament_id: str
    player: str
    game: str
    structure: str
    buy: BuyIn
    entrants: int | None
    hands: int
    first_hand: str
    last_hand: str
    finish: int | None
    prize: int | None
    prize_currency: str | None
    source: str | None

    @property
    def currency(self) -> str | None:
        """The currency the row's money is in: the buy-in's; a freeroll's prize currency
        stays "freeroll" (totals are per this value)."""
        return self.buy.currency

    @property
    def profit(self) -> int | None:
        cost = self.buy.cost
        if self.prize is None or cost is None:
            return None
        return self.prize - cost

    def as_json(self) -> dict[str, object]:
        """The `tournaments --json` object (README, "Tournaments")."""
        return {
            "site": self.site, "tournament_id": self.tournament_id, "player": self.player, "game": self.game,
            "structure": self.structure, "currency": self.currency, "buy_in": self.buy.buy_in, "fee": self.buy.fee,
            "bounty": self.buy.bounty, "entrants": self.entrants, "hands": self.hands, "finish": self.finish,
            "prize": self.prize, "profit": self.profit,
        }


@dataclass(frozen=True, slots=True)
class TournamentTotals:
    """Totals of one currency's tournaments. tournaments: how many; known_finishes: those
    whose finish is known; in_the_money: of those, how many won a prize (> 0); profit: the sum
    of the known profits; cost: the sum of the buy-ins (cost) of those same tournaments;
    roi: profit / cost (a fraction, None when cost is 0); average_finish: the mean place over
    the known finishes (None when none); with_profit: how many have a known profit (profit
    and cost are theirs)."""

    currency: str | None
    tournaments: int
    known_finishes: int
    in_the_money: int
    profit: int
    cost: int
    finish_sum: int
    with_profit: int = 0

    @property
    def itm(self) -> float | None:
        return self.in_the_money / self.known_finishes if self.known_finishes else None

    @property
    def roi(self) -> float | None:
        return self.profit / self.cost if self.cost else None

    @property
    def average_finish(self) -> float | None:
        return self.finish_sum / self.known_finishes if self.known_finishes else None


def totals(results: list[TournamentResult]) -> list[TournamentTotals]:
    """One TournamentTotals per currency, in order of first appearance. Money of different
    currencies is never added."""
    groups: dict[str | None, list[TournamentResult]] = {}
    for result in results:
        groups.setdefault(result.currency, []).append(result)
    out = []
    for currency, rows in groups.items():
        known = [r for r in rows if r.finish is not None]
        priced = [r for r in rows if r.profit is not None]
        out.append(TournamentTotals(
            currency, len(rows), len(known), sum(1 for r in known if (r.prize or 0) > 0),
            sum(r.profit for r in priced),  # type: ignore[misc]
            sum(r.buy.cost for r in priced),  # type: ignore[misc]
            sum(r.finish for r in known),  # type: ignore[misc]
            len(priced),
        ))
    return out


def ordinal(place: int) -> str:
    """1 -> "1st", 2 -> "2nd", 13 -> "13th", 22 -> "22nd"."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def format_prize(amount: int | None, currency: str | None) -> str:
    """A buy-in, prize or profit: "$1.60", "-€0.50" (money), "150 play", "150 FPP" (whole
    units); "unknown" for None."""
    if amount is None or currency is None:
        return "unknown"
    if currency in CURRENCY_OF_SIGN.values():
        from .money import format_money

        return format_money(amount, currency)
    sign = "-" if amount < 0 else ""
    return f"{sign}{abs(amount):,} {currency}"
