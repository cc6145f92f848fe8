"""Ctrl-C during an import, as a terminal sends it (SIGINT to the whole process group): the
import stops at once, says so in one line, exits 130, leaves only whole hands, and the same
import run again finishes the job. With --jobs 2 the workers used to print KeyboardInterrupt
tracebacks and the import hung until a second Ctrl-C (found by a new user's trial)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hhtracker.generate import generate_files

from tests.common import ROOT

HANDS = 3000


def _stored(db_path: Path) -> int:
    """Hands stored so far (0 while the database is not there yet or is being created)."""
    if not db_path.exists():
        return 0
    try:
        with sqlite3.connect(f"{db_path.resolve().as_uri()}?mode=ro", uri=True, timeout=5) as conn:
            return int(conn.execute("select count(*) from hands").fetchone()[0])
    except sqlite3.Error:
        return 0


def _import(db_path: Path, folder: Path, jobs: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "hhtracker", "import", "-q", "--jobs", str(jobs), "--db", str(db_path), str(folder)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_the_import_at_once_and_the_same_import_finishes_it(jobs: int, tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    generate_files(folder, hands=HANDS, seed=41, tables=2)
    db_path = tmp_path / "t.db"
    process = _import(db_path, folder, jobs)
    try:
        deadline = time.monotonic() + 120
        while _stored(db_path) == 0 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)  # until the first batch is written: the import is well under way
        assert process.poll() is None, "the import ended before it could be interrupted"
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
        out, err = process.communicate(timeout=60)  # stops at once: no hang waiting for the workers
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert [line for line in err.splitlines() if line.strip()] == [
        f"interrupted: the hands written so far are kept in {db_path} (whole hands only); "
        "run the same import again to finish it"]
    kept = _stored(db_path)
    assert 0 < kept < HANDS
    again = subprocess.run(
        [sys.executable, "-m", "hhtracker", "import", "-q", "--json", "--db", str(db_path), str(folder)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    assert again.returncode == 0, again.stderr
    assert _stored(db_path) == HANDS  # every hand once: the kept ones duplicates, the rest new
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("select count(*) from hands where status not in ('ok', 'warning')").fetchone()[0] == 0
