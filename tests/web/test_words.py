"""The pages' words, as the terminal's (a tester's findings): a game is named by its record
("2-7 Single Draw"), never by its stored key (27_single_draw), which stays in addresses and
in the filters' values; each page's title names the page once beside "hhtracker"; a
duration reads as `hhtracker sessions` writes it ("0 s", "4 min")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.common import DATA, SAMPLES
from tests.web.conftest import _import, client_for

KEYS = ("27_single_draw", "a5_single_draw", "27_triple_draw", "a5_triple_draw", "5_card_draw")
"""Stored game keys that differ from the game's name (badugi, badacey, badeucey differ only by case)."""


@pytest.fixture(scope="module")
def games_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample histories (PokerStars Badugi) and the two KingsClub single-draw hands of
    tests/data/single_draw (one 2-7 Single Draw, one A-5 Single Draw, Hero at each)."""
    path = tmp_path_factory.mktemp("web-games") / "games.db"
    _import(tmp_path_factory, [SAMPLES, DATA / "single_draw"], path)
    return path


def _text(html: str) -> str:
    """What a reader sees of a page: its text without the tags (nor their attributes)."""
    return re.sub(r"<[^>]*>", " ", html)


PAGES = ["/", "/players", "/players?game=27_single_draw", "/players?game=all", "/players/kingsclub/Hero",
         "/players/pokerstars/Hero", "/hands", "/hands?player=Hero&site=kingsclub", "/hands?game=a5_single_draw",
         "/sessions", "/sessions/1", "/tournaments", "/leaks", "/hud"]


@pytest.mark.parametrize("address", PAGES)
def test_no_page_shows_a_game_key(games_db: Path, address: str) -> None:
    page = client_for(games_db).get(address)
    assert page.status_code == 200
    shown = _text(page.text)  # (a key inside a word is not one: "kingsclub_a5_single_draw.txt", a file imported)
    assert not [key for key in KEYS if re.search(rf"(?<!\w){key}(?!\w)", shown)], address


def test_each_game_by_its_name(games_db: Path) -> None:
    client = client_for(games_db)
    hands = client.get("/hands?player=Hero&site=kingsclub").text
    # his two KingsClub hands: the files' headers say "No Limit 2-7 Single Draw" and "Limit A-5 Single Draw"
    cells = re.findall(r"<td[^>]*>([^<]*Draw)</td>", hands)  # (a cell's class is layout's)
    assert cells.count("2-7 Single Draw") == 1 and cells.count("A-5 Single Draw") == 1
    for address in ("/players", "/hands"):  # the game filter: keys as values, names as labels
        form = client.get(address).text
        assert '<option value="27_single_draw">2-7 Single Draw</option>' in form, address
        assert '<option value="a5_triple_draw">A-5 Triple Draw</option>' in form, address
        assert '<option value="all">all games</option>' in form, address
    chosen = client.get("/players?game=a5_single_draw").text
    assert '<option value="a5_single_draw" selected>A-5 Single Draw</option>' in chosen
    assert "1 player (A-5 Single Draw)" in chosen or "players (A-5 Single Draw)" in chosen
    note = client.get("/api/players").json()["note"]
    assert note.startswith("these hands are of 3 games (") and "2-7 Single Draw" in note and "A-5 Single Draw" in note
    profile = client.get("/players/kingsclub/Hero").text
    assert "<h2>2-7 Single Draw: 1 hand</h2>" in profile and "<h2>A-5 Single Draw: 1 hand</h2>" in profile
    # the addresses keep the keys
    assert client.get("/api/hands?game=a5_single_draw&player=Hero").json()["hands"][0]["game"] == "a5_single_draw"


@pytest.mark.parametrize("address", [*PAGES, "/no-such-page", "/players?page=0"])
def test_each_title_names_hhtracker_once(games_db: Path, address: str) -> None:
    page = client_for(games_db).get(address).text
    title = re.search(r"<title>([^<]*)</title>", page)
    assert title is not None and title.group(1).count("hhtracker") == 1, title
    assert title.group(1).endswith(" · hhtracker")


def test_the_home_page_is_titled_home(games_db: Path) -> None:
    page = client_for(games_db).get("/").text
    assert "<title>Home · hhtracker</title>" in page and "<h1>Home</h1>" in page


def test_durations_read_as_the_terminal_writes_them(games_db: Path) -> None:
    client = client_for(games_db)
    # sessions, newest first: the two KingsClub hands (2021-08-04, 2021-02-13: a session of one
    # hand each, 0 seconds), the SNG (21:42:42 to 21:47:01 CET: 4 min 19 s) and the cash
    # game (21:05:12 to 21:14:03 ET: 8 min 51 s); the terminal shows minutes from 2 minutes on
    sessions = client.get("/sessions").text
    cells = re.findall(r'<td class="num[^"]*">([^<]*(?: s| min))</td>', sessions)
    assert cells == ["0 s", "0 s", "4 min", "8 min"]
    home = _text(client.get("/").text)
    assert "UTC · 0 s · 1 hand · 1 table" in home  # the latest session, the 2-7 Single Draw hand
    one_hand = next(s["session"] for s in client.get("/api/sessions").json()["sessions"] if s["hands"] == 1)
    assert " UTC · 0 s · 1 hand · " in _text(client.get(f"/sessions/{one_hand}").text)
