"""Long names never push the figures out of sight (the tester's item 1): a player's name is cut
with "…" at a width (the whole name in the cell's title), and a net of two currencies
("+$2.65; -1,500 chips") wraps inside its cell, one amount per line, instead of widening the
table. The README's promises hold with them: the whole players table at 1280 px, net and
BB/100 kept at 800 px, the hands list's flags at 1280 px.

The database: sample_histories with Hero, who plays both the cash game and the sit-and-go
(his net is in dollars and in chips), renamed to a 29-character name, and Pelican42 (cash) to
a 300-character one."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests.common import SAMPLES
from tests.web.browser.conftest import Served, make_app, watch_tab
from tests.web.browser.test_fit import SCROLLED, overflow

LONG = "L" * 300
MEDIUM = "Averylongscreennameof29chars_"  # 29 characters
assert len(MEDIUM) == 29
HEIGHT = 800

COLUMNS = """(selector) => {  // the table: its box, whether it scrolls, and where each column shown ends
  const table = document.querySelector(selector);
  const box = table.getBoundingClientRect();
  const shown = Array.from(table.querySelectorAll("thead th")).filter(th => getComputedStyle(th).display !== "none");
  return {right: box.right, scrolls: table.scrollWidth > table.clientWidth + 1,
          columns: Object.fromEntries(shown.map(th => [th.textContent.trim(), th.getBoundingClientRect().right]))};
}"""


@pytest.fixture(scope="module")
def long_site(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from hhtracker import api

    folder = tmp_path_factory.mktemp("long-names")
    for source in ("stars_cash_badugi_025_050.txt", "stars_sng_badugi.txt"):
        text = (SAMPLES / source).read_text(encoding="utf-8-sig")
        text = re.sub(r"\bPelican42\b", LONG, re.sub(r"\bHero\b", MEDIUM, text))
        (folder / source).write_text(text, encoding="utf-8")
    db = folder / "long.db"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HHTRACKER_STATE_DIR", str(folder / "state"))
        summary = api.import_paths([folder / "stars_cash_badugi_025_050.txt", folder / "stars_sng_badugi.txt"], db)
    assert summary.hands_new == 14, summary
    served = Served()
    served.start(make_app(db, served.port))
    try:
        yield served.url
    finally:
        served.stop()


@pytest.fixture
def tab(browser: Any, long_site: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": HEIGHT}, base_url=long_site)
    page = context.new_page()
    log = watch_tab(page, long_site)
    try:
        yield page
        assert log.problems(page) == []
    finally:
        context.close()


def _table(page: Any, address: str, width: int, selector: str) -> dict[str, Any]:
    page.set_viewport_size({"width": width, "height": HEIGHT})
    response = page.goto(address)
    assert response is not None and response.status == 200, address
    assert overflow(page) == ""
    table = page.evaluate(COLUMNS, selector)
    assert not table["scrolls"], table
    return table


def test_players_table_whole_at_1280_with_long_names(tab: Any) -> None:
    table = _table(tab, "/players", 1280, "table#players")
    assert list(table["columns"]) == ["player", "site", "hands", "VPIP", "PFR", "3-bet", "steal", "pat d1", "c-bet",
                                      "AF", "WTSD", "W$SD", "net", "BB/100"]
    assert max(table["columns"].values()) <= 1280 and table["right"] <= 1280, table
    # the names cut with "…" at a width, each whole in its title
    for name in (LONG, MEDIUM):
        link = tab.locator(f'#players td.col-player a[href$="/{quote(name, safe="")}"]')
        assert link.get_attribute("title") == name
        assert link.evaluate("e => getComputedStyle(e).textOverflow") == "ellipsis"
    long_link = tab.locator(f'#players td.col-player a[href$="/{LONG}"]')
    assert long_link.evaluate("e => e.scrollWidth > e.clientWidth")  # cut: the rest hidden
    assert long_link.bounding_box()["width"] < 250
    # the hero's net of two currencies: one amount per line in its cell
    net = tab.locator(f'#players tr:has(a[title="{MEDIUM}"]) td.col-net')
    assert re.fullmatch(r"[+-]\$\d+\.\d\d;\n[+-][\d,]+ chips", net.inner_text()), net.inner_text()


def test_players_table_keeps_net_and_bb_at_800_with_long_names(tab: Any) -> None:
    table = _table(tab, "/players", 800, "table#players")
    assert list(table["columns"]) == ["player", "hands", "VPIP", "PFR", "WTSD", "W$SD", "net", "BB/100"]
    assert table["columns"]["BB/100"] <= 800 and table["right"] <= 800, table


@pytest.mark.parametrize("name", [LONG, MEDIUM], ids=["300 characters", "29 characters"])
def test_hands_list_keeps_its_flags_at_1280_with_a_long_name(tab: Any, name: str) -> None:
    table = _table(tab, f"/hands?player={quote(name)}", 1280, "table#hands")
    assert table["columns"]["flags"] <= 1280, table
    link = tab.locator("#hands td.col-player a").first
    assert link.get_attribute("title") == name


@pytest.mark.parametrize("address", ["/sessions", "/tournaments", "/sessions/1", "/leaks", "/"])
def test_other_pages_fit_with_long_names(tab: Any, address: str) -> None:
    """The hero's own pages: his name (29 characters) and his nets in dollars and chips."""
    for width in (1280, 800):
        tab.set_viewport_size({"width": width, "height": HEIGHT})
        response = tab.goto(address)
        assert response is not None and response.status == 200, address
        assert overflow(tab) == "", (address, width)
        assert tab.evaluate(SCROLLED) == [], (address, width)
