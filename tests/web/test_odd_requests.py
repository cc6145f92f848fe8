"""Odd requests (a tester's findings on `hhtracker serve`): a query parameter of 60,000
characters is refused with a 400 of one line (it was a 500 from SQLite's "LIKE or GLOB
pattern too complex"), and every error under /api/ is JSON, {"error": "..."}, with the
status the page would have had."""

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
    assert answer.status_code == 400 and answer.json()["error"].startswith(said)


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


@pytest.mark.parametrize(("address", "status", "said"), [
    ("/api/hands?per_page=500", 400, "this page takes no parameter 'per_page' (it takes: against, dominated, game,"),
    ("/api/players?site=stars", 400, "site='stars' is not one of"),
    ("/api/sessions/x", 400, "session='x': a whole number is needed"),
    ("/api/players/pokerstars/Nobody", 404, "no player 'Nobody' on pokerstars in the database"),
    ("/api/hands/pokerstars/1", 404, "no hand '1' of 'pokerstars' in the database"),
    ("/api/sessions/99", 404, "no session 99"),
    ("/api/no-such-page", 404, "no page at /api/no-such-page"),
])
def test_an_error_under_api_is_json(client, address: str, status: int, said: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get(address)
    assert response.status_code == status
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert list(body) == ["error"] and said in body["error"], body
    # the page of the same address: the same status, as a page
    page = client.get(address.removeprefix("/api"))
    assert page.status_code == status and page.headers["content-type"].startswith("text/html")


def test_the_guards_answer_json_under_api(web_db: Path) -> None:
    client = client_for(web_db)
    foreign = client.get("/api/players", headers={"Host": "evil.example:8765"})
    assert foreign.status_code == 400 and "this server answers only to" in foreign.json()["error"]
    posted = client.post("/api/players", data={"x": "1"})
    assert posted.status_code == 403 and "token is missing" in posted.json()["error"]
    put = client.put("/api/players")
    assert put.status_code == 405 and put.json() == {"error": "PUT is not used here: changes are made through the page's forms"}
    guarded = client_for(web_db, token="s3cret-token")
    assert guarded.get("/api/players").status_code == 401
    assert "needs its token" in guarded.get("/api/players").json()["error"]
    assert guarded.get("/players").headers["content-type"].startswith("text/html")


def test_an_internal_error_and_a_database_gone_under_api_are_json(web_db: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from hhtracker.web import pages

    def broken(request: object) -> dict[str, object]:
        raise KeyError("a bug")

    copy = tmp_path / "gone.db"
    shutil.copy(web_db, copy)
    client = client_for(copy)
    with monkeypatch.context() as patch:
        patch.setattr(pages, "players_data", broken)
        response = client.get("/api/players")
    assert response.status_code == 500 and response.json()["error"].startswith("internal error (KeyError: 'a bug')")
    copy.unlink()
    gone = client.get("/api/sessions")
    assert gone.status_code == 503 and gone.json()["error"].startswith("no database at")


SHORT = "a" * 59 + "…"
"""A name of 1,000 a's as a title or a message quotes it: cut to 60 characters, the last "…"."""


def test_a_long_name_from_the_query_string_is_quoted_short(client) -> None:  # type: ignore[no-untyped-def]
    hands = client.get("/hands?player=" + "a" * 1000).text
    assert f"<title>Hands of {SHORT} · hhtracker</title>" in hands and f"<h1>Hands of <bdi>{SHORT}</bdi></h1>" in hands
    assert f'name="player" value="{"a" * 1000}"' in hands  # the form keeps what was asked
    for address in ("/sessions", "/sessions/1", "/leaks", "/tournaments"):
        missing = client.get(f"{address}?hero={'a' * 1000}")
        assert missing.status_code == 404, address
        # the api quotes it short itself (display.quoted: its first 60 characters and its length)
        assert f"no player named &#39;{'a' * 60}&#39; … (1,000 characters) in the database" in missing.text, address
        assert "a" * 61 not in missing.text, address
    assert client.get("/api/leaks?hero=" + "a" * 1000).json() == {
        "error": f"no player named '{'a' * 60}' … (1,000 characters) in the database"}


def test_a_long_name_from_a_hand_history_is_quoted_short_in_his_title(tmp_path_factory: pytest.TempPathFactory) -> None:
    from tests.common import SAMPLES
    from tests.web.conftest import _import

    long_name = "g" * 200
    folder = tmp_path_factory.mktemp("web-long-name")
    text = (SAMPLES / "stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig")
    (folder / "long.txt").write_text(text.replace("gus_lavender", long_name), encoding="utf-8")
    _import(tmp_path_factory, [folder / "long.txt"], folder / "long.db")
    client = client_for(folder / "long.db")
    profile = client.get(f"/players/pokerstars/{long_name}")
    assert profile.status_code == 200
    short = "g" * 59 + "…"
    assert f"<title>{short} (pokerstars) · hhtracker</title>" in profile.text
    assert f"<h1><bdi>{short}</bdi> (pokerstars)</h1>" in profile.text
    assert client.get(f"/api/players/pokerstars/{long_name}").json()["player"] == long_name  # the JSON: whole
    hands = client.get(f"/hands?player={long_name}").text
    assert f"<h1>Hands of <bdi>{short}</bdi></h1>" in hands and f">{long_name}</bdi></a>" in hands  # the rows: whole


def test_a_long_address_that_is_no_page_is_quoted_short(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/" + "x" * 10_000)
    assert page.status_code == 404 and f"no page at /{'x' * 58}… (see the links at the top)" in page.text
    assert client.get("/api/" + "x" * 10_000).json() == {"error": f"no page at /api/{'x' * 54}… (see the links at the top)"}
