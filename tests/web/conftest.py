"""The web app's fixtures: a small database (the sample histories, and the real corpus's
PokerStars cash file when it is there), the app over it, and a client speaking to it as a
browser on http://127.0.0.1:8765 would."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from tests.common import CORPUS, SAMPLES, STARS_CASH

warnings.filterwarnings("ignore", message=".*httpx2.*")

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


def client_for(db: Path, **config: object):  # type: ignore[no-untyped-def]
    from starlette.testclient import TestClient

    from hhtracker.web import WebConfig, create_app

    return TestClient(create_app(WebConfig(db_path=db, **config)), base_url=BASE)  # type: ignore[arg-type]


@pytest.fixture
def client(web_db: Path):  # type: ignore[no-untyped-def]
    return client_for(web_db)
