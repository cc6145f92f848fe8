"""2-7 Triple Draw (issue 25, its first game): the record's evaluator against pokerkit, the real
files of ../shared (read from there, skipped when absent) replayed with no issue and counted
against their header lines, and one real hand's pot, nets and draw facts worked out by hand."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

from hhtracker.analysis import AnalyzedHand, analyze
from hhtracker.cards import DECK, parse_cards
from hhtracker.games import DEUCE_TO_SEVEN_TRIPLE_DRAW, GameId, MadeHand, has_low_classes, is_split_game
from hhtracker.parse.read import split_hands
from hhtracker.parse.sites import Parsers
from hhtracker.rules.descriptions import read_low_description
from hhtracker.rules.games import game_rules
from hhtracker.rules.issues import Code
from hhtracker.stats.five_card import made_27_low, snow_and_break_low

from tests.common import CORPUS, STARS_8GAME
from tests.oracles.lowball import ref_high

CORPUS_DRAW = CORPUS.parent / "corpus-draw"
STARS_27TD = "PokerStars__27TD_FL_cash_200911.txt"
FULL_TILT_27TD = "FullTilt__27TD_FL_STT_201211.txt"
MERGE_27TD = "Merge__27TD_PL_cash_201102_allstreets.xml"

# The first lines of a 2-7 Triple Draw hand in each file, as the sites write them (read
# independently of detect.py: the header words only).
_HEADERS = re.compile(
    r"^\ufeff?(?:PokerStars .*Triple Draw 2-7 Lowball Limit"
    r"|Full ?Tilt ?Poker Game #.* - Limit 2-7 Triple Draw - "
    r'|<description type="2-7 Lowball" )', re.M)


def test_the_record() -> None:
    game = DEUCE_TO_SEVEN_TRIPLE_DRAW
    assert (game.id.value, game.cards, game.draws, game.split) == ("27_triple_draw", 5, 3, False)
    assert game.made_hand is MadeHand.DEUCE_TO_SEVEN_LOW
    rules = game_rules(GameId.DEUCE_TO_SEVEN_TRIPLE_DRAW)
    assert rules.lowball and not rules.split and rules.hand_size == 5
    assert has_low_classes("27_triple_draw") and not is_split_game("27_triple_draw")
    assert not game_rules("badugi").lowball and not game_rules("badeucey").lowball


def _cmp(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


def test_the_games_evaluator_against_pokerkit_on_random_pairs() -> None:
    # the whole pot to the better 2-7 low: the record's evaluator (rules_of -> evaluate_27)
    # must order any two hands as pokerkit's StandardLowHand (deuce-to-seven) does.
    pokerkit = pytest.importorskip("pokerkit")
    rules = game_rules("27_triple_draw")
    rng = random.Random(25)
    deck = list(DECK)
    for _ in range(3000):
        cards = rng.sample(deck, 10)
        a, b = tuple(cards[:5]), tuple(cards[5:])
        ours = _cmp(rules.low_hand(a), rules.low_hand(b))
        theirs = _cmp(pokerkit.StandardLowHand.from_game("".join(map(str, a))),
                      pokerkit.StandardLowHand.from_game("".join(map(str, b))))
        assert ours == theirs, (a, b)


def test_made_hand_against_the_oracle() -> None:
    # made = no pair, no straight, no flush: the oracle's plain high-poker category 0
    rng = random.Random(27)
    deck = list(DECK)
    seen = {True: 0, False: 0}
    for _ in range(3000):
        hand = tuple(rng.sample(deck, 5))
        made = ref_high(hand)[0] == 0
        assert made_27_low(hand) is made, hand
        seen[made] += 1
    assert min(seen.values()) > 100  # both kinds were met
    assert not made_27_low(parse_cards("6c 5d 4h 3s 2c"))  # a straight
    assert not made_27_low(parse_cards("9c 7c 5c 3c 2c"))  # a flush
    assert made_27_low(parse_cards("Ac 5d 4h 3s 2c"))  # the ace is high: A-5-4-3-2 is no straight


def test_snow_and_break_against_a_made_low() -> None:
    made, pair = parse_cards("7c 5d 4h 3s 2c"), parse_cards("7c 7d 4h 3s 2c")
    assert snow_and_break_low(made, 0) == (False, False)  # pat on a made hand: no snow, no break
    assert snow_and_break_low(made, 1) == (None, True)  # any discard breaks it (all five play)
    assert snow_and_break_low(pair, 0) == (True, None)  # pat on a pair: a snow
    assert snow_and_break_low(pair, 1) == (None, None)  # drew to an unmade hand: neither


def _analyzed(path: Path) -> list[AnalyzedHand]:
    parsers = Parsers()
    found = [analyze(raw, parsers) for raw in split_hands(path)]
    return [a for a in found if isinstance(a, AnalyzedHand) and a.replayed.hand.game == "27_triple_draw"]


@pytest.mark.parametrize(("folder", "name"), [
    ("corpus-draw", STARS_27TD), ("corpus-draw", FULL_TILT_27TD), ("corpus-draw", MERGE_27TD), ("corpus", STARS_8GAME),
])
def test_every_real_hand_is_read_with_no_issue(folder: str, name: str) -> None:
    path = CORPUS.parent / folder / name
    if not path.exists():
        pytest.skip(f"{path} not present (../shared)")
    expected = len(_HEADERS.findall(path.read_text(encoding="utf-8-sig", errors="replace").replace("\r\n", "\n")))
    # MANIFEST.tsv: 17, 54 and 1 hands; the 8-Game file: 18 of its 136 hands are 2-7 Triple Draw
    assert expected == {STARS_27TD: 17, FULL_TILT_27TD: 54, MERGE_27TD: 1, STARS_8GAME: 18}[name]
    hands = _analyzed(path)
    assert len(hands) == expected
    assert [(a.replayed.hand.hand_id, a.replayed.issues) for a in hands if a.replayed.issues] == []


def test_one_real_hand_worked_out_by_hand() -> None:
    # PokerStars #35839050562 ($0.10/$0.20): Hero (SB) and rumble1111 (BB) see it to the end.
    # Put in: Hero 0.05+0.05 pre-draw, 0.10 after draw 1, 0.20 + 0.20 after draws 2 and 3 =
    # 0.60; rumble1111 0.10+0.10+0.20+0.20 = 0.60; bakter9 calls 0.10 and folds after draw 1.
    # Pot 1.30, rake 0.06. Showdown: Hero 7-5-4-3-2 (the best 2-7 low) against 8-7-6-3-2:
    # Hero takes 1.24, net +0.64; rumble1111 -0.60, bakter9 -0.10.
    path = CORPUS_DRAW / STARS_27TD
    if not path.exists():
        pytest.skip(f"{path} not present (../shared)")
    (hand,) = [a for a in _analyzed(path) if a.replayed.hand.hand_id == "35839050562"]
    replayed = hand.replayed
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners, pot.collected) == (130, ("Hero",), {"Hero": 124})
    nets = {p.player: p.net for p in replayed.players}
    assert nets == {"Hero": 64, "rumble1111": -60, "Eisenherz73": 0, "cypis28": 0, "bakter9": -10, "TheLabman": 0}
    # Hero's draws: 1, Kh Th 3d Tc 7c (a pair: not made), drew 2: neither snow nor break;
    # 2, 3d Tc 7c 5c Qs (Q-T-7-5-3, made), drew 2: a break; 3, 3d 7c 5c 4c 2s (made), pat:
    # a snow chance not taken, a break chance not taken. Shown at the end: made, no snow.
    (facts,) = [f for f in hand.facts if f.player == "Hero"]
    assert (facts.snow_known.done, facts.snow_known.opportunity) == (0, 1)
    assert (facts.break_known.done, facts.break_known.opportunity) == (1, 2)
    assert (facts.snow_shown.done, facts.snow_shown.opportunity) == (False, True)


def test_the_sites_low_words_are_read() -> None:
    assert read_low_description("Lo: 9,7,6,4,2") == (False, ("9", "7", "6", "4", "2"))  # PokerStars
    assert read_low_description("K,T,8,6,2") == (False, ("K", "T", "8", "6", "2"))  # Full Tilt
    assert read_low_description("Lo: a pair of Eights") == (True, ("8",))
    assert read_low_description("a pair of Threes") == (True, ("3",))
    assert read_low_description("Badugi: 8,4,3,A") is None  # not a low: not checked here


def test_a_low_description_unlike_the_cards_is_flagged() -> None:
    # The same real hand with the site's words for Hero's 7-5-4-3-2 changed to an 8-low (at
    # the showdown) and to a pair (in the summary): each is a description mismatch, nothing else.
    path = CORPUS_DRAW / STARS_27TD
    if not path.exists():
        pytest.skip(f"{path} not present (../shared)")
    (raw,) = [r for r in split_hands(path) if "#35839050562:" in r.text.split("\n", 1)[0]]
    text = raw.text.replace("shows [5c 4c 3d 2s 7c] (Lo: 7,5,4,3,2)", "shows [5c 4c 3d 2s 7c] (Lo: 8,5,4,3,2)")
    text = text.replace("won ($1.24) with Lo: 7,5,4,3,2", "won ($1.24) with Lo: a pair of Sevens")
    assert text.count("Lo: 7,5,4,3,2") == 0
    found = analyze(dataclasses.replace(raw, text=text), Parsers())
    assert isinstance(found, AnalyzedHand)
    assert [issue.code for issue in found.replayed.issues] == [Code.DESCRIPTION_MISMATCH] * 2


def test_a_draw_of_all_five_cards() -> None:
    # PokerStars 8-Game #99631903994: "Hero: discards 5 cards [Kh As Kd 8h 2d]" then
    # "Dealt to Hero [6h Td 2c 5h 3s]", one bracket (nothing kept): a draw of five at draw 1,
    # not a second deal.
    path = CORPUS / STARS_8GAME
    if not path.exists():
        pytest.skip(f"{path} not present (../shared)")
    (hand,) = [a for a in _analyzed(path) if a.replayed.hand.hand_id == "99631903994"]
    (first,) = [d for d in hand.replayed.draws if d.player == "Hero" and d.draw == 1]
    assert (first.discarded, first.cards_before, first.new_cards, first.cards_after) == (
        5, parse_cards("Kh As Kd 8h 2d"), parse_cards("6h Td 2c 5h 3s"), parse_cards("6h Td 2c 5h 3s"))
    (facts,) = [f for f in hand.facts if f.player == "Hero"]
    assert facts.cards_drawn_d1 == 5


def test_generate_refuses_27_triple_draw_rather_than_writing_badugi(tmp_path: Path) -> None:
    # generate.py deals Badugi hands only: asked for 2-7 Triple Draw it says so and writes nothing
    from hhtracker.api import generate

    with pytest.raises(ValueError, match="2-7 Triple Draw hands cannot be generated yet"):
        generate(tmp_path / "out", hands=2, seed=1, players=6, tables=1, tournament=False, game="27_triple_draw")
    assert not (tmp_path / "out").exists()
