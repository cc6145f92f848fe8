"""The table's messages say money (issue 27, item 5 "money in messages as money"): an
IllegalAction gave bare cents ("calls 28000, more than the 1000 owed") where the replay's
own messages said "$3.60". The replay hands the table its hand's formatter
(_Replay.money): dollars and cents for cash, chips for chips."""

from __future__ import annotations

import pytest

from hhtracker.model import BettingStructure, BlindKind, Site, Stakes
from hhtracker.money import format_money
from hhtracker.parse.read import RawHand
from hhtracker.parse.sites import Parsers
from hhtracker.rules.replay import replay
from hhtracker.rules.table import IllegalAction, Table

from tests.common import CORPUS, STARS_CASH, STARS_SNG

PARSERS = Parsers()


def _table(**money) -> Table:
    """Heads-up no limit, blinds 500/1000 (cents or chips): Alder small blind, Birch big blind."""
    table = Table([("Alder", 1, 100_000), ("Birch", 2, 100_000)], button_seat=1,
                  structure=BettingStructure.NO_LIMIT, stakes=Stakes(500, 1000), big_blind=1000, **money)
    table.post("Alder", BlindKind.SMALL, 500)
    table.post("Birch", BlindKind.BIG, 1000)
    table.start_predraw()
    return table


def _message(verify, *args) -> str:
    with pytest.raises(IllegalAction) as refused:
        verify(*args)
    return refused.value.message


def test_the_table_writes_amounts_with_the_formatter_it_is_given() -> None:
    dollars = _table(money=lambda amount: format_money(amount, "USD"))
    # Alder has 500 in of the 1,000 bet: 500 owed; 28,000 cents is $280.00
    assert _message(dollars.verify_call, "Alder", 28_000) == "Alder calls $280.00, more than the $5.00 owed"
    assert _message(dollars.verify_call, "Alder", 200) == "Alder calls $2.00 of $5.00 without being all-in"
    assert _message(dollars.verify_check, "Alder") == "Alder checks facing a bet of $10.00"
    # no limit: a raise to at least 1,000 + 1,000; all his 100,000 at most
    assert _message(dollars.verify_raise, "Alder", 1_500) == "Alder bets or raises to $15.00; the minimum is $20.00"
    assert _message(dollars.verify_raise, "Alder", 400) == (
        "Alder raises to $4.00 with $5.00 in already: chips taken back")
    assert _message(dollars.verify_call, "Alder", 100_001) == "Alder puts in $1,000.01 but has only $995.00 left"
    # chips when no formatter is given (a generator's table)
    chips = _table()
    assert _message(chips.verify_call, "Alder", 28_000) == "Alder calls 28,000 chips, more than the 500 chips owed"


def _first_hand(name: str) -> str:
    return (CORPUS / name).read_text(encoding="utf-8-sig").split("\n\n\n")[0]


def _messages(text: str, site: Site = Site.POKERSTARS) -> set[tuple[str, str, int | None]]:
    replayed = replay(PARSERS.parse(RawHand("f.txt", 1, text), site))
    return {(i.code.value, i.message, i.line) for i in replayed.issues}


def test_a_cash_hand_says_dollars() -> None:
    """The corpus' PokerStars $0.25/$0.50 hand #49164202872. Lino19 posted the $0.10 small
    blind and the bet is the $0.25 big blind: $0.15 owed; made a call of $0.40 (line 21)."""
    text = _first_hand(STARS_CASH)
    assert ("chips_not_conserved", "Lino19 calls $0.40, more than the $0.15 owed", 21) in _messages(
        text.replace("Lino19: calls $0.15", "Lino19: calls $0.40"))
    # after the second draw the bet is the big bet, $0.50: Scorpio2000 made to bet $1 (line 44)
    assert ("bet_size", "Scorpio2000 bets or raises to $1.00; the maximum is $0.50", 44) in _messages(
        text.replace("Scorpio2000: bets $0.50", "Scorpio2000: bets $1", 1))


def test_a_tournament_hand_says_chips() -> None:
    """The corpus' SNG hand #52589886743, level 100/200: Player7 raises to 200, Player5 (the
    100 big blind in) owes 100 and is made to call 150 (line 18 of the hand)."""
    text = next(h for h in (CORPUS / STARS_SNG).read_text(encoding="utf-8-sig").split("\n\n\n")
                if "#52589886743" in h).strip("\n")
    assert ("chips_not_conserved", "Player5 calls 150 chips, more than the 100 chips owed", 18) in _messages(
        text.replace("Player5: calls 100\n", "Player5: calls 150\n", 1))
