"""Every page fits the browser's width (issue 26 and 27 item 12): at 375 (a phone), 640 and
1280 px each main page of `hhtracker serve`, and the page of `report --html`, is no wider
than the window, so the page itself never scrolls sideways (a wide table may scroll inside
its own box, as a last resort). Measured in headless Chromium as
document.scrollingElement.scrollWidth <= window.innerWidth.

The players table also fits whole at 1280 and 800 px (no column cut or scrolled out of
sight), its names and numbers each on one line; and the replayer has the site's navigation
with a link back to the hand list it was opened from."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from hhtracker import api
from tests.common import DATA
from tests.web.browser.conftest import Served, Site, make_app, watch_tab

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect

WIDTHS = (375, 640, 1280)
HEIGHT = 800
PLAYER = "Pelican42"
HAND = "48911471158"  # (a hand of his: sample_histories/stars_cash_badugi_025_050.txt)

PAGES = (  # every main page of the app (issue 26, "Build")
    "/",
    "/players",
    f"/players/pokerstars/{PLAYER}",
    f"/hands?player={PLAYER}",
    f"/hands/pokerstars/{HAND}",
    "/sessions",
    "/sessions/1",
    "/tournaments",
    "/leaks",
    "/hud",
)

WIDTH = "[document.scrollingElement.scrollWidth, window.innerWidth]"

BROKEN = """(selector) => {  // the text of each element shown that takes more than one line
  const lines = (element) => {  // (a smaller font on the same line is the same line)
    const range = document.createRange();
    range.selectNodeContents(element);
    const found = [];
    for (const r of range.getClientRects()) {
      if (r.width === 0) continue;
      if (!found.some(line => r.top < line.bottom && r.bottom > line.top)) found.push({top: r.top, bottom: r.bottom});
    }
    return found.length;
  };
  return Array.from(document.querySelectorAll(selector))
    .filter(e => e.getClientRects().length && e.textContent.trim() && lines(e) > 1).map(e => e.textContent.trim());
}"""

NUMBERS = "td.num:not(.wrap), td.num .w"
"""The cells of numbers in the app's pages, and each word of those that may wrap (.wrap, written
by render.words): never on two lines (a number broken at its hyphen, "[22-" and "41%]")."""

REPORT_NUMBERS = "td.num:not(.words), td.num .w, h1 .w"
"""In `report --html`'s page: the cells of numbers, and each word of a value that may wrap."""


SCROLLED = """Array.from(document.querySelectorAll("table")).filter(t => t.scrollWidth > t.clientWidth + 1)
  .map(t => `${t.id || t.className || "table"}: ${t.scrollWidth} px in ${t.clientWidth}`)"""
"""The tables that scroll inside their own box: the last resort, on a phone only."""

PHONE = 480
"""Below this width a table may scroll inside its box; at 640 px and up every table fits."""

WIDEST = """(() => {  // the element whose right edge is furthest right: what to fix
  let widest = null, right = 0;
  for (const e of document.body.querySelectorAll("*")) {
    const r = e.getBoundingClientRect().right;
    if (r > right) { right = r; widest = e; }
  }
  return widest ? `${widest.tagName.toLowerCase()}${widest.id ? "#" + widest.id : ""}` +
                  `${widest.className && typeof widest.className === "string" ? "." + widest.className.split(" ").join(".") : ""}` +
                  ` ends at ${Math.round(right)} px` : "";
})()"""


def overflow(page: Any) -> str:
    """"" when the page fits its window, else what is wider than the window and by how much."""
    wide, window = page.evaluate(WIDTH)
    return "" if wide <= window else f"{wide} px wide in {window} px ({page.evaluate(WIDEST)})"


def _opened(page: Any, address: str) -> None:
    response = page.goto(address)
    assert response is not None and response.status == 200, (address, response and response.status)
    if address.startswith("/hands/"):
        expect(page.locator("#step")).to_have_text(re.compile(r"step 0 of \d+"))  # the replayer has laid out its seats


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_fits_the_window(page: Any, site: Site, width: int) -> None:
    page.set_viewport_size({"width": width, "height": HEIGHT})
    too_wide, broken, scrolled = {}, {}, {}
    for address in PAGES:
        _opened(page, address)
        if found := overflow(page):
            too_wide[address] = found
        if found := page.evaluate(BROKEN, NUMBERS):
            broken[address] = found
        if width > PHONE and (found := page.evaluate(SCROLLED)):
            scrolled[address] = found
    assert too_wide == {}, f"wider than {width} px: {too_wide}"
    assert broken == {}, f"numbers on two lines at {width} px: {broken}"
    assert scrolled == {}, f"tables scrolled in their box at {width} px: {scrolled}"


@pytest.mark.parametrize("width", WIDTHS)
def test_the_report_html_page_fits_the_window(page: Any, site: Site, width: int) -> None:
    """`hhtracker report --html`'s page (its own file, not served): the first session's and
    the lifetime's (longer labels and the leaks table)."""
    import datetime as dt

    page.set_viewport_size({"width": width, "height": HEIGHT})
    reports = {"session 1": api.session_report(site.db_path, session=1),
               "lifetime": api.session_report(site.db_path, start=dt.datetime(2000, 1, 1, tzinfo=dt.UTC),
                                              end=dt.datetime(2030, 1, 1, tzinfo=dt.UTC))}
    too_wide, broken, scrolled = {}, {}, {}
    for name, report in reports.items():
        page.set_content(api.report_html(report))
        if found := overflow(page):
            too_wide[name] = found
        if found := page.evaluate(BROKEN, REPORT_NUMBERS):
            broken[name] = found
        if width > PHONE and (found := page.evaluate(SCROLLED)):
            scrolled[name] = found
    assert too_wide == {}, f"wider than {width} px: {too_wide}"
    assert broken == {}, f"numbers on two lines at {width} px: {broken}"
    assert scrolled == {}, f"tables scrolled in their box at {width} px: {scrolled}"


def test_a_hud_with_tables_fits_the_window(browser: Any, tmp_path: Path) -> None:
    """/hud with two panels (tests/data/hud_hands' hand 1 at two tables) at each width."""
    from hhtracker.web.hud import live_of

    folder = tmp_path / "hh"
    folder.mkdir()
    db = tmp_path / "live.db"
    api.import_paths([], db)
    served = Served()
    app = make_app(db, served.port, watch=(folder,))
    served.start(app)
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": HEIGHT}, base_url=served.url)
    try:
        page = context.new_page()
        log = watch_tab(page, served.url)
        page.goto("/hud")
        page.locator('#hud[data-connected="true"]').wait_for()
        hand = (DATA / "hud_hands" / "hand1.txt").read_text()
        (folder / "HH20200201 Hud Test - $0.50-$1 - USD Badugi Limit.txt").write_text(hand)
        (folder / "HH20200201 Hud Two - $0.50-$1 - USD Badugi Limit.txt").write_text(
            hand.replace("Hud Test", "Hud Two").replace("#91400000001", "#91500000001"))
        expect(page.locator("#hud-tables section.hud-table")).to_have_count(2)
        too_wide = {}
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": HEIGHT})
            if found := overflow(page):
                too_wide[width] = found
        assert too_wide == {}, f"/hud with two tables: {too_wide}"
        assert log.problems(page) == []
    finally:
        context.close()
        live_of(app).end_streams()
        served.stop()


PLAYERS_TABLE = """(() => {  // the players table: its box and its columns shown
  const table = document.querySelector("table#players");
  const box = table.getBoundingClientRect();
  const shown = Array.from(table.querySelectorAll("thead th")).filter(th => getComputedStyle(th).display !== "none")
                     .map(th => th.textContent.trim());
  return {left: box.left, right: box.right, shown: shown};
})()"""


@pytest.mark.parametrize(("width", "columns"), [
    (1280, ["player", "site", "hands", "VPIP", "PFR", "3-bet", "steal", "pat d1", "c-bet", "AF", "WTSD", "W$SD", "net",
            "BB/100"]),
    (800, ["player", "hands", "VPIP", "PFR", "WTSD", "W$SD", "net", "BB/100"]),
])
def test_players_table_fits_whole(page: Any, site: Site, width: int, columns: list[str]) -> None:
    """At 1280 px every column of `hhtracker players` is on the screen; at 800 px the lower
    priority ones give way (the table's own priorities: site, 3-bet, steal, pat d1, c-bet, AF),
    and no name or number is broken over two lines."""
    page.set_viewport_size({"width": width, "height": HEIGHT})
    _opened(page, "/players")
    table = page.evaluate(PLAYERS_TABLE)
    assert table["shown"] == columns
    assert table["left"] >= 0 and table["right"] <= width, table
    assert page.evaluate(BROKEN, "table#players thead th, table#players td.num:not(.wrap), table#players td.num .w, table#players td a") == []
    assert overflow(page) == ""


def test_replayer_has_the_site_navigation_and_a_way_back(page: Any, site: Site) -> None:
    address = f"/hands?player={PLAYER}&site=pokerstars"
    _opened(page, address)
    page.get_by_role("link", name=HAND, exact=True).click()
    page.wait_for_url(re.compile(rf"/hands/pokerstars/{HAND}(#\d+)?$"))
    expect(page.locator("#step")).to_have_text(re.compile(r"step 0 of \d+"))
    nav = page.locator("nav.top")
    assert nav.locator("a").all_inner_texts() == ["Home", "Players", "Hands", "Sessions", "Tournaments", "Leaks", "Live"]
    expect(nav.locator("a.current")).to_have_text("Hands")
    back = page.get_by_role("link", name="back to the hand list")
    assert back.get_attribute("href") == address
    back.click()
    page.wait_for_url(re.compile(re.escape(address) + "$"))

    _opened(page, f"/hands/pokerstars/{HAND}")  # opened from nowhere (a bookmark): no way back to show
    expect(page.locator("nav.top a.current")).to_have_text("Hands")
    assert page.get_by_role("link", name=re.compile("back to")).count() == 0


def test_profile_statistics_show_their_values_on_a_phone(page: Any, site: Site) -> None:
    """The tester's item 9: at 375 px the profile's statistics tables were 474 px in a 358 px
    box, only the names in sight. Now they fit their box: the labels and the values wrap at
    their spaces, each word of a value whole ("[22-41%]" never broken at its hyphen)."""
    page.set_viewport_size({"width": 375, "height": HEIGHT})
    _opened(page, f"/players/pokerstars/{PLAYER}")
    tables = page.evaluate("""Array.from(document.querySelectorAll("table.stats"))
        .map(t => [t.scrollWidth, t.clientWidth, t.getBoundingClientRect().right])""")
    assert tables, "no statistics table"
    assert all(scroll <= client + 1 and right <= 375 for scroll, client, right in tables), tables
    assert page.evaluate(BROKEN, "table.stats td.num .w") == []
