"""2-7 Single Draw and A-5 Single Draw (issue 25): the records, the two real files of
../shared/corpus-draw (read from there, skipped when absent) replayed with no issue, their
money worked out by hand from the text and checked against the money oracle, KingsClub's run
it twice in its two shapes, and the hand-written hands of tests/data/single_draw (a KingsClub
A-5 Single Draw hand with no street marker, shaped after fpdb-3's regression file, and a
run-twice hand in the 2021-08 shape)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hhtracker.analysis import AnalyzedHand, analyze
from hhtracker.cards import parse_cards
from hhtracker.errors import HandSyntaxError
from hhtracker.games import (
    ACE_TO_FIVE_SINGLE_DRAW,
    DEUCE_TO_SEVEN_SINGLE_DRAW,
    GameId,
    MadeHand,
    has_low_classes,
    is_split_game,
)
from hhtracker.model import BettingStructure, SecondRunDealt, Show, Site, Street, StreetStart
from hhtracker.parse.read import RawHand, split_hands
from hhtracker.parse.sites import Parsers
from hhtracker.rules.issues import Code
from hhtracker.rules.replay import ReplayedHand
from hhtracker.stats.five_card import made_27_low, made_a5_low, snow_and_break_low

from tests.common import CORPUS, DATA
from tests.oracles.money import check_money

CORPUS_DRAW = CORPUS.parent / "corpus-draw"
STARS_27SD = CORPUS_DRAW / "PokerStars__27SD_NL_cash_201106_allin.txt"
KINGS_27SD = CORPUS_DRAW / "KingsClub__27SD_NL_cash_202103_RIT.txt"
SINGLE = DATA / "single_draw"

# The first line of a single-draw hand as each site writes it (read independently of detect.py).
_HEADERS = re.compile(r"^\ufeff?(?:PokerStars .*Single Draw 2-7 Lowball No Limit|#\d+: No Limit 2-7 Single Draw - )", re.M)


def _need(path: Path) -> None:
    if not path.exists():
        pytest.skip(f"{path} not present (../shared)")


def _analyzed(path: Path) -> list[AnalyzedHand]:
    parsers = Parsers()
    found = [analyze(raw, parsers) for raw in split_hands(path)]
    assert all(isinstance(a, AnalyzedHand) for a in found), found
    return [a for a in found if isinstance(a, AnalyzedHand)]


def _replayed_text(text: str, name: str = "hand.txt") -> ReplayedHand:
    found = analyze(RawHand(name, 1, text), Parsers())
    assert isinstance(found, AnalyzedHand), found
    return found.replayed


def _codes(replayed: ReplayedHand) -> list[Code]:
    return [issue.code for issue in replayed.issues]


# ---- the records -----------------------------------------------------------------------------


def test_the_records() -> None:
    sd27, sd_a5 = DEUCE_TO_SEVEN_SINGLE_DRAW, ACE_TO_FIVE_SINGLE_DRAW
    assert (sd27.id, sd27.cards, sd27.draws, sd27.made_hand) == (GameId.DEUCE_TO_SEVEN_SINGLE_DRAW, 5, 1, MadeHand.DEUCE_TO_SEVEN_LOW)
    assert (sd_a5.id, sd_a5.cards, sd_a5.draws, sd_a5.made_hand) == (GameId.ACE_TO_FIVE_SINGLE_DRAW, 5, 1, MadeHand.ACE_TO_FIVE_LOW)
    # the words of the real headers, without the structure
    assert sd27.words_on(Site.POKERSTARS) == "Single Draw 2-7 Lowball" and sd27.words_on(Site.KINGSCLUB) == "2-7 Single Draw"
    assert sd_a5.words_on(Site.KINGSCLUB) == "A-5 Single Draw" and sd_a5.words_on(Site.POKERSTARS) is None
    # pokerkit's notation.py: 'N2L1D' is NoLimitDeuceToSevenLowballSingleDraw; no A-5 single draw there
    assert sd27.phh_code(BettingStructure.NO_LIMIT) == "N2L1D" and sd27.phh_code(BettingStructure.POT_LIMIT) is None
    assert sd_a5.phh == ()
    for game in (sd27, sd_a5):
        assert not is_split_game(game.id.value) and has_low_classes(game.id.value)


def test_made_hands_of_the_two_lows() -> None:
    wheel, flush, pair = parse_cards("Ah 2c 3d 4s 5h"), parse_cards("2h 4h 6h 8h Th"), parse_cards("Ah 2c 3d 3s 9h")
    # five different ranks, straights and flushes do not count
    assert made_a5_low(wheel) and made_a5_low(flush) and not made_a5_low(pair)
    # 2-7: the wheel is a straight (ace high: A-5-4-3-2 is not a straight, but A high is no low of
    # note; it has no pair and no straight in 2-7 terms, so it is made), the flush is not made
    assert made_27_low(wheel) and not made_27_low(flush) and not made_27_low(pair)
    assert snow_and_break_low(flush, 0, MadeHand.ACE_TO_FIVE_LOW) == (False, False)  # pat on a made A-5 low
    assert snow_and_break_low(flush, 0, MadeHand.DEUCE_TO_SEVEN_LOW) == (True, None)  # a snow in 2-7
    assert snow_and_break_low(flush, 1, MadeHand.ACE_TO_FIVE_LOW) == (None, True)  # any discard breaks it


# ---- the real files ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", [STARS_27SD, KINGS_27SD], ids=lambda p: p.name)
def test_every_real_hand_is_read_with_no_issue(path: Path) -> None:
    _need(path)
    expected = len(_HEADERS.findall(path.read_text(encoding="utf-8-sig", errors="replace").replace("\r\n", "\n")))
    assert expected == 1  # MANIFEST.tsv: one hand each
    hands = _analyzed(path)
    assert [a.replayed.hand.game for a in hands] == ["27_single_draw"]
    assert [(a.replayed.hand.hand_id, a.replayed.issues) for a in hands if a.replayed.issues] == []


def test_the_pokerstars_hand_worked_out_by_hand() -> None:
    # #63826125692, NL $0.25/$0.50. Player1 posts the SB 0.25 and folds; Player2 the BB 0.50,
    # calls 2.00 more (2.50 in); Player3 limps 0.50 and folds to the raise; Player6 raises to
    # 2.50. Pot 0.25 + 2.50 + 0.50 + 2.50 = 5.75, rake 0.25: Player6 takes 5.50, net +3.00.
    # The draw has no marker: it starts at "Player2: discards 1 card" (file line 22).
    _need(STARS_27SD)
    (hand,) = _analyzed(STARS_27SD)
    replayed = hand.replayed
    starts = [e for e in replayed.hand.events if isinstance(e, StreetStart) and e.street is Street.FIRST_DRAW]
    assert [e.line for e in starts] == [22]
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners, pot.collected) == (575, ("Player6",), {"Player6": 550})
    nets = {p.player: p.net for p in replayed.players}
    assert nets == {"Player1": -25, "Player2": -250, "Player3": -50, "Player4": 0, "Hero": 0, "Player5": 0, "Player6": 300}
    assert [(d.player, d.draw, d.discarded) for d in replayed.draws] == [("Player2", 1, 1), ("Player6", 1, 0)]
    # the money oracle (plain regular expressions over the text) agrees
    money = check_money(STARS_27SD.read_text(encoding="utf-8-sig").replace("\r\n", "\n"))
    assert money.problems == ()
    assert {p: -n for p, n in nets.items() if n < 0} == {p: v for p, v in money.put_in.items() if p != "Player6"}
    # Player6 stood pat at the game's one draw and showed T-6-5-3-2, a made low: a snow
    # chance not taken (the last draw of a single-draw game is the first)
    (six,) = [f for f in hand.facts if f.player == "Player6"]
    assert (six.snow_shown.done, six.snow_shown.opportunity) == (False, True)


def test_the_kingsclub_all_in_worked_out_by_hand() -> None:
    # #3857875, NL 125/250, antes 100, run twice. Put in: Player1 and Player4 the ante (100
    # each); Player3 100 + 675 all-in = 775; Player0 100 + 9,900 all-in = 10,000; Hero 100 +
    # 9,900 = 10,000. Main pot 3 x 775 + 2 x 100 = 2,525; side pot 2 x 9,225 = 18,450. No rake.
    # Run 1: Hero's shown 7-6-4-3-2 (he kept 4c 3d 7h 2c, drew 6h) beats Player0's pat
    # 9-7-6-4-3 and Player3's K-J-8-7-2; run 2 goes to Player0 (the site's lines: half of each
    # pot each). Nets: Player0 and Hero 2,525/2 + 18,450/2 - 10,000 = +487.50, Player3 -775.
    _need(KINGS_27SD)
    (hand,) = _analyzed(KINGS_27SD)
    replayed = hand.replayed
    assert replayed.hand.runs == 2
    nets = {p.player: p.net for p in replayed.players}
    assert nets == {"Player0": 48750, "Player1": -10000, "Player3": -77500, "Player4": -10000, "Hero": 48750}
    main, side = replayed.pots
    assert (main.amount, side.amount) == (252500, 1845000)
    assert [(r.run, r.winners, r.amount) for r in main.runs] == [(1, ("Hero",), 126250), (2, ("Player0",), 126250)]
    assert [(r.run, r.winners, r.amount) for r in side.runs] == [(1, ("Hero",), 922500), (2, ("Player0",), 922500)]
    # the second run's hands the file does not show: Hero's ([6h Ks Ks]: the Ks again is the
    # card he threw) and Player3's (six X: two cards drawn in each run)
    assert main.runs[1].unknown == ("Player3", "Hero")
    assert [(e.player, e.cards) for e in replayed.hand.events if isinstance(e, SecondRunDealt)] == [("Hero", None), ("Player3", None)]
    assert [(d.player, d.discarded) for d in replayed.draws] == [("Hero", 1), ("Player0", 0), ("Player3", 2)]
    money = check_money(KINGS_27SD.read_text(encoding="utf-8"))
    assert money.problems == ()
    assert money.put_in == {"Player0": 1000000, "Player1": 10000, "Player3": 77500, "Player4": 10000, "Hero": 1000000}
    assert money.collected == sum(p.collected for p in replayed.players) == 2097500


def test_the_kingsclub_hand_with_one_run_for_the_whole_pot_is_an_error() -> None:
    # The same hand if the site had given Hero both runs of the side pot (the net lines moved
    # with it): Player0's pat 9-7-6-4-3 beats every hand shown for run 2, so the site's winner
    # is not ours.
    _need(KINGS_27SD)
    text = KINGS_27SD.read_text(encoding="utf-8")
    text = (text.replace("Player0 wins (9,225) from side pot 1\n", "").replace("Hero wins (9,225) from side pot 1", "Hero wins (18,450) from side pot 1")
            .replace("Player0 (10,487.50) +487.50", "Player0 (1,262.50) -8,737.50").replace("Hero (10,487.50) +487.50", "Hero (19,712.50) +9,712.50"))
    assert _codes(_replayed_text(text)) == [Code.SHOWDOWN_WINNER_MISMATCH]


def test_a_run_twice_deal_line_of_another_shape_is_a_syntax_error() -> None:
    # "[Ks 6h Ks]": the first group must be the new cards, never a card the hero held
    _need(KINGS_27SD)
    text = KINGS_27SD.read_text(encoding="utf-8").replace("Dealt to Hero: [6h Ks Ks]", "Dealt to Hero: [Ks 6h Ks]")
    with pytest.raises(HandSyntaxError, match="a draw run twice of no known shape"):
        Parsers().parse(RawHand("hand.txt", 1, text), Site.KINGSCLUB)


# ---- hand-written hands ----------------------------------------------------------------------


def test_a_run_twice_hand_in_the_2021_08_shape() -> None:
    # Hero discards Kd and draws 3s (run 1) and Qc (run 2); Villain stands pat on 9-6-5-3-2.
    # Run 1: Hero 8-7-4-3-2 wins; run 2: Hero Q-8-7-4-2 loses. Pot: antes 60 + Other's big
    # blind 50 + 980 x 2 (Hero's 200 above Villain's all-in back to him) = 2,070, rake 6:
    # 1,032 to each. Nets: Villain +32, Hero +32, Other -70.
    replayed = _replayed_text((SINGLE / "kingsclub_27sd_run_twice.txt").read_text(encoding="utf-8"))
    assert replayed.issues == ()
    assert replayed.hand.runs == 2
    shows = [(e.player, e.run) for e in replayed.hand.events if isinstance(e, Show)]
    assert shows == [("Hero", 1), ("Hero", 2), ("Villain", None)]
    (pot,) = replayed.pots
    assert [(r.run, r.winners, r.shares) for r in pot.runs] == [(1, ("Hero",), {"Hero": 103200}), (2, ("Villain",), {"Villain": 103200})]
    assert {p.player: p.net for p in replayed.players} == {"Villain": 3200, "Hero": 3200, "Other": -7000}  # (hundredths)


def test_a_run_twice_hand_whose_second_run_goes_to_the_wrong_player() -> None:
    # the same hand with Hero's second-run card a 5c (8-5-4-2 ... with the 7: 8-7-5-4-2 beats
    # Villain's 9-6-5-3-2): Hero should take both runs, the site splits the pot
    text = (SINGLE / "kingsclub_27sd_run_twice.txt").read_text(encoding="utf-8")
    text = text.replace("draws [3s] [Qc]", "draws [3s] [5s]").replace("Run 2: Hero shows [2c 4d 7h 8s Qc]", "Run 2: Hero shows [2c 4d 7h 8s 5s]")
    assert _codes(_replayed_text(text)) == [Code.SHOWDOWN_WINNER_MISMATCH]


def test_an_a5_single_draw_hand_with_no_street_marker() -> None:
    # KingsClub A-5 Single Draw (FL 50/100) written with no marker at all: the draw starts at
    # Hero's discard line (12), the bet after it is the big bet (100). Hero shows A-3-3-2-9
    # (a pair), Villain T-8-7-6-4 (no pair): in A-5 Villain's hand is the lower. Pot 25 + 50 +
    # 50 + 50 + 100 + 100 = 400 (each 200), rake 1, Villain takes 399: +199, Hero -200.
    path = SINGLE / "kingsclub_a5_single_draw.txt"
    replayed = _replayed_text(path.read_text(encoding="utf-8"), str(path))
    assert replayed.issues == ()
    assert replayed.hand.game == "a5_single_draw"
    starts = [e.line for e in replayed.hand.events if isinstance(e, StreetStart)]
    assert starts == [12]
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners) == (40000, ("Villain",))  # (KingsClub amounts in hundredths)
    assert {p.player: p.net for p in replayed.players} == {"Villain": 19900, "Hero": -20000}
    assert check_money(path.read_text(encoding="utf-8")).problems == ()


def test_a_small_bet_after_the_single_draw_is_flagged() -> None:
    # fixed limit: the one round after the draw is played at the big bet (rules/structures.py)
    text = (SINGLE / "kingsclub_a5_single_draw.txt").read_text(encoding="utf-8")
    text = (text.replace("Hero bets 100\nVillain calls 100", "Hero bets 50\nVillain calls 50")
            .replace("Villain (1,199) +199", "Villain (1,149) +149").replace("Hero (674) -200", "Hero (724) -150")
            .replace("Villain wins pot (399)", "Villain wins pot (299)"))
    assert _codes(_replayed_text(text)) == [Code.BET_SIZE]


def test_a_hand_run_twice_goes_through_json_and_back() -> None:
    # the JSON export keeps the runs: Show.run, SecondRunDealt and the hand's runs
    from hhtracker.export.json_model import hand_from_json, hand_to_json

    hand = _replayed_text((SINGLE / "kingsclub_27sd_run_twice.txt").read_text(encoding="utf-8")).hand
    back = hand_from_json(hand_to_json(hand))
    assert back.runs == 2 and back.events == hand.events
    assert [e.cards for e in back.events if isinstance(e, SecondRunDealt)] == [parse_cards("Qc")]


def test_a_run_twice_hand_won_twice_by_the_same_player() -> None:
    # the hand-written hand with Hero's first-run card a Ks: K-8-7-4-2 and Q-8-7-4-2 both lose
    # to Villain's pat 9-6-5-3-2, who takes the whole 2,064 ("wins pot"); Hero's summary line
    # is a loss, checked against his first run's hand (not the second's)
    text = (SINGLE / "kingsclub_27sd_run_twice.txt").read_text(encoding="utf-8")
    text = (text.replace("draws [3s] [Qc]", "draws [Ks] [Qc]").replace("Run 1: Hero shows [2c 4d 7h 8s 3s]", "Run 1: Hero shows [2c 4d 7h 8s Ks]")
            .replace("Seat 1: Villain (1,032) +32", "Seat 1: Villain (2,064) +1,064").replace("Seat 2: Hero (1,232) +32", "Seat 2: Hero (200) -1,000")
            .replace("Hero wins (1,032) from pot\nVillain wins (1,032) from pot", "Villain wins pot (2,064)"))
    replayed = _replayed_text(text)
    assert replayed.issues == ()
    (pot,) = replayed.pots
    assert [(r.run, r.winners) for r in pot.runs] == [(1, ("Villain",)), (2, ("Villain",))]
    assert {p.player: p.net for p in replayed.players} == {"Villain": 106400, "Hero": -100000, "Other": -7000}


def test_a5_single_draw_counts_its_6_low_apart(tmp_path: Path) -> None:
    # A-5 Single Draw has A-5 Triple Draw's hands (made: five different ranks), so its showdown
    # classes go down to the 5- and 6-low as STATS.md lists them for A-5 Triple Draw (they were
    # keyed on A-5 Triple Draw alone). Villain's 8-7-6-4-T of the sample made 6-5-4-2-A (no card
    # of Hero's): a 6-low; Hero's pair of threes is paired or worse.
    from hhtracker import api

    text = (SINGLE / "kingsclub_a5_single_draw.txt").read_text(encoding="utf-8")
    path = tmp_path / "six_low.txt"
    path.write_text(text.replace("Villain shows [4c 6d 7h 8s Tc]", "Villain shows [4c 6d 5h 2s Ac]"), encoding="utf-8")
    db = tmp_path / "a5sd.db"
    api.import_paths([path], db)
    assert not _codes(_replayed_text(path.read_text(encoding="utf-8")))
    game = api.Filters(game="a5_single_draw")
    villain = api.low_showdown_classes(db, "Villain", game)
    hero = api.low_showdown_classes(db, "Hero", game)
    assert list(villain)[:2] == ["low_5", "low_6"]  # the classes listed, best first
    assert villain["low_6"] == 1 and sum(villain.values()) == 1
    assert hero["paired_or_worse"] == 1 and sum(hero.values()) == 1
