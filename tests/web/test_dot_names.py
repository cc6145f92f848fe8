"""Players named `..` and `.` (a hand history's names are anything): every link to them
opens them. Written as they are, or quoted %2E%2E, a browser takes them for dot segments and
drops them (/players/pokerstars/.. opens /players); the pages write them %2E%2E! and %2E!
(render.DOT_NAMES)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.common import SAMPLES
from tests.web.conftest import _import, client_for, form_token

RENAMED = {"velvetcrab": "..", "Pelican42": "."}
"""Two seats of the sample cash file, renamed."""

DOT_SEGMENTS = frozenset({".", "%2e", "..", ".%2e", "%2e.", "%2e%2e"})
"""The WHATWG URL standard's single- and double-dot path segments (ASCII case-insensitive):
what a browser removes from a path."""


@pytest.fixture(scope="module")
def dots_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("web-dots")
    text = (SAMPLES / "stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig")
    for plain, renamed in RENAMED.items():
        text = re.sub(rf"\b{plain}\b", renamed, text)
    (folder / "dots.txt").write_text(text, encoding="utf-8")
    path = folder / "dots.db"
    _import(tmp_path_factory, [folder / "dots.txt"], path)
    return path


def _links(html: str) -> list[str]:
    return [link.replace("&amp;", "&") for link in re.findall(r'(?:href|action)="([^"]*)"', html)]


def _dot_segments(address: str) -> list[str]:
    return [s for s in urlsplit(address).path.split("/") if s.lower() in DOT_SEGMENTS]


@pytest.mark.parametrize(("name", "written"), [("..", "%2E%2E!"), (".", "%2E!")])
def test_a_player_named_with_dots_opens_from_the_list(dots_db: Path, name: str, written: str) -> None:
    client = client_for(dots_db)
    listing = client.get("/players").text
    address = f"/players/pokerstars/{written}"
    link = f'<a class="name" href="{address}" title="{name}"><bdi>{name}</bdi></a>'
    assert link in listing
    page = client.get(address)
    assert page.status_code == 200 and f"<h1><bdi>{name}</bdi> (pokerstars)</h1>" in page.text
    assert client.get("/api" + address).json()["player"] == name
    # each of his hands lists him with the same link; its filters and forms stay his
    hands = client.get("/hands", params={"player": name}).text
    assert hands.count(link) == 9  # dealt into the file's 9 hands
    assert f'action="{address}"' in page.text and f'action="{address}/notes"' in page.text
    assert f'action="{address}/tags"' in page.text


def test_no_link_of_the_pages_is_a_dot_segment(dots_db: Path) -> None:
    client = client_for(dots_db)
    for address in ("/players", "/players?sort=player", "/hands?player=..", "/hands?player=.",
                    "/players/pokerstars/%2E%2E!", "/players/pokerstars/%2E!", "/sessions/1"):
        page = client.get(address)
        assert page.status_code == 200, address
        links = _links(page.text)
        assert links and not [link for link in links if _dot_segments(link)], address


def test_the_profiles_links_open_his_hands_and_notes(dots_db: Path, tmp_path: Path) -> None:
    copy = tmp_path / "dots.db"
    shutil.copy(dots_db, copy)
    client = client_for(copy)
    address = "/players/pokerstars/%2E%2E!"
    page = client.get(address).text
    hands_link = next(link for link in _links(page) if link.startswith("/hands?"))
    assert client.get(hands_link).status_code == 200
    listed = client.get("/api" + hands_link).json()
    assert listed["total"] == 9 and {h["player"] for h in listed["hands"]} == {".."}
    token = form_token(page)
    back = client.post(address + "/notes", data={"csrf": token, "text": "calls down light"}, follow_redirects=False)
    assert back.status_code == 303 and back.headers["location"] == address + "#notes"
    assert [n["text"] for n in client.get("/api" + address).json()["notes"]] == ["calls down light"]
    assert client.get("/api/players/pokerstars/%2E").json()["notes"] == []  # "." is another player
    client.post(address + "/tags", data={"csrf": token, "tag": "station"})
    assert client.get("/api" + address).json()["tags"] == ["station"]


def test_the_other_spellings_still_read(dots_db: Path) -> None:
    client = client_for(dots_db)
    # %2E%2E as a client that keeps it sends it (curl, httpx; not a browser); "..!" is the name "..!"
    assert client.get("/api/players/pokerstars/%2E%2E").json()["player"] == ".."
    assert client.get("/api/players/pokerstars/%2e%2e!").json()["player"] == ".."
    assert client.get("/api/players/pokerstars/..!").status_code == 404
    assert client.get("/api/players/pokerstars/..%21").status_code == 404
