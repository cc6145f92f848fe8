"""`hhtracker serve` in headless Chromium (issue 26, "Done when"): from /players to a profile,
to his hands, to the replayer; a note added and deleted; each page free of console errors,
uncaught exceptions, CSP violations and requests outside the app (the `tab` fixture).

The values are worked out by hand from sample_histories/stars_cash_badugi_025_050.txt, the
only file Pelican42 plays in: he is dealt into all 9 of its hands ("Seat 3: Pelican42 ($...
in chips)"), starts the first with $4.80 and the last with $8.03, and in the last (#48911471158,
the newest) puts in $1.25 (raises to $0.50, bets $0.25, calls $0.50) and folds after the third
draw: he ends with $6.78, net +$1.98 over the 9 hands, -$1.25 in that one."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.browser.conftest import Site

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect

PLAYER = "Pelican42"
LAST_HAND = "48911471158"


def test_players_to_profile_to_hands_to_replayer(page: Any, site: Site, screenshot: Any) -> None:
    page.goto("/players")
    rows = page.locator("table.data tbody tr")
    assert rows.count() >= 20  # sample_histories and the corpus: 40-odd players on four sites
    screenshot(page, "players")

    page.get_by_role("link", name=PLAYER, exact=True).click()
    page.wait_for_url(re.compile(rf"/players/pokerstars/{PLAYER}$"))
    expect(page.locator("h1")).to_contain_text(PLAYER)
    body = page.locator("main").inner_text()
    assert re.search(r": 9 hands\b", body), body[:400]
    assert "net +$1.98 (" in body
    screenshot(page, "profile")

    page.get_by_role("link", name="His hands", exact=True).click()
    page.wait_for_url(re.compile(rf"/hands\?player={PLAYER}"))
    hands = page.locator("#hands tbody tr")
    expect(hands).to_have_count(9)
    newest = hands.first
    assert newest.locator("td").first.inner_text() == LAST_HAND
    assert newest.locator("td").nth(8).inner_text() == "-$1.25"
    screenshot(page, "hands")

    newest.get_by_role("link", name=LAST_HAND, exact=True).click()
    page.wait_for_url(re.compile(rf"/hands/pokerstars/{LAST_HAND}(#\d+)?$"))  # (the replayer puts its step in the hash)
    step = page.locator("#step")
    expect(step).to_have_text(re.compile(r"step 0 of \d+"))  # the replayer's script ran
    last = int(step.inner_text().split()[-1])
    page.keyboard.press("End")
    expect(step).to_have_text(f"step {last} of {last}")
    seats = page.locator(".seat")
    stacks = {seats.nth(i).locator(".name").inner_text(): seats.nth(i).locator(".stack").inner_text()
              for i in range(seats.count())}
    # by hand: Hero posts $0.10 and folds; velvetcrab puts in $1.75 and loses at showdown;
    # MarlowK puts in $1.75 and collects $4.65 (the $4.85 pot less $0.20 rake)
    assert stacks == {"Hero": "$11.35", "velvetcrab": "$1.55", PLAYER: "$6.78", "snowbird_sid": "$2.00",
                      "MarlowK": "$15.32"}
    page.keyboard.press("Home")
    screenshot(page, "replayer")


def _notes(page: Any) -> list[str]:
    return [page.locator("#notes ul.notes li input[name=text]").nth(i).input_value()
            for i in range(page.locator("#notes ul.notes li input[name=text]").count())]


def test_a_note_added_and_deleted(page: Any, site: Site) -> None:
    page.goto(f"/players/pokerstars/{PLAYER}")
    assert _notes(page) == []
    text = 'calls down light <b>"always"</b>'  # (markup in a note stays text)
    page.locator("#notes input[name=text][placeholder]").fill(text)
    page.get_by_role("button", name="Add note").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/players/pokerstars/{PLAYER}") or f"/players/pokerstars/{PLAYER}" in page.url
    assert _notes(page) == [text]
    assert page.locator("#notes b").count() == 0

    page.once("dialog", lambda dialog: dialog.accept())  # "Delete this note?"
    page.locator("#notes ul.notes li").first.get_by_role("button", name="Delete").click()
    page.wait_for_load_state()
    assert _notes(page) == []
    assert "No note yet." in page.locator("#notes").inner_text()


def test_a_deletion_refused_at_the_question_keeps_the_note(page: Any, site: Site) -> None:
    page.goto(f"/players/pokerstars/{PLAYER}")
    page.locator("#notes input[name=text][placeholder]").fill("keep me")
    page.get_by_role("button", name="Add note").click()
    page.wait_for_load_state()
    try:
        page.once("dialog", lambda dialog: dialog.dismiss())
        page.locator("#notes ul.notes li").first.get_by_role("button", name="Delete").click()
        page.reload()
        assert _notes(page) == ["keep me"]
    finally:  # (the session's database is shared: leave it as found)
        page.once("dialog", lambda dialog: dialog.accept())
        page.locator("#notes ul.notes li").first.get_by_role("button", name="Delete").click()
        page.wait_for_load_state()
    assert _notes(page) == []


PAGES = {  # screenshot name: address (the main pages the others are not reached by a click from)
    "home": "/",
    "sessions": "/sessions",
    "session-report": "/sessions/1",
    "tournaments": "/tournaments",
    "leaks": "/leaks",
}


def test_each_main_page_renders_cleanly(page: Any, site: Site, screenshot: Any) -> None:
    for name, address in PAGES.items():
        response = page.goto(address)
        assert response is not None and response.status == 200, (address, response and response.status)
        assert page.locator("h1").count() == 1 and page.locator("nav.top a").count() >= 6, address
        screenshot(page, name)
