"""Names from hand histories are untrusted: markup, quotes, slashes and percent signs are
shown as written (escaped in the HTML) and work in the addresses that name them."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from tests.web.conftest import HOSTILE_NAMES, client_for, form_token

NAMES = list(HOSTILE_NAMES.values())


def _escaped(name: str) -> str:
    """The text as Jinja2's autoescape writes it (markupsafe: &#34; and &#39; for quotes)."""
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&#34;"), ("'", "&#39;")):
        name = name.replace(char, entity)
    return name


def test_hostile_names_are_escaped_in_every_page(hostile_db: Path) -> None:
    client = client_for(hostile_db)
    for address in ("/players", "/players?sort=player", "/api/players"):
        response = client.get(address)
        assert response.status_code == 200, address
        if address.startswith("/api"):
            assert {p["player"] for p in response.json()["players"]} >= set(NAMES)
            continue
        assert "<script>alert(1)</script>" not in response.text, address
        for name in NAMES:
            assert _escaped(name) in response.text, (address, name)


@pytest.mark.parametrize("name", NAMES)
def test_a_hostile_name_works_in_the_address_of_his_profile(hostile_db: Path, name: str) -> None:
    client = client_for(hostile_db)
    listing = client.get("/players").text
    address = f"/players/pokerstars/{quote(name, safe='')}"
    assert f'href="{_escaped(address)}"' in listing  # the link the page gives
    page = client.get(address)
    assert page.status_code == 200
    assert f"<h1><bdi>{_escaped(name)}</bdi> (pokerstars)</h1>" in page.text
    assert f'<form class="filters" method="get" action="{_escaped(address)}">' in page.text  # his filters stay his
    filtered = client.get(address + "?game_type=cash")
    assert filtered.status_code == 200 and f"<h1><bdi>{_escaped(name)}</bdi> (pokerstars)</h1>" in filtered.text
    assert client.get("/api" + address).json()["player"] == name
    # his hands, by the link the profile gives
    hands = client.get(f"/api/hands?player={quote(name, safe='')}").json()
    assert hands["total"] >= 1 and {h["player"] for h in hands["hands"]} == {name}
    listed = client.get(f"/hands?player={quote(name, safe='')}").text
    assert _escaped(name) in listed and "<script>alert" not in listed


@pytest.mark.parametrize("name", NAMES)
def test_a_note_on_a_hostile_name(hostile_db: Path, tmp_path: Path, name: str) -> None:
    import shutil

    copy = tmp_path / "hostile.db"
    shutil.copy(hostile_db, copy)
    client = client_for(copy)
    address = f"/players/pokerstars/{quote(name, safe='')}"
    token = form_token(client.get(address).text)
    back = client.post(address + "/notes", data={"csrf": token, "text": f"note on {name}"}, follow_redirects=False)
    assert back.status_code == 303 and back.headers["location"] == address + "#notes"
    assert [n["text"] for n in client.get("/api" + address).json()["notes"]] == [f"note on {name}"]
    client.post(address + "/tags", data={"csrf": token, "tag": "<i>odd</i>"})
    page = client.get(address).text
    assert _escaped(f"note on {name}") in page and "&lt;i&gt;odd&lt;/i&gt;" in page
