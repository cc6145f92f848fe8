"""Import throughput, peak memory and query times on generated hands.

Run on demand (not in CI):  python benchmarks/bench_import.py [--hands 20000] [--tables 8]
Prints a Markdown block to paste into benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hhtracker.generate import generate_files, generate_hands  # noqa: E402
from hhtracker.parse.pokerstars import PokerStarsParser  # noqa: E402
from hhtracker.parse.read import RawHand  # noqa: E402
from hhtracker.rules.replay import replay  # noqa: E402
from hhtracker.stats.per_hand import per_hand_stats  # noqa: E402
from hhtracker.store.repository import prepare_hand  # noqa: E402


def cli(*args: str) -> tuple[float, int]:
    """Wall seconds and peak RSS (KB) of one hhtracker command in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "hhtracker", *args], cwd=ROOT, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    return seconds, max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)


def stages(count: int) -> dict[str, float]:
    """Hands per second of each stage, in this process, on `count` generated hands."""
    raws = [RawHand("bench", 1, h.text) for h in generate_hands(hands=count, seed=99, tables=4)]
    parser = PokerStarsParser()
    t0 = time.perf_counter()
    parsed = [parser.parse(r) for r in raws]
    t1 = time.perf_counter()
    replayed = [replay(p) for p in parsed]
    t2 = time.perf_counter()
    facts = [per_hand_stats(r) for r in replayed]
    t3 = time.perf_counter()
    for r, f in zip(replayed, facts):
        prepare_hand(r, f)
    t4 = time.perf_counter()
    return {"parse": count / (t1 - t0), "replay": count / (t2 - t1), "statistics": count / (t3 - t2),
            "rows": count / (t4 - t3), "all four": count / (t4 - t0)}


def main() -> None:
    options = argparse.ArgumentParser()
    options.add_argument("--hands", type=int, default=20000)
    options.add_argument("--tables", type=int, default=8)
    args = options.parse_args()
    work = Path(tempfile.mkdtemp(prefix="hhbench-"))
    folder = work / "hh"
    generate_files(folder, hands=args.hands, seed=2026, tables=args.tables)
    size = sum(f.stat().st_size for f in folder.glob("*.txt"))
    print(f"## Import ({dt.date.today()}, {os.cpu_count()} cores, Python {platform.python_version()})\n")
    print(f"{args.hands:,} generated hands in {args.tables} files ({size / 1e6:.1f} MB).\n")
    print("| run | seconds | hands/s | peak RSS |")
    print("|---|---:|---:|---:|")
    for jobs in (1, 2):
        db = work / f"jobs{jobs}.db"
        seconds, peak = cli("import", "-q", "--jobs", str(jobs), "--db", str(db), str(folder))
        print(f"| import --jobs {jobs} | {seconds:.1f} | {args.hands / seconds:,.0f} | {peak / 1024:.0f} MB |")
    seconds, _ = cli("import", "-q", "--db", str(work / "jobs1.db"), str(folder))
    print(f"| re-import, all duplicates | {seconds:.1f} | {args.hands / seconds:,.0f} | |")
    db = str(work / "jobs1.db")
    for label, command in (("players", ["players", "--db", db]), ("player Hero", ["player", "--db", db, "Hero"]),
                           ("report (latest session)", ["report", "--db", db]), ("sessions", ["sessions", "--db", db])):
        seconds, _ = cli(*command)
        print(f"| {label} | {seconds:.2f} | | |")
    print("\nStages in one process (hands/s), 3,000 hands:\n")
    print("| " + " | ".join(stages(3000).keys()) + " |")
    result = stages(3000)
    print("|" + "---:|" * len(result))
    print("| " + " | ".join(f"{v:,.0f}" for v in result.values()) + " |")


if __name__ == "__main__":
    main()
