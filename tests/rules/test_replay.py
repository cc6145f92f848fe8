"""The replay: money, pots, rake, winners and net results, against values worked by hand
from the real PokerStars cash file (../shared/corpus/PokerStars__badugi_FL_cash_201009.txt).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hhtracker.parse.pokerstars import PokerStarsParser
from hhtracker.parse.read import split_hands
from hhtracker.rules.issues import Code, Severity
from hhtracker.rules.pots import build_pots, proportional_shares, split_amount
from hhtracker.rules.replay import replay

from tests.common import STARS_CASH, STARS_SNG
from tests.oracles.corpus_counts import stars_hand_count


def cash_hands(corpus: Path):
    return list(split_hands(corpus / STARS_CASH))


def replayed(raw):
    return replay(PokerStarsParser().parse(raw))


def test_hand_1_side_pot_and_rake(corpus: Path) -> None:
    # #49164202872. Pre-draw 5 players put in 25 each (Lino19 10 SB + 15). Round 2:
    # Lino19 bets 25, jodarin/Scorpio call 25, buddyboy raises to 50, Lino19 and Scorpio
    # call 25 more, jodarin calls 20 all-in (70 in total). Round 3: Scorpio bets 50, both
    # call. Round 4: Scorpio bets 50, buddyboy calls, Lino19 folds.
    # In: Lino19 25+50+50 = 125, Hero 25, jodarin 25+45 = 70, Scorpio 25+50+50+50 = 175,
    # buddyboy 175 -> 570 = "Total pot $5.70".
    # Main pot (up to 70 each): 70*4 + Hero's 25 = 305; side pot: 570 - 305 = 265, between
    # Scorpio and buddyboy (Lino19 folded). Printed after rake: 290 + 255 = 545, rake 25.
    # buddyboy's 8-4-3-A badugi beats Scorpio's T-8-7-5 and jodarin's mucked A-T-Q-2 (3-card).
    hand = replayed(cash_hands(corpus)[0])
    assert hand.issues == ()
    assert hand.total_pot == 570 and hand.rake == 25
    main, side = hand.pots
    assert (main.amount, main.printed, set(main.eligible)) == (305, 290, {"jodarin", "Scorpio2000", "buddyboy3399"})
    assert (side.amount, side.printed, set(side.eligible)) == (265, 255, {"Scorpio2000", "buddyboy3399"})
    assert main.winners == ("buddyboy3399",) and side.winners == ("buddyboy3399",)
    net = {p.player: p.net for p in hand.players}
    assert net == {"Lino19": -125, "Hero": -25, "jodarin": -70, "Scorpio2000": -175,
                   "buddyboy3399": 370, "JDANIELDC": 0, "Kula91": 0}
    assert sum(net.values()) + hand.rake == 0
    assert hand.player("jodarin").all_in
    assert hand.player("Hero").reached_draw == 1 and hand.player("Lino19").reached_draw == 3
    assert hand.showdown and not hand.walk and hand.hero == "Hero"


def test_hand_2_walk(corpus: Path) -> None:
    # #49164247462: everyone folds to Scorpio2000's big blind; 15 of his 25 come back.
    # In: Hero 10 (SB), Scorpio 10. Scorpio collects 20: +10; Hero -10. No rake.
    hand = replayed(cash_hands(corpus)[1])
    assert hand.issues == ()
    assert hand.walk and not hand.showdown
    assert hand.total_pot == 20 and hand.rake == 0
    assert {p.player: p.net for p in hand.players if p.net} == {"Hero": -10, "Scorpio2000": 10}
    assert hand.pots[0].winners == ("Scorpio2000",)


def test_hand_3_second_big_blind_and_three_card_showdown(corpus: Path) -> None:
    # #49164255772: kallexx1 posts a second big blind as a new player and checks his option.
    # Pre-draw: buddyboy (BB) raises to 50; JDANIELDC and kallexx1 call; Scorpio (SB) put
    # 10 + 15 and folds. Round 2: 25 from buddyboy and kallexx1 (JD folds). Rounds 3, 4: 50+50.
    # In: buddyboy 50+25+50+50 = 175, kallexx1 175, JD 50, Scorpio 25 -> 425; rake 20.
    # kallexx1's 6-5-4 beats buddyboy's T-7-2 (both three cards): kallexx1 +405-175 = +230.
    hand = replayed(cash_hands(corpus)[2])
    assert hand.issues == ()
    assert hand.total_pot == 425 and hand.rake == 20
    assert hand.pots[0].winners == ("kallexx1",)
    assert {p.player: p.net for p in hand.players if p.net} == {
        "Scorpio2000": -25, "buddyboy3399": -175, "JDANIELDC": -50, "kallexx1": 230}
    assert hand.player("kallexx1").final_hand.description == "3-card: 6,5,4"


def test_hand_4_raise_on_the_end_and_mucked_hands(corpus: Path) -> None:
    # #49164287914: four players see draw 1 for 25 each; round 2 25 each from three
    # (Scorpio folds); round 3 50 each; round 4 buddyboy bets 50, JD raises to 100, both call.
    # In: 200 each for buddyboy, JD, oooDestroyoo; Scorpio 25 -> 625; rake 30. JD's 8-6-4-3
    # badugi beats oooDestroyoo's mucked 9d 3d 2s 7c (3-card 7-3-2) and buddyboy's mucked
    # Qh 3s 4c Td (Q-T-4-3 badugi). JD +595-200 = +395.
    hand = replayed(cash_hands(corpus)[3])
    assert hand.issues == ()
    assert hand.total_pot == 625 and hand.rake == 30
    assert hand.pots[0].winners == ("JDANIELDC",)
    assert {p.player: p.net for p in hand.players if p.net} == {
        "oooDestroyoo": -200, "Scorpio2000": -25, "buddyboy3399": -200, "JDANIELDC": 395}
    assert hand.player("oooDestroyoo").final_hand.description == "3-card: 7,3,2"
    # rake shares in proportion to what each put in: 30 * 200/625 = 9.6 -> 10, 10, 9, and
    # 30 * 25/625 = 1.2 -> 1 (largest remainders).
    assert sum(p.rake for p in hand.players) == 30


def test_every_real_hand_replays_without_error(corpus: Path) -> None:
    count = 0
    for name in (STARS_CASH, STARS_SNG):
        for raw in split_hands(corpus / name):
            hand = replayed(raw)
            assert [i for i in hand.issues if i.severity is Severity.ERROR] == [], hand.hand.hand_id
            assert sum(p.net for p in hand.players) + hand.rake == 0
            count += 1
    assert count == stars_hand_count(corpus / STARS_CASH, corpus / STARS_SNG) == 108  # headers: 4 cash + 104 SNG


def _mutate(raw, old: str, new: str):
    assert old in raw.text
    return dataclasses.replace(raw, text=raw.text.replace(old, new))


def test_wrong_collector_is_an_error_at_the_collect_line(corpus: Path) -> None:
    raw = _mutate(cash_hands(corpus)[2], "kallexx1 collected $4.05 from pot", "buddyboy3399 collected $4.05 from pot")
    hand = replayed(raw)
    codes = [(i.code, i.line) for i in hand.issues]
    collect_line = raw.line + raw.text.splitlines().index("buddyboy3399 collected $4.05 from pot")
    assert collect_line == 151  # as `grep -n` shows in the file
    assert (Code.SHOWDOWN_WINNER_MISMATCH, collect_line) in codes


def test_total_pot_not_matching_is_an_error(corpus: Path) -> None:
    raw = _mutate(cash_hands(corpus)[3], "Total pot $6.25 | Rake $0.30", "Total pot $6.35 | Rake $0.30")
    codes = {i.code for i in replayed(raw).issues}
    assert Code.TOTAL_POT_MISMATCH in codes and Code.CHIPS_NOT_CONSERVED not in codes


def test_a_pot_printed_larger_than_put_in_is_said_in_money(corpus: Path) -> None:
    # Hand 1 (#49164202872, above): its side pot holds 570 - 305 = $2.65 put in, printed $2.55
    # after rake; printed $2.75 instead, more than was put in, while buddyboy3399 still
    # collects $2.55 from it. The messages write the hand's money, not bare cents.
    raw = _mutate(cash_hands(corpus)[0], "Side pot $2.55.", "Side pot $2.75.")
    messages = [i.message for i in replayed(raw).issues if i.code is Code.POTS_MISMATCH]
    assert "pot 1: the site prints $2.75, more than the $2.65 put in" in messages
    assert "pot 1: collected $2.55, the site prints $2.75" in messages


def test_wrong_description_is_a_warning(corpus: Path) -> None:
    raw = _mutate(cash_hands(corpus)[3], "(Badugi: 8,6,4,3)", "(Badugi: 8,6,4,2)")
    issues = replayed(raw).issues
    assert [(i.code, i.severity) for i in issues] == [(Code.DESCRIPTION_MISMATCH, Severity.WARNING)]


def test_card_in_two_hands_is_an_error(corpus: Path) -> None:
    raw = _mutate(cash_hands(corpus)[3], "Seat 3: oooDestroyoo mucked [9d 3d 2s 7c]", "Seat 3: oooDestroyoo mucked [9d 3c 2s 7c]")
    assert Code.CARD_DUPLICATED in {i.code for i in replayed(raw).issues}


def test_bet_over_stack_is_an_error(corpus: Path) -> None:
    raw = _mutate(cash_hands(corpus)[0], "Seat 3: jodarin ($0.70 in chips)", "Seat 3: jodarin ($0.60 in chips)")
    assert Code.BET_OVER_STACK in {i.code for i in replayed(raw).issues}


def test_pots_arithmetic() -> None:
    # A 100 all-in, B 300 all-in, C and D 500 each, E folded after putting in 50:
    # main 100*4 + 50 = 450 (A B C D); side 1: 200*3 = 600 (B C D); side 2: 200*2 = 400 (C D).
    put = {"A": 100, "B": 300, "C": 500, "D": 500, "E": 50}
    pots = build_pots(put, ["A", "B", "C", "D"], {"A", "B"})
    assert [(p.amount, p.eligible) for p in pots] == [
        (450, ("A", "B", "C", "D")), (600, ("B", "C", "D")), (400, ("C", "D"))]
    assert sum(p.amount for p in pots) == sum(put.values())
    assert split_amount(101, ["X", "Y"]) == {"X": 51, "Y": 50}  # odd chip to the first left of the button
    assert proportional_shares(30, {"a": 200, "b": 200, "c": 200, "d": 25}) == {"a": 10, "b": 10, "c": 9, "d": 1}


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (2, ["BB", "BTN"]),  # heads-up: the button is the small blind
        (3, ["SB", "BB", "BTN"]),
        (4, ["SB", "BB", "CO", "BTN"]),
        (5, ["SB", "BB", "UTG", "CO", "BTN"]),  # STATS.md: five or more, the first to act is UTG
        (6, ["SB", "BB", "UTG", "HJ", "CO", "BTN"]),
        (7, ["SB", "BB", "UTG", "MP", "HJ", "CO", "BTN"]),
    ],
)
def test_positions_by_players_dealt_in(corpus: Path, count: int, expected: list[str]) -> None:
    from hhtracker.rules.positions import positions

    hand = PokerStarsParser().parse(cash_hands(corpus)[0])  # button: seat 8, Kula91
    order = ["Lino19", "Hero", "jodarin", "Scorpio2000", "buddyboy3399", "JDANIELDC"]
    dealt = order[: count - 1] + ["Kula91"]
    names = positions(hand, dealt)
    assert [names[p] for p in dealt] == expected
