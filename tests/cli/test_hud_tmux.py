"""`hhtracker hud` in a real terminal: run under tmux (80x24), its screen read back with
capture-pane, left with the q key (issue 14). Skipped, with the reason, without tmux
(`apt-get install tmux`; .ci/run installs it)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.common import DATA

HANDS = DATA / "hud_hands"


@pytest.fixture
def tmux():
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (apt-get install tmux): hhtracker hud is not tried in a real terminal")
    socket = f"hhtracker-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"  # a tmux server of our own

    def run(*args: str) -> str:
        return subprocess.run(["tmux", "-L", socket, *args], check=True, capture_output=True, text=True).stdout

    yield run
    subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)


def _wait_for(run, pattern: str, seconds: float = 30.0) -> str:
    deadline = time.monotonic() + seconds
    screen = ""
    while time.monotonic() < deadline:
        screen = run("capture-pane", "-p", "-t", "hud")
        if re.search(pattern, screen):
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{pattern!r} never appeared; the screen:\n{screen}")


def test_hud_in_tmux_shows_the_seated_players_and_their_vpip(tmux, tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    path = folder / "HH20200201 Hud Test.txt"
    path.write_text((HANDS / "hand1.txt").read_text() + (HANDS / "hand2.txt").read_text())
    db = tmp_path / "hud.db"
    command = (f"{shlex.quote(sys.executable)} -m hhtracker hud {shlex.quote(str(folder))} --db {shlex.quote(str(db))}"
               f" --interval 0.2; echo HUD-EXIT=$?; sleep 60")
    tmux("new-session", "-d", "-s", "hud", "-x", "80", "-y", "24", command)
    screen = _wait_for(tmux, r"Bob +\d")
    rows = {m.group(1): m.group(2) for m in re.finditer(r"│ *\d+ +(\w+)(?: \*)? +\d+ +(\S+ \(\d+\))", screen)}
    # after hands 1-2 (tests/cli/test_hud.py): Hero 1/1 (the walk is no chance), Ann 0/2, Bob 1/2
    assert rows == {"Hero": "100 (1)", "Ann": "0 (2)", "Bob": "50 (2)"}
    assert "Hero *" in screen and "VP VPIP" in screen

    with path.open("a") as handle:  # the client writes the next hand: Bob leaves, Cid sits down
        handle.write((HANDS / "hand3.txt").read_text())
    screen = _wait_for(tmux, r"Cid +\d")
    rows = {m.group(1): m.group(2) for m in re.finditer(r"│ *\d+ +(\w+)(?: \*)? +\d+ +(\S+ \(\d+\))", screen)}
    assert rows == {"Hero": "50 (2)", "Ann": "0 (3)", "Cid": "100 (1)"}

    tmux("send-keys", "-t", "hud", "q")
    screen = _wait_for(tmux, r"HUD-EXIT=\d")
    assert "HUD-EXIT=0" in screen
    assert re.search(r"hud: 1 file: 3 new hands", screen)
