"""Generated no-limit 2-7 Single Draw hands (generate_single.py, issue 25): legal by
construction, and a round trip through our PokerStars parser and replay gives back what the
generator played (who put in and took what, the rake, each pot's winners), with no issue:
no warning either."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hhtracker.cli import app
from hhtracker.generate_single import generate_single_hands, low_words
from hhtracker.parse.detect import detect
from hhtracker.parse.pokerstars import PokerStarsParser
from hhtracker.parse.read import RawHand
from hhtracker.cards import parse_cards
from hhtracker.rules.games import DEUCE_TO_SEVEN_TRIPLE_DRAW as RULES_27
from hhtracker.rules.replay import replay

from tests.test_generate import check_round_trip

PARSER = PokerStarsParser()


def round_trip(hand):
    detected = detect(hand.text.split("\n", 1)[0].lstrip("\ufeff"))
    assert detected.record is not None and detected.record.id.value == "27_single_draw"
    parsed = PARSER.parse(RawHand("generated.txt", 1, hand.text))
    assert parsed.game == "27_single_draw"
    replayed = replay(parsed)
    check_round_trip(replayed, hand)  # (replayed.issues == (): no error, no warning)
    return replayed


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), tables=st.integers(1, 3), players=st.integers(4, 14))
def test_round_trip_many_seeds(seed: int, tables: int, players: int) -> None:
    for hand in generate_single_hands(hands=30, seed=seed, tables=tables, players=players):
        round_trip(hand)


def test_round_trip_hundreds_of_hands_with_every_case() -> None:
    seen: Counter[str] = Counter()
    for hand in generate_single_hands(hands=600, seed=25, tables=3):
        replayed = round_trip(hand)
        seen["side pot"] += len(replayed.pots) > 1
        seen["all in"] += "and is all-in" in hand.text
        seen["uncalled"] += "Uncalled bet" in hand.text
        seen["pat"] += any(d.discarded == 0 for d in replayed.draws)
        seen["bet after the draw"] += any(a.round == 2 and a.kind.value in ("bet", "raise") for a in replayed.actions)
        seen["no draw"] += not replayed.draws
        seen["pair shown"] += "(Lo: a pair of" in hand.text
    assert all(seen[key] >= 3 for key in ("side pot", "all in", "uncalled", "pat", "bet after the draw", "no draw",
                                           "pair shown")), seen


def test_the_sites_words_for_a_hand() -> None:
    # the real file's two: "Lo: T,6,5,3,2" and "Lo: a pair of Eights"
    assert low_words(RULES_27.low_hand(parse_cards("2d Th 3d 6h 5c"))) == "Lo: T,6,5,3,2"  # type: ignore[arg-type]
    assert low_words(RULES_27.low_hand(parse_cards("8h 3c 4s 8d 7d"))) == "Lo: a pair of Eights"  # type: ignore[arg-type]
    assert low_words(RULES_27.low_hand(parse_cards("8h 3c 8s 3d 7d"))) is None  # type: ignore[arg-type]  # two pair: no words seen


def test_same_seed_same_hands() -> None:
    first = [h.text for h in generate_single_hands(hands=20, seed=9)]
    assert first == [h.text for h in generate_single_hands(hands=20, seed=9)]
    assert first != [h.text for h in generate_single_hands(hands=20, seed=10)]


def test_generate_command_writes_files_that_import_with_no_warning(tmp_path: Path) -> None:
    runner = CliRunner()
    out, db = tmp_path / "sd", tmp_path / "sd.db"
    result = runner.invoke(app, ["generate", "--game", "27_single_draw", "--hands", "80", "--tables", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    imported = runner.invoke(app, ["import", "--db", str(db), "--json", str(out)])
    summary = json.loads(imported.stdout)
    assert (summary["hands_new"], summary["problems"]) == (80, [])
    games = json.loads(runner.invoke(app, ["query", "select game, status, count(*) as n from hands group by game, status",
                                           "--db", str(db)]).stdout)
    assert games == [{"game": "27_single_draw", "status": "ok", "n": 80}]
    refused = runner.invoke(app, ["generate", "--game", "a5_single_draw", "--hands", "5", "--out", str(tmp_path / "a5")])
    assert refused.exit_code == 2 and "A-5 Single Draw hands cannot be generated yet" in refused.output
