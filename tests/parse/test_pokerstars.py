"""The PokerStars grammar and transformer: line shapes to typed events."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from hhtracker.cards import parse_cards
from hhtracker.errors import HandSyntaxError
from hhtracker.model import (
    BettingStructure,
    BlindKind,
    Call,
    Chat,
    Collect,
    DealtCards,
    Discard,
    FinishTournament,
    NoteKind,
    PostBlind,
    Raise,
    Show,
    StandPat,
    TableNote,
    UncalledBetReturned,
)
from hhtracker.parse.detect import detect
from hhtracker.parse.pokerstars import PokerStarsParser, parse_amount
from hhtracker.parse.read import RawHand, split_hands

from tests.common import SAMPLES, STARS_8GAME, STARS_CASH, STARS_SNG
from tests.oracles.corpus_counts import stars_hand_count, stars_mixed_games

HAND = """PokerStars Game #111:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET
Table 'Main Street' 6-max Seat #1 is the button
Seat 1: Dr. Pat: 3 ($6.80 in chips) 
Seat 2: x'); DROP TABLE hands;-- ($5 in chips) 
Seat 3: Mr Big-Stack ($4,100.50 in chips) 
x'); DROP TABLE hands;--: posts small blind $0.10
Mr Big-Stack: posts big blind $0.25
*** DEALING HANDS ***
Dealt to Mr Big-Stack [As 3h 8h 6s]
Dr. Pat: 3: raises $0.25 to $0.50
Dr. Pat: 3 said, "gl: all"
x'); DROP TABLE hands;--: folds 
Mr Big-Stack: calls $0.25
*** FIRST DRAW ***
Mr Big-Stack: discards 2 cards [8h 6s]
Dealt to Mr Big-Stack [As 3h] [5h Ks]
Dr. Pat: 3: stands pat 
Mr Big-Stack: checks 
Dr. Pat: 3: bets $0.25
Mr Big-Stack: folds 
Uncalled bet ($0.25) returned to Dr. Pat: 3
Dr. Pat: 3 collected $1.10 from pot
Dr. Pat: 3: doesn't show hand 
Dr. Pat: 3 leaves the table
*** SUMMARY ***
Total pot $1.10 | Rake $0 
Seat 1: Dr. Pat: 3 (button) collected ($1.10)
Seat 2: x'); DROP TABLE hands;-- (small blind) folded before the Draw
Seat 3: Mr Big-Stack (big blind) folded after the 1st Draw"""


def parse(text: str, line: int = 1):
    return PokerStarsParser().parse(RawHand("f.txt", line, text))


def test_names_with_colons_spaces_and_quotes_resolve_to_seats() -> None:
    hand = parse(HAND)
    assert [s.player for s in hand.seats] == ["Dr. Pat: 3", "x'); DROP TABLE hands;--", "Mr Big-Stack"]
    assert Raise("Dr. Pat: 3", 25, 50) in hand.events
    assert StandPat("Dr. Pat: 3") in hand.events
    assert Chat("Dr. Pat: 3", "gl: all") in hand.events
    assert UncalledBetReturned("Dr. Pat: 3", 25) in hand.events
    assert TableNote("Dr. Pat: 3", NoteKind.LEAVES) in hand.events


def test_header_seats_and_money() -> None:
    hand = parse(HAND)
    assert hand.hand_id == "111"
    assert hand.structure is BettingStructure.FIXED_LIMIT
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (25, 50)
    assert hand.currency == "USD"
    assert hand.table == "Main Street" and hand.max_seats == 6 and hand.button_seat == 1
    # 10:32:15 ET on 5 September 2010 is daylight time, UTC-4.
    assert hand.start_time == dt.datetime(2010, 9, 5, 14, 32, 15, tzinfo=dt.UTC)
    assert [s.stack for s in hand.seats] == [680, 500, 410050]
    assert hand.summary.total_pot == 110 and hand.summary.rake == 0


def test_event_lines_are_file_lines() -> None:
    hand = parse(HAND, line=101)  # the hand starts on line 101 of its file
    dealt = [e for e in hand.events if isinstance(e, DealtCards)]
    assert dealt[0] == DealtCards("Mr Big-Stack", parse_cards("As 3h 8h 6s"))
    assert dealt[0].line == 109
    assert dealt[1] == DealtCards("Mr Big-Stack", parse_cards("As 3h"), parse_cards("5h Ks"))
    assert dealt[1].line == 116
    discard = next(e for e in hand.events if isinstance(e, Discard))
    assert discard == Discard("Mr Big-Stack", 2, parse_cards("8h 6s")) and discard.line == 115


@pytest.mark.parametrize(
    ("text", "cents"),
    [("$0.25", 25), ("$5", 500), ("$4,108.50", 410850), ("€1.5", 150), ("1,285", 1285), ("20", 20)],
)
def test_amounts(text: str, cents: int) -> None:
    assert parse_amount(text) == cents


def test_tournament_header_and_all_in_lines() -> None:
    text = HAND.replace(
        "PokerStars Game #111:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
        "PokerStars Game #52591619991: Tournament #330855877, $1.00+$0.20 USD Badugi Limit - Level VII (300/600) - 2010/11/12 21:47:10 CET [2010/11/12 15:47:10 ET]",
    ).replace("Mr Big-Stack: calls $0.25", "Mr Big-Stack: calls $0.25 and is all-in")
    hand = parse(text)
    assert hand.tournament is not None and hand.tournament.tournament_id == "330855877"
    assert hand.tournament.level == "VII" and hand.tournament.buy_in == "$1.00+$0.20 USD"
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (300, 600)
    assert hand.currency == "chips"
    assert hand.local_time == "2010/11/12 21:47:10 CET"
    assert hand.start_time == dt.datetime(2010, 11, 12, 20, 47, 10, tzinfo=dt.UTC)  # 15:47 EST = UTC-5
    assert Call("Mr Big-Stack", 25, True) in hand.events


def test_cut_off_hand_is_a_syntax_error_at_its_last_line() -> None:
    lines = HAND.splitlines()[:12]
    with pytest.raises(HandSyntaxError) as error:
        parse("\n".join(lines), line=40)
    assert error.value.line == 51
    assert "cut off" in error.value.message
    assert str(error.value).startswith("f.txt:51: ")


def test_garbled_line_names_its_line() -> None:
    text = HAND.replace("Mr Big-Stack: calls $0.25", "Mr Big-Stack: cals $0.25")
    with pytest.raises(HandSyntaxError) as error:
        parse(text, line=1)
    assert error.value.line == 13
    assert "Mr Big-Stack: cals $0.25" in error.value.message


def test_every_real_badugi_hand_parses(corpus: Path) -> None:
    parser = PokerStarsParser()
    count = 0
    for name in (STARS_CASH, STARS_SNG):
        for raw in split_hands(corpus / name):
            parser.parse(raw)
            count += 1
    assert count == stars_hand_count(corpus / STARS_CASH, corpus / STARS_SNG)  # their header lines
    assert count == 108  # 4 cash + 104 SNG hands (MANIFEST.tsv)


def test_real_lines_become_the_right_events(corpus: Path) -> None:
    first = next(split_hands(corpus / STARS_CASH))
    hand = PokerStarsParser().parse(first)
    assert hand.hand_id == "49164202872"
    assert PostBlind("Lino19", BlindKind.SMALL, 10) in hand.events
    assert Raise("buddyboy3399", 25, 50) in hand.events
    assert Call("jodarin", 20, True) in hand.events
    assert Show("buddyboy3399", parse_cards("8s 3d Ac 4h"), "Badugi: 8,4,3,A") in hand.events
    assert Collect("buddyboy3399", 255, 1) in hand.events
    assert Collect("buddyboy3399", 290, 0) in hand.events
    assert hand.summary.pots == (290, 255) and hand.summary.rake == 25 and hand.summary.total_pot == 570
    sng = list(split_hands(corpus / STARS_SNG))
    finishing = [e for raw in sng for e in PokerStarsParser().parse(raw).events if isinstance(e, FinishTournament)]
    assert FinishTournament("Player5", 3, 160, "USD") in finishing


def test_mixed_game_file_is_detected_by_game(corpus: Path) -> None:
    games = [detect(raw.text.split("\n", 1)[0]).game for raw in split_hands(corpus / STARS_8GAME)]
    headers = stars_mixed_games(corpus / STARS_8GAME)  # the game each header names
    assert len(games) == sum(headers.values()) == 137  # 137 hands (MANIFEST.tsv)
    assert not any(game.startswith("Badugi") for game in games)
    assert games.count("Triple Draw 2-7 Lowball Limit") == headers["Triple Draw 2-7 Lowball Limit"] == 18


# The PokerStars tournament header shapes (issue 13, item 5); each is a Badugi hand to read,
# never one skipped as another game. The buy-in is kept as written.
TOURNAMENT_HEADERS = [
    # freeroll: two spaces after "Freeroll", as PokerStars writes it
    ("PokerStars Game #1: Tournament #329147852, Freeroll  Badugi Limit - Level VIII (300/600) - 2010/11/12 21:47:10 CET [2010/11/12 15:47:10 ET]",
     "329147852", "Freeroll", "VIII", 300),
    # FPP buy-in
    ("PokerStars Game #2: Tournament #41, 150 FPP Badugi Limit - Level I (10/20) - 2010/11/12 15:47:10 ET",
     "41", "150 FPP", "I", 10),
    # bounty: buy-in + fee + bounty
    ("PokerStars Hand #3: Tournament #42, $0.91+$0.09+$0.10 USD Badugi Limit - Level II (15/30) - 2010/11/12 15:47:10 ET",
     "42", "$0.91+$0.09+$0.10 USD", "II", 15),
    # play money (no unit), a shoot-out's match round
    ("PokerStars Hand #4: Tournament #43, 100+10 Badugi Limit - Match Round I, Level III (20/40) - 2010/11/12 15:47:10 ET",
     "43", "100+10", "III", 20),
    # a buy-in of a shape we do not know (a token): kept as written, the game still found
    ("PokerStars Hand #5: Tournament #44, Token Badugi Limit - Level IV (25/50) - 2010/11/12 15:47:10 ET",
     "44", "Token", "IV", 25),
    # Home Games, a mixed game
    ("PokerStars Home Game Hand #6: {Club} Tournament #45, 100+9 Mixed Draw (Badugi Limit) - Level V (30/60) - 2010/11/12 15:47:10 ET",
     "45", "100+9", "V", 30),
]


@pytest.mark.parametrize(("header", "tournament", "buy_in", "level", "small_bet"), TOURNAMENT_HEADERS,
                         ids=[h[0].split(",")[1].strip()[:16] for h in TOURNAMENT_HEADERS])
def test_pokerstars_tournament_headers_are_badugi(header: str, tournament: str, buy_in: str, level: str, small_bet: int) -> None:
    assert detect(header).supported
    hand = parse(HAND.replace(HAND.split("\n", 1)[0], header))
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.level) == (tournament, buy_in, level)
    assert hand.stakes.small_bet == small_bet and hand.currency == "chips"


def test_pokerstars_zoom_cash_header_is_badugi() -> None:
    header = "PokerStars Zoom Hand #7:  Badugi Limit ($0.25/$0.50) - 2010/11/12 15:47:10 ET"
    assert detect(header).supported
    assert parse(HAND.replace(HAND.split("\n", 1)[0], header)).stakes.small_bet == 25


def test_a_currency_sign_without_a_code_names_its_currency() -> None:
    """"£0.25/£0.50" with no currency code is pounds (it was read as euros), "€" euros, "$"
    dollars: the sign alone says which."""
    from hhtracker.parse.pokerstars import PokerStarsParser
    from hhtracker.parse.read import RawHand

    text = (SAMPLES / "stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig").split("\n\n\n")[0]
    for sign, code in (("£", "GBP"), ("€", "EUR"), ("$", "USD")):
        hand = text.replace(" USD)", ")").replace("$", sign)
        assert PokerStarsParser().parse(RawHand("x.txt", 1, hand)).currency == code


# --- PokerStars' all-in cash out (issue "Guarantees" 15) -----------------------------------

BASE = (Path(__file__).parents[1] / "data" / "rules_hands" / "legal" / "base_three_handed.txt").read_text(encoding="utf-8")


def _cash_out_hand() -> str:
    """tests/data/rules_hands/legal/base_three_handed.txt, where Alder won the pot of $5 ($4.75
    after rake): here he took the all-in cash out for $4.60 less a $0.05 fee, so the site did
    not award him the pot, and Birch, who lost, took it too for $0.40 less $0.01."""
    text = BASE.replace("Alder collected $4.75 from pot\n",
                        "Alder cashed out the hand for $4.60 | Cash Out Fee $0.05\n"
                        "Birch cashed out the hand for $0.40 | Cash Out Fee $0.01\n")
    text = text.replace("with a Badugi: 7,4,2,A\n", "with a Badugi: 7,4,2,A (pot not awarded as player cashed out)\n")
    return text.replace("lost with a Badugi: Q,8,5,3\n", "lost with a Badugi: Q,8,5,3 (cashed out).\n")


def test_a_cash_out_is_read_and_the_money_adds_up() -> None:
    """Each player's result, by hand: Alder put in 0.50 + 0.25 + 0.50 + 1 = $2.25 and was
    paid $4.60 less $0.05: +$2.30; Birch put in $2.25 and was paid $0.39: -$1.86; Cedar put
    in $0.50 and folded: -$0.50. The pot ($4.75 after rake) went to the site: no issue."""
    from hhtracker.model import CashOut
    from hhtracker.rules.replay import replay

    text = _cash_out_hand()
    assert text.count("cashed out") == 4
    hand = PokerStarsParser().parse(RawHand("c.txt", 1, text))
    assert [e for e in hand.events if isinstance(e, CashOut)] == [CashOut("Alder", 460, 5), CashOut("Birch", 40, 1)]
    assert [(s.player, s.cashed_out, s.won, s.description) for s in hand.summary.seats] == [
        ("Alder", True, 475, "a Badugi: 7,4,2,A"), ("Birch", True, None, "a Badugi: Q,8,5,3"),
        ("Cedar", False, None, None)]
    replayed = replay(hand)
    assert replayed.issues == ()
    assert {p.player: p.net for p in replayed.players} == {"Alder": 230, "Birch": -186, "Cedar": -50}
    assert sum(p.net for p in replayed.players) == -25 - 5 - 1 + (460 + 40 - 475)  # rake, fees, the site's side


def test_a_cash_out_fee_is_optional_and_a_garbled_cash_out_line_is_refused() -> None:
    from hhtracker.rules.replay import replay

    text = _cash_out_hand().replace(" | Cash Out Fee $0.05", "")
    assert {p.player: p.net for p in replay(PokerStarsParser().parse(RawHand("c.txt", 1, text))).players}["Alder"] == 235
    garbled = _cash_out_hand().replace("Cash Out Fee $0.05", "Cash Out Fee five cents")
    with pytest.raises(HandSyntaxError, match="unrecognised line: 'Alder cashed out the hand for"):
        PokerStarsParser().parse(RawHand("c.txt", 1, garbled))
