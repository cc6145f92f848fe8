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
    assert ("chips_not_conserved", "Player7 raises to 200 with 500 in already: chips taken back") in {
        (i.code.value, i.message) for i in replayed.issues}
