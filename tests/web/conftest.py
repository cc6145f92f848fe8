"""The web app's fixtures: a small database (the sample histories, and the real corpus's
PokerStars cash file when it is there), the app over it, and a client speaking to it as a
browser on http://127.0.0.1:8765 would."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from tests.common import CORPUS, SAMPLES, STARS_CASH

with warnings.catch_warnings():  # (Starlette 1.x would rather have httpx2, not installed here)
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

BASE = "http://127.0.0.1:8765"


@pytest.fixture(scope="session")
def web_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample histories imported into a database of its own (read by every web test:
    the tests that write notes use `notes_db`)."""
    path = tmp_path_factory.mktemp("web") / "web.db"
    _import(tmp_path_factory, [SAMPLES], path)
    return path


def _import(tmp_path_factory: pytest.TempPathFactory, paths: list[Path], db: Path) -> None:
    """Import with a state folder of its own (a session fixture runs before the per-test
    one of tests/conftest.py): never the user's."""
    from hhtracker import api

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HHTRACKER_STATE_DIR", str(tmp_path_factory.mktemp("web-state")))
        api.import_paths(paths, db)


@pytest.fixture(scope="session")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample histories and the real corpus's PokerStars cash file (skipped, with the
    reason, when the corpus is not beside the repo)."""
    if not (CORPUS / STARS_CASH).is_file():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")
    path = tmp_path_factory.mktemp("web-corpus") / "corpus.db"
    _import(tmp_path_factory, [SAMPLES, CORPUS / STARS_CASH], path)
    return path


def client_for(db: Path, **config: object) -> TestClient:
    """A client of the app over `db` (WebConfig's other fields from `config`), speaking to
    it as a browser on BASE would."""
    from hhtracker.web import WebConfig, create_app

    return TestClient(create_app(WebConfig(db_path=db, **config)), base_url=BASE)  # type: ignore[arg-type]


@pytest.fixture
def client(web_db: Path) -> TestClient:
    return client_for(web_db)


HOSTILE_NAMES = {
    "velvetcrab": "<script>alert(1)</script>",
    "Pelican42": "a\"b'c",
    "snowbird_sid": "x/y%2F z",
    "gus_lavender": "50%_&amp;",
}
"""The sample cash file's players renamed: markup, quotes, a slash and a quoted slash, a
percent sign and an HTML entity (each must be shown as written and work in addresses)."""


@pytest.fixture(scope="session")
def hostile_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample cash file with its players renamed (HOSTILE_NAMES), imported."""
    folder = tmp_path_factory.mktemp("web-hostile")
    text = (SAMPLES / "stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig")
    for plain, hostile in HOSTILE_NAMES.items():
        text = text.replace(plain, hostile)
    (folder / "hostile.txt").write_text(text, encoding="utf-8")
    path = folder / "hostile.db"
    _import(tmp_path_factory, [folder / "hostile.txt"], path)
    return path


def form_token(html: str) -> str:
    """The CSRF token of the first form of a page (its hidden `csrf` field)."""
    import re

    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, "no form with a CSRF token on the page"
    return found.group(1)


def hand_headers(path: Path) -> int:
    """The hands of a PokerStars file, counted by their first lines (not by our parser)."""
    return sum(1 for line in path.read_text(encoding="utf-8-sig").splitlines() if line.startswith("PokerStars "))
