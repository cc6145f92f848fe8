"""Memory stays flat whatever the input (issue "Guarantees" 6): files are read and split
into hands as a stream; a "hand" over 1,000,000 characters is rejected as too long with only
an excerpt kept; stray text is counted, not held. Each import runs in its own process, whose
peak resident memory (VmHWM in /proc/self/status, KiB) is read by that process at its end.
The 1 GB case is a benchmark (benchmarks/bench_big_input.py), too slow for the tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.common import ROOT

LIMIT_MB = 150

HEADER = "PokerStars Hand #100000000001:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\n"
FILLER = "some text that is not a hand history, just words and numbers 0123456789\n"  # 72 characters with its line break

PEAK = """
import sys
from hhtracker.cli import run
sys.argv = ["hhtracker", "import", "--json", "--db", sys.argv[1], sys.argv[2]]
try:
    run()
except SystemExit as end:
    code = end.code
# VmHWM: this program's peak (ru_maxrss would count the parent's memory at the fork too)
peak = next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print("PEAK_KIB", peak, "EXIT", code, file=sys.stderr)
"""


def _write(path: Path, head: str, megabytes: int) -> None:
    block = FILLER * ((1 << 20) // len(FILLER) + 1)
    with open(path, "w", encoding="utf-8") as out:
        out.write(head)
        for _ in range(megabytes):
            out.write(block)


def _import_peak(tmp_path: Path, path: Path) -> tuple[int, int, list[dict[str, object]]]:
    """(peak resident memory in MB, exit code, problems) of `hhtracker import --json` of one file."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the peak memory is read from /proc/self/status (Linux)")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", PEAK, str(tmp_path / "t.db"), str(path)], env=env,
                          capture_output=True, text=True, timeout=600)
    words = done.stderr.split()
    assert words[-4] == "PEAK_KIB", done.stdout[-500:] + done.stderr[-2000:]
    return int(words[-3]) // 1024, int(words[-1]), json.loads(done.stdout)["problems"]


def test_text_without_a_hand_header_is_read_in_flat_memory(tmp_path: Path) -> None:
    """120 MB of text and no hand: one stray-text warning (its first line, its count of
    lines) and no_hands, in under 150 MB."""
    path = tmp_path / "nothing.txt"
    _write(path, "", 120)
    lines = ((1 << 20) // len(FILLER) + 1) * 120
    peak, code, problems = _import_peak(tmp_path, path)
    assert code == 1
    assert [(p["line"], p["code"], p["message"]) for p in problems] == [
        (1, "stray_text", f"text outside any hand ignored: {FILLER[:60]!r} … (71 characters) "
                          f"({lines:,} lines, {lines * 71:,} characters)"),
        (None, "no_hands", "no hand histories found in this file")]
    assert peak < LIMIT_MB, f"peak memory {peak} MB"


def test_one_hand_of_50_mb_is_rejected_as_too_long_in_flat_memory(tmp_path: Path) -> None:
    """A Badugi hand header, then 50 MB of text: one hand rejected `too_long` at the line that
    took it over 1,000,000 characters (the header's 88 characters and 13,888 lines of 72, line breaks counted), in under
    150 MB."""
    path = tmp_path / "one_hand.txt"
    _write(path, HEADER, 50)
    peak, code, problems = _import_peak(tmp_path, path)
    assert code == 1
    # 88 + 72 * k > 1,000,000 from the 13,888th line of text after the header
    assert [(p["line"], p["code"]) for p in problems] == [(13_889, "too_long")]
    assert str(problems[0]["message"]).startswith(f"hand too long ({88 + 72 * 50 * 14_564:,} characters in ")
    assert peak < LIMIT_MB, f"peak memory {peak} MB"
