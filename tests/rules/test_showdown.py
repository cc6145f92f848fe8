"""The settlement as pure functions (rules/showdown.py, rules/split_pot.py): frozen inputs
built by hand, no replay; winners, halves and issues worked out from the rules in the
comments beside them."""

from __future__ import annotations

import dataclasses

import pytest

from hhtracker.cards import Card, parse_cards
from hhtracker.rules.games import BADEUCEY, BADUGI, GameRules, Half
from hhtracker.rules.issues import Code
from hhtracker.rules.pots import PotLayer
from hhtracker.rules.showdown import CardCheck, Showdown, check_cards, settle


def _showdown(game: GameRules, amount: int, cards: dict[str, str], collected: dict[str, int],
              from_button: tuple[str, ...]) -> Showdown:
    return Showdown(
        game=game, layers=(PotLayer(amount, tuple(cards)),), printed=(), collected={0: collected},
        mucked=frozenset(), cards={p: parse_cards(c) for p, c in cards.items() if c},
        from_button=from_button, summary_line=40, collect_line=30, evaluate=game.badugi)


def test_a_tied_badugi_pot_gives_the_odd_chip_left_of_the_button() -> None:
    # Both hold the wheel badugi 4-3-2-A: a tie. 101 split: 50 each and the odd chip to B,
    # the first winner left of the button; the site gave it to A: SPLIT_AMOUNTS.
    s = _showdown(BADUGI, 101, {"A": "4h 3d 2c As", "B": "4s 3h 2d Ac"}, {"A": 51, "B": 50}, ("B", "A"))
    result = settle(s)
    assert [pot.winners for pot in result.pots] == [("A", "B")]
    assert [i.code for i in result.issues] == [Code.SPLIT_AMOUNTS]
    assert result.issues[0].message.endswith("split A 51 chips, B 50 chips, expected B 51 chips, A 50 chips"
                                             " (odd chip left of the button)") and result.issues[0].line == 30
    assert s.collected == {0: {"A": 51, "B": 50}}  # (the input is left as it was)
    # The odd chip where the rule puts it: no issue.
    fair = settle(dataclasses.replace(s, collected={0: {"A": 50, "B": 51}}))
    assert fair.issues == () and fair.pots[0].collected == {"A": 50, "B": 51}


def test_a_better_badugi_wins_and_unknown_cards_are_an_issue() -> None:
    # A's 4-3-2-A beats B's 8-high badugi: A wins; the site gave it to B: a winner mismatch.
    s = _showdown(BADUGI, 60, {"A": "4h 3d 2c As", "B": "8s 3h 2d Ac"}, {"B": 60}, ("A", "B"))
    result = settle(s)
    assert result.pots[0].winners == ("A",)
    assert [i.code for i in result.issues] == [Code.SHOWDOWN_WINNER_MISMATCH]
    # B's cards unknown: no winner of ours, the site's taken as is.
    unknown = settle(_showdown(BADUGI, 60, {"A": "4h 3d 2c As", "B": ""}, {"B": 60}, ("A", "B")))
    assert unknown.pots[0].winners == ()
    assert [i.code for i in unknown.issues] == [Code.SHOWDOWN_UNKNOWN] and "B" in unknown.issues[0].message


def test_badeucey_halves_settled_from_the_frozen_input() -> None:
    # Badeucey (ace high in the Badugi half): A's 5-4-3-2 badugi beats B's 7-5-4-2; B's
    # 7-5-4-3-2 is the best 2-7 low, A's K-5-4-3-2 is not. 101 taken: the odd unit to the
    # low half (BARGE): Badugi half 50 to A, low half 51 to B.
    s = _showdown(BADEUCEY, 101, {"A": "2s 3h 4d 5c Kc", "B": "7s 5h 4d 3c 2c"}, {"A": 50, "B": 51}, ("A", "B"))
    result = settle(s)
    pot = result.pots[0]
    assert result.issues == ()
    assert pot.winners == ("A", "B")
    assert [(h.half, h.winners, h.amount, h.shares) for h in pot.halves] == [
        (Half.BADUGI, ("A",), 50, {"A": 50}), (Half.LOW, ("B",), 51, {"B": 51})]
    swapped = settle(dataclasses.replace(s, collected={0: {"A": 51, "B": 50}}))
    assert [i.code for i in swapped.issues] == [Code.SPLIT_AMOUNTS]


def test_settle_inputs_are_frozen() -> None:
    s = _showdown(BADUGI, 60, {"A": "4h 3d 2c As"}, {"A": 60}, ("A",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.collect_line = 1  # type: ignore[misc]


def test_check_cards_finds_a_card_in_two_hands_and_a_discard_back_too_soon() -> None:
    # Ah in both A's and B's hands: duplicated (the line of B's show). A (the hero) threw 9s
    # away at draw 1 and C shows it; 3 players dealt 4 cards leave 40: one draw of 2 cards
    # cannot empty the stub, so it cannot have come back.
    check = CardCheck(
        cards={"B": parse_cards("Ah 2c 3d 4s"), "C": parse_cards("9s 5c 6d 7h"), "A": parse_cards("Ah 8c Td Js")},
        shown_line={"B": 20, "C": 21}, hero="A", hero_discarded=((1, Card.parse("9s")),), dealt=3, draws=(), hand_size=4)
    issues = check_cards(check)
    assert [(i.code, i.line) for i in issues] == [(Code.CARD_DUPLICATED, 20), (Code.DISCARD_REUSED, 21)]
    assert "Ah is in the hands of both B and A" in issues[0].message
