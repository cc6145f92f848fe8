"""More put in than a stack is an error whatever else is wrong with the action (issue
"Guarantees", item 7): the stack is checked first in every verify_* of the table.

The shape of the issue, hand-written on tests/data/rules_hands/legal/base_three_handed.txt:
Birch ($1.75) bets his last $0.50 all-in after draw 3, Alder calls, and the file then has
Birch "call" $0.50 more, $2.25 in from a $1.75 stack. Before the fix the call was checked
for "nothing to call" first, so the hand was a warning (short_call) and counted.
"""

from __future__ import annotations

import pytest

from hhtracker.model import BettingStructure, BlindKind, Round, Stakes
from hhtracker.parse.pokerstars import PokerStarsParser
from hhtracker.parse.read import split_hands
from hhtracker.rules.issues import Code, Severity
from hhtracker.rules.replay import replay
from hhtracker.rules.table import IllegalAction, Table

from tests.common import DATA

HAND = DATA / "rules_hands" / "over_stack" / "all_in_calls_own_bet.txt"


def test_all_in_player_calling_his_own_bet_is_bet_over_stack() -> None:
    (raw,) = list(split_hands(HAND))
    hand = replay(PokerStarsParser().parse(raw))
    found = {(i.code, i.line, i.severity) for i in hand.issues}
    assert (Code.BET_OVER_STACK, 34, Severity.ERROR) in found  # line 34: "Birch: calls $0.50"
    assert Code.SHORT_CALL not in {i.code for i in hand.issues}
    # Birch: 0.50 + 0.25 + 0.50 pre-draw to draw 2, then 0.50 all-in and the 0.50 "call".
    assert hand.player("Birch").contributed == 225
    assert hand.player("Birch").stack == 175


def _table(stack: int) -> Table:
    """Three-handed $0.25/$0.50 limit; Birch (seat 2, small blind) has `stack` cents."""
    return Table([("Alder", 1, 1000), ("Birch", 2, stack), ("Cedar", 3, 1000)], button_seat=1,
                 structure=BettingStructure.FIXED_LIMIT, stakes=Stakes(25, 50), big_blind=25)


def _over(verify, *args) -> Code:
    with pytest.raises(IllegalAction) as refused:
        verify(*args)
    return refused.value.code


def test_every_verify_checks_the_stack_first() -> None:
    # Blinds and antes: more than the stack, and after the betting started (out of turn too).
    table = _table(8)
    assert _over(table.verify_post, "Birch", BlindKind.SMALL, 10) is Code.BET_OVER_STACK
    assert _over(table.verify_post, "Birch", None, 9) is Code.BET_OVER_STACK
    table.post("Birch", BlindKind.SMALL, 8)  # all-in for his 8 cents
    table.post("Cedar", BlindKind.BIG, 25)
    table.start_predraw()
    assert _over(table.verify_post, "Birch", BlindKind.SMALL, 10) is Code.BET_OVER_STACK
    # Birch has nothing behind: a call of anything, owed or not, is over his stack.
    assert _over(table.verify_call, "Birch", 17) is Code.BET_OVER_STACK
    table.call("Alder")
    assert _over(table.verify_call, "Birch", 30) is Code.BET_OVER_STACK  # more than owed, too
    # A raise that is also too small / not reopened / over the cap: the stack first.
    assert _over(table.verify_raise, "Birch", 26) is Code.BET_OVER_STACK
    # After the draw Cedar bets; Birch (all-in) "calls" with nothing to call.
    table = _table(60)
    table.post("Birch", BlindKind.SMALL, 10)
    table.post("Cedar", BlindKind.BIG, 25)
    table.start_predraw()
    table.raise_to("Alder", 50)
    table.raise_to("Birch", 60)  # all-in: 60 of his 60
    assert table.players["Birch"].all_in
    assert _over(table.verify_call, "Birch", 10) is Code.BET_OVER_STACK  # owes nothing: his own bet
    assert _over(table.verify_bet, "Birch", 25) is Code.BET_OVER_STACK  # a bet facing a bet, over the stack
    table.start_round(Round.AFTER_DRAW_1)
    assert _over(table.verify_call, "Birch", 25) is Code.BET_OVER_STACK  # nothing bet yet this round
