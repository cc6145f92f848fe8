"""A-5 Triple Draw, 2-7 Triple Draw on KingsClub and 5-Card Draw (issue 25, branch fivecard):
the records, the five-card high evaluator (exhaustive class counts, and pokerkit on random
pairs), the A-5 made hand against the oracle, the real files of ../shared/corpus-draw (read
from there, skipped when absent) replayed with no issue and their money worked out by hand
from the text, and a KingsClub 2-7 Triple Draw hand built from the A-5 file's lines."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path

import pytest

from hhtracker.analysis import AnalyzedHand, analyze
from hhtracker.model import Round
from hhtracker.cards import DECK, parse_cards
from hhtracker.games import (
    ACE_TO_FIVE_TRIPLE_DRAW,
    FIVE_CARD_DRAW,
    GameId,
    MadeHand,
    has_high_classes,
    has_low_classes,
    is_split_game,
)
from hhtracker.parse.read import RawHand, split_hands
from hhtracker.parse.sites import Parsers
from hhtracker.rules.descriptions import read_high_description
from hhtracker.rules.games import game_rules
from hhtracker.rules.high import HighKind, evaluate_high
from hhtracker.rules.issues import Code
from hhtracker.stats.five_card import HighClass, LowClass, high_class, low_class, made_a5_low, snow_and_break_low

from tests.common import CORPUS
from tests.oracles.lowball import ref_a5

CORPUS_DRAW = CORPUS.parent / "corpus-draw"
KINGSCLUB_A5TD = CORPUS_DRAW / "KingsClub__A5TD_FL_cash_202010.txt"
STARS_5CD = CORPUS_DRAW / "PokerStars__5CD_FL_cash_201106_sidepot.txt"


def _one(path: Path) -> AnalyzedHand:
    if not path.exists():
        pytest.skip(f"{path} not present (../shared)")
    (raw,) = [r for r in split_hands(path) if isinstance(r, RawHand)]
    found = analyze(raw, Parsers())
    assert isinstance(found, AnalyzedHand), found
    return found


def _text(path: Path) -> RawHand:
    if not path.exists():
        pytest.skip(f"{path} not present (../shared)")
    (raw,) = [r for r in split_hands(path) if isinstance(r, RawHand)]
    return raw


# ---- the records ---------------------------------------------------------------------------

def test_the_records() -> None:
    a5, draw = ACE_TO_FIVE_TRIPLE_DRAW, FIVE_CARD_DRAW
    assert (a5.id.value, a5.cards, a5.draws, a5.split, a5.made_hand) == ("a5_triple_draw", 5, 3, False, MadeHand.ACE_TO_FIVE_LOW)
    assert (draw.id.value, draw.cards, draw.draws, draw.split, draw.made_hand) == ("5_card_draw", 5, 1, False, MadeHand.NONE)
    assert game_rules("a5_triple_draw").lowball and not game_rules("a5_triple_draw").high
    assert game_rules("5_card_draw").high and not game_rules("5_card_draw").lowball
    assert game_rules("5_card_draw").whole_hand and not game_rules("badacey").whole_hand
    assert has_low_classes("a5_triple_draw") and not has_high_classes("a5_triple_draw")
    assert has_high_classes("5_card_draw") and not has_low_classes("5_card_draw")
    assert not is_split_game("a5_triple_draw") and not is_split_game("5_card_draw")
    # PHH has no code for either (pokerkit's HandHistory lists none): not exported
    assert a5.phh == () and draw.phh == ()


# ---- the five-card high evaluator ----------------------------------------------------------

# The number of five-card hands of each kind among all C(52, 5) = 2,598,960 (any poker
# probability table, e.g. Wikipedia "Poker probability"; the royal flush counted as a
# straight flush): worked out by counting, independently of our code.
_CLASS_COUNTS = {
    HighKind.STRAIGHT_FLUSH: 40, HighKind.QUADS: 624, HighKind.FULL_HOUSE: 3744, HighKind.FLUSH: 5108,
    HighKind.STRAIGHT: 10200, HighKind.TRIPS: 54912, HighKind.TWO_PAIR: 123552, HighKind.ONE_PAIR: 1098240,
    HighKind.HIGH_CARD: 1302540,
}


def test_every_five_card_hand_by_kind() -> None:
    # Exhaustive over the hands' shapes: a hand's kind depends only on its five ranks and on
    # whether its five suits are one, so every multiset of ranks is evaluated once with mixed
    # suits (weighted by the number of hands of those ranks that are not one suit) and, when
    # the ranks differ, once as a flush (4 hands each). Sum = all 2,598,960 hands.
    suits = "cdhs"
    counts: Counter[HighKind] = Counter()
    for ranks in combinations_with_replacement("23456789TJQKA", 5):
        groups = Counter(ranks)
        if max(groups.values()) > 4:
            continue
        mixed = []
        for rank, n in groups.items():
            mixed += [rank + suits[i] for i in range(n)]
        if len(groups) == 5:
            mixed[4] = mixed[4][0] + "d"  # c c c c d: not one suit
            counts[evaluate_high(parse_cards(" ".join(mixed))).kind] += 4 ** 5 - 4
            counts[evaluate_high(parse_cards(" ".join(r + "h" for r in ranks))).kind] += 4
        else:
            ways = 1
            for n in groups.values():
                ways *= comb(4, n)
            counts[evaluate_high(parse_cards(" ".join(mixed))).kind] += ways
    assert sum(counts.values()) == comb(52, 5)
    assert dict(counts) == _CLASS_COUNTS


def _cmp(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


def test_the_high_evaluator_against_pokerkit_on_random_pairs() -> None:
    # the whole pot to the better high hand: the record's evaluator (GameRules.five_card_hand
    # -> evaluate_high) must order any two hands as pokerkit's StandardHighHand does
    pokerkit = pytest.importorskip("pokerkit")
    rules = game_rules("5_card_draw")
    rng = random.Random(5)
    deck = list(DECK)
    for _ in range(3000):
        cards = rng.sample(deck, 10)
        a, b = tuple(cards[:5]), tuple(cards[5:])
        ours = _cmp(rules.five_card_hand(a), rules.five_card_hand(b))
        theirs = _cmp(pokerkit.StandardHighHand.from_game("".join(map(str, a))),
                      pokerkit.StandardHighHand.from_game("".join(map(str, b))))
        assert ours == theirs, (a, b)


def test_the_wheel_and_ties() -> None:
    wheel, six_high = evaluate_high("Ah 2d 3c 4s 5h"), evaluate_high("2h 3d 4c 5s 6h")
    assert wheel.kind is HighKind.STRAIGHT and wheel.ranks == (5, 4, 3, 2, 1) and six_high > wheel
    assert evaluate_high("Ah Kh Qh Jh Th").kind is HighKind.STRAIGHT_FLUSH
    assert evaluate_high("Ac Kd Qh Js 9c") == evaluate_high("Ad Kc Qs Jh 9d")  # suits never break ties
    with pytest.raises(ValueError):
        evaluate_high("Ah 2d 3c 4s")
    with pytest.raises(ValueError):
        evaluate_high("Ah Ah 3c 4s 5d")


def test_high_classes() -> None:
    assert high_class(evaluate_high("Ah Kd 9c 4s 2h")) is HighClass.PAIR_OR_WORSE
    assert high_class(evaluate_high("Kh Kd 9c 4s 2h")) is HighClass.PAIR_OR_WORSE
    assert high_class(evaluate_high("Kh Kd 9c 9s 2h")) is HighClass.TWO_PAIR
    assert high_class(evaluate_high("Kh Kd Kc 9s 2h")) is HighClass.TRIPS
    assert high_class(evaluate_high("Ah 2d 3c 4s 5h")) is HighClass.STRAIGHT_OR_BETTER
    assert high_class(evaluate_high("Kh Kd Kc 9s 9h")) is HighClass.STRAIGHT_OR_BETTER


def test_the_sites_high_words_are_read() -> None:
    assert read_high_description("a pair of Kings") == ("one_pair", "K")
    assert read_high_description("high card Ace") == ("high_card", "A")
    assert read_high_description("two pair, Kings and Fives") == ("two_pair", "K")
    assert read_high_description("three of a kind, Sixes") == ("trips", "6")
    assert read_high_description("a straight, Seven to Jack") == ("straight", "J")
    assert read_high_description("a straight, Ace to Five") == ("straight", "5")
    assert read_high_description("a flush, Queen high") == ("flush", "Q")
    assert read_high_description("a full house, Deuces full of Aces") == ("full_house", "2")
    assert read_high_description("four of a kind, Tens") == ("quads", "T")
    assert read_high_description("a Royal Flush") == ("straight_flush", "A")
    assert read_high_description("Lo: 9,7,6,4,2") is None  # not a high hand: not checked here


# ---- the made hand and the classes ----------------------------------------------------

def test_the_a5_made_hand_against_the_oracle() -> None:
    # made = five different ranks, straights and flushes do not count: the oracle's shape (1,)*5
    rng = random.Random(15)
    deck = list(DECK)
    seen = {True: 0, False: 0}
    for _ in range(3000):
        hand = tuple(rng.sample(deck, 5))
        made = ref_a5(hand)[0] == (1, 1, 1, 1, 1)
        assert made_a5_low(hand) is made, hand
        seen[made] += 1
    assert min(seen.values()) > 100  # both kinds were met
    assert made_a5_low(parse_cards("5c 4d 3h 2s Ac"))  # the wheel: a straight, the best A-5 low
    assert made_a5_low(parse_cards("9c 7c 5c 3c 2c"))  # a flush counts for nothing in A-5
    assert not made_a5_low(parse_cards("9c 9d 5c 3c 2c"))


def test_snow_and_break_against_a_made_a5_low() -> None:
    wheel, pair = parse_cards("5c 4d 3h 2s Ac"), parse_cards("Ac Ad 4h 3s 2c")
    assert snow_and_break_low(wheel, 0, MadeHand.ACE_TO_FIVE_LOW) == (False, False)
    assert snow_and_break_low(wheel, 1, MadeHand.ACE_TO_FIVE_LOW) == (None, True)
    assert snow_and_break_low(pair, 0, MadeHand.ACE_TO_FIVE_LOW) == (True, None)
    straight = parse_cards("6c 5d 4h 3s 2c")  # made in A-5, a straight (not made) in 2-7
    assert snow_and_break_low(straight, 0, MadeHand.ACE_TO_FIVE_LOW) == (False, False)
    assert snow_and_break_low(straight, 0, MadeHand.DEUCE_TO_SEVEN_LOW) == (True, None)


def test_a5_low_classes_go_down_to_the_wheel() -> None:
    rules = game_rules("a5_triple_draw")
    wheel = rules.low_hand(parse_cards("5c 4d 3h 2s Ac"))
    six = rules.low_hand(parse_cards("6c 4d 3h 2s Ac"))
    assert wheel is not None and six is not None
    assert (low_class(wheel, True), low_class(six, True)) == (LowClass.LOW_5, LowClass.LOW_6)
    assert (low_class(wheel), low_class(six)) == (LowClass.LOW_7, LowClass.LOW_7)  # Badacey's cut


# ---- the real files -----------------------------------------------------------------------

def test_the_kingsclub_a5_hand_worked_out_by_hand() -> None:
    # KingsClub #37581342, A-5 Triple Draw 44/88, antes 11. Put in: Player0 11 + 22 (small
    # blind, folds) = 33; Player1 11 + 44 = 55; Player4 11; Player2 11 + 176 + 44 = 231 (folds
    # on round 3); Player3 11 + 176 + 44 + 176 = 407 (folds to Hero's 88 on round 4, which
    # comes back); Hero 11 + 176 + 44 + 176 = 407. Pot 1,144, rake 5: Hero takes 1,139, net
    # +732; each net as the summary prints it (-33, -55, -231, -407, -11, +732), in cents.
    hand = _one(KINGSCLUB_A5TD)
    replayed = hand.replayed
    assert replayed.hand.game == GameId.ACE_TO_FIVE_TRIPLE_DRAW and replayed.issues == ()
    (pot,) = replayed.pots
    assert (pot.amount, pot.collected, replayed.rake) == (114400, {"Hero": 113900}, 500)
    assert {p.player: p.net for p in replayed.players} == {
        "Player0": -3300, "Player1": -5500, "Player2": -23100, "Player3": -40700, "Player4": -1100, "Hero": 73200}
    # Hero's draws: dealt 2d Ah Jd 4s 5s (five ranks: made), throws the Jd: a break; 2d Ah 4s
    # 5s As (a pair), throws the As: neither; 2d Ah 4s 5s 6h (made), pat at draw 3: no snow,
    # no break. Pat at the end on a made hand: no snow shown.
    (facts,) = [f for f in hand.facts if f.player == "Hero"]
    assert (facts.snow_known.done, facts.snow_known.opportunity) == (0, 1)
    assert (facts.break_known.done, facts.break_known.opportunity) == (1, 2)
    assert (facts.snow_shown.done, facts.snow_shown.opportunity) == (False, True)


_SHOWDOWN_END = """*** 4TH BETTING ROUND ***
Player3 checks
Hero bets 88
Player3 calls 88
Player3 shows [8c 7d 5h 3c 2h]
Hero shows [2d Ah 4s 5s 6h]
*** SUMMARY ***
Seat 1: Player0 (3,087.82) -33
Seat 2: Player1 (444.72) -55
Seat 3: Player2 (920.58) -231
Seat 4: Player3 (3,636.12) +820
Seat 5: Player4 (4,413.53) -11
Seat 7: Hero (3,149.91) -495
Rake 5
Player3 wins pot (1,315)
"""


def _with_showdown(header: str) -> RawHand:
    # The A-5 file's hand with Player3 calling Hero's last bet and both showing: pot 1,144 +
    # 88 + 88 = 1,320, rake 5, 1,315 to the winner. Player3's 8-7-5-3-2 against Hero's
    # A-6-5-4-2: in 2-7 the ace is high, so Player3's 8-low wins (net 1,315 - 495 = +820,
    # Hero -495); in A-5 Hero's 6-5-4-2-A wins.
    raw = _text(KINGSCLUB_A5TD)
    text = raw.text.replace("Limit A-5 Triple Draw", header)
    text = text[: text.index("*** 4TH BETTING ROUND ***")] + _SHOWDOWN_END
    return dataclasses.replace(raw, text=text)


def test_a_kingsclub_27_triple_draw_hand() -> None:
    # No real KingsClub 2-7 Triple Draw file: its header words are FORMATS.md section 3's
    # ("#N: Limit 2-7 Triple Draw - 40/80"), the lines the A-5 file's.
    found = analyze(_with_showdown("Limit 2-7 Triple Draw"), Parsers())
    assert isinstance(found, AnalyzedHand), found
    replayed = found.replayed
    assert replayed.hand.game == GameId.DEUCE_TO_SEVEN_TRIPLE_DRAW and replayed.issues == ()
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners, pot.collected) == (132000, ("Player3",), {"Player3": 131500})
    nets = {p.player: p.net for p in replayed.players}
    assert (nets["Player3"], nets["Hero"]) == (82000, -49500)


def test_the_same_showdown_in_a5_goes_the_other_way() -> None:
    # The same lines under the A-5 header: our A-5 evaluator gives the pot to Hero, the text to
    # Player3, and the replay says so (the game's evaluator is the record's, not 2-7's).
    found = analyze(_with_showdown("Limit A-5 Triple Draw"), Parsers())
    assert isinstance(found, AnalyzedHand), found
    (pot,) = found.replayed.pots
    assert pot.winners == ("Hero",)
    assert Code.SHOWDOWN_WINNER_MISMATCH in {issue.code for issue in found.replayed.issues}


def test_the_pokerstars_5cd_side_pot_worked_out_by_hand() -> None:
    # PokerStars #64146221551, 5 Card Draw $0.10/$0.20. Put in: Player3 0.05 (small blind) +
    # 0.15 = 0.20; Player4 0.10 (big blind) + 0.05 all-in = 0.15; Hero raises to 0.20.
    # Main pot 3 x 0.15 = 0.45, side pot 2 x 0.05 = 0.10 (Player3 and Hero); total 0.55, rake
    # 0.02 out of the main pot (0.43). Both checks after the draw; Hero and Player4 muck, so
    # Player3's pair of Kings takes both: 0.53, net +0.33; Hero -0.20, Player4 -0.15.
    hand = _one(STARS_5CD)
    replayed = hand.replayed
    assert replayed.hand.game == GameId.FIVE_CARD_DRAW and replayed.issues == ()
    main, side = replayed.pots
    assert (main.amount, main.eligible, main.collected) == (45, ("Hero", "Player3", "Player4"), {"Player3": 43})
    assert (side.amount, side.eligible, side.collected) == (10, ("Hero", "Player3"), {"Player3": 10})
    assert (replayed.total_pot, replayed.rake) == (55, 2)
    assert {p.player: p.net for p in replayed.players} == {
        "Player1": 0, "Hero": -20, "Player3": 33, "Player4": -15, "Player5": 0}
    # one draw, no marker in the text: the discards are draw 1, the checks after it round 2
    assert replayed.draws_reached == 1
    assert [(d.player, d.draw, d.discarded) for d in replayed.draws] == [("Player3", 1, 2), ("Player4", 1, 2), ("Hero", 1, 2)]
    # no made hand in 5-Card Draw: no snow or break opportunity, whatever was held
    for facts in hand.facts:
        assert (facts.snow_known.opportunity, facts.break_known.opportunity, facts.snow_shown.opportunity) == (0, 0, False)


def test_no_snow_or_break_in_5_card_draw_even_with_a_badugi() -> None:
    # The same hand with Hero's Th a Ts: Qd 7h 6c 6h Ts holds a badugi (Q, 7, 6, T of four
    # suits), which his draw of 7h Ts throws away: a break in Badacey's sense, but 5-Card Draw
    # has no made hand, so no opportunity (never "0 of 0" shown as a rate).
    raw = _text(STARS_5CD)
    text = raw.text.replace("Dealt to Hero [Qd 7h 6c 6h Th]", "Dealt to Hero [Qd 7h 6c 6h Ts]")
    text = text.replace("discards 2 cards [7h Th]", "discards 2 cards [7h Ts]")
    assert text.count("Ts") == 2
    found = analyze(dataclasses.replace(raw, text=text), Parsers())
    assert isinstance(found, AnalyzedHand) and found.replayed.issues == ()
    (facts,) = [f for f in found.facts if f.player == "Hero"]
    assert (facts.snow_known.opportunity, facts.break_known.opportunity) == (0, 0)


def test_a_high_description_unlike_the_cards_is_flagged() -> None:
    raw = _text(STARS_5CD)
    text = raw.text.replace("(a pair of Kings)", "(a pair of Queens)")
    assert text != raw.text
    found = analyze(dataclasses.replace(raw, text=text), Parsers())
    assert isinstance(found, AnalyzedHand)
    assert [issue.code for issue in found.replayed.issues] == [Code.DESCRIPTION_MISMATCH]


FULL_TILT_27TD = CORPUS_DRAW / "FullTilt__27TD_FL_STT_201211.txt"


def _full_tilt_5cd(ending: str) -> str:
    """Full Tilt 5-Card Draw, whose words come from fpdb's FulltiltToFpdb.py (its game table
    has "5 Card Draw" after the structure; its street marks have "*** DRAW ***" for a game of
    one draw, as its real 2-7 Single Draw sample writes it, with "folded after the Draw").
    No real Full Tilt 5-Card Draw hand here: this is the real heads-up SNG hand #31331067778
    of the Full Tilt 2-7 file cut to one draw under a 5 Card Draw header: blinds 15/30, four
    bets of 30 before the draw (Hero raises to 60, Player0 to 90, Hero to 120, Player0
    calls): 120 each, pot 240; at the draw each discards one, Hero drawing the 2h (his third
    draw's card in the real hand) to [5s 2s 3c 4s 2h], a pair of Twos; Player0 keeps [Jc 7s
    6d 5h 4c], Jack high. `ending`: the lines after the draw."""
    if not FULL_TILT_27TD.exists():
        pytest.skip(f"{FULL_TILT_27TD} not present (../shared)")
    text = FULL_TILT_27TD.read_text(encoding="utf-8").replace("\r\n", "\n")
    start = text.index("Full Tilt Poker Game #31331067778")
    real = text[start:text.index("*** SECOND DRAW ***", start)]
    assert real.count("Limit 2-7 Triple Draw") == 1 and real.count("*** FIRST DRAW *** (Total Pot: 240, 2 Players)") == 1
    hand = (real.replace("Limit 2-7 Triple Draw", "Limit 5 Card Draw")
            .replace("*** FIRST DRAW *** (Total Pot: 240, 2 Players)", "*** DRAW *** (Total Pot: 240, 2 Players)")
            .replace("Dealt to Hero [5s 2s 3c 4s] [Ts]", "Dealt to Hero [5s 2s 3c 4s] [2h]")
            .replace("Player0 checks\nHero checks\n", ""))
    assert "[2h]" in hand and "Player0 checks" not in hand
    return hand + ending


def test_full_tilt_27_single_draw_with_antes() -> None:
    """Full Tilt 2-7 Single Draw: its words "No Limit 2-7 Single Draw" with "15/30 Ante 5"
    stakes are FORMATS.md section 2's and fpdb's (FulltiltToFpdb.py's game table, its real
    sample 1-Draw-NL-USD-0.10-0.20-201103.txt: antes before the blinds, "*** DRAW ***").
    The same real hand cut to one draw, no limit, each antes 5, Hero keeping the Ts he drew
    in the real hand: [5s 2s 3c 4s Ts], a 10-low, against Player0's J-low [Jc 7s 6d 5h 4c].
    Pot 2 x (5 + 120) = 250 to Hero: +125, Player0 -125."""
    text = _full_tilt_5cd("").replace("Limit 5 Card Draw", "No Limit 2-7 Single Draw").replace(
        " - 30/60 - ", " - 15/30 Ante 5 - ").replace("[5s 2s 3c 4s] [2h]", "[5s 2s 3c 4s] [Ts]").replace(
        "Hero posts the small blind of 15", "Hero antes 5\nPlayer0 antes 5\nHero posts the small blind of 15")
    assert "No Limit 2-7 Single Draw" in text and "15/30 Ante 5" in text and "Player0 antes 5" in text
    hand = _read(text + "Player0 checks\nHero checks\n*** SHOW DOWN ***\n"
                 "Hero shows [5s 2s 3c 4s Ts] T,5,4,3,2\nPlayer0 shows [Jc 7s 6d 5h 4c] J,7,6,5,4\n"
                 "Hero wins the pot (250) with T,5,4,3,2\n*** SUMMARY ***\nTotal pot 250 | Rake 0\n"
                 "Seat 1: Hero (small blind) showed [5s 2s 3c 4s Ts] and won (250) with T,5,4,3,2\n"
                 "Seat 2: Player0 (big blind) showed [Jc 7s 6d 5h 4c] and lost with J,7,6,5,4\n")
    replayed = hand.replayed
    assert (replayed.hand.game, replayed.hand.structure.value, replayed.issues) == (
        GameId.DEUCE_TO_SEVEN_SINGLE_DRAW, "NL", ())
    assert {p.player: p.net for p in replayed.players} == {"Hero": 125, "Player0": -125}
    assert replayed.total_pot == 250 and replayed.draws_reached == 1
    # the low words are checked: the site calling Hero's hand 9-low is flagged
    wrong = analyze(RawHand("ft.txt", 1, replayed.hand.source.text.replace(
        "Hero shows [5s 2s 3c 4s Ts] T,5,4,3,2", "Hero shows [5s 2s 3c 4s Ts] 9,5,4,3,2")), Parsers())
    assert isinstance(wrong, AnalyzedHand) and Code.DESCRIPTION_MISMATCH in {i.code for i in wrong.replayed.issues}


def _read(text: str) -> AnalyzedHand:
    found = analyze(RawHand("ft.txt", 1, text), Parsers())
    assert isinstance(found, AnalyzedHand), found
    return found


def test_full_tilt_5_card_draw_to_a_showdown() -> None:
    # checked through after the draw; the pair of Twos beats Jack high: Hero takes the 240,
    # +120, Player0 -120 (in the real 2-7 hand the same Twos lost)
    hand = _read(_full_tilt_5cd(
        "Player0 checks\nHero checks\n*** SHOW DOWN ***\n"
        "Hero shows [5s 2s 3c 4s 2h] a pair of Twos\nPlayer0 shows [Jc 7s 6d 5h 4c]\n"
        "Hero wins the pot (240) with a pair of Twos\n*** SUMMARY ***\nTotal pot 240 | Rake 0\n"
        "Seat 1: Hero (small blind) showed [5s 2s 3c 4s 2h] and won (240) with a pair of Twos\n"
        "Seat 2: Player0 (big blind) showed [Jc 7s 6d 5h 4c] and lost\n"))
    replayed = hand.replayed
    assert (replayed.hand.site.value, replayed.hand.game, replayed.issues) == ("fulltilt", GameId.FIVE_CARD_DRAW, ())
    assert {p.player: p.net for p in replayed.players} == {"Hero": 120, "Player0": -120}
    assert replayed.pots[0].winners == ("Hero",) and replayed.total_pot == 240
    assert replayed.draws_reached == 1
    assert [(d.player, d.draw, d.discarded) for d in replayed.draws] == [("Player0", 1, 1), ("Hero", 1, 1)]
    # the site's words for a hand it did not win are checked against the cards as well
    wrong = analyze(RawHand("ft.txt", 1, replayed.hand.source.text.replace(
        "Hero shows [5s 2s 3c 4s 2h] a pair of Twos", "Hero shows [5s 2s 3c 4s 2h] a pair of Fives")), Parsers())
    assert isinstance(wrong, AnalyzedHand) and Code.DESCRIPTION_MISMATCH in {i.code for i in wrong.replayed.issues}


def test_full_tilt_5_card_draw_folded_after_the_draw() -> None:
    # after the draw the bet is the big bet, 60: Player0 bets it, Hero folds, the 60 goes
    # back; Player0 takes the 240 unseen: +120, Hero -120 ("folded after the Draw": round 2)
    hand = _read(_full_tilt_5cd(
        "Player0 bets 60\nHero folds\nUncalled bet of 60 returned to Player0\nPlayer0 mucks\n"
        "Player0 wins the pot (240)\n*** SUMMARY ***\nTotal pot 240 | Rake 0\n"
        "Seat 1: Hero (small blind) folded after the Draw\n"
        "Seat 2: Player0 (big blind) collected (240), mucked\n"))
    replayed = hand.replayed
    assert replayed.issues == ()
    assert {p.player: p.net for p in replayed.players} == {"Hero": -120, "Player0": 120}
    (hero,) = [s for s in replayed.hand.summary.seats if s.player == "Hero"]
    assert hero.folded_round is Round.AFTER_DRAW_1
    # a bet of the small bet after the draw is the wrong size in fixed limit
    small = analyze(RawHand("ft.txt", 1, replayed.hand.source.text.replace("Player0 bets 60", "Player0 bets 30")
                            .replace("Uncalled bet of 60", "Uncalled bet of 30")), Parsers())
    assert isinstance(small, AnalyzedHand) and Code.BET_SIZE in {i.code for i in small.replayed.issues}


def test_full_tilt_a5_triple_draw_is_read_with_the_a5_evaluator() -> None:
    # No real Full Tilt A-5 Triple Draw file: its words are FORMATS.md 2.2's ("... - Limit A-5
    # Triple Draw - ..."), its lines the 2-7 Triple Draw file's (the same client and format).
    # The 54 hands of the Full Tilt 2-7 file under the A-5 header: all read, and only one
    # showdown goes the other way, the one where a straight plays: Hero's 7-6-5-4-3 ("a
    # straight, Seven high", a 7-low in A-5) against Player0's Q-8-4-3-2, which the site (2-7)
    # gave to Player0.
    path = CORPUS_DRAW / "FullTilt__27TD_FL_STT_201211.txt"
    if not path.exists():
        pytest.skip(f"{path} not present (../shared)")
    parsers = Parsers()
    found = [analyze(dataclasses.replace(raw, text=raw.text.replace("Limit 2-7 Triple Draw", "Limit A-5 Triple Draw")), parsers)
             for raw in split_hands(path) if isinstance(raw, RawHand)]
    assert len(found) == 54 and all(isinstance(a, AnalyzedHand) for a in found)
    assert {a.replayed.hand.game for a in found} == {GameId.ACE_TO_FIVE_TRIPLE_DRAW}  # type: ignore[union-attr]
    flagged = [(a.replayed.hand.hand_id, [i.code for i in a.replayed.issues]) for a in found if a.replayed.issues]  # type: ignore[union-attr]
    assert len(flagged) == 1 and flagged[0][1] == [Code.SHOWDOWN_WINNER_MISMATCH]
    (straight,) = [a for a in found if a.replayed.issues]  # type: ignore[union-attr]
    assert straight.replayed.pots[0].winners == ("Hero",)  # type: ignore[union-attr]


@pytest.mark.parametrize("structure", ["No Limit", "Pot Limit"])
def test_5_card_draw_in_big_bet_structures(structure: str) -> None:
    # No real pot- or no-limit 5-Card Draw file: the side-pot hand under a big-bet header with
    # the blinds as its stakes ($0.05/$0.10) is legal as it stands (Hero's raise to $0.20 is
    # the minimum raise, and within the pot: $0.15 + his call of $0.10 = $0.25 more at most),
    # and the same money comes out; a raise to $0.50 is too big for pot limit and a raise to
    # $0.12 too small for either.
    raw = _text(STARS_5CD)
    header = f"5 Card Draw {structure} ($0.05/$0.10 USD)"
    text = raw.text.replace("5 Card Draw Limit ($0.10/$0.20 USD)", header)
    assert header in text
    found = analyze(dataclasses.replace(raw, text=text), Parsers())
    assert isinstance(found, AnalyzedHand) and found.replayed.issues == ()
    assert {p.player: p.net for p in found.replayed.players}["Player3"] == 33
    small = analyze(dataclasses.replace(raw, text=text.replace("Hero: raises $0.10 to $0.20", "Hero: raises $0.02 to $0.12")), Parsers())
    assert isinstance(small, AnalyzedHand) and Code.BET_SIZE in {i.code for i in small.replayed.issues}
    if structure == "Pot Limit":
        big = analyze(dataclasses.replace(raw, text=text.replace("Hero: raises $0.10 to $0.20", "Hero: raises $0.40 to $0.50")), Parsers())
        assert isinstance(big, AnalyzedHand) and Code.BET_SIZE in {i.code for i in big.replayed.issues}


def test_phh_leaves_both_games_out_by_name() -> None:
    # pokerkit 0.7's HandHistory.game_types has no 5-Card Draw and no A-5 Triple Draw code:
    # their hands are not exported, and the reason names the game as users know it
    from hhtracker.export.phh import NotExportable, to_phh

    for path, name in ((STARS_5CD, "5-Card Draw"), (KINGSCLUB_A5TD, "A-5 Triple Draw")):
        hand = _one(path)
        with pytest.raises(NotExportable, match=f"^{name}: PHH has no variant for it"):
            to_phh(hand.replayed)
    pokerkit = pytest.importorskip("pokerkit")
    names = {cls.__name__ for cls in pokerkit.HandHistory.game_types.values()}
    assert not any("FiveCard" in n or ("AceToFive" in n and "TripleDraw" in n) for n in names), names


def test_the_kingsclub_a5_hero_has_reads_by_his_draws(tmp_path: Path) -> None:
    # The A-5 games get reads like 2-7's (issue 25: reads by draw pattern per game), scored by
    # their own low. Hero in #37581342: dealt 2d Ah Jd 4s 5s, discards Jd (draws As), discards
    # As (draws 6h), stands pat: drew 1, drew 1, pat; he ends with 6-5-4-2-A, a made A-5 low
    # topped by a 6, class 6-low (the A-5 games count it apart; scored as 2-7, the ace would
    # play high and the hand be ace-high).
    from hhtracker import api

    if not KINGSCLUB_A5TD.exists():
        pytest.skip(f"{KINGSCLUB_A5TD} not present (../shared)")
    db = tmp_path / "a5.db"
    api.import_paths([KINGSCLUB_A5TD], db)
    (reads,) = api.player_reads(db, "Hero")
    assert reads.hands_known == 1
    patterns = [g for g in reads.groups if g.grouping == "draw pattern"]
    assert len(patterns) == 1 and patterns[0].hands == 1
    group = patterns[0]
    assert group.label.startswith("drew 1, drew 1") and "pat" in group.label
    assert group.badugis == 1  # (the made hands: made A-5 lows here)
    assert (group.high_low, group.high_median, group.high_high) == ("6", "6", "6")
    assert group.classes == {"low_6": 1}
