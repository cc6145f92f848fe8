"""Shared fixtures: the real corpus beside the repo, sample histories, fresh databases."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories"
CORPUS = ROOT.parent / "shared" / "corpus"

STARS_CASH = "PokerStars__badugi_FL_cash_201009.txt"
STARS_SNG = "PokerStars__badugi_FL_SNG_201011.txt"
STARS_8GAME = "PokerStars__8game_homegame_shootout_201306.txt"


@pytest.fixture
def corpus() -> Path:
    """../shared/corpus; tests that need it are skipped, with this reason, when it is absent."""
    if not CORPUS.is_dir():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")
    return CORPUS


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tracker.db"
