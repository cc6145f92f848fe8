"""Fixed-limit all-in bets and raises below a full bet, as PokerStars deals them (issue 13,
items 1-4), on hand-written hands: each legal shape gives no issue, each wrong size exactly
its issue at its line. The same hands under the seed rules (Robert's Rules of Poker: an
all-in of half a bet or more is a full bet, raised by a full bet) show that the rule is data
of the site (structures.LimitRules), not a branch on the site's name.

Sources of the rules: Robert's Rules of Poker, "Betting and Raising" rule 6 (the half-bet
rule, completing a bet); the PokerStars shapes of the issue (real Badugi tournament files).
"""

from __future__ import annotations


import pytest

from hhtracker.model import BettingStructure, BlindKind, Round, Stakes
from hhtracker.parse.pokerstars import PokerStarsParser
from hhtracker.parse.read import split_hands
from hhtracker.rules.issues import Code
from hhtracker.rules.replay import replay
from hhtracker.rules.structures import POKERSTARS_LIMIT, SEED_LIMIT
from hhtracker.rules.table import IllegalAction, Table

from tests.common import DATA

HANDS = DATA / "rules_hands" / "all_in"


def issues(name: str, limit_rules=None) -> list[tuple[Code, int]]:
    (raw,) = list(split_hands(HANDS / f"{name}.txt"))
    hand = replay(PokerStarsParser().parse(raw), limit_rules)
    return [(issue.code, issue.line) for issue in hand.issues]


CASES = [
    # file, issues on PokerStars, issues under the seed (Robert's) rules
    # 1. big bet 300: Birch bets 50 all-in (less than half a bet), Cedar completes to 300.
    ("bet_below_half_completed", [], []),
    # ... completing to 250 (not all-in) is short of the bet; to 350 is more than one bet.
    ("bet_below_half_completed_short", [(Code.BET_SIZE, 25)], [(Code.BET_SIZE, 25)]),
    ("bet_below_half_raised_over", [(Code.BET_SIZE, 25)], [(Code.BET_SIZE, 25)]),
    # 2. bet 300, Cedar raises all-in to 550, Alder raises to 600 (the next level) on
    # PokerStars; Robert's Rules treat the 550 as a full raise: the next raise is to 850.
    ("raise_below_full_next_level", [], [(Code.BET_SIZE, 26)]),
    ("raise_below_full_full_raise_over", [(Code.BET_SIZE, 26)], []),
    # 3. small bet 60: bet 60, raise to 120, all-in to 150 (half a bet): the raiser to 120
    # may raise again, to 180 on PokerStars (210 under Robert's Rules).
    ("raise_half_bet_reopens", [], [(Code.BET_SIZE, 21)]),
    ("raise_half_bet_full_raise_over", [(Code.BET_SIZE, 21)], []),
    # ... an all-in to 140 (20, less than half a bet) does not reopen it: his raise is refused.
    ("raise_below_half_not_reopened", [(Code.RAISE_NOT_REOPENED, 21)], [(Code.RAISE_NOT_REOPENED, 21)]),
    # 4. $0.25/$0.50: the big blind posts $0.15 all-in; Alder calls the full $0.25, Birch
    # (small blind $0.10) the $0.15 more. Calling only $0.15 is a short call.
    ("short_big_blind_called_in_full", [], []),
    ("short_big_blind_short_call", [(Code.SHORT_CALL, 10)], [(Code.SHORT_CALL, 10)]),
]


@pytest.mark.parametrize(("name", "stars", "seed"), CASES, ids=[case[0] for case in CASES])
def test_incomplete_all_in_shapes(name: str, stars, seed) -> None:
    assert issues(name) == stars
    assert issues(name, SEED_LIMIT) == seed


def test_every_all_in_hand_is_listed() -> None:
    assert {p.stem for p in HANDS.glob("*.txt")} == {name for name, _, _ in CASES}


def test_all_in_pots_worked_by_hand() -> None:
    # Shape 1: Birch 75+75+50 = 200 in, Cedar and Alder 150+300 = 450 each: the main pot is
    # 3 x 200 = 600, the side pot 2 x 250 = 500, both Cedar's (4-3-2-A).
    (raw,) = list(split_hands(HANDS / "bet_below_half_completed.txt"))
    hand = replay(PokerStarsParser().parse(raw))
    assert [(p.amount, p.winners) for p in hand.pots] == [(600, ("Cedar",)), (500, ("Cedar",))]
    assert {p.player: p.net for p in hand.players} == {"Alder": -450, "Birch": -200, "Cedar": 650}
    # Shape 4: $0.15 from each of three in the main pot (Cedar's), $0.10 more from Alder
    # and Birch in the side pot (Alder's K-Q-7-2 badugi over Birch's three cards).
    (raw,) = list(split_hands(HANDS / "short_big_blind_called_in_full.txt"))
    hand = replay(PokerStarsParser().parse(raw))
    assert [(p.amount, p.winners) for p in hand.pots] == [(45, ("Cedar",)), (20, ("Alder",))]
    assert {p.player: p.contributed for p in hand.players} == {"Alder": 25, "Birch": 25, "Cedar": 15}


# ---- the state machine on its own -----------------------------------------------------------


def after_draw(stacks: dict[str, int], small_bet: int, limit_rules=POKERSTARS_LIMIT) -> Table:
    """A table at the first betting round after draw 1 (the small bet), button on seat 1."""
    players = [(name, seat, stack) for seat, (name, stack) in enumerate(stacks.items(), start=1)]
    table = Table(players, button_seat=len(players), structure=BettingStructure.FIXED_LIMIT,
                  stakes=Stakes(small_bet, 2 * small_bet), big_blind=small_bet, limit_rules=limit_rules)
    table.start_round(Round.AFTER_DRAW_1)
    return table


def test_half_bet_all_in_raise_reopens_to_the_next_level() -> None:
    # The issue's second example: small bet 100; bet 100, raise to 200, all-in to 270
    # (70, half a bet or more): the raiser to 200 may raise again, to 300 exactly.
    table = after_draw({"A": 5000, "B": 5000, "C": 270}, 100)
    table.bet("A", 100)
    table.raise_to("B", 200)
    table.raise_to("C", 270)
    table.call("A")
    assert table.actor == "B"
    assert table.can_raise("B", 300)
    assert not table.can_raise("B", 370) and not table.can_raise("B", 290)
    # under Robert's Rules the 270 is a full raise: the next one is to 370
    seed = after_draw({"A": 5000, "B": 5000, "C": 270}, 100, SEED_LIMIT)
    seed.bet("A", 100)
    seed.raise_to("B", 200)
    seed.raise_to("C", 270)
    seed.call("A")
    assert seed.can_raise("B", 370) and not seed.can_raise("B", 300)


def test_small_all_ins_add_up_to_reopen() -> None:
    # Robert's Rules: several all-ins too small each reopen the betting when together they
    # raise what a player faced by half a bet. Small bet 100: A bets 100; B all-in to 140
    # (40) and C all-in to 180 (another 40): A faced 100 and now 180, 80 more: reopened.
    table = after_draw({"A": 5000, "B": 140, "C": 180, "D": 5000}, 100)
    table.bet("A", 100)
    table.raise_to("B", 140)
    assert not table.can_raise("A", 200)  # 40 more than he faced: not reopened yet
    table.raise_to("C", 180)
    table.call("D")
    assert table.actor == "A" and table.can_raise("A", 200)
    assert not table.can_raise("A", 280)  # the next level is 200, not 180 + 100


def test_cap_counts_completed_bets_only() -> None:
    # Small bet 100, cap 4 bets: 100, 200, 300, an all-in to 340 (incomplete), then 400
    # completes the fourth bet; a fifth is over the cap.
    table = after_draw({"A": 5000, "B": 5000, "C": 5000, "D": 340}, 100)
    table.bet("A", 100)
    table.raise_to("B", 200)
    table.raise_to("C", 300)
    table.raise_to("D", 340)
    assert table.can_raise("A", 400)
    table.raise_to("A", 400)
    assert table.full_bets == 4 and not table.can_raise("B", 500)


def test_heads_up_against_a_short_all_in_big_blind() -> None:
    # Heads-up the small blind (10) may just match the big blind's 15 all-in, or call the
    # full 25 (the extra comes back uncalled); 12 is short either way.
    table = Table([("S", 1, 1000), ("B", 2, 15)], button_seat=1, structure=BettingStructure.FIXED_LIMIT,
                  stakes=Stakes(25, 50), big_blind=25)
    table.post("S", BlindKind.SMALL, 10)
    table.post("B", BlindKind.BIG, 15)
    table.start_predraw()
    assert table.level == 25
    table.verify_call("S", 5)
    table.verify_call("S", 15)
    with pytest.raises(IllegalAction) as refused:
        table.verify_call("S", 2)
    assert refused.value.code is Code.SHORT_CALL
