"""/hud in headless Chromium while the test writes hands into a watched folder (issue 26, "Done
when"): the panels appear and update through the Server-Sent Events, in a grid that does not
move as hands arrive, with no console error, CSP violation or request outside the app.

The figures are worked out by hand from tests/data/hud_hands (3-max, $0.50/$1; tests/web/test_hud.py
tells the hands): after hand 1 Hero's VPIP is 1/1 (raised on the button), Ann's 0/1, Bob's 1/1;
after hand 3 (Bob gone, Cid in seat 3 calls, Hero folds his small blind) Hero 1/2, Ann 0/3,
Cid 1/1. A second table, "Hud Two", gets the same hand 1 under another table name and number
between hands 1 and 2: Hero's and Ann's figures count it too (Hero 2/3: 67%, Ann 0/4)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from hhtracker import api
from tests.common import DATA
from tests.web.browser.conftest import VIEWPORT, Served, make_app, watch_tab

HANDS = DATA / "hud_hands"
TABLE_A = "HH20200201 Hud Test - $0.50-$1 - USD Badugi Limit.txt"
TABLE_B = "HH20200201 Hud Two - $0.50-$1 - USD Badugi Limit.txt"


def _hand(n: int) -> str:
    return (HANDS / f"hand{n}.txt").read_text()


def _append(path: Path, text: str) -> float:
    """Append `text` to `path` as a poker client does; the time its last line was written."""
    with path.open("a") as handle:
        handle.write(text)
    return time.monotonic()


def _vpip(panel: Any) -> dict[str, str]:
    """player -> "VALUE (SAMPLE)" of the VPIP column, as the panel shows it."""
    rows = panel.locator("tr.hud-player")
    found = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        cell = row.locator("td.hud-figure[data-key=vpip]")
        found[row.locator(".hud-player-name a").inner_text()] = (
            f'{cell.locator(".hud-value").inner_text()} {cell.locator(".hud-sample").inner_text()}')
    return found


def _boxes(page: Any) -> dict[str, tuple[float, float]]:
    """table key -> where its panel is on the page (x, y)."""
    panels = page.locator("#hud-tables section.hud-table")
    return {panels.nth(i).get_attribute("data-key"): (panels.nth(i).bounding_box()["x"], panels.nth(i).bounding_box()["y"])
            for i in range(panels.count())}


def test_hud_follows_hands_written_to_a_watched_folder(browser: Any, tmp_path: Path, screenshot: Any) -> None:
    from hhtracker.web.hud import live_of

    folder = tmp_path / "hh"
    folder.mkdir()
    db = tmp_path / "live.db"
    api.import_paths([], db)  # (serve --watch makes it so)
    served = Served()
    app = make_app(db, served.port, watch=(folder,))
    served.start(app)
    context = browser.new_context(viewport=VIEWPORT, base_url=served.url)
    try:
        page = context.new_page()
        log = watch_tab(page, served.url)
        page.goto("/hud")
        page.locator('#hud[data-connected="true"]').wait_for()
        assert page.locator("#hud-tables section.hud-table").count() == 0

        written = _append(folder / TABLE_A, _hand(1))
        page.locator('section.hud-table[data-hand-id="91400000001"]').wait_for()
        print(f"/hud in Chromium: hand 1 shown {1000 * (time.monotonic() - written):.0f} ms after it was written")
        first = page.locator("section.hud-table").first
        assert first.locator(".hud-table-name").inner_text() == "Hud Test"
        assert _vpip(first) == {"Hero": "100 (1)", "Ann": "0 (1)", "Bob": "100 (1)"}
        assert first.locator("tr.hud-player.hud-hero .hud-player-name a").inner_text() == "Hero"

        other = _hand(1).replace("Hud Test", "Hud Two").replace("#91400000001", "#91500000001")
        _append(folder / TABLE_B, other)
        page.locator('section.hud-table[data-hand-id="91500000001"]').wait_for()
        before = _boxes(page)
        assert len(before) == 2

        for n in (2, 3):
            written = _append(folder / TABLE_A, _hand(n))
            page.locator(f'section.hud-table[data-hand-id="9140000000{n}"]').wait_for()
            print(f"/hud in Chromium: hand {n} shown {1000 * (time.monotonic() - written):.0f} ms after it was written")
            assert _boxes(page) == before  # the same panels in the same places: the grid does not move
        panel = page.locator('section.hud-table[data-hand-id="91400000003"]')
        assert _vpip(panel) == {"Hero": "67 (3)", "Ann": "0 (4)", "Cid": "100 (1)"}
        screenshot(page, "hud")
        problems = log.problems(page)
        assert problems == [], "the page went wrong in the browser:\n" + "\n".join(problems)
    finally:
        context.close()
        live_of(app).end_streams()
        served.stop()


def test_hud_says_it_is_disconnected_while_the_server_is_down(browser: Any, tmp_path: Path) -> None:
    """The tester's item 2: the server stopped (Ctrl-C), the page says "disconnected" and greys
    its figures; the server back on the same port, the mark goes and new hands show again."""
    from hhtracker.web.hud import live_of

    folder = tmp_path / "hh"
    folder.mkdir()
    db = tmp_path / "live.db"
    api.import_paths([], db)
    served = Served()
    app = make_app(db, served.port, watch=(folder,))
    served.start(app)
    context = browser.new_context(viewport=VIEWPORT, base_url=served.url)
    again = None
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto("/hud")
        page.locator('#hud[data-connected="true"]').wait_for()
        _append(folder / TABLE_A, _hand(1))
        page.locator('section.hud-table[data-hand-id="91400000001"]').wait_for()
        mark = page.locator("#hud-connection")
        assert not mark.is_visible()
        assert page.locator("#hud-tables").evaluate("e => getComputedStyle(e).opacity") == "1"

        live_of(app).end_streams()
        served.stop()
        page.locator('#hud[data-connected="false"]').wait_for()
        mark.wait_for(state="visible")
        assert "disconnected" in mark.inner_text() and "retrying" in mark.inner_text()
        assert float(page.locator("#hud-tables").evaluate("e => getComputedStyle(e).opacity")) < 1  # greyed
        assert _vpip(page.locator("section.hud-table").first) == {"Hero": "100 (1)", "Ann": "0 (1)", "Bob": "100 (1)"}

        again = Served(served.port)
        app = make_app(db, served.port, watch=(folder,))
        again.start(app)
        page.locator('#hud[data-connected="true"]').wait_for()
        mark.wait_for(state="hidden")
        assert page.locator("#hud-tables").evaluate("e => getComputedStyle(e).opacity") == "1"
        _append(folder / TABLE_A, _hand(2))
        page.locator('section.hud-table[data-hand-id="91400000002"]').wait_for()
    finally:
        context.close()
        live_of(app).end_streams()
        (again or served).stop()


ODD = "Ann\u202eEvil\x1b[31m"
"""Ann renamed: a right-to-left override and an escape sequence in her name."""
TAG = "t" * 39 + "\u202e"  # 40 characters, the longest tag


def test_hud_shows_odd_names_tags_and_notes_escaped_isolated_and_wrapped(browser: Any, tmp_path: Path) -> None:
    """The tester's items 4, 6 and 11 on /hud: a name, tag and note holding control and
    direction characters are shown with visible escapes (as the terminal: "\\u202e",
    "\\x1b"), isolated for direction; a 40-character tag and a long note wrap inside the panel
    (no sideways scroll in it) at 1280 and 800 px."""
    from hhtracker.web.hud import live_of

    folder = tmp_path / "hh"
    folder.mkdir()
    db = tmp_path / "live.db"
    api.import_paths([], db)
    api.tag_set(db, ODD, TAG)
    api.note_add(db, ODD, "note\x07 " + "x" * 30 + " " + "y" * 120)
    served = Served()
    app = make_app(db, served.port, watch=(folder,))
    served.start(app)
    context = browser.new_context(viewport=VIEWPORT, base_url=served.url)
    try:
        page = context.new_page()
        log = watch_tab(page, served.url)
        page.goto("/hud")
        page.locator('#hud[data-connected="true"]').wait_for()
        _append(folder / TABLE_A, _hand(1).replace("Ann", ODD).replace("Hud Test", "Hud\x1bTest"))
        page.locator('section.hud-table[data-hand-id="91400000001"]').wait_for()
        panel = page.locator("section.hud-table").first
        name = panel.locator("tr.hud-player .hud-player-name a", has_text="Ann")
        assert name.inner_text() == "Ann\\u202eEvil\\x1b[31m"
        assert panel.locator(".hud-table-name").inner_text() == "Hud\\x1bTest"
        tag = panel.locator(".hud-tag:not(.auto-tag)")
        assert tag.inner_text() == "#" + "t" * 39 + "\\u202e"
        assert panel.locator(".hud-note").inner_text().startswith("note\\x07 ")
        for element in (name, tag, panel.locator(".hud-note"), panel.locator(".hud-table-name")):
            assert element.evaluate("e => getComputedStyle(e).unicodeBidi") == "isolate"
        for width in (1280, 800):
            page.set_viewport_size({"width": width, "height": 800})
            sizes = panel.evaluate("e => [e.scrollWidth, e.clientWidth]")
            assert sizes[0] <= sizes[1], (width, sizes)
        assert log.problems(page) == []
    finally:
        context.close()
        live_of(app).end_streams()
        served.stop()
