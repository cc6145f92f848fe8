"""The profile's reads table names the game's made hand (issue 25: reads in every game) and
never prints a bare True/False."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.common import CORPUS, SAMPLES
from tests.web.conftest import _import, client_for

FIVE_CARD = CORPUS.parent / "corpus-draw" / "PokerStars__5CD_FL_cash_201106_sidepot.txt"


def test_reads_tables_name_the_games_made_hand(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> None:
    if not FIVE_CARD.is_file():
        pytest.skip(f"the real draw-game corpus is not beside the repo ({FIVE_CARD} missing)")
    db = tmp_path / "r.db"
    _import(tmp_path_factory, [SAMPLES / "stars_cash_badugi_025_050.txt", FIVE_CARD], db)
    client = client_for(db)
    five = client.get("/players/pokerstars/Player3").text
    reads = five[five.index("<h2>Reads</h2>"):]
    assert '<th class="num">two pair or better</th>' in reads and "badugis" not in reads
    assert ">True<" not in reads and ">False<" not in reads
    # his one hand (discards 2, shows a pair of Kings): a group of 1 hand, its count and no share
    assert re.search(r'<td class="num">1</td><td class="num">-</td>', reads)
    badugi = client.get("/players/pokerstars/Hero").text
    assert '<th class="num">badugis</th>' in badugi[badugi.index("<h2>Reads</h2>"):]
