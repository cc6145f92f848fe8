"""The web app (`hhtracker serve`) in a real browser: Debian's headless Chromium driven by
Playwright (the Python package; no browser of its own is downloaded), against the app served by
uvicorn in a thread of the test process.

Fixtures:
- `browser`: one Chromium for this folder's tests (skipped, with the reason, without the
  `playwright` package or without Chromium: CI installs both, see .ci/run).
- `site`: the app on a free loopback port, serving a database imported once per session from
  sample_histories and ../shared/corpus (skipped, with the reason, without the corpus).
- `page`: a fresh tab (1280x800) that records every console error, uncaught exception,
  Content-Security-Policy violation and request to another address than the app's; the test
  fails at teardown if there was any (`tab_problems(page)` reads them earlier).
- `screenshot(page, name)`: saves docs/screenshots/NAME.png when HHTRACKER_SCREENSHOTS=1
  (never in CI, so the tree stays clean there).
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.common import CORPUS, ROOT, SAMPLES

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT = {"width": 1280, "height": 800}
SCREENSHOTS = ROOT / "docs" / "screenshots"
SCREENSHOTS_ENV = "HHTRACKER_SCREENSHOTS"
TIMEOUT_MS = 30_000
"""Playwright's wait for an element or a page (a loaded CI machine, never a healthy one)."""


def chromium_path() -> str | None:
    """Debian's chromium (the package `chromium`), or another distribution's name for it."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """Headless Chromium for this folder's tests, launched from Debian's binary. Package
    scope, not session: Playwright's sync API keeps an asyncio loop running in the main thread
    while it is open, and the tests after this folder call asyncio.run()."""
    sync_api = pytest.importorskip(
        "playwright.sync_api",
        reason="the playwright package is not installed (pip install '.[test]')")
    executable = chromium_path()
    if executable is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium); CI installs it")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


class Served:
    """An ASGI app served by uvicorn in a thread, on a socket bound beforehand to a free
    loopback port (so the port is known before the app is made: its Host check needs it), as
    `hhtracker serve` serves it."""

    def __init__(self, port: int = 0) -> None:
        """On `port` (0: a free one)."""
        from hhtracker.cli.serve_cmd import listening_socket  # (the socket `serve` listens on)

        self.socket = listening_socket("127.0.0.1", port)
        self.port: int = self.socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: Any = None
        self._thread: threading.Thread | None = None

    def start(self, app: Any) -> None:
        import uvicorn

        config = uvicorn.Config(app, log_level="warning", lifespan="on")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [self.socket]},
                                        name=f"uvicorn:{self.port}", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 20
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the app did not start on {self.url}")
            time.sleep(0.02)

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self.socket.close()


@dataclass
class Site:
    """The app being served: its address and its database."""

    url: str
    db_path: Path


@pytest.fixture(scope="session")
def site_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sample_histories and ../shared/corpus imported once (the sessions' own state folder)."""
    if not CORPUS.is_dir():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")
    from hhtracker import api

    db_path = tmp_path_factory.mktemp("site") / "tracker.db"
    with pytest.MonkeyPatch.context() as patch:  # (never the user's state folder)
        patch.setenv("HHTRACKER_STATE_DIR", str(tmp_path_factory.mktemp("site-state")))
        summary = api.import_paths([SAMPLES, CORPUS], db_path)
    assert summary.hands_new > 100, summary
    return db_path


def make_app(db_path: Path, port: int, **options: Any) -> Any:
    """The web app for a database served on 127.0.0.1:`port`."""
    pytest.importorskip("starlette", reason="starlette is not installed (pip install .)")
    from hhtracker.web import WebConfig, create_app

    return create_app(WebConfig(db_path=db_path, port=port, **options))


@pytest.fixture(scope="package")
def site(site_db: Path, browser: Any) -> Iterator[Site]:
    """The app on the session's database, at http://127.0.0.1:PORT (a free port)."""
    served = Served()
    try:
        served.start(make_app(site_db, served.port))
        yield Site(served.url, site_db)
    finally:
        served.stop()


@dataclass
class TabLog:
    """What a tab saw going wrong."""

    base: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)

    def problems(self, page: Any) -> list[str]:
        """Every problem so far, CSP violations reported in the page included."""
        violations = page.evaluate("window.__cspViolations || []") if not page.is_closed() else []
        return ([f"console error: {m}" for m in self.console_errors]
                + [f"uncaught: {m}" for m in self.page_errors]
                + [f"CSP violation: {v}" for v in violations]
                + [f"request outside the app: {u}" for u in self.foreign_requests])


# Runs before any script of the page (Playwright adds it through the DevTools protocol, outside
# the page's CSP): every securitypolicyviolation event is kept for the test to read.
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__cspViolations.push(e.violatedDirective + " blocked " + (e.blockedURI || "inline") +
                              " at " + e.sourceFile + ":" + e.lineNumber);
});
"""


def watch_tab(page: Any, base: str) -> TabLog:
    """Record `page`'s console errors, uncaught exceptions and requests outside `base`."""
    log = TabLog(base)
    page.add_init_script(CSP_LISTENER)
    page.on("console", lambda message: log.console_errors.append(
        f"{message.text} ({message.location.get('url') or 'no address'})") if message.type == "error" else None)
    page.on("pageerror", lambda error: log.page_errors.append(str(error)))
    page.on("request", lambda request: log.foreign_requests.append(request.url)
            if not (request.url.startswith(base + "/") or request.url == base
                    or request.url.startswith(("data:", "about:"))) else None)
    page.set_default_timeout(TIMEOUT_MS)
    return log


@pytest.fixture
def tab(browser: Any, site: Site) -> Iterator[tuple[Any, TabLog]]:
    """A fresh browser context and tab on the session's site, watched (see watch_tab)."""
    context = browser.new_context(viewport=VIEWPORT, base_url=site.url)
    page = context.new_page()
    log = watch_tab(page, site.url)
    try:
        yield page, log
        problems = log.problems(page)
        assert problems == [], "the page went wrong in the browser:\n" + "\n".join(problems)
    finally:
        context.close()


@pytest.fixture
def page(tab: tuple[Any, TabLog]) -> Any:
    """The watched tab's page (the test fails if it logs an error; see `tab`)."""
    return tab[0]


@pytest.fixture
def screenshot() -> Callable[[Any, str], None]:
    """screenshot(page, name): docs/screenshots/NAME.png, 1280x800 in 128 colours, when
    $HHTRACKER_SCREENSHOTS=1 (else nothing)."""

    def take(page: Any, name: str) -> None:
        if os.environ.get(SCREENSHOTS_ENV) != "1":
            return
        from PIL import Image  # (matplotlib's dependency)

        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=False)
        # 128 colours, no dithering: a third of the size, the text as sharp (pages are flat colours)
        with Image.open(path) as shot:
            small = shot.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        small.save(path, optimize=True)

    return take
