"""A 200 MB hand-history file: generate it, import it with --jobs 2, report time, peak
memory and that every hand was stored (issue: reliability, item 1). Run on demand:

    python benchmarks/bench_big_file.py [--megabytes 200] [--jobs 2]
"""

from __future__ import annotations

import argparse
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hhtracker.generate import generate_hands  # noqa: E402


def main() -> None:
    options = argparse.ArgumentParser()
    options.add_argument("--megabytes", type=int, default=200)
    options.add_argument("--jobs", type=int, default=2)
    args = options.parse_args()
    work = Path(tempfile.mkdtemp(prefix="hhbig-"))
    path = work / "big.txt"
    count = 0
    with open(path, "w", encoding="utf-8-sig", newline="\n") as handle:
        for hand in generate_hands(hands=10**8, seed=200, tables=8):
            handle.write(hand.text + "\n\n\n\n")
            count += 1
            if count % 1000 == 0 and handle.tell() > args.megabytes * 1024 * 1024:
                break
    db = work / "big.db"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "hhtracker", "import", "-q", "--jobs", str(args.jobs), "--db", str(db), str(path)],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    stored, ok = sqlite3.connect(db).execute("select count(*), sum(status = 'ok') from hands").fetchone()
    print(f"{path.stat().st_size / 1e6:.0f} MB, {count:,} hands: imported in {seconds:.0f} s "
          f"({count / seconds:,.0f} hands/s) with --jobs {args.jobs}, peak RSS {peak / 1024:.0f} MB; "
          f"stored {stored:,}, ok {ok:,}")


if __name__ == "__main__":
    main()
