"""Paths and names shared by the tests: the repo, its sample histories, the hand-written data
of tests/data/, the real corpus beside the repo (never copied into it) and its files.

Test modules import these explicitly (`from tests.common import SAMPLES`); the fixtures built
on them are in tests/conftest.py."""

from __future__ import annotations

import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories"
DATA = ROOT / "tests" / "data"
CORPUS = ROOT.parent / "shared" / "corpus"
SEEDS = ROOT.parent / "shared" / "seeds"

STARS_CASH = "PokerStars__badugi_FL_cash_201009.txt"
STARS_SNG = "PokerStars__badugi_FL_SNG_201011.txt"
STARS_8GAME = "PokerStars__8game_homegame_shootout_201306.txt"


def latin1_named_copy(source: Path, folder: Path) -> Path:
    """A copy of `source` in `folder` named `caf\\xe9.txt` in bytes (a Latin-1 é, not UTF-8);
    the test is skipped on a file system that refuses such a name."""
    import os

    import pytest

    raw = os.fsencode(folder) + b"/caf\xe9.txt"
    try:
        with open(raw, "wb") as out:
            out.write(source.read_bytes())
    except OSError as error:  # (a file system that takes only UTF-8 names)
        pytest.skip(f"this file system refuses a non-UTF-8 name: {error}")
    return Path(os.fsdecode(raw))


@dataclass(frozen=True)
class Said:
    """What hold_lock_until_said read: the stderr lines up to the message, and whether the
    process was still running (waiting) when it said it."""

    lines: list[Any]
    running: bool


def hold_lock_until_said(holder: "sqlite3.Connection", end: str, process: "subprocess.Popen[Any]",
                         message: str, seconds: float = 60) -> Said:
    """Keep `holder`'s write transaction until `process` writes `message` on its stderr (read
    line by line: no race against the process's start-up on a loaded machine), then end it
    with `end` ("commit", "rollback"). A watchdog ends it after `seconds` so that a process
    that never says so fails its test instead of hanging."""
    import threading

    released = threading.Lock()

    def release() -> None:
        if released.acquire(blocking=False):
            holder.execute(end)

    watchdog = threading.Timer(seconds, release)
    watchdog.start()
    seen: list[Any] = []
    try:
        assert process.stderr is not None
        want = message.encode() if isinstance(process.stderr.read(0), bytes) else message
        for line in process.stderr:  # until it says so (or ends)
            seen.append(line)
            if want in line:
                break
        running = process.poll() is None
        release()
    finally:
        watchdog.cancel()
    return Said(seen, running)
