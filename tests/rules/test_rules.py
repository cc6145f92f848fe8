"""The rules engine on hand-written hands: one invalid hand per rule, each giving exactly its
issue at its line, and legal edge cases giving none (issue: the rules engine, complete).

tests/data/rules_hands/legal/base_three_handed.txt is a legal 3-handed hand; each file in
tests/data/rules_hands/invalid/ is that hand with one rule broken (and, where money moves, the
totals kept consistent so that only the intended rule is broken). Line numbers are those of
the files, counted by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhtracker.model import BettingStructure, Round, Stakes
from hhtracker.parse.pokerstars import PokerStarsParser
from hhtracker.parse.read import RawHand, split_hands
from hhtracker.rules.issues import Code, Severity
from hhtracker.rules.replay import replay
from hhtracker.rules.structures import POKERSTARS_LIMIT, SEED_LIMIT, limits
from hhtracker.rules.table import IllegalAction, Table

from tests.common import DATA, SAMPLES

HANDS = DATA / "rules_hands"


def replay_file(path: Path, **options):
    (raw,) = list(split_hands(path))
    return replay(PokerStarsParser().parse(raw), **options)


INVALID = [
    # file, code, line: the rule broken and where
    ("bet_over_stack", Code.BET_OVER_STACK, 34),  # Birch's $2.20 runs out at his last call (225 > 220)
    ("wrong_limit_size", Code.BET_SIZE, 20),  # a $0.50 bet after draw 1, where the bet is $0.25
    ("out_of_turn", Code.OUT_OF_TURN, 18),  # Cedar checks before Birch, who is first after the button
    ("fifth_bet_three_players", Code.CAP_EXCEEDED, 14),  # blind, raise, raise, raise (capped), raise
    ("card_in_two_hands", Code.CARD_DUPLICATED, 37),  # Birch shows 4d, which Alder holds
    ("discard_back_before_reshuffle", Code.DISCARD_REUSED, 37),  # Kc, Alder's discard; 18 cards used of 52
    ("five_cards_discarded", Code.BAD_DISCARD, 14),
    ("total_pot_not_matching", Code.TOTAL_POT_MISMATCH, 40),  # $5.10 printed, $5.00 put in
    ("wrong_player_collects", Code.SHOWDOWN_WINNER_MISMATCH, 38),  # Q-high badugi collects over 7-high
    ("wrong_site_description", Code.DESCRIPTION_MISMATCH, 36),  # "7,4,3,A" for As 2h 7c 4d
]


@pytest.mark.parametrize(("name", "code", "line"), INVALID, ids=[case[0] for case in INVALID])
def test_each_invalid_hand_gives_exactly_its_issue(name: str, code: Code, line: int) -> None:
    path = HANDS / "invalid" / f"{name}.txt"
    hand = replay_file(path)
    assert [(i.code, i.line) for i in hand.issues] == [(code, line)]
    expected = Severity.WARNING if code in {Code.BET_SIZE, Code.OUT_OF_TURN, Code.CAP_EXCEEDED, Code.DESCRIPTION_MISMATCH} else Severity.ERROR
    assert hand.issues[0].severity is expected


def test_every_rule_has_an_invalid_hand() -> None:
    files = {p.stem for p in (HANDS / "invalid").glob("*.txt")}
    assert files == {name for name, _, _ in INVALID}


@pytest.mark.parametrize("name", ["base_three_handed", "reshuffled_discard_comes_back", "dead_blind_and_second_big_blind"])
def test_legal_edge_cases_give_no_issue(name: str) -> None:
    hand = replay_file(HANDS / "legal" / f"{name}.txt")
    assert hand.issues == ()


def test_dead_blind_money() -> None:
    # Dogwood posts small & big blinds ($0.35: $0.10 dead, $0.25 live), so he may check;
    # facing the raise to $0.50 he adds $0.25 (60 in all). Elm, a second big blind, likewise
    # (50). Birch 10, Cedar 25, Alder 50: total 195; Alder takes 190 after a 5-cent rake.
    hand = replay_file(HANDS / "legal" / "dead_blind_and_second_big_blind.txt")
    put = {p.player: p.contributed for p in hand.players}
    assert put == {"Alder": 50, "Birch": 10, "Cedar": 25, "Dogwood": 60, "Elm": 50}
    assert hand.player("Alder").net == 140


def test_reshuffled_discard_facts() -> None:
    # 8 players dealt 32 cards leave a stub of 20; 24 cards are drawn at draw 1, so the
    # discards are reshuffled there and Kh, thrown away by Hero, comes back to Larch.
    hand = replay_file(HANDS / "legal" / "reshuffled_discard_comes_back.txt")
    assert hand.player("Pine").net == 240 - 50 and hand.player("Larch").net == -50
    assert hand.pots[0].winners == ("Pine",)


def test_heads_up_cap_is_a_rule_of_the_site() -> None:
    # Five bets heads-up pre-draw (blind, raise, raise, raise, raise at line 12): PokerStars
    # caps at four even heads-up; the seed rules (seeds/001) have no cap heads-up.
    path = HANDS / "legal" / "heads_up_five_bets_seed_rules.txt"
    assert replay_file(path, limit_rules=SEED_LIMIT).issues == ()
    stars = replay_file(path, limit_rules=POKERSTARS_LIMIT).issues
    assert [(i.code, i.line) for i in stars] == [(Code.CAP_EXCEEDED, 12)]


SAMPLE_EDGE_CASES = [
    # sample_histories/ hands (facts worked by hand in tests/oracles/sample_expectations.py)
    ("stars_cash_badugi_025_050.txt", 6, "split pot, odd cent to the first winner left of the button"),
    ("stars_sng_badugi.txt", 1, "three-way all-in, main pot and two side pots"),
    ("stars_sng_badugi.txt", 4, "heads-up, capped pre-draw"),
]


@pytest.mark.parametrize(("file", "number", "what"), SAMPLE_EDGE_CASES)
def test_sample_edge_cases_are_legal(file: str, number: int, what: str) -> None:
    raw = list(split_hands(SAMPLES / file))[number - 1]
    hand = replay(PokerStarsParser().parse(raw))
    assert hand.issues == (), what
    if number == 6 and file.startswith("stars_cash"):
        assert len(hand.pots[0].winners) == 2
    if number == 1 and file.startswith("stars_sng"):
        assert len(hand.pots) == 3


# ---- the state machine on its own -----------------------------------------------------------

STAKES = Stakes(25, 50)


def three_handed(structure=BettingStructure.FIXED_LIMIT, stack=1000) -> Table:
    table = Table([("A", 1, stack), ("B", 2, stack), ("C", 3, stack)], button_seat=1,
                  structure=structure, stakes=STAKES, big_blind=25)
    from hhtracker.model import BlindKind

    table.post("B", BlindKind.SMALL, 10)
    table.post("C", BlindKind.BIG, 25)
    table.start_predraw()
    return table


def test_turn_order_and_round_end() -> None:
    table = three_handed()
    assert table.actor == "A"  # left of the big blind
    assert not table.can_check("A") and table.can_call("A")
    table.call("A")
    assert table.actor == "B" and table.call_amount("B") == 15
    table.call("B")
    assert table.actor == "C" and table.can_check("C")  # the big blind's option
    assert table.can_raise("C", 50) and not table.can_raise("C", 75)  # fixed limit: one bet
    table.check("C")
    assert table.round_complete
    table.start_draw(1)
    assert table.to_draw == ["B", "C", "A"]  # first left of the button
    for name in ("B", "C", "A"):
        table.verify_draw(name, 1)
        table.draw(name, 1)
    table.start_round(Round.AFTER_DRAW_1)
    assert table.actor == "B"


def test_verify_gives_precise_reasons() -> None:
    table = three_handed()
    with pytest.raises(IllegalAction) as error:
        table.verify_turn("B")
    assert error.value.code is Code.OUT_OF_TURN and "A was to act" in error.value.message
    with pytest.raises(IllegalAction) as error:
        table.verify_check("A")
    assert error.value.code is Code.CHECK_FACING_BET
    with pytest.raises(IllegalAction) as error:
        table.verify_raise("A", 100)
    assert error.value.code is Code.BET_SIZE


def test_cap_and_short_all_in_raise_does_not_reopen() -> None:
    table = three_handed(stack=1000)
    table.raise_to("A", 50)
    table.raise_to("B", 75)
    table.raise_to("C", 100)  # the fourth bet: capped with three players
    assert not table.can_raise("A", 125)
    # an all-in raise below a full bet does not reopen the betting
    short = Table([("A", 1, 1000), ("B", 2, 1000), ("C", 3, 60)], button_seat=1,
                  structure=BettingStructure.FIXED_LIMIT, stakes=STAKES, big_blind=25)
    from hhtracker.model import BlindKind

    short.post("B", BlindKind.SMALL, 10)
    short.post("C", BlindKind.BIG, 25)
    short.start_predraw()
    short.call("A")
    short.call("B")
    short.raise_to("C", 60)  # all-in, 35 over the bet of 25: a full raise (one bet is 25)
    assert short.can_raise("A", 85)
    tiny = Table([("A", 1, 1000), ("B", 2, 1000), ("C", 3, 40)], button_seat=1,
                 structure=BettingStructure.FIXED_LIMIT, stakes=STAKES, big_blind=25)
    tiny.post("B", BlindKind.SMALL, 10)
    tiny.post("C", BlindKind.BIG, 25)
    tiny.start_predraw()
    tiny.call("A")
    tiny.call("B")
    tiny.raise_to("C", 40)  # all-in for 15 more: below a full raise of 25
    assert tiny.actor == "A" and tiny.can_call("A") and not tiny.can_raise("A", 65)


def test_pot_limit_sizes() -> None:
    # Pot limit, blinds 10/25 and a call of 25: pot 60. The next player may raise to at most
    # 25 (call) + (60 + 25) = 110; half-pot limit: 25 + 85 // 2 = 67.
    pot_limit = limits(BettingStructure.POT_LIMIT, unit=25, level=25, mine=0, last_raise=25, pot=60)
    assert (pot_limit.to_call, pot_limit.min_to, pot_limit.max_to) == (25, 50, 110)
    half = limits(BettingStructure.HALF_POT_LIMIT, unit=25, level=25, mine=0, last_raise=25, pot=60)
    assert half.max_to == 67
    no_limit = limits(BettingStructure.NO_LIMIT, unit=25, level=100, mine=0, last_raise=75, pot=200)
    assert (no_limit.min_to, no_limit.max_to) == (175, None)


def test_site_draw_glitch_is_a_warning_not_an_error() -> None:
    # The PokerStars glitch of ../shared/formats 1.7, in a Badugi hand: an empty discard
    # bracket followed by the whole hand printed twice, and later a discard of a card never
    # held followed by "[whole hand] [card]".
    text = (HANDS / "legal" / "base_three_handed.txt").read_text().replace(
        "Alder: discards 1 card [Kc]\nDealt to Alder [As 2h 7c] [4d]",
        "Alder: discards 1 card []\nDealt to Alder [As 2h 7c 4d] [As 2h 7c 4d]",
    ).replace(
        "Alder: stands pat on [As 2h 7c 4d]\nBirch: checks ",
        "Alder: discards 1 card [Ad]\nDealt to Alder [As 2h 7c 4d] [4d]\nBirch: checks ",
    )
    issues = replay(PokerStarsParser().parse(RawHand("glitch.txt", 1, text))).issues
    assert [(i.code, i.severity, i.line) for i in issues] == [
        (Code.DRAW_GLITCH, Severity.WARNING, 17),
        (Code.DRAW_GLITCH, Severity.WARNING, 26),
    ]


@settings(max_examples=150, deadline=None)
@given(
    stacks=st.lists(st.integers(min_value=5, max_value=400), min_size=2, max_size=8),
    choices=st.lists(st.integers(min_value=0, max_value=3), min_size=200, max_size=200),
)
def test_the_state_machine_makes_legal_hands(stacks: list[int], choices: list[int]) -> None:
    """Driven only by can_* choices (as a generator would), every round ends, nobody puts in
    more than his stack, fixed-limit raises respect the cap, and verify_* never objects to an
    action that can_* allowed."""
    from hhtracker.model import BlindKind

    names = [f"P{i}" for i in range(len(stacks))]
    table = Table([(n, i + 1, s) for i, (n, s) in enumerate(zip(names, stacks))], button_seat=1,
                  structure=BettingStructure.FIXED_LIMIT, stakes=STAKES, big_blind=25)
    order = table.clockwise_after(1)
    small, big = (order[-1], order[0]) if len(order) == 2 else (order[0], order[1])
    table.post(small, BlindKind.SMALL, min(10, table.players[small].stack))
    table.post(big, BlindKind.BIG, min(25, table.players[big].stack))
    table.start_predraw()
    picks = iter(choices)
    for round_ in Round:
        if round_ is not Round.PREDRAW:
            table.start_draw(round_ - 1)
            for name in list(table.to_draw):
                table.verify_draw(name, 1)
                table.draw(name, 1)
            table.start_round(round_)
        steps = 0
        while table.actor is not None:
            steps += 1
            assert steps < 60
            name = table.actor
            pick = next(picks, 0)
            player = table.players[name]
            unit = 25 if round_ <= Round.AFTER_DRAW_1 else 50
            raise_to = min(table.level + unit, player.in_round + player.behind)
            if pick == 0 and table.can_fold(name) and not table.can_check(name):
                table.verify_fold(name)
                table.fold(name)
            elif pick == 1 and table.level == 0 and table.can_bet(name, min(unit, player.behind)):
                table.verify_bet(name, min(unit, player.behind))
                table.bet(name, min(unit, player.behind))
            elif pick == 2 and table.level and table.can_raise(name, raise_to):
                table.verify_raise(name, raise_to)
                table.raise_to(name, raise_to)
            elif table.can_check(name):
                table.check(name)
            else:
                assert table.can_call(name)
                table.call(name)
            cap = table.cap()
            # the cap counts full bets and raises: an incomplete all-in is not one (Robert's
            # Rules, "Betting and Raising" 6; rules/structures.py LimitRules)
            assert cap is None or table.full_bets <= cap
            assert all(p.put <= p.stack for p in table.players.values())
        if table.hand_over:
            break
    live = table.live()
    assert live
    levels = {table.players[n].in_round for n in live if not table.players[n].all_in}
    assert len(levels) <= 1  # everyone still able to act has matched the last bet


def test_summary_cards_that_contradict_the_showdown_are_an_error() -> None:
    # Found by the fuzz test: the summary line repeats Birch's hand with 4d twice instead of
    # the 8d he showed at line 37; the summary line is line 42.
    text = (HANDS / "legal" / "base_three_handed.txt").read_text().replace(
        "Seat 2: Birch (small blind) showed [3s 5h 8d Qc]", "Seat 2: Birch (small blind) showed [3s 5h 4d 4d]")
    issues = replay(PokerStarsParser().parse(RawHand("x.txt", 1, text))).issues
    assert [(i.code, i.severity, i.line) for i in issues] == [(Code.CARDS_MISMATCH, Severity.ERROR, 42)]
