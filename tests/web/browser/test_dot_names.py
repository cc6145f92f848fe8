"""Players named `..` and `.` in Chromium: the browser removes dot segments from an address
("..", and "%2E%2E" too, as the WHATWG URL standard says), so a link written either way opened
/players. Clicked from the list, each opens his profile; a note added there stays his; his
hands link back to him. (The HTTP side: tests/web/test_dot_names.py.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.common import SAMPLES
from tests.web.browser.conftest import VIEWPORT, Served, make_app, watch_tab

expect = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed").expect


def test_players_named_with_dots_open_from_the_list(browser: Any, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from hhtracker import api

    text = (SAMPLES / "stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig")
    text = re.sub(r"\bvelvetcrab\b", "..", re.sub(r"\bPelican42\b", ".", text))
    (tmp_path / "dots.txt").write_text(text, encoding="utf-8")
    db = tmp_path / "dots.db"
    monkeypatch.setenv("HHTRACKER_STATE_DIR", str(tmp_path / "state"))
    api.import_paths([tmp_path / "dots.txt"], db)
    served = Served()
    served.start(make_app(db, served.port))
    context = browser.new_context(viewport=VIEWPORT, base_url=served.url)
    try:
        page = context.new_page()
        log = watch_tab(page, served.url)
        for name, written in (("..", "%2E%2E!"), (".", "%2E!")):
            page.goto("/players")
            page.get_by_role("link", name=name, exact=True).click()
            page.wait_for_url(re.compile(rf"/players/pokerstars/{re.escape(written)}$"))
            expect(page.locator("h1")).to_have_text(f"{name} (pokerstars)")
        # a note on "..": the form posts to his address and comes back to it
        page.goto("/players")
        page.get_by_role("link", name="..", exact=True).click()
        page.wait_for_url(re.compile(r"/players/pokerstars/%2E%2E!$"))
        page.get_by_placeholder("a note on him").fill("folds to a raise")
        page.get_by_role("button", name="Add note").click()
        page.wait_for_url(re.compile(r"/players/pokerstars/%2E%2E!#notes$"))
        expect(page.locator("h1")).to_have_text(".. (pokerstars)")
        assert page.locator('ul.notes input[name="text"]').input_value() == "folds to a raise"
        # his hands (the file's 9), each linking back to him
        page.get_by_role("link", name="His hands", exact=True).click()
        page.wait_for_url(re.compile(r"/hands\?"))
        links = page.locator("#hands tbody").get_by_role("link", name="..", exact=True)
        assert links.count() == 9
        links.first.click()
        page.wait_for_url(re.compile(r"/players/pokerstars/%2E%2E!$"))
        expect(page.locator("h1")).to_have_text(".. (pokerstars)")
        problems = log.problems(page)
        assert problems == [], "the page went wrong in the browser:\n" + "\n".join(problems)
    finally:
        context.close()
        served.stop()
