"""Badacey and Badeucey: the game rules as data (rules/games.py) and the split-pot showdown
(rules/split_pot.py) on hand-written KingsClub hands, every pot, half and net worked out by
hand in the comments beside it."""

from __future__ import annotations

import pytest

from hhtracker.model import BettingStructure, Stakes
from hhtracker.rules.games import BADACEY, BADEUCEY, BADUGI, Half, game_rules
from hhtracker.rules.issues import Code
from hhtracker.rules.table import IllegalAction, Table


def test_game_rules_are_data() -> None:
    assert game_rules("badacey") is BADACEY and game_rules("badeucey") is BADEUCEY
    assert game_rules("badugi") is BADUGI and not BADUGI.split
    assert (BADACEY.hand_size, BADACEY.ace_high) == (5, False)
    assert (BADEUCEY.hand_size, BADEUCEY.ace_high) == (5, True)
    # BARGE "Ties & Odd Chips": the five-card (low) hand is the high hand: the odd unit to it.
    assert BADACEY.halves(101) == {Half.BADUGI: 50, Half.LOW: 51}
    assert BADEUCEY.halves(100) == {Half.BADUGI: 50, Half.LOW: 50}


def _table(hand_size: int) -> Table:
    table = Table([("A", 1, 1000), ("B", 2, 1000)], button_seat=1, structure=BettingStructure.FIXED_LIMIT,
                  stakes=Stakes(10, 20), big_blind=10, hand_size=hand_size)
    table.start_draw(1)
    return table


def test_a_five_card_draw_may_discard_five() -> None:
    _table(5).verify_draw("B", 5)  # B is first left of the button
    with pytest.raises(IllegalAction) as error:
        _table(4).verify_draw("B", 5)
    assert error.value.code is Code.BAD_DISCARD
    with pytest.raises(IllegalAction):
        _table(5).verify_draw("B", 6)


# --------------------------------------------------------------------------------------------
# Hand-written KingsClub hands (tests/data/split_hands/). Money in hundredths of the site's unit.
# --------------------------------------------------------------------------------------------

from pathlib import Path  # noqa: E402

from hhtracker.parse.detect import detect  # noqa: E402
from hhtracker.parse.kingsclub import KingsClubParser  # noqa: E402
from hhtracker.parse.read import RawHand  # noqa: E402
from hhtracker.rules.deck import first_reshuffle  # noqa: E402
from hhtracker.rules.replay import replay  # noqa: E402

from tests.common import DATA

SPLIT_HANDS = DATA / "split_hands"


def text_of(name: str) -> str:
    return (SPLIT_HANDS / f"{name}.txt").read_text()


def play(text: str):
    return replay(KingsClubParser().parse(RawHand("split.txt", 1, text)))


def halves_of(pot) -> dict:
    return {h.half: (h.winners, h.amount, h.shares) for h in pot.halves}


def nets(replayed) -> dict[str, int]:
    return {p.player: p.net for p in replayed.players}


def test_detect_reads_the_split_games_on_kingsclub_only() -> None:
    found = detect("#40201390: Limit Badacey - 22/44")
    assert (found.game, found.supported) == ("Badacey Limit", True)
    assert detect("#40200897: Limit Badeucey - 22/44").supported
    assert not detect("#1: Pot Limit Drawmaha - 40/80").supported  # (2-7 Triple Draw until issue 25 read it on KingsClub)
    # a site whose parser reads four-card Badugi only still skips them
    assert not detect("Full Tilt Poker Game #1: Table T - $0.10/$0.20 - Limit Badacey - 10:18:16 ET - 2013/05/08").supported


def test_scoop() -> None:
    # Hero (Ac 2d 3h 4s 5c) has the best badugi (4-3-2-A) and the wheel: both halves.
    # Put: Alder 10+10 = 20 (folds on round 3); Birch and Hero 10+10+20+20 = 60 each.
    # Pot 140, rake 2: 138 taken, 69 + 69, all to Hero. Nets: -20, -60, +138-60 = +78.
    replayed = play(text_of("scoop_badacey"))
    assert replayed.hand.game == "badacey" and replayed.issues == ()
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners, pot.collected) == (14000, ("Hero",), {"Hero": 13800})
    assert halves_of(pot) == {Half.BADUGI: (("Hero",), 6900, {"Hero": 6900}),
                              Half.LOW: (("Hero",), 6900, {"Hero": 6900})}
    assert nets(replayed) == {"Alder": -2000, "Birch": -6000, "Hero": 7800}
    assert replayed.player("Hero").final_hand.description == "Badugi: 4,3,2,A"


def test_badugi_half_to_one_low_half_to_another() -> None:
    # Badeucey, ace high. Alder 2c 3d 4h 5s Kd: badugi 5-4-3-2 (the best), low K-5-4-3-2.
    # Hero 7c 5d 4s 3h 2d: badugi 7-4-3-2, low 7-5-4-3-2 (the best 2-7).
    # Put: Alder and Hero 20+10+40 = 70, Birch 10: pot 150, rake 1.01, 148.99 taken.
    # 14899 units: the low half takes the odd one (BARGE): low 7450 Hero, badugi 7449 Alder.
    # Nets: Alder 74.49-70 = +4.49, Hero +4.50, Birch -10.
    replayed = play(text_of("split_badeucey"))
    assert replayed.hand.game == "badeucey" and replayed.issues == ()
    (pot,) = replayed.pots
    assert halves_of(pot) == {Half.BADUGI: (("Alder",), 7449, {"Alder": 7449}),
                              Half.LOW: (("Hero",), 7450, {"Hero": 7450})}
    assert nets(replayed) == {"Alder": 449, "Birch": -1000, "Hero": 450}
    assert replayed.player("Alder").final_hand.description == "Badugi: 5,4,3,2"


def test_a_half_split_three_ways_with_odd_units() -> None:
    # Badacey. All three have the low 6-4-3-2-A; only Alder (As 2h 3d 4c) has the 4-3-2-A
    # badugi (Birch 6-3-2-A, Hero a three-card hand: no spade).
    # Put 10+10+20 = 40 each: pot 120, rake 0.99: 11901 taken. Low half 5951 (odd unit),
    # badugi half 5950 to Alder. 5951 = 3 x 1983 + 2: the first two left of the button (Dana,
    # seat 4): Alder 1984, Birch 1984, Hero 1983. Alder 5950 + 1984 = 7934.
    # Nets: Alder 79.34-40 = +39.34, Birch -20.16, Hero -20.17, Dana 0.
    replayed = play(text_of("three_way_low"))
    assert replayed.issues == ()
    (pot,) = replayed.pots
    assert halves_of(pot) == {
        Half.BADUGI: (("Alder",), 5950, {"Alder": 5950}),
        Half.LOW: (("Alder", "Birch", "Hero"), 5951, {"Alder": 1984, "Birch": 1984, "Hero": 1983}),
    }
    assert nets(replayed) == {"Alder": 3934, "Birch": -2016, "Hero": -2017, "Dana": 0}


def test_the_odd_unit_to_the_wrong_half_or_seat_is_caught() -> None:
    text = text_of("three_way_low")
    # the odd units from the button given to Hero instead of Birch
    moved = text.replace("Birch wins (19.84)", "Birch wins (19.83)").replace("Hero wins (19.83)", "Hero wins (19.84)")
    moved = moved.replace("(479.84) -20.16", "(479.83) -20.17").replace("Hero (479.83) -20.17", "Hero (479.84) -20.16")
    assert [i.code for i in play(moved).issues] == [Code.SPLIT_AMOUNTS]
    # said in the hand's money, as the site's lines are (never bare cents)
    # (Alder: the badugi half $59.50 and $19.84 of the $59.51 low half, whose odd cent goes from the button)
    assert play(moved).issues[0].message == (
        "pot 0: taken Alder $79.34, Birch $19.83, Hero $19.84, expected Alder $79.34, Birch $19.84, Hero $19.83 from the"
        " halves (badugi half $59.50 to Alder; low half $59.51 to Alder, Birch, Hero; odd unit to the low half, then from"
        " the button)")
    # the split hand with the odd unit in the Badugi half
    swapped = text_of("split_badeucey").replace("(74.50)", "(74.4x)").replace("(74.49)", "(74.50)").replace("(74.4x)", "(74.49)")
    swapped = swapped.replace("(504.49) +4.49", "(504.5x) +4.5x").replace("(504.50) +4.50", "(504.49) +4.49").replace("(504.5x) +4.5x", "(504.50) +4.50")
    assert [i.code for i in play(swapped).issues] == [Code.SPLIT_AMOUNTS]


def test_a_wrong_winner_and_a_wrong_net_are_caught() -> None:
    # the whole pot to Hero in the split hand (Alder's Badugi half ignored)
    text = text_of("split_badeucey").replace("Hero wins (74.50) from pot\nAlder wins (74.49) from pot", "Hero wins pot (148.99)")
    text = text.replace("(504.49) +4.49", "(430) -70").replace("(504.50) +4.50", "(578.99) +78.99")
    assert [i.code for i in play(text).issues] == [Code.SHOWDOWN_WINNER_MISMATCH]
    # a printed net that is not what the hand makes
    wrong = text_of("scoop_badacey").replace("Seat 1: Alder (480) -20", "Seat 1: Alder (480) -10")
    issues = play(wrong).issues
    assert [(i.code, i.line) for i in issues] == [(Code.WON_MISMATCH, 44)]


def test_five_card_reshuffle() -> None:
    # Six players dealt five cards: 30 dealt, a stub of 22. Draw 1 asks 3+3+3+2+2+2 = 15
    # (with a burn, 16 <= 22); draw 2 asks 2+2+2+2+1+1 = 10, 25 + 2 burns = 27 > 22: the
    # discards are reshuffled at draw 2, so Hero's 2s, thrown at draw 1, may come back: Alder
    # shows it. With four cards each (stub 28) draws 1 and 2 fit (27 <= 28); draw 3 (Alder's
    # one card: 26 + 3 burns = 29) would not.
    # Showdown: Hero 6d 5h 3s 2c badugi 6-5-3-2 beats Alder's three cards (no diamond);
    # Alder 7-5-4-3-2 (two suits, no flush) is the best 2-7. Pot 10x6 + 20x2 = 100, rake 1:
    # 49.50 each. Nets +19.50 both, -10 the four who folded.
    replayed = play(text_of("reshuffle_badeucey"))
    assert replayed.issues == ()
    assert first_reshuffle(6, replayed.draws, 5) == 2
    assert first_reshuffle(6, replayed.draws, 4) == 3
    (pot,) = replayed.pots
    assert halves_of(pot) == {Half.BADUGI: (("Hero",), 4950, {"Hero": 4950}),
                              Half.LOW: (("Alder",), 4950, {"Alder": 4950})}
    assert nets(replayed) == {"Alder": 1950, "Birch": -1000, "Cedar": -1000, "Dana": -1000, "Elm": -1000, "Hero": 1950}
    hero_draws = [(d.draw, d.discarded, d.cards_after) for d in replayed.draws if d.player == "Hero"]
    assert [(d, n) for d, n, _ in hero_draws] == [(1, 2), (2, 1), (3, 0)]
    assert {str(c) for c in hero_draws[1][2]} == {"6d", "5h", "3s", "8c", "2c"}


def test_reshuffle_ruled_out_makes_a_reused_discard_an_error() -> None:
    # The same hand with smaller draws: draw 1 asks 2 x 6 = 12 (13 <= 22), draw 2 asks 6
    # (18 + 2 = 20 <= 22), draw 3 Alder's 1 (19 + 3 = 22 <= 22): the stub never runs out, so
    # the 2s Hero threw at draw 1 cannot be in Alder's hand.
    text = text_of("reshuffle_badeucey")
    for name in ("Alder", "Birch", "Cedar"):
        text = text.replace(f"{name} draws 3\n", f"{name} draws 2\n")
    text = text.replace("Alder draws 2\nBirch draws 2\nCedar draws 2\nDana draws 2\nElm draws 1\nHero discards [Jc]",
                        "Alder draws 1\nBirch draws 1\nCedar draws 1\nDana draws 1\nElm draws 1\nHero discards [Jc]")
    assert [i.code for i in play(text).issues] == [Code.DISCARD_REUSED]


def test_side_pot_in_halves() -> None:
    # Badacey. Cedar (25) is all in on round 2 for 20+5. Main pot 25x3 = 75, side pot
    # Alder and Birch 5+20 each = 50; no rake.
    # Cedar Ac 2d 3h 4s Kc: badugi 4-3-2-A, low K-4-3-2-A. Birch Ah 2s 3c 4d Qd: badugi
    # 4-3-2-A, low Q-4-3-2-A. Alder Ad 2c 3s 5h 6c: badugi 5-3-2-A, low 6-5-3-2-A (best).
    # Main: badugi half 37.50 split Cedar/Birch 18.75 each, low half 37.50 Alder.
    # Side: badugi half 25 Birch, low half 25 Alder.
    # Nets: Alder 62.50-50 = +12.50, Birch 43.75-50 = -6.25, Cedar 18.75-25 = -6.25.
    replayed = play(text_of("side_pot_halves"))
    assert replayed.issues == ()
    main, side = replayed.pots
    assert (main.amount, side.amount) == (7500, 5000)
    assert set(side.eligible) == {"Alder", "Birch"}
    assert halves_of(main) == {Half.BADUGI: (("Birch", "Cedar"), 3750, {"Birch": 1875, "Cedar": 1875}),
                               Half.LOW: (("Alder",), 3750, {"Alder": 3750})}
    assert halves_of(side) == {Half.BADUGI: (("Birch",), 2500, {"Birch": 2500}),
                               Half.LOW: (("Alder",), 2500, {"Alder": 2500})}
    assert nets(replayed) == {"Alder": 1250, "Birch": -625, "Cedar": -625}
    assert replayed.player("Cedar").all_in


def test_six_cards_or_a_six_card_discard_are_errors() -> None:
    text = text_of("scoop_badacey").replace("Hero discards [Kc] draws [5c]", "Hero discards [Ac 2d 3h 4s Kc 9d] draws [5c 6c 7c 8c 9c Tc]")
    codes = {i.code for i in play(text).issues}
    assert Code.BAD_DISCARD in codes


OTHER_GAME = """#9009: Pot Limit Drawmaha - 40/80
2020-11-02 21:00:00
Table 'Other' Seat 1 is the button
Seat 1: Alder (500)
Seat 2: Birch (500)
*** 1ST BETTING ROUND ***
Alder: posts the small blind 20
Birch: posts the big blind 40
Alder folds
*** SUMMARY ***
Seat 1: Alder (480) -20
Seat 2: Birch (520) +20
Birch wins pot (60)
"""


def test_a_mixed_game_file_reads_the_split_games_and_skips_the_rest(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from hhtracker.cli import app

    path = tmp_path / "mixed.txt"
    path.write_text("\n\n".join([text_of("scoop_badacey"), OTHER_GAME, text_of("split_badeucey")]))
    result = CliRunner().invoke(app, ["validate", "--json", str(path)])
    assert result.exit_code == 0, result.output
    checks = json.loads(result.stdout)
    rows = checks["hands"]
    # the other game's hand is listed as skipped, with its game (issue 27, item 9); Drawmaha
    # stays skipped (issue 25; this hand was 2-7 Triple Draw's until issue 25 read it on KingsClub)
    assert [(row["hand_id"], row["status"], row["issues"], row.get("game")) for row in rows] == [
        ("1001", "ok", [], None), ("9009", "skipped", [], "Pot Limit Drawmaha"), ("2002", "ok", [], None)]
    assert (checks["hands_checked"], checks["hands_unsupported"], checks["unsupported_games"]) == (
        2, 1, {"Pot Limit Drawmaha": 1})
    assert "1 skipped" in result.output and "Pot Limit Drawmaha: 1" in result.output
    result = CliRunner().invoke(app, ["import", "--db", str(tmp_path / "t.db"), str(path)])
    assert result.exit_code == 0, result.output
    assert "2 new hands (2 clean, 0 with warnings), 0 rejected" in result.output


def test_the_replayer_page_counts_five_cards_a_player() -> None:
    from hhtracker.report.replayer import possible_reshuffle

    # the reshuffle hand: 30 cards dealt, the stub runs out at draw 2 (not at 3 as with four)
    assert possible_reshuffle(play(text_of("reshuffle_badeucey"))) == 2
