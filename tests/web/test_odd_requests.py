"""Odd requests (a tester's findings on `hhtracker serve`): a query parameter of 60,000
characters is refused with a 400 of one line (it was a 500 from SQLite's "LIKE or GLOB
pattern too complex")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import client_for, form_token

LONG = 60_000

TEXT_PARAMS = [
    ("/players", "name"), ("/players", "stakes"), ("/players/pokerstars/Hero", "stakes"),
    ("/hands", "player"), ("/hands", "against"), ("/hands", "stakes"),
    ("/sessions", "hero"), ("/sessions", "stakes"), ("/sessions/1", "hero"),
    ("/tournaments", "hero"), ("/tournaments", "stakes"), ("/leaks", "hero"), ("/leaks", "stakes"), ("/", "hero"),
]
"""Every page that takes free text in its query string, and each such parameter (the
pages' own and the --stakes filter); the others take choices or numbers."""


def _api(address: str) -> str:
    return "/api/home" if address == "/" else "/api" + address


@pytest.mark.parametrize(("address", "param"), TEXT_PARAMS)
def test_a_text_parameter_of_60000_characters_is_a_400_of_one_line(client, address: str, param: str) -> None:  # type: ignore[no-untyped-def]
    said = f"{param}= is 60,000 characters long: at most 1,000 are read"
    page = client.get(f"{address}?{param}={'a' * LONG}")
    assert page.status_code == 400 and page.headers["content-type"].startswith("text/html")
    assert said in page.text and "a" * 100 not in page.text  # (the value is not repeated)
    answer = client.get(f"{_api(address)}?{param}={'*' * LONG}")
    assert answer.status_code == 400 and said in answer.text


def test_the_name_search_of_the_tester(client) -> None:  # type: ignore[no-untyped-def]
    # SQLite refuses a LIKE pattern over 50,000 bytes: these three were 500s
    for address in ("/players?name=" + "a" * 50_000, "/players?name=" + "*" * LONG, "/api/players?name=" + "a" * 50_000):
        response = client.get(address)
        assert response.status_code == 400, address
        assert "internal error" not in response.text


def test_a_value_at_the_bound_is_read(client) -> None:  # type: ignore[no-untyped-def]
    # 1,000 characters: searched (no player's name holds 1,000 a's; Hero* with 995 more stars finds Hero)
    assert client.get("/api/players", params={"name": "a" * 1000}).json()["total"] == 0
    found = client.get("/api/players", params={"name": "Hero" + "*" * 996}).json()
    assert "Hero" in {p["player"] for p in found["players"]}
    assert client.get("/api/players", params={"name": "a" * 1001}).status_code == 400


def test_a_number_of_5000_digits_is_refused_not_a_500(web_db: Path, tmp_path: Path) -> None:
    # (int() reads no more than 4,300 digits: a note's number of 5,000 was a ValueError, a 500)
    import shutil

    copy = tmp_path / "notes.db"
    shutil.copy(web_db, copy)
    client = client_for(copy)
    token = form_token(client.get("/players/pokerstars/Hero").text)
    response = client.post("/players/pokerstars/Hero/notes", data={"csrf": token, "action": "delete", "number": "7" * 5000})
    assert response.status_code == 400
    assert f"number={'7' * 20}...: it must be from 1 to 4,611,686,018,427,387,904" in response.text
