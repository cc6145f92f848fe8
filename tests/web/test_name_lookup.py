"""Names in the web's addresses are read as the CLI reads them (the tester's trial, item 5):
`hhtracker player hero` finds Hero, and so do /players/pokerstars/hero (a redirect to
Hero's address) and /hands?player=hero; a name that is stored in no case (or in several)
is a 404 saying so, with the closest stored names, not an empty list."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.common import SAMPLES
from tests.web.conftest import _import, client_for


def test_a_profile_in_another_case_redirects_to_the_stored_name(web_db: Path) -> None:
    client = client_for(web_db)
    moved = client.get("/players/pokerstars/hero?game_type=cash", follow_redirects=False)
    assert moved.status_code == 307 and moved.headers["location"] == "/players/pokerstars/Hero?game_type=cash"
    page = client.get("/players/pokerstars/hERO")
    assert page.status_code == 200 and "<title>Hero (pokerstars)" in page.text
    moved = client.get("/api/players/pokerstars/hero", follow_redirects=False)
    assert moved.status_code == 307 and moved.headers["location"] == "/api/players/pokerstars/Hero"
    assert client.get("/api/players/pokerstars/HERO").json()["player"] == "Hero"


def test_the_hand_list_reads_a_name_in_any_case(web_db: Path) -> None:
    client = client_for(web_db)
    # Hero's hands in the samples: 9 in the cash file and 5 in the SNG (their "Dealt to Hero" lines)
    found = client.get("/api/hands?player=hero").json()
    assert found["player"] == "Hero" and found["total"] == 9 + 5
    assert client.get("/api/hands?player=HERO&site=pokerstars").json()["total"] == 14
    # against: Pelican42 (the cash file) sat in Hero's 9 cash hands, none of the SNG's
    assert client.get("/api/hands?player=hero&against=pelican42").json()["total"] == 9


def test_an_unknown_name_is_a_404_naming_the_closest(web_db: Path) -> None:
    client = client_for(web_db)
    missing = client.get("/hands?player=nobdy")
    assert missing.status_code == 404
    assert "player=&#39;nobdy&#39;: no such player in the database" in missing.text
    assert 'name="player" value="nobdy"' in missing.text  # the list's form kept, to try another name
    close = client.get("/api/hands?player=Pelican4")
    assert close.status_code == 404 and "did you mean 'Pelican42'?" in close.json()["error"]
    assert client.get("/api/hands?against=Pelicn42").json()["error"].startswith("against='Pelicn42': no such player")
    profile = client.get("/api/players/pokerstars/pelican4")
    assert profile.status_code == 404 and "did you mean 'Pelican42'?" in profile.json()["error"]
    # on another site: not there
    assert client.get("/api/hands?player=hero&site=merge").status_code == 404


@pytest.fixture(scope="module")
def two_cases_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample cash file with Pelican42 renamed "hero": Hero and hero both stored."""
    folder = tmp_path_factory.mktemp("web-cases")
    text = (SAMPLES / "stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig")
    (folder / "cases.txt").write_text(text.replace("Pelican42", "hero"), encoding="utf-8")
    path = folder / "cases.db"
    _import(tmp_path_factory, [folder / "cases.txt"], path)
    return path


def test_a_name_stored_in_two_cases_is_read_as_written_or_refused(two_cases_db: Path) -> None:
    client = client_for(two_cases_db)
    assert client.get("/api/players/pokerstars/hero", follow_redirects=False).status_code == 200
    assert client.get("/api/players/pokerstars/hero").json()["player"] == "hero"
    assert client.get("/api/players/pokerstars/Hero").json()["player"] == "Hero"
    both = client.get("/api/players/pokerstars/HERO", follow_redirects=False)
    assert both.status_code == 404 and "did you mean 'Hero' or 'hero'?" in both.json()["error"]
    assert client.get("/api/hands?player=HERO").status_code == 404
