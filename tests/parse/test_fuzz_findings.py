"""What the import fuzzer (tests/api/test_fuzz_import.py) found in the parsers and the replay,
each as the smallest hand that showed it: impossible dates, dates past the last UTC time,
cards that are not cards, numbers no database integer holds, a player drawing twice in one
draw. Each was a traceback out of `import`; each is now the hand's own error."""

from __future__ import annotations

import pytest

from hhtracker.errors import HandSyntaxError
from hhtracker.model import Site
from hhtracker.parse.read import RawHand
from hhtracker.parse.sites import Parsers

from tests.common import CORPUS

pytestmark = pytest.mark.skipif(not CORPUS.exists(), reason=f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")

PARSERS = Parsers()


def _text(name: str) -> str:
    return (CORPUS / name).read_text(encoding="utf-8-sig").replace("\r\n", "\n")


def _rejected(site: Site, text: str) -> HandSyntaxError:
    with pytest.raises(HandSyntaxError) as caught:
        PARSERS.parse(RawHand("f.txt", 1, text), site)
    return caught.value


FULL_TILT = "FullTilt__badugi_FL_cash_201305_newtogame.txt"
KINGSCLUB = "KingsClub__badugi_FL_cash_202010.txt"
MERGE = "Merge__badugi_PL_cash_201101.xml"
STARS = "PokerStars__badugi_FL_cash_201009.txt"


@pytest.mark.parametrize(("date", "clock"), [
    ("2013/13/08", "10:18:16"), ("2010/02/30", "10:18:16"), ("0000/00/00", "10:18:16"),
    ("2013/05/08", "25:00:00"), ("2013/05/08", "23:59:60"),
])
def test_full_tilt_impossible_dates(date: str, clock: str) -> None:
    """Was ValueError (strptime) out of import: `... - 25:00:00 ET - 2013/05/08`."""
    error = _rejected(Site.FULL_TILT, _text(FULL_TILT).replace("10:18:16 ET - 2013/05/08", f"{clock} ET - {date}"))
    assert (error.line, error.code) == (1, "bad_date")  # (the code of the analysis branch, merged)
    assert "no such date or time" in error.message


def test_full_tilt_a_date_past_the_last_utc_time() -> None:
    """Was OverflowError (astimezone) out of import: 9999/12/31 22:00:00 ET is 10000/01/01 UTC."""
    error = _rejected(Site.FULL_TILT, _text(FULL_TILT).replace("10:18:16 ET - 2013/05/08", "22:00:00 ET - 9999/12/31"))
    assert (error.line, error.code) == (1, "bad_date")
    assert "out of range" in error.message


@pytest.mark.parametrize("stamp", ["2013-13-08 19:53:19", "2010-02-30 19:53:19", "2020-10-30 25:00:00", "2020-10-30 23:59:60"])
def test_kingsclub_impossible_dates(stamp: str) -> None:
    """Was ValueError out of import; the date is the hand's second line."""
    error = _rejected(Site.KINGSCLUB, _text(KINGSCLUB).replace("2020-10-30 19:53:19", stamp))
    assert (error.line, error.code) == (2, "bad_date")


@pytest.mark.parametrize("start", ["99991231220000", "20100230100000", "20131308103215"])
def test_merge_impossible_or_too_late_starttime(start: str) -> None:
    """99991231220000 ET was OverflowError out of import; the others a clear error already."""
    error = _rejected(Site.MERGE, _text(MERGE).replace('starttime="20110129224038"', f'starttime="{start}"'))
    assert error.line == 2
    assert "starttime" in error.message


@pytest.mark.parametrize("card", ["Xx", "1z", "AA"])
def test_merge_a_card_that_is_not_a_card(card: str) -> None:
    """Was ValueError ("not a card") out of import, from a <cards> element."""
    error = _rejected(Site.MERGE, _text(MERGE).replace('cards="Jh,3h,2s,3s"', f'cards="Jh,3h,2s,{card}"'))
    assert error.line == 16
    assert card in error.message


@pytest.mark.parametrize(("site", "name", "old", "new"), [
    (Site.POKERSTARS, STARS, "Seat 1: Lino19 ($6.80 in chips)", "Seat 99999999999999999999999: Lino19 ($6.80 in chips)"),
    (Site.POKERSTARS, STARS, "8-max Seat #8 is the button", "8-max Seat #99999999999999999999999 is the button"),
    (Site.POKERSTARS, STARS, "Lino19: posts small blind $0.10", "Lino19: posts small blind $99999999999999999999999"),
    (Site.KINGSCLUB, KINGSCLUB, "Seat 1: Player0 (1,285)", "Seat 1: Player0 (99999999999999999999999)"),
    (Site.FULL_TILT, FULL_TILT, "Seat 1: Player0 ($0.92)", "Seat 1: Player0 ($99999999999999999999999)"),
    (Site.MERGE, MERGE, 'balance="$10.00"', 'balance="$99999999999999999999999"'),
])
def test_numbers_no_database_integer_holds(site: Site, name: str, old: str, new: str) -> None:
    """Was OverflowError ("Python int too large to convert to SQLite INTEGER") from the
    store, the hand half-way in its batch. Anything beyond 10**15 is the hand's error."""
    text = _text(name)
    if site is Site.POKERSTARS:
        text = text.split("\n\n\n")[0]
    assert old in text
    error = _rejected(site, text.replace(old, new))
    assert error.code in ("bad_value", "syntax")
    assert "number too large" in error.message


def test_a_player_drawing_twice_in_one_draw_is_an_error() -> None:
    """The third draw's marker lost: both players draw twice in draw 2. It was a warning
    (out_of_turn) with two DrawActions for one draw, and the store's draw_decisions raised
    IntegrityError. Now an error (bad_discard), one DrawAction per player and draw."""
    from hhtracker.rules.replay import replay

    text = _text(FULL_TILT).replace("*** THIRD DRAW *** (Total Pot: $0.85, 2 Players)\n", "")
    replayed = replay(PARSERS.parse(RawHand("f.txt", 1, text), Site.FULL_TILT))
    assert replayed.status == "error"
    assert {(i.code.value, i.message) for i in replayed.issues if i.code.value == "bad_discard"} == {
        ("bad_discard", "Hero draws twice in draw 2"), ("bad_discard", "Player2 draws twice in draw 2")}
    keys = [(d.draw, d.player) for d in replayed.draws]
    assert sorted(keys) == [(1, "Hero"), (1, "Player2"), (2, "Hero"), (2, "Player2")]


def test_pokerstars_a_date_past_the_last_utc_time() -> None:
    """Was OverflowError (parse/clock.py) out of import."""
    text = _text(STARS).split("\n\n\n")[0].replace("2010/09/05 10:32:15 ET", "9999/12/31 22:00:00 ET")
    error = _rejected(Site.POKERSTARS, text)
    assert (error.line, error.code) == (1, "bad_date")
    assert "out of range" in error.message


@pytest.mark.parametrize(("site", "name", "old", "new"), [
    (Site.KINGSCLUB, KINGSCLUB, "Seat 1: Player0 (1,285)", "Seat 1: Player0 (1,2,85)"),
    (Site.POKERSTARS, STARS, "Lino19 ($6.80 in chips)", "Lino19 ($6,80 in chips)"),
    (Site.MERGE, MERGE, 'balance="$10.00"', 'balance="$1,0.00"'),
])
def test_misplaced_thousands_commas(site: Site, name: str, old: str, new: str) -> None:
    """"1,2,85" was read as 1285 and the hand stored as ok: commas only between groups of three."""
    text = _text(name)
    if site is Site.POKERSTARS:
        text = text.split("\n\n\n")[0]
    assert old in text
    error = _rejected(site, text.replace(old, new))
    assert "badly grouped digits" in error.message


HERO_DEALT_A_CARD_TWICE = """PokerStars Game #771384002: Tournament #330855877, $1.00+$0.20 USD Badugi Limit - Level VI (200/400) - 2010/11/12 21:37:01 CET [2010/11/12 15:37:01 ET]
Table '330855877 1' 8-max Seat #3 is the button
Seat 3: Player5 (3485 in chips)
Seat 4: Player6 (2635 in chips)
Seat 6: Player0 (2990 in chips) is sitting out
Seat 7: Player4 (2890 in chips)
Player6: posts small blind 100
Player6: posts small blind 100
Player0: posts big blind 200
*** DEALING HANDS ***
Dealt to Player5 [7s Ad Ad Th]
Player4: folds
Player5: raises 200 to 400
Player6: folds
Uncalled bet (200) returned to Player5
Player5 collected 500 from pot
Player5: doesn't show hand
*** SUMMARY ***
Total pot 500 | Rake 0
Seat 3: Player5 (button) collected (500)
Seat 4: Player6 (small blind) folded before the Draw
Seat 6: Player0 (big blind) folded before the Draw
Seat 7: Player4 folded before the Draw (didn't bet)
"""


def test_the_hero_dealt_a_card_twice_is_never_evaluated() -> None:
    """The fuzzer's hand (a real SNG hand: Ad dealt twice, Player0's fold line lost, a blind
    line doubled): Player0 is left in the pot with the hero, whose cards were evaluated, and
    the evaluator raised ValueError ("not five distinct cards"). Now cards that are not a
    hand count as unknown, and the hand is the replay's error."""
    from hhtracker.rules.replay import replay

    replayed = replay(PARSERS.parse(RawHand("f.txt", 1, HERO_DEALT_A_CARD_TWICE), Site.POKERSTARS))
    assert replayed.status == "error"
    assert "too_many_cards" in {i.code.value for i in replayed.issues}


def test_merge_stakes_with_misplaced_commas() -> None:
    """With commas checked, `stakes="Pot Limit ($1,2,3/$0.10)"` raised ValueError out of
    import (the stakes were read outside the element's error handling)."""
    error = _rejected(Site.MERGE, _text(MERGE).replace("($0.05/$0.10)", "($1,2,3/$0.10)"))
    assert error.line == 1
    assert "badly grouped digits" in error.message


def test_stakes_no_database_integer_holds() -> None:
    """Long run, KingsClub seed 4358: `#...: Limit Badeucey - 10/99999999999999999999999`
    reached the store (OverflowError): the stakes were not among the numbers checked."""
    error = _rejected(Site.KINGSCLUB, _text(KINGSCLUB).replace("Limit Badugi - 30/60", "Limit Badugi - 30/99999999999999999999999"))
    assert "number too large" in error.message


def test_a_player_finishing_a_tournament_twice() -> None:
    """Long run, PokerStars seed 5272: a `finished the tournament` line duplicated broke the
    store's one finish per player and hand (IntegrityError out of import)."""
    hand = next(h for h in _text("PokerStars__badugi_FL_SNG_201011.txt").split("\n\n\n") if "Player1 finished the tournament in 5th place" in h)
    line = "Player1 finished the tournament in 5th place"
    error = _rejected(Site.POKERSTARS, hand.strip("\ufeff\n").replace(line, f"{line}\n{line}"))
    assert "finishes the tournament twice" in error.message
    assert error.line == 1 + hand.strip("\ufeff\n").split("\n").index(next(t for t in hand.strip("\ufeff\n").split("\n") if t.startswith(line))) + 1


def test_a_raise_to_less_than_already_in_is_an_error() -> None:
    """Long run, PokerStars seed 9712: `posts small blind 500` (was 50) then `raises 100 to
    200`: the replay took 300 back out of the pot, found the chips conserved, and the hand
    was stored with warnings though by its text 1500 went in and 1200 came out (the money
    oracle's finding). Now chips_not_conserved."""
    from hhtracker.rules.replay import replay

    hand = next(h for h in _text("PokerStars__badugi_FL_SNG_201011.txt").split("\n\n\n") if "Player7: raises 100 to 200" in h
                and "Player7: posts small blind 50\n" in h)
    text = hand.strip("\ufeff\n").replace("Player7: posts small blind 50\n", "Player7: posts small blind 500\n")
    replayed = replay(PARSERS.parse(RawHand("f.txt", 1, text), Site.POKERSTARS))
    assert replayed.status == "error"
    assert ("chips_not_conserved", "Player7 raises to 200 chips with 500 chips in already: chips taken back") in {
        (i.code.value, i.message) for i in replayed.issues}


# ---- street markers out of order (the third long run, seeds 100000-109993) -------------------


def _moved(text: str, line: str, before: str) -> str:
    """`line` taken out of the text and put back just before the line `before`."""
    lines = text.split("\n")
    lines.remove(line)
    lines.insert(lines.index(before), line)
    return "\n".join(lines)


def _line_of(text: str, line: str) -> int:
    """The 1-based line of `line` in `text` (the hand starts at line 1)."""
    return text.split("\n").index(line) + 1


def test_kingsclub_a_betting_round_marker_before_the_first_draw() -> None:
    """Seed 100830 (Badeucey): `*** 3RD BETTING ROUND ***` swapped to just after the deal.
    Stored as a warning: the parser read rounds from the draw markers and let the betting
    markers come in any order, the money check reads a round from every marker."""
    text = _moved(_text(KINGSCLUB), "*** 3RD BETTING ROUND ***", "Player0 raises to 60")
    error = _rejected(Site.KINGSCLUB, text)
    assert (error.code, error.line) == ("syntax", _line_of(text, "*** 3RD BETTING ROUND ***")) == ("syntax", 13)
    assert error.message == ("street marker out of order: '*** 3RD BETTING ROUND ***' after '*** 1ST BETTING ROUND ***'"
                             " (line 7); '*** 1ST DRAW ***' comes next")


@pytest.mark.parametrize(("marker", "before", "where"), [
    # two markers swapped: the 2nd draw's right after the 1st is a betting round skipped (nobody
    # to bet), but the 2nd betting round cannot follow it
    ("*** 2ND DRAW ***", "*** 2ND BETTING ROUND ***", "*** 2ND BETTING ROUND ***"),
    # the first marker late: the first bet comes before any marker
    ("*** 1ST BETTING ROUND ***", "*** 1ST DRAW ***", "Player0 raises to 60"),
])
def test_kingsclub_markers_swapped(marker: str, before: str, where: str) -> None:
    text = _moved(_text(KINGSCLUB), marker, before)
    error = _rejected(Site.KINGSCLUB, text)
    assert (error.code, error.line) == ("syntax", _line_of(text, where))


def test_kingsclub_a_marker_twice_or_not_the_sites() -> None:
    text = _text(KINGSCLUB)
    doubled = text.replace("*** 2ND DRAW ***\n", "*** 2ND DRAW ***\n*** 2ND DRAW ***\n")
    assert _rejected(Site.KINGSCLUB, doubled).line == _line_of(text, "*** 2ND DRAW ***") + 1
    fourth = text.replace("Player0 shows [4h Ad As 8c]", "*** 4TH DRAW ***\nPlayer0 shows [4h Ad As 8c]")
    error = _rejected(Site.KINGSCLUB, fourth)
    assert (error.line, "no marker comes after the last betting round" in error.message) == (_line_of(fourth, "*** 4TH DRAW ***"), True)


def test_kingsclub_a_bet_between_a_draw_marker_and_the_next_betting_round() -> None:
    """Seed 100110: `Player0 draws 1` and `Player0 raises to 120` swapped: the raise came
    between `*** 3RD DRAW ***` and `*** 4TH BETTING ROUND ***`, and hhtracker (rounds by the
    draw markers) and the money check (rounds by every marker) put it in different rounds."""
    lines = _text(KINGSCLUB).split("\n")
    i, j = lines.index("Player0 draws 1"), lines.index("Player0 raises to 120")
    lines[i], lines[j] = lines[j], lines[i]
    text = "\n".join(lines)
    error = _rejected(Site.KINGSCLUB, text)
    assert (error.code, error.line) == ("syntax", i + 1) == ("syntax", 31)
    assert error.message.startswith("'Player0 raises to 120' after '*** 3RD DRAW ***' (line 29): a bet, call, check or fold")


def test_kingsclub_a_draw_in_a_betting_round_and_a_blind_after_the_draw() -> None:
    text = _moved(_text(KINGSCLUB), "Player1 draws 2", "Player1 checks")  # the first one: into the 2nd betting round
    error = _rejected(Site.KINGSCLUB, text)
    assert (error.line, "a draw outside a draw" in error.message) == (_line_of(text, "Player1 draws 2"), True)
    text = _moved(_text(KINGSCLUB), "Hero: posts the big blind 30", "Player1 checks")
    error = _rejected(Site.KINGSCLUB, text)
    assert (error.line, "blinds and antes come in the first betting round" in error.message) == (
        _line_of(text, "Hero: posts the big blind 30"), True)


def test_kingsclub_a_betting_round_nobody_bets_in_may_have_no_marker() -> None:
    """A betting-round marker with no betting after it left out (as when all are all in,
    tests/parse/test_sites.py) parses as before (the replay says whether the players should
    have acted); a draw marker left out does not."""
    from hhtracker.model import StreetStart

    text = _text(KINGSCLUB)
    quiet = text.replace("Player1 checks\nPlayer0 checks\n", "").replace("*** 2ND BETTING ROUND ***\n", "")
    hand = PARSERS.parse(RawHand("f.txt", 1, quiet), Site.KINGSCLUB)
    assert [e.line for e in hand.events if isinstance(e, StreetStart)] == [17, 20, 26]
    lost_draw = text.replace("*** 2ND DRAW ***\n", "")
    error = _rejected(Site.KINGSCLUB, lost_draw)
    assert (error.line, error.message) == (23, "'Player1 draws 2' after '*** 2ND BETTING ROUND ***' (line 20): a draw"
                                            " outside a draw (a line out of its place)")  # the 2nd draw's first line


def test_kingsclub_a_call_of_more_than_owed_is_an_error() -> None:
    """Seed 108042 (Badeucey): `Acey6 calls 40` made `calls 400` (to 400 where the bet was
    40). KingsClub prints no uncalled bet, so the 360 over went back unseen at the round's
    end and the hand was a warning (short_call) that added up; by its text the player put
    in chips no bet asked for. Here: Player0, 60 in, `calls 900` to Player1's 90: 840 added
    where 30 is owed."""
    from hhtracker.rules.replay import replay

    text = _text(KINGSCLUB).replace("Player0 calls 90\n", "Player0 calls 900\n")
    replayed = replay(PARSERS.parse(RawHand("f.txt", 1, text), Site.KINGSCLUB))
    assert replayed.status == "error"
    assert ("chips_not_conserved", "Player0 calls $840.00, more than the $30.00 owed", 16) in {
        (i.code.value, i.message, i.line) for i in replayed.issues}  # (line 16: "Player0 calls 90")


@pytest.mark.parametrize(("site", "name", "change", "line", "message"), [
    (Site.POKERSTARS, STARS, ("*** SECOND DRAW ***\n", ""), 46,
     "street marker out of order: the third draw after the first draw (the second draw comes next)"),
    (Site.POKERSTARS, STARS, ("*** FIRST DRAW ***\n", "*** FIRST DRAW ***\n*** FIRST DRAW ***\n"), 24,
     "street marker out of order: the first draw after the first draw (the second draw comes next)"),
    (Site.POKERSTARS, STARS, ("*** SHOW DOWN ***\n", "*** SHOW DOWN ***\n*** SHOW DOWN ***\n"), 57,
     "street marker out of order: a second showdown marker"),
    (Site.FULL_TILT, FULL_TILT, ("*** SHOW DOWN ***\n", "*** SHOW DOWN ***\n*** THIRD DRAW ***\n"), 48,
     "street marker out of order: the third draw after the showdown"),
])
def test_street_markers_out_of_order_on_every_site(site: Site, name: str, change: tuple[str, str], line: int, message: str) -> None:
    """Draw markers lost, repeated or after the showdown were read in any order (the replay
    started each round where its marker stood)."""
    text = _text(name)
    if site is Site.POKERSTARS:
        text = text.split("\n\n\n")[0]
    assert change[0] in text
    error = _rejected(site, text.replace(*change, 1))
    assert (error.code, error.line, error.message) == ("syntax", line, message)


def test_merge_rounds_out_of_order() -> None:
    """POST_FIRST_DRAW (line 23) renamed POST_THIRD_DRAW: SECOND_DRAW (line 27) comes after it."""
    text = _text(MERGE).replace('<round id="POST_FIRST_DRAW"', '<round id="POST_THIRD_DRAW"')
    error = _rejected(Site.MERGE, text)
    assert (error.code, error.line, error.message) == ("syntax", 27, "round out of order: SECOND_DRAW after POST_THIRD_DRAW")


# ---- a damaged PokerStars header: rejected, not skipped as another game ---------------------


@pytest.mark.parametrize(("header", "damaged"), [
    ("PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET", None),
    ("PokerStars Hand #1: Hold'em No Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET", None),  # another game
    ("PokerStars Tournament #1, Badugi Limit", None),  # not a hand header (a tournament summary's title)
    ("PokerStars Game #770904003.001:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
     "a PokerStars hand header of no known shape"),
    ("PokerStars Hand #1x: Hold'em No Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
     "a PokerStars hand header of no known shape"),  # the game cannot be told: the hand's error too
    ("PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.5O USD) - 2010/09/05 10:32:15 ET",
     "a PokerStars hand header whose game cannot be read: '$0.25/$0.5O USD'"),
])
def test_a_damaged_pokerstars_header_is_told_from_another_game(header: str, damaged: str | None) -> None:
    from hhtracker.parse.detect import detect

    assert detect(header).damaged == damaged


def test_a_damaged_pokerstars_header_is_a_rejected_hand(tmp_path) -> None:
    """The fuzz helper's note: `PokerStars Game #770904003.001:` (an amount mutation on the
    hand number) was counted "skipped: unknown game", the Badugi hand lost without an error.
    Now the hand is rejected (syntax) at its header; the good hand beside it is stored."""
    from hhtracker.api import import_paths

    good = _text(STARS).split("\n\n\n")[0].strip("\n")
    damaged = good.replace("PokerStars Game #49164202872:", "PokerStars Game #770904003.001:")
    path = tmp_path / "h.txt"
    path.write_text(good + "\n\n\n" + damaged + "\n", encoding="utf-8")
    summary = import_paths([path], tmp_path / "t.db")
    assert (summary.hands_new, summary.hands_rejected, summary.hands_unsupported) == (1, 1, 0)
    [problem] = [p for p in summary.problems if p.severity == "error"]
    assert (problem.code, problem.line) == ("syntax", good.count("\n") + 4)  # two blank lines between
    assert problem.message.startswith("a PokerStars hand header of no known shape: 'PokerStars Game #770904003.001:")
