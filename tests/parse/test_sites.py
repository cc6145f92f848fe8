"""Full Tilt, KingsClub and Merge XML: the real corpus hands, worked out by hand, and the
grammars on hand-written lines. Money in cents (KingsClub: hundredths of its unit)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker.cards import parse_cards
from hhtracker.cli import app
from hhtracker.errors import HandSyntaxError
from hhtracker.model import (
    Bet,
    BettingStructure,
    BlindKind,
    Call,
    Chat,
    Collect,
    DealtCards,
    Discard,
    Muck,
    PostAnte,
    PostBlind,
    Raise,
    Show,
    Site,
    StandPat,
    UncalledBetReturned,
)
from hhtracker.parse.detect import detect
from hhtracker.parse.fulltilt import FullTiltParser
from hhtracker.parse.kingsclub import KingsClubParser, parse_money
from hhtracker.parse.merge import MergeParser
from hhtracker.parse.read import RawHand, split_hands
from hhtracker.rules.issues import Severity
from hhtracker.rules.replay import ReplayedHand, replay

FULL_TILT = "FullTilt__badugi_FL_cash_201305_newtogame.txt"
KINGSCLUB = "KingsClub__badugi_FL_cash_202010.txt"
MERGE = "Merge__badugi_PL_cash_201101.xml"

runner = CliRunner()


def only_hand(path: Path, parser) -> ReplayedHand:
    hands = [item for item in split_hands(path) if isinstance(item, RawHand)]
    assert len(hands) == 1
    return replay(parser.parse(hands[0]))


def errors(replayed: ReplayedHand) -> list:
    return [issue for issue in replayed.issues if issue.severity is Severity.ERROR]


def nets(replayed: ReplayedHand) -> dict[str, int]:
    return {p.player: p.net for p in replayed.players if p.contributed or p.collected}


# ---- the real corpus hands ----------------------------------------------------------------


def test_full_tilt_2013_corpus_hand(corpus: Path) -> None:
    replayed = only_hand(corpus / FULL_TILT, FullTiltParser())
    hand = replayed.hand
    assert (hand.site, hand.hand_id, hand.structure) == (Site.FULL_TILT, "32617272179", BettingStructure.FIXED_LIMIT)
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.currency) == (10, 20, "USD")
    assert (hand.table, hand.button_seat) == ("Clackers (New to the Game)", 4)
    assert hand.seat_of("Player5").sitting_out  # "Player5 is sitting out" before the deal
    assert errors(replayed) == []
    # Blinds: Player4 SB 5, Hero BB 10. Player2 raises to 20, Hero calls 10 more (to 20):
    #   pot 5 + 20 + 20 = 45 (the marker "(Total Pot: $0.45, 2 Players)").
    # After draw 2: Player2 bets 20, Hero calls 20: 45 + 40 = 85 ("(Total Pot: $0.85").
    # After draw 3: two checks. Total pot 85, rake 4, Hero wins 85 - 4 = 81.
    assert Raise("Player2", None, 20) in hand.events
    assert (replayed.total_pot, replayed.rake) == (85, 4)
    assert replayed.pots[0].winners == ("Hero",)  # 3-card 5,4,2 beats 3-card 7,2,A
    # Hero 81 - 40 = +41; Player2 -(20 + 20) = -40; Player4 -5 (his small blind).
    assert nets(replayed) == {"Hero": 41, "Player2": -40, "Player4": -5}
    assert sum(p.rake for p in replayed.players) == 4


def test_kingsclub_corpus_hand(corpus: Path) -> None:
    replayed = only_hand(corpus / KINGSCLUB, KingsClubParser())
    hand = replayed.hand
    assert (hand.site, hand.hand_id, hand.table, hand.button_seat) == (Site.KINGSCLUB, "37732805", "Bronx  BT", 1)
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.currency) == (3000, 6000, "USD")
    assert hand.seat_of("Player0").stack == 128500  # "1,285"
    assert errors(replayed) == []
    # Round 1: Player1 SB 15, Hero BB 30; Player0 raises to 60, Player1 raises to 90,
    #   Hero folds, Player0 "calls 90" = to 90 (a total: he adds 30): 90 + 90 + 30 = 210.
    assert Call("Player0", None, to=9000) in hand.events
    # Round 3: Player1 bets 60, Player0 calls 60: 210 + 120 = 330.
    # Round 4: Player1 bets 60, Player0 raises to 120, Player1 "calls 120": 330 + 240 = 570.
    # Rake 1.75; Player1 "wins pot (568.25)" = 570 - 1.75.
    assert (replayed.total_pot, replayed.rake) == (57000, 175)
    assert replayed.pots[0].winners == ("Player1",)  # 3-card 5,3,2 beats 3-card 8,4,A
    # Player1 568.25 - 270 = +298.25; Player0 -(90 + 60 + 120) = -270; Hero -30: exactly
    # the site's own summary ("+298.25", "-270", "-30").
    assert nets(replayed) == {"Player0": -27000, "Player1": 29825, "Hero": -3000}


def test_merge_corpus_hand(corpus: Path) -> None:
    replayed = only_hand(corpus / MERGE, MergeParser())
    hand = replayed.hand
    assert (hand.site, hand.hand_id, hand.structure) == (Site.MERGE, "31274465-32", BettingStructure.POT_LIMIT)
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.currency, hand.button_seat) == (5, 10, "USD", 3)
    assert [s.sitting_out for s in hand.seats] == [True, True, False, False]  # dealtin="false"
    assert hand.local_time == "2011/01/29 22:40:38 ET"
    assert errors(replayed) == []
    # Hero's third draw: [Ah Qd 2s 9d] -> [Ah 7d 2s Kc]: threw Qd 9d, kept Ah 2s.
    assert Discard("Hero", 2, parse_cards("Qd 9d")) in hand.events
    assert DealtCards("Hero", parse_cards("Ah 2s"), parse_cards("7d Kc")) in hand.events
    # Blinds 5 + 10, Player3 calls 5: 20. Three draws checked through. After the third:
    # Player3 bets 20, Hero raises to 60 (RAISE amount = the total), Player3 folds: 40 of
    # Hero's 60 is uncalled. Pot 20 + 20 + 20 = 60. The winner element says 0.97 = what
    # Hero got back: 60 - rake + 40 returned, so the rake is 60 + 40 - 97 = 3.
    assert UncalledBetReturned("Hero", 40) in hand.events
    assert Collect("Hero", 57) in hand.events
    assert (replayed.total_pot, replayed.rake) == (60, 3)
    assert replayed.pots[0].winners == ("Hero",)
    # Hero 57 - 30 = +27 ($10.00 - 0.70 + 0.97 = $10.27); Player3 -(5 + 5 + 20) = -30.
    assert nets(replayed) == {"Hero": 27, "Player3": -30}


def test_validate_and_import_report_no_error(corpus: Path, tmp_path: Path) -> None:
    files = [str(corpus / name) for name in (FULL_TILT, KINGSCLUB, MERGE)]
    validated = runner.invoke(app, ["validate", "--json", *files])
    assert validated.exit_code == 0, validated.output
    report = json.loads(validated.stdout)["hands"]
    assert sorted((r["site"], r["status"] != "error") for r in report) == [
        ("fulltilt", True), ("kingsclub", True), ("merge", True)
    ]
    imported = runner.invoke(app, ["import", "--db", str(tmp_path / "t.db"), "--json", *files])
    assert imported.exit_code == 0, imported.output
    summary = json.loads(imported.stdout)
    assert (summary["hands_new"], summary["hands_rejected"], summary["hands_unsupported"]) == (3, 0, 0)
    assert not [p for p in summary["problems"] if p["severity"] == "error"]


# ---- detection ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first_line", "site", "game", "badugi"),
    [
        ("Full Tilt Poker Game #1: Table Clackers (New to the Game) - FL Badugi - $0.10/$0.20 - 10:18:16 ET - 2013/05/08",
         Site.FULL_TILT, "Badugi Limit", True),
        ("Full Tilt Poker Game #2: Table Laurelvale - $0.05/$0.10 - Limit Badugi - 03:02:56 ET - 2010/11/07",
         Site.FULL_TILT, "Badugi Limit", True),
        # read since issue 25 (2-7 Triple Draw, its first game)
        ("FullTiltPoker Game #3: Table Rocky Cliff (6 max) - $250/$500 - Limit 2-7 Triple Draw - 18:08:00 ET - 2010/11/15",
         Site.FULL_TILT, "2-7 Triple Draw Limit", True),
        ("Full Tilt Poker Game #4: Table T - $0.20/$0.40 Ante $0.10 - No Limit 2-7 Single Draw - 18:08:00 ET - 2010/11/15",
         Site.FULL_TILT, "2-7 Single Draw No Limit", True),  # read since words3 (FORMATS.md section 2, fpdb)
        # read since issue 25 (the single-draw games): PokerStars and KingsClub, not Full Tilt
        ("PokerStars Game #63826125692:  Single Draw 2-7 Lowball No Limit ($0.25/$0.50 USD) - 2011/06/26 23:34:01 WET"
         " [2011/06/26 18:34:01 ET]", Site.POKERSTARS, "Single Draw 2-7 Lowball No Limit", True),
        ("#3857875: No Limit 2-7 Single Draw - 125/250", Site.KINGSCLUB, "2-7 Single Draw No Limit", True),
        ("#41388325: Limit A-5 Single Draw - 50/100", Site.KINGSCLUB, "A-5 Single Draw Limit", True),
        ('<description type="2-7 Lowball" stakes="Pot Limit ($0.05/$0.10)"/>', Site.MERGE, "2-7 Lowball Pot Limit", True),
        ("#37732805: Limit Badugi - 30/60", Site.KINGSCLUB, "Badugi Limit", True),
        # read since issue 16 (Badacey and Badeucey are replayed as split pots)
        ("#40201390: Limit Badacey - 22/44", Site.KINGSCLUB, "Badacey Limit", True),
        ("#40200897: Limit Badeucey - 22/44", Site.KINGSCLUB, "Badeucey Limit", True),
        # read since issue 25 (branch fivecard: A-5 Triple Draw, and 2-7 Triple Draw on KingsClub)
        ("#7: Limit A-5 Triple Draw - 44/88", Site.KINGSCLUB, "A-5 Triple Draw Limit", True),
        ("#8: Limit 2-7 Triple Draw - 40/80", Site.KINGSCLUB, "2-7 Triple Draw Limit", True),
        ("Full Tilt Poker Game #5: Table T - $1/$2 - Limit A-5 Triple Draw - 18:08:00 ET - 2010/11/15",
         Site.FULL_TILT, "A-5 Triple Draw Limit", True),
        ("PokerStars Game #64146221551:  5 Card Draw Limit ($0.10/$0.20 USD) - 2011/07/04 21:56:59 WET [2011/07/04 16:56:59 ET]",
         Site.POKERSTARS, "5 Card Draw Limit", True),
        # read on Full Tilt too since words3 (fpdb's FulltiltToFpdb.py game table spells it so)
        ("Full Tilt Poker Game #6: Table T - $1/$2 - Limit 5 Card Draw - 18:08:00 ET - 2010/11/15",
         Site.FULL_TILT, "5 Card Draw Limit", True),
        ("#9: Pot Limit Drawmaha - 44/88", Site.KINGSCLUB, "Pot Limit Drawmaha", False),
        ('<description type="Badugi" stakes="Pot Limit ($0.05/$0.10)"/>', Site.MERGE, "Badugi Pot Limit", True),
        ('<description type="Badugi" stakes="Half Pot Limit ($0.50/$0.50)"/>', Site.MERGE, "Badugi Half Pot Limit", True),
        ('<description type="Holdem" stakes="No Limit ($0.05/$0.10)"/>', Site.MERGE, "No Limit Holdem", False),
    ],
)
def test_detect_other_sites(first_line: str, site: Site, game: str, badugi: bool) -> None:
    detected = detect(first_line)
    assert (detected.site, detected.game, detected.supported) == (site, game, badugi)


# ---- Full Tilt on hand-written lines ------------------------------------------------------

# The 2010 shape: stakes before "Limit Badugi", "(Pot: ..)" markers, all discard lines before
# the "is dealt" lines; names with spaces and dots; all in; uncalled bet; chat; a mucked hand
# shown in the summary with " - description".
FT_2010 = """Full Tilt Poker Game #25340585274: Table Laurelvale (6 max) - $0.05/$0.10 - Limit Badugi - 03:02:56 ET - 2010/11/07
Seat 1: Mr Big ($1)
Seat 2: Player5 ($0.25)
Seat 4: Hero ($2)
Seat 6: Dr. No ($4,108.50)
Mr Big posts the small blind of $0.02
Player5 posts the big blind of $0.05
The button is in seat #6
*** HOLE CARDS ***
Dealt to Hero [Ah Qs 3s Jc]
Hero raises to $0.10
Dr. No has 15 seconds left to act
Dr. No calls $0.10
Mr Big folds
Player5 calls $0.05
*** FIRST DRAW *** (Pot: $0.32)
Player5 discards 2 cards
Hero discards 2 cards [Qs Jc]
Dr. No stands pat
Player5 is dealt 2 cards
Dealt to Hero [Ah 3s] [Jh 8c]
Player5 checks
Hero: gl all
Hero bets $0.05
Dr. No raises to $0.10
Player5 calls $0.10
Hero calls $0.05
*** SECOND DRAW *** (Pot: $0.62)
Player5 stands pat
Hero discards 1 card [8c]
Dr. No discards 1 card
Dealt to Hero [Ah 3s Jh] [2d]
Dr. No is dealt 1 card
Player5 bets $0.05, and is all in
Hero calls $0.05
Dr. No raises to $0.15
Hero folds
Uncalled bet of $0.10 returned to Dr. No
*** THIRD DRAW *** (Pot: $0.77)
Player5 stands pat
Dr. No discards 1 card
Dr. No is dealt 1 card
*** SHOW DOWN ***
Player5 shows [Qd 4s 3h 2c] a Badugi: Q, 4, 3, 2
Dr. No mucks
Player5 wins the pot ($0.74) with a Badugi: Q, 4, 3, 2
*** SUMMARY ***
Total pot $0.77 | Rake $0.03
Seat 1: Mr Big (small blind) folded before the Draw
Seat 2: Player5 (big blind) showed [Qd 4s 3h 2c] and won ($0.74) with a Badugi: Q, 4, 3, 2
Seat 4: Hero folded after the 2nd Draw
Seat 6: Dr. No (button) mucked [5s 4h Ad Js] - a 3-Card: 5, 4, A"""


def ft(text: str, line: int = 1):
    return FullTiltParser().parse(RawHand("ft.txt", line, text))


def test_full_tilt_2010_shape_names_all_in_and_uncalled() -> None:
    hand = ft(FT_2010)
    assert [s.player for s in hand.seats] == ["Mr Big", "Player5", "Hero", "Dr. No"]
    assert (hand.table, hand.max_seats, hand.stakes.small_bet, hand.stakes.big_bet) == ("Laurelvale", 6, 5, 10)
    assert hand.seat_of("Dr. No").stack == 410850  # "$4,108.50"
    assert PostBlind("Mr Big", BlindKind.SMALL, 2) in hand.events
    assert Raise("Dr. No", None, 15) in hand.events
    assert Bet("Player5", 5, all_in=True) in hand.events
    assert Chat("Hero", "gl all") in hand.events
    assert UncalledBetReturned("Dr. No", 10) in hand.events
    assert Muck("Dr. No") in hand.events
    assert hand.summary.seats[3].cards == parse_cards("5s 4h Ad Js")
    assert hand.summary.seats[3].description == "a 3-Card: 5, 4, A"
    replayed = replay(hand)
    assert errors(replayed) == []
    # Pre-draw: 2 + 10 + 10 + 10 = 32; after draw 1: Hero 5+5, Dr. No 10, Player5 10 -> 62;
    # after draw 2: Player5 5 (all in), Hero 5, Dr. No 15 - 10 uncalled = 5 -> 77.
    # Player5 wins 77 - 3 = 74: +74 - 25 = +49; Hero -25, Dr. No -25, Mr Big -2.
    assert (replayed.total_pot, replayed.rake) == (77, 3)
    assert nets(replayed) == {"Mr Big": -2, "Player5": 49, "Hero": -25, "Dr. No": -25}
    assert replayed.pots[0].winners == ("Player5",)


def test_full_tilt_utf16_file_imports(tmp_path: Path) -> None:
    path = tmp_path / "ft2010.txt"
    path.write_bytes(("\ufeff" + FT_2010.replace("\n", "\r\n") + "\r\n").encode("utf-16-le"))
    result = runner.invoke(app, ["validate", "--json", str(path)])
    assert result.exit_code == 0, result.output
    assert [r["status"] != "error" for r in json.loads(result.stdout)["hands"]] == [True]


def test_full_tilt_summary_oddities_are_tolerated() -> None:
    fused = FT_2010.replace(
        "Seat 4: Hero folded after the 2nd Draw\n",
        "Seat 4: Hero Seat 5: Nobody (big blind) collected ($0.50), mucked\nSeat 7: Gamboul (big blind)\n",
    )
    seats = ft(fused).summary.seats
    assert [(s.seat, s.player, s.outcome) for s in seats[2:5]] == [
        (4, "Hero", "unknown"), (5, "Nobody", "collected"), (7, "Gamboul", "unknown")
    ]


def test_full_tilt_partial_and_dead_hands_are_refused_with_a_reason() -> None:
    partial = FT_2010.split("\n", 1)[0] + " (partial)\n*** SUMMARY ***\nTotal pot $0.77 | Rake $0.03"
    with pytest.raises(HandSyntaxError, match="partial hand") as caught:
        ft(partial, line=10)
    assert (caught.value.code, caught.value.line) == ("partial", 10)
    dead = "\n".join([
        "Full Tilt Poker Game #1: Table T - $10/$20 - Limit Badugi - 10:00:00 ET - 2011/01/06",
        "Seat 1: A ($100)", "Seat 4: Gamboul ($100)",
        "A posts the small blind of $5", "Gamboul is sitting out", "The button is in seat #1",
        "*** SUMMARY ***", "Total pot $0 | Rake $0",
        "Seat 1: A (small blind) folded before the Draw", "Seat 4: Gamboul (big blind) is sitting out",
    ])
    with pytest.raises(HandSyntaxError, match="dead hand") as caught:
        ft(dead)
    assert caught.value.code == "dead_hand"


def test_full_tilt_unknown_line_names_its_line() -> None:
    garbled = FT_2010.replace("Mr Big folds", "Mr Big does a dance")
    with pytest.raises(HandSyntaxError, match="unrecognised line: 'Mr Big does a dance'") as caught:
        ft(garbled, line=100)
    assert caught.value.line == 100 + 13


# ---- KingsClub on hand-written lines ------------------------------------------------------

# Names with spaces and dots, a hero draw, stands pat, a split pot.
KC_SPLIT = """#40000001: Limit Badugi - 2/4
2020-11-01 10:00:00
Table 'Queens  NY' Seat 2 is the button
Seat 1: Big Al (100)
Seat 2: Hero (50.50)
Seat 3: Mr. Pink (1,000)
*** 1ST BETTING ROUND ***
Mr. Pink: posts the small blind 1
Big Al: posts the big blind 2
Dealt to Big Al: [X X X X]
Dealt to Hero: [Ac 2d 3h Kh]
Dealt to Mr. Pink: [X X X X]
Hero raises to 4
Mr. Pink calls 4
Big Al calls 4
*** 1ST DRAW ***
Mr. Pink draws 1
Big Al stands pat
Hero discards [Kh] draws [4s]
*** 2ND BETTING ROUND ***
Mr. Pink checks
Big Al bets 2
Hero calls 2
Mr. Pink folds
*** 2ND DRAW ***
Big Al stands pat
Hero stands pat
*** 3RD BETTING ROUND ***
Big Al checks
Hero checks
*** 3RD DRAW ***
Big Al stands pat
Hero stands pat
*** 4TH BETTING ROUND ***
Big Al bets 4
Hero calls 4
Big Al shows [As 2c 3d 4h]
Hero shows [Ac 2d 3h 4s]
*** SUMMARY ***
Seat 1: Big Al (101.75) +1.75
Seat 2: Hero (52.25) +1.75
Seat 3: Mr. Pink (996) -4
Rake 0.50
Big Al wins (11.75) from pot
Hero wins (11.75) from pot"""


def kc(text: str):
    return KingsClubParser().parse(RawHand("kc.txt", 1, text))


def test_kingsclub_money_is_hundredths() -> None:
    assert [parse_money(t) for t in ("15", "1,285", "928.25", "2,666.24", "-270", "+298.25")] == [
        1500, 128500, 92825, 266624, -27000, 29825
    ]
    with pytest.raises(ValueError):
        parse_money("1.005")


def test_kingsclub_split_pot_names_and_hero_draw() -> None:
    hand = kc(KC_SPLIT)
    assert [s.player for s in hand.seats] == ["Big Al", "Hero", "Mr. Pink"]
    assert PostBlind("Mr. Pink", BlindKind.SMALL, 100) in hand.events
    assert Discard("Hero", 1, parse_cards("Kh")) in hand.events
    assert DealtCards("Hero", parse_cards("Ac 2d 3h"), parse_cards("4s")) in hand.events
    assert StandPat("Big Al") in hand.events
    assert Call("Hero", None, to=200) in hand.events
    replayed = replay(hand)
    assert errors(replayed) == []
    # 3 x 4 = 12 pre-draw, + 2 + 2 after draw 1, + 4 + 4 after draw 3 = 24; rake 0.50;
    # two badugis 4-3-2-A split 23.50: 11.75 each. Big Al and Hero: 11.75 - 10 = +1.75.
    assert (replayed.total_pot, replayed.rake) == (2400, 50)
    assert set(replayed.pots[0].winners) == {"Big Al", "Hero"}
    assert nets(replayed) == {"Big Al": 175, "Hero": 175, "Mr. Pink": -400}


def test_kingsclub_all_in_lines() -> None:
    text = KC_SPLIT.replace("Mr. Pink calls 4", "Mr. Pink calls 4 and is all in").replace(
        "Hero raises to 4", "Hero raises to 4 and is all in")
    events = kc(text).events
    assert Call("Mr. Pink", None, True, to=400) in events
    assert Raise("Hero", None, 400, True) in events


# KingsClub prints no uncalled-bet line (structures.SITE_RULES): the 15 of the raise to 60
# that the 45 all-in could not call goes back to Player Zero at the end of the round, so the
# pot is 45 + 45 = 90, as "wins pot (90)" and the +45 / -45 results say.
def test_kingsclub_uncalled_part_of_a_raise_without_a_line() -> None:
    text = """#40000002: Limit Badugi - 30/60
2020-11-01 10:05:00
Table 'Bronx  BT' Seat 1 is the button
Seat 1: Player Zero (1,285)
Seat 2: Short Stack (45)
*** 1ST BETTING ROUND ***
Player Zero: posts the small blind 15
Short Stack: posts the big blind 30
Dealt to Player Zero: [X X X X]
Dealt to Short Stack: [X X X X]
Player Zero raises to 60
Short Stack calls 45 and is all in
*** 1ST DRAW ***
Short Stack draws 1
Player Zero draws 1
*** 2ND DRAW ***
Short Stack stands pat
Player Zero stands pat
*** 3RD DRAW ***
Short Stack stands pat
Player Zero stands pat
Player Zero shows [Ac 2d 3h 4s]
Short Stack shows [Kc Qd Jh Ts]
*** SUMMARY ***
Seat 1: Player Zero (1,330) +45
Seat 2: Short Stack (0) -45
Rake 0
Player Zero wins pot (90)"""
    replayed = replay(kc(text))
    assert errors(replayed) == []
    assert replayed.total_pot == 9000 and {p.player: p.net for p in replayed.players} == {"Player Zero": 4500, "Short Stack": -4500}


# ---- Merge XML on hand-written elements ---------------------------------------------------

MERGE_HPL = """<description type="Badugi" stakes="Half Pot Limit ($0.50/$0.50)"/>
<game id="1-7" starttime="20110130120000" numholecards="4" gametype="71" realmoney="true" data="20110130|Oslo (1)|1|1-7|false">
	<players dealer="0">
		<player seat="0" nickname="Hero" balance="$10.00" dealtin="true" />
		<player seat="2" nickname="Villain X" balance="$2.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="ANTE" timestamp="1" player="0" amount="0.50"/>
		<event sequence="2" type="ANTE" timestamp="2" player="2" amount="0.50"/>
	</round>
	<round id="PRE_FIRST_DRAW" sequence="2">
		<event sequence="3" type="BET" timestamp="3" player="2" amount="0.50"/>
		<event sequence="4" type="RAISE" timestamp="4" player="0" amount="1.50"/>
		<event sequence="5" type="ALL_IN" timestamp="5" player="2" amount="1.00"/>
		<cards type="HOLE" cards="Ac,2d,3h,4s" player="0" hand="Badugi, 4-3-2-A"/>
	</round>
	<round id="FIRST_DRAW" sequence="3">
		<event sequence="6" type="DRAW" timestamp="6" player="2" text="2"/>
		<event sequence="7" type="DRAW" timestamp="7" player="0" text="0"/>
	</round>
	<round id="SECOND_DRAW" sequence="4">
		<event sequence="8" type="DRAW" timestamp="8" player="2" text="1"/>
		<event sequence="9" type="DRAW" timestamp="9" player="0" text="0"/>
	</round>
	<round id="THIRD_DRAW" sequence="5">
		<event sequence="10" type="DRAW" timestamp="10" player="2" text="1"/>
		<event sequence="11" type="DRAW" timestamp="11" player="0" text="0"/>
	</round>
	<round id="SHOWDOWN" sequence="6">
		<cards type="SHOWN" cards="Kc,Qd,Jh,Ts" player="2" hand="Badugi, K-Q-J-T"/>
		<cards type="SHOWN" cards="Ac,2d,3h,4s" player="0" hand="Badugi, 4-3-2-A"/>
	</round>
	<round id="END_OF_GAME" sequence="7">
		<winner amount="3.80" uncalled="false" potnumber="1" player="0" pottype="n" hand="Badugi, 4-3-2-A"/>
	</round>
</game>"""


def merge(text: str, line: int = 1):
    return MergeParser().parse(RawHand("m.xml", line, text))


def test_merge_half_pot_limit_antes_and_all_in() -> None:
    hand = merge(MERGE_HPL, line=20)
    assert hand.structure is BettingStructure.HALF_POT_LIMIT
    assert (hand.table, hand.button_seat) == ("Oslo (1)", 0)
    assert PostAnte("Villain X", 50) in hand.events
    assert Raise("Hero", None, 150) in hand.events
    assert Call("Villain X", 100, True) in hand.events  # ALL_IN for exactly what was owed
    assert StandPat("Hero", parse_cards("Ac 2d 3h 4s")) in hand.events
    assert Show("Villain X", parse_cards("Kc Qd Jh Ts"), "Badugi, K-Q-J-T") in hand.events
    shown = next(e for e in hand.events if isinstance(e, Show))
    assert shown.line == 20 + 30 - 1  # line 30 of the hand, which starts on file line 20
    replayed = replay(hand)
    assert errors(replayed) == []
    # Antes 50 + 50, Villain bets 50, Hero raises to 150, Villain all in for 100 more:
    # 100 + 150 + 150 = 400; no bet uncalled; rake 400 - 380 = 20.
    assert (replayed.total_pot, replayed.rake) == (400, 20)
    assert nets(replayed) == {"Hero": 180, "Villain X": -200}


def test_merge_bad_xml_and_cancelled_games_are_refused() -> None:
    with pytest.raises(HandSyntaxError, match="not well-formed XML") as caught:
        merge(MERGE_HPL.replace('player="2" text="1"/>', 'player="2" text="1">', 1), line=5)
    assert caught.value.line == 5 + 23  # the </round> that finds the <event> unclosed
    cut = MERGE_HPL.replace('<round id="END_OF_GAME" sequence="7">', '<round id="END_OF_FOLDED_GAME" sequence="7">')
    with pytest.raises(HandSyntaxError, match="cut off") as caught:
        merge(cut)
    assert caught.value.code == "truncated"
    cancelled = MERGE_HPL.replace('type="DRAW" timestamp="6"', 'type="GAME_CANCELLED" timestamp="6"')
    with pytest.raises(HandSyntaxError, match="cancelled"):
        merge(cancelled)


def test_merge_session_file_every_game_takes_the_description(tmp_path: Path) -> None:
    """One <description> and then three <game> elements of the table, as a Merge session
    file is laid out: three hands, each with the description's game and stakes, each line
    at its place in the file (game k starts on line 2 + 35 (k - 1): the hand is 35 lines)."""
    body = MERGE_HPL.split("\n", 1)[1]
    games = [body.replace("1-7", f"1-{n}") for n in (7, 8, 9)]
    path = tmp_path / "session.xml"
    path.write_text(MERGE_HPL.split("\n", 1)[0] + "\n" + "\n".join(games) + "\n")
    raws = list(split_hands(path))
    assert [raw.line for raw in raws] == [1, 37, 72]
    assert all(detect(raw.text.split("\n", 1)[0]).game == "Badugi Half Pot Limit" for raw in raws)
    hands = [MergeParser().parse(raw) for raw in raws]
    assert [h.hand_id for h in hands] == ["1-7", "1-8", "1-9"]
    assert {h.structure for h in hands} == {BettingStructure.HALF_POT_LIMIT}
    # the first ANTE is the hand's 7th line: file line 37 + 6 in the second game
    assert next(e for e in hands[1].events if isinstance(e, PostAnte)).line == 43
    assert all(replay(h).issues == () for h in hands)
    validated = CliRunner().invoke(app, ["validate", "--json", str(path)])
    assert validated.exit_code == 0, validated.output
    assert [(r["hand_id"], r["status"]) for r in json.loads(validated.stdout)["hands"]] == [("1-7", "ok"), ("1-8", "ok"), ("1-9", "ok")]


# ---- never a crash ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "parser_type"), [(FULL_TILT, FullTiltParser), (KINGSCLUB, KingsClubParser), (MERGE, MergeParser)])
def test_cut_off_or_gapped_hands_parse_or_say_why(corpus: Path, name: str, parser_type) -> None:
    """Every prefix of a real hand, and the hand with any one line removed, either parses
    (and replays) or raises HandSyntaxError: never another exception."""
    raw = next(item for item in split_hands(corpus / name) if isinstance(item, RawHand))
    lines = raw.text.split("\n")
    parser = parser_type()
    variants = ["\n".join(lines[:n]) for n in range(1, len(lines))]
    variants += ["\n".join(lines[:n] + lines[n + 1:]) for n in range(len(lines))]
    refused = 0
    for text in variants:
        try:
            replay(parser.parse(RawHand(raw.path, raw.line, text)))
        except HandSyntaxError as error:
            assert error.line is not None and error.line >= raw.line
            refused += 1
    assert refused > len(lines) // 2
