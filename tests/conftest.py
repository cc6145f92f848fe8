"""Shared fixtures for every test folder: the real corpus beside the repo, fresh databases.
The paths they use are in tests/common.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.common import CORPUS


@pytest.fixture
def corpus() -> Path:
    """../shared/corpus; tests that need it are skipped, with this reason, when it is absent."""
    if not CORPUS.is_dir():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")
    return CORPUS


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tracker.db"


@pytest.fixture(autouse=True)
def _state_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test's own state folder (the seals of sound databases, store/seals.py), never
    the user's: $HHTRACKER_STATE_DIR, inherited by the commands a test runs."""
    monkeypatch.setenv("HHTRACKER_STATE_DIR", str(tmp_path_factory.mktemp("state")))
