"""Paths and names shared by the tests: the repo, its sample histories, the hand-written data
of tests/data/, the real corpus beside the repo (never copied into it) and its files.

Test modules import these explicitly (`from tests.common import SAMPLES`); the fixtures built
on them are in tests/conftest.py."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories"
DATA = ROOT / "tests" / "data"
CORPUS = ROOT.parent / "shared" / "corpus"
SEEDS = ROOT.parent / "shared" / "seeds"

STARS_CASH = "PokerStars__badugi_FL_cash_201009.txt"
STARS_SNG = "PokerStars__badugi_FL_SNG_201011.txt"
STARS_8GAME = "PokerStars__8game_homegame_shootout_201306.txt"
