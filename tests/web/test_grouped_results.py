"""BB/100 is never averaged over cash and tournament chips, nor over games: a profile's "by
position" and "by stakes" groups (report.browse.results_by), its results line and the
players list give one figure per game (type) when a player's hands mix them (the tester's
trial, item 3).

Values worked out by hand from the hand histories:
- Player6 (../shared/corpus PokerStars SNG, ../shared/corpus-draw PokerStars 2-7 Single
  Draw) on the button: one 2-7 Single Draw hand ($0.25/$0.50 NL), $2.50 put in and $5.50
  collected: +$3.00, 6 big blinds (the big bet of no limit), +600.00 BB/100; 22 Badugi
  tournament hands (+2,635 chips), at the limits 20/40 x1, 30/60 x1, 50/100 x2,
  100/200 x3, 150/300 x3, 200/400 x4, 300/600 x8 (counted from the headers): 8,200
  chips of big bets, so the chips at the hands' average big bet give
  100 x 2,635 / 8,200 = +32.13 BB/100. Averaged together (the old figure):
  (6 + 6.17) / 23 x 100 = +52.92, which must not appear.
- Hero in sample_histories: 9 cash hands at $0.25/$0.50 (stack $10 -> 7.50 -> 7.50 ->
  7.25 -> 8.65 -> 8.65 -> 8.15 -> 8.50 -> 11.45, then a $0.10 small blind folded: +$1.35,
  2.7 big bets: +30.00 BB/100) and 5 SNG hands at 30/60 (5620 -> 5875 -> 6035 -> 6005 ->
  5855, then +240 in the last: +475 chips: +158.33 BB/100); together they would read
  (2.7 + 7.92) / 14 x 100 = +75.83.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hhtracker import api
from tests.common import CORPUS, SAMPLES, STARS_SNG
from tests.web.conftest import _import, client_for

DRAW = CORPUS.parent / "corpus-draw"
STARS_27SD = "PokerStars__27SD_NL_cash_201106_allin.txt"


@pytest.fixture(scope="module")
def draw_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample histories, ../shared/corpus and ../shared/corpus-draw (skipped, with the
    reason, when they are not beside the repo)."""
    if not (CORPUS / STARS_SNG).is_file() or not (DRAW / STARS_27SD).is_file():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} or {DRAW} missing)")
    path = tmp_path_factory.mktemp("web-draw") / "draw.db"
    _import(tmp_path_factory, [SAMPLES, CORPUS, DRAW], path)
    return path


def test_by_position_gives_a_figure_per_game_and_game_type(draw_db: Path) -> None:
    results = api.player_results(draw_db, "Player6", "pokerstars")
    button = next(g for g in results.by_position if g.group == "BTN")
    assert button.hands == 23
    assert {(m.currency, m.amount) for m in button.net} == {("USD", 300), ("chips", 2635)}
    assert button.big_bets_per_100 is None  # cash and chips, two games: no single figure
    kinds = {(k.game, k.game_type): k for k in button.by_kind}
    assert set(kinds) == {("badugi", "tournament"), ("27_single_draw", "cash")}
    assert kinds["badugi", "tournament"].hands == 22
    assert kinds["badugi", "tournament"].big_bets_per_100 == pytest.approx(100 * 2635 / 8200)
    assert kinds["27_single_draw", "cash"].hands == 1
    assert kinds["27_single_draw", "cash"].big_bets_per_100 == pytest.approx(600.0)
    # a group of one game and game type keeps its one figure (300/600: Badugi tournament chips only)
    top = results.by_stakes[0]
    assert top.group == "300/600 FL" and len(top.by_kind) == 1
    assert top.big_bets_per_100 == pytest.approx(top.by_kind[0].big_bets_per_100)


def test_the_profile_page_shows_each_figure_and_never_the_average(draw_db: Path) -> None:
    client = client_for(draw_db)
    page = client.get("/players/pokerstars/Player6").text
    row = re.search(r"position=BTN\">BTN</a></td>.*?</tr>", page)
    assert row is not None
    assert "+32.13 Badugi, tournament; +600.00 2-7 Single Draw, cash" in row.group(0)
    assert "52.92" not in page
    data = client.get("/api/players/pokerstars/Player6").json()
    button = next(g for g in data["by_position"] if g["group"] == "BTN")
    assert button["big_bets_per_100"] is None
    assert {(k["game"], k["game_type"], k["hands"]) for k in button["by_kind"]} == {
        ("badugi", "tournament", 22), ("27_single_draw", "cash", 1)}


def test_players_and_profile_give_bb_per_100_per_game_type(web_db: Path) -> None:
    client = client_for(web_db)
    players = client.get("/players?name=Hero").text
    # the list's cell is too narrow for both: none there, each in its title (and on the profile)
    cell = re.search(r'<td class="num col-big_bets_per_100" title="([^"]*)">([^<]*)</td>', players)
    assert cell is not None and cell.group(2) == "-"
    assert cell.group(1) == "+30.00 cash; +158.33 tournament: cash and chips, no one figure"
    profile = client.get("/players/pokerstars/Hero").text
    assert "+30.00 cash; +158.33 tournament BB/100" in profile
    assert "75.83" not in players + profile
