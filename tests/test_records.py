"""The game and site records (hhtracker/games.py, hhtracker/sites.py): each layer reads them,
so a game's or a site's facts change in one place, and the values stored stay as they were.

The expected values are written here from the sites' files and the databases hhtracker has
always written, not read from the records."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hhtracker import api
from hhtracker.analysis import SkippedHand, analyze
from hhtracker.cards import parse_cards
from hhtracker.errors import HandSyntaxError
from hhtracker.export.phh import NotExportable, to_phh
from hhtracker.filters import ALL_GAMES, Filters, Game
from hhtracker.games import (
    GAMES,
    Evaluator,
    GameId,
    HandClasses,
    Half,
    PhhVariant,
    Scoring,
    Spelling,
    game_of,
    game_spelled,
    is_split_game,
)
from hhtracker.model import BettingStructure, Site
from hhtracker.parse import detect as detect_module
from hhtracker.parse.detect import detect
from hhtracker.parse.kingsclub import KingsClubParser
from hhtracker.parse.read import RawHand, split_hands
from hhtracker.parse.sites import PARSER_TYPES, Parsers
from hhtracker.rules.games import game_rules, rules_of
from hhtracker.rules.replay import replay
from hhtracker.rules.structures import SITE_RULES
from hhtracker.sites import SITES
from hhtracker.store.summary import DRAWN_COLUMNS
from tests.common import SAMPLES

# The first line of a hand of each site, as the sites write them (the corpus' files).
FIRST_LINES = {
    Site.POKERSTARS: "PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
    Site.FULL_TILT: "Full Tilt Poker Game #32617272179: Table Clackers (New to the Game) - FL Badugi - $0.10/$0.20"
                    " - 10:18:16 ET - 2013/05/08",
    Site.KINGSCLUB: "#37732805: Limit Badugi - 30/60",
    Site.MERGE: '<description type="Badugi" stakes="Pot Limit ($0.05/$0.10)"/>',
}


# ---- what is stored stays as it was -------------------------------------------------------


def test_stored_names_are_those_of_every_database_so_far() -> None:
    # hands.game and hands.site of databases written since the first version (issue 16 for
    # the split-pot games, issue 25 for 2-7 Triple Draw, the single-draw games, A-5 Triple Draw
    # and 5-Card Draw): a record's id is that text, whatever else changes in the record.
    assert [g.value for g in GAMES] == ["badugi", "badacey", "badeucey", "27_triple_draw", "27_single_draw", "a5_single_draw",
                                        "a5_triple_draw", "5_card_draw"]
    assert {s.value for s in SITES} == {"pokerstars", "fulltilt", "kingsclub", "merge"}
    # the summary tables' draw columns (migration m009): draws 1-3, 0 to 5 cards each
    assert DRAWN_COLUMNS == tuple(f"cards_drawn_d{k}_{n}" for k in (1, 2, 3) for n in (0, 1, 2, 3, 4, 5))


def test_the_game_filter_offers_each_record_and_all() -> None:
    assert [g.value for g in Game] == ["badugi", "badacey", "badeucey", "27_triple_draw", "27_single_draw", "a5_single_draw",
                                       "a5_triple_draw", "5_card_draw", "all"]
    assert Filters(game=ALL_GAMES).where() == ("1", [])
    assert Filters(game="badacey").where() == ("game = ?", ["badacey"])


# ---- every site: a record, a parser, a reader of its header's game -------------------------


def test_every_site_has_a_record_a_parser_and_a_game_reader() -> None:
    assert set(SITES) == set(Site) == set(PARSER_TYPES) == set(detect_module._GAME_READERS)
    assert set(SITE_RULES) == set(Site)


@pytest.mark.parametrize("site", list(Site))
def test_a_site_is_told_by_its_records_hand_start(site: Site) -> None:
    found = detect(FIRST_LINES[site])
    assert (found.site, found.game, found.supported) == (
        site, {Site.MERGE: "Badugi Pot Limit"}.get(site, "Badugi Limit"), True)


def test_the_site_record_decides_the_rules_and_the_files() -> None:
    # KingsClub prints no uncalled-bet line (FORMATS.md section 3); the others do
    assert {s: r.prints_uncalled_bets for s, r in SITE_RULES.items()} == {
        Site.POKERSTARS: True, Site.FULL_TILT: True, Site.KINGSCLUB: False, Site.MERGE: True}
    assert api.HAND_HISTORY_SUFFIXES == (".txt", ".xml")
    from hhtracker.api.checking import RAW_SUFFIXES
    assert RAW_SUFFIXES == {"pokerstars": ".txt", "fulltilt": ".txt", "kingsclub": ".txt", "merge": ".xml"}


def test_hands_are_split_at_each_sites_first_line(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text("\n\n".join(FIRST_LINES[s] + "\nmore text" for s in (Site.POKERSTARS, Site.KINGSCLUB,
                                                                          Site.FULL_TILT)) + "\n")
    hands = [item for item in split_hands(path) if isinstance(item, RawHand)]
    assert [h.line for h in hands] == [1, 4, 7]


# ---- every game: the record read by detection, rules, exports --------------------------------


def test_a_game_is_read_where_its_record_spells_it(monkeypatch: pytest.MonkeyPatch) -> None:
    stars_badacey = "PokerStars Hand #1:  Badacey Limit ($0.25/$0.50 USD) - 2020/01/01 10:00:00 ET"
    assert detect(stars_badacey).game == "Badacey Limit"
    assert not detect(stars_badacey).supported  # PokerStars' Badacey: no spelling there, skipped
    spelled = dataclasses.replace(GAMES[GameId.BADACEY],
                                  spellings=(*GAMES[GameId.BADACEY].spellings, Spelling(Site.POKERSTARS, "Badacey")))
    monkeypatch.setitem(GAMES, GameId.BADACEY, spelled)
    assert detect(stars_badacey).record is spelled  # one record changed: the hand is read


def test_game_lookups() -> None:
    assert game_spelled(Site.KINGSCLUB, "Badeucey") is GAMES[GameId.BADEUCEY]
    assert game_spelled(Site.FULL_TILT, "Badeucey") is None
    assert game_spelled(None, "Badugi") is None
    assert game_of("badacey") is GAMES[GameId.BADACEY] and game_of("razz") is None
    assert [is_split_game(g) for g in ("badugi", "badacey", "badeucey", "all", None, "razz")] == [
        False, True, True, False, False, False]


def test_the_rules_take_each_half_from_the_record() -> None:
    # Badeucey: the ace high in the Badugi half, so 5-4-3-2 beats A-4-3-2 (the reverse in
    # Badacey and Badugi, where the ace is low); the low halves: A-5 plays A-2-3-4-5 as the
    # best hand (the wheel), 2-7 counts it as a straight and plays 7-5-4-3-2 best.
    wheel, seven = parse_cards("Ac 2d 3h 4s 5c"), parse_cards("7c 5d 4h 3s 2c")
    badugi_ace, badugi_five = parse_cards("Ac 2d 3h 4s"), parse_cards("5c 2d 3h 4s")
    badeucey, badacey, badugi = game_rules("badeucey"), game_rules("badacey"), game_rules("badugi")
    assert badeucey.badugi(badugi_five) > badeucey.badugi(badugi_ace)
    assert badacey.badugi(badugi_ace) > badacey.badugi(badugi_five)
    assert badugi.badugi(badugi_ace) > badugi.badugi(badugi_five)
    assert badacey.low_hand(wheel) > badacey.low_hand(seven)  # type: ignore[operator]
    assert badeucey.low_hand(seven) > badeucey.low_hand(wheel)  # type: ignore[operator]
    assert badugi.low_hand(wheel) is None and not badugi.split
    assert (badugi.hand_size, badacey.hand_size, badeucey.hand_size) == (4, 5, 5)
    # the odd chip of a split pot: to the low half (BARGE), as the record says
    assert badacey.halves(101) == {"badugi": 50, "low": 51}


def test_a_record_whose_evaluator_has_no_function_is_refused() -> None:
    # a low half scored by a Badugi evaluator: no lowball function for it (rules/games.py)
    broken = dataclasses.replace(GAMES[GameId.BADUGI], scoring=(
        *GAMES[GameId.BADUGI].scoring, Scoring(Half.LOW, Evaluator.BADUGI, HandClasses.LOW)))
    with pytest.raises(KeyError):
        rules_of(broken)


def test_kingsclub_reads_the_games_of_the_records_only() -> None:
    header = "#7: Pot Limit Drawmaha - 44/88"  # (A-5 Triple Draw here until issue 25 read it)
    raw = RawHand("t.txt", 1, f"{header}\n2020-10-30 19:53:19\nTable 'T' Seat 1 is the button\nSeat 1: A (100)\n")
    with pytest.raises(HandSyntaxError, match="not a game hhtracker reads on KingsClub"):
        KingsClubParser().parse(raw)
    skipped = analyze(raw, Parsers())
    assert isinstance(skipped, SkippedHand) and skipped.game == "Pot Limit Drawmaha"  # counted as written


def test_phh_takes_the_variant_and_the_venue_from_the_records(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = next(item for item in split_hands(SAMPLES / "stars_cash_badugi_025_050.txt") if isinstance(item, RawHand))
    hand = Parsers().parse(raw, Site.POKERSTARS)
    fields = dict(to_phh(replay(hand)).fields)
    assert (fields["variant"], fields["venue"]) == ("FB", "PokerStars")
    monkeypatch.setitem(SITES, Site.POKERSTARS, dataclasses.replace(SITES[Site.POKERSTARS], name="Stars"))
    assert dict(to_phh(replay(hand)).fields)["venue"] == "Stars"
    # no PHH code for pot limit in Badugi's record: not exported
    with pytest.raises(NotExportable, match="PL Badugi: PHH has only fixed-limit Badugi"):
        to_phh(replay(dataclasses.replace(hand, structure=BettingStructure.POT_LIMIT)))
    # a record with a code for it: exported with that code
    badugi = GAMES[GameId.BADUGI]
    monkeypatch.setitem(GAMES, GameId.BADUGI, dataclasses.replace(
        badugi, phh=(*badugi.phh, PhhVariant(BettingStructure.POT_LIMIT, "PB"))))
    assert dict(to_phh(replay(dataclasses.replace(hand, structure=BettingStructure.POT_LIMIT))).fields)["variant"] == "PB"


def test_generate_writes_each_game_in_its_records_format(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no game named 'razz'"):
        api.generate(tmp_path / "x", hands=1, seed=1, game="razz")
    written = api.generate(tmp_path / "badacey", hands=2, seed=1, game="badacey")
    first = written[0].read_text().split("\n", 1)[0]
    assert (detect(first).site, detect(first).game) == (Site.KINGSCLUB, "Badacey Limit")
    written = api.generate(tmp_path / "badugi", hands=2, seed=1, game="badugi")
    first = written[0].read_text(encoding="utf-8-sig").split("\n", 1)[0]
    assert (detect(first).site, detect(first).game) == (Site.POKERSTARS, "Badugi Limit")
