"""Memory whatever the input (issue "Guarantees", item 6): files of text that are not hand
histories, or one "hand" that never ends, imported in a fresh process each; its peak
resident memory and time are reported (the README promises flat memory, the target is under
150 MB). Writes the inputs to a temporary folder (deleted at the end). Run on demand:

    python benchmarks/bench_big_input.py [--megabytes 1024]

Shapes: `no-header` (text and no hand header: stray text), `one-hand` (a Badugi header and
then text to the end: a hand too long), `one-line` (a header and one line of the whole size).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HEADER = "PokerStars Hand #100000000001:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\n"
FILLER = "some text that is not a hand history, just words and numbers 0123456789\n"

PEAK = """
import sys
from hhtracker.cli import run
sys.argv = ["hhtracker", "import", "--quiet", "--db", sys.argv[1], sys.argv[2]]
try:
    run()
except SystemExit as end:
    code = end.code
# VmHWM: this program's peak (ru_maxrss would count the parent's memory at the fork too)
peak = next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print("PEAK_KIB", peak, "EXIT", code, file=sys.stderr)
"""


def write(path: Path, shape: str, megabytes: int) -> None:
    block = (FILLER * ((1 << 20) // len(FILLER) + 1))[: 1 << 20]
    if shape == "one-line":
        block = "X" * (1 << 20)
    with open(path, "w", encoding="utf-8") as out:
        if shape != "no-header":
            out.write(HEADER)
        for _ in range(megabytes):
            out.write(block)
        out.write("\n")


def main() -> None:
    options = argparse.ArgumentParser()
    options.add_argument("--megabytes", type=int, default=1024)
    options.add_argument("--shapes", default="no-header,one-hand,one-line")
    args = options.parse_args()
    work = Path(tempfile.mkdtemp(prefix="hhinput-"))
    try:
        for shape in args.shapes.split(","):
            path = work / f"{shape}.txt"
            write(path, shape, args.megabytes)
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", PEAK, str(work / f"{shape}.db"), str(path)], cwd=ROOT,
                                  capture_output=True, text=True)
            seconds = time.perf_counter() - start
            words = done.stderr.split()
            last = [line for line in done.stderr.splitlines() if not line.startswith("PEAK_KIB")][-1:]
            print(f"{shape}: {path.stat().st_size / 1e6:,.0f} MB in {seconds:.1f} s, peak RSS "
                  f"{int(words[-3]) / 1024:.0f} MB, exit {words[-1]}; {last[0][:160] if last else ''}")
            path.unlink()
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
