"""Names from hand histories are untrusted: markup, quotes, slashes and percent signs are
shown as written (escaped in the HTML) and work in the addresses that name them."""

from __future__ import annotations

import re
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


# ---- control and direction characters (the tester's items 4 and 11) ----

RTL = "\u202eEvilNoPDF"
"""A right-to-left override then a name: unescaped, the page around it reads backwards."""
CONTROL = "ctl\x1b[31mred\x07bell"
TABLE = "Quill\x7ffeather\u202e II"
FILE = "hh\x1b[2Jfile.txt"
RAW = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""The characters never sent raw in a page (tab, newline and carriage return are HTML's own)."""
HIDDEN = re.compile(r'name="(?:tag|player|against|name)" value="[^"]*"')
"""The values a form sends back as they are: a tag as stored (its "remove" form), a name as
asked in the query string (the filter forms)."""


@pytest.fixture(scope="module")
def odd_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample cash file with Pelican42 named RTL, velvetcrab CONTROL, its table TABLE, in
    a file named FILE; RTL tagged "\\u202etagRTL" and "plain", with a note holding an ESC."""
    from hhtracker import api
    from tests.common import SAMPLES
    from tests.web.conftest import _import

    folder = tmp_path_factory.mktemp("web-odd")
    text = (SAMPLES / "stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig")
    text = text.replace("Pelican42", RTL).replace("velvetcrab", CONTROL).replace("Quillfeather II", TABLE)
    (folder / FILE).write_text(text, encoding="utf-8")
    path = folder / "odd.db"
    _import(tmp_path_factory, [folder / FILE], path)
    assert {p.player for p in api.players(path)} >= {RTL, CONTROL}
    api.tag_set(path, RTL, "\u202etagRTL")
    api.tag_set(path, RTL, "plain")
    api.note_add(path, RTL, "beware\x1b[31m")
    return path


def _text(html: str) -> str:
    return HIDDEN.sub("", html)


def test_control_and_direction_characters_never_reach_a_page_raw(odd_db: Path) -> None:
    client = client_for(odd_db)
    for address in ("/", "/players", f"/players/pokerstars/{quote(RTL, safe='')}",
                    f"/players/pokerstars/{quote(CONTROL, safe='')}", f"/hands?player={quote(RTL)}",
                    f"/hands?player={quote(CONTROL)}", "/sessions", "/sessions/1", "/leaks", "/hud"):
        page = client.get(address)
        assert page.status_code == 200, address
        assert RAW.findall(_text(page.text)) == [], address
    # shown as the terminal shows them (display.safe): visible escapes
    listing = client.get("/players").text
    assert "<bdi>\\u202eEvilNoPDF</bdi>" in listing and "<bdi>ctl\\x1b[31mred\\x07bell</bdi>" in listing
    hands = client.get(f"/hands?player={quote(RTL)}").text
    assert "<bdi>Quill\\x7ffeather\\u202e II</bdi>" in hands
    assert re.search(r"<bdi>/[^<]*/hh\\x1b\[2Jfile\.txt</bdi>", client.get("/").text)  # the file's path


def test_text_from_hand_histories_is_isolated_for_direction(odd_db: Path) -> None:
    """Each name, tag, note and table name in a <bdi>: a right-to-left name (Hebrew, Arabic)
    never reorders the parentheses, numbers or chips around it."""
    client = client_for(odd_db)
    profile = client.get(f"/players/pokerstars/{quote(RTL, safe='')}").text
    assert "<h1><bdi>\\u202eEvilNoPDF</bdi> (pokerstars)</h1>" in profile
    assert "<title>\\u202eEvilNoPDF (pokerstars) · hhtracker</title>" in profile
    assert re.search(r'<span class="tag"><bdi>\\u202etagRTL</bdi>', profile)
    assert re.search(r'<span class="tag"><bdi>plain</bdi>', profile)
    assert 'value="beware\\x1b[31m"' in profile  # the note, in its field
    hands = client.get(f"/hands?player={quote(RTL)}").text
    assert "<h1>Hands of <bdi>\\u202eEvilNoPDF</bdi></h1>" in hands
    assert re.search(r'<a class="name" href="[^"]+" title="\\u202eEvilNoPDF"><bdi>\\u202eEvilNoPDF</bdi></a>', hands)
    assert re.search(r'<span class="name" title="[^"]+"><bdi>Quill\\x7ffeather\\u202e II</bdi></span>', hands)
    report = client.get("/sessions/1").text
    assert "<bdi>Quill\\x7ffeather\\u202e II</bdi>" in report


def test_a_tag_with_a_direction_character_is_still_taken_off(odd_db: Path, tmp_path: Path) -> None:
    """The "remove" form sends the tag as stored (its hidden field), not as shown."""
    import shutil

    copy = tmp_path / "odd.db"
    shutil.copy(odd_db, copy)
    client = client_for(copy)
    address = f"/players/pokerstars/{quote(RTL, safe='')}"
    token = form_token(client.get(address).text)
    client.post(address + "/tags", data={"csrf": token, "action": "remove", "tag": "\u202etagRTL"})
    assert client.get("/api" + address).json()["tags"] == ["plain"]
