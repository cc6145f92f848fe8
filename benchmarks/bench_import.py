"""Import speed against a plain regular-expression scan of the same files, in the same run
(absolute times drift on shared machines: the ratio is the figure to watch), with one job
and two, peak memory, two importers at once, and the start-up time of every command.

Run on demand (not in CI):

    python benchmarks/bench_import.py [--hands 100000] [--sng-hands 20000] [--skip-generated]

Inputs: `--hands` generated hands (hhtracker generate, 8 tables) and the real sit-and-go
file of ../shared/corpus repeated to `--sng-hands` hands with unique hand numbers. Each
import goes into a fresh database. Prints a Markdown block for benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SCAN = SHARED / "tools" / "regex_scan.py"
SNG = SHARED / "corpus" / "PokerStars__badugi_FL_SNG_201011.txt"
HHTRACKER = [sys.executable, "-m", "hhtracker"]


def timed(command: list[str]) -> tuple[float, int, subprocess.CompletedProcess]:
    """Wall seconds, peak RSS in MB (GNU time's %M) and the result of one command."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    peak = int(result.stderr.strip().splitlines()[-1]) // 1024 if result.stderr.strip() else 0
    return seconds, peak, result


def repeated_sng(out: Path, hands: int) -> Path:
    """The real SNG file's hands repeated until `hands` hands, each copy's hand numbers
    (and tournament numbers) shifted so that every hand is new to the database."""
    text = SNG.read_text(encoding="utf-8-sig")
    blocks = [b for b in re.split(r"\n\s*\n(?=PokerStars )", text.strip()) if b.startswith("PokerStars ")]
    path = out / "sng_repeated.txt"
    with open(path, "w", encoding="utf-8") as handle:
        for n in range(hands):
            copy, block = divmod(n, len(blocks))
            shifted = re.sub(r"(Game|Hand) #(\d+)", lambda m: f"{m.group(1)} #{int(m.group(2)) + copy * 10**9}",
                             blocks[block], count=1)
            shifted = re.sub(r"Tournament #(\d+)", lambda m: f"Tournament #{int(m.group(1)) + copy}", shifted, count=1)
            handle.write(shifted + "\n\n\n")
    return path


def stored(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute("select count(*) from hands").fetchone()[0]


def import_rows(label: str, files: list[Path], hands: int, work: Path) -> list[str]:
    """Scan, import with --jobs 1, import with --jobs 2 (fresh databases), scan again; the
    ratio uses the mean of the two scans around the imports."""
    rows = []
    scan_a, _, _ = timed([sys.executable, str(SCAN), *map(str, files)])
    runs = {}
    for jobs in (1, 2):
        db = work / f"{label}-jobs{jobs}.db"
        seconds, peak, result = timed([*HHTRACKER, "import", "-q", "--jobs", str(jobs), "--db", str(db), *map(str, files)])
        assert stored(db) == hands, (label, jobs, stored(db), result.stderr[-500:])
        runs[jobs] = (seconds, peak)
    scan_b, _, _ = timed([sys.executable, str(SCAN), *map(str, files)])
    scan = (scan_a + scan_b) / 2
    for jobs, (seconds, peak) in runs.items():
        speedup = "" if jobs == 1 else f"{runs[1][0] / seconds:.2f}x"
        rows.append(f"| {label} | {jobs} | {seconds:.1f} | {hands / seconds:,.0f} | {scan:.2f} | "
                    f"{seconds / scan:.1f} | {speedup} | {peak} MB |")
    return rows


def two_importers(files: list[Path], hands: int, work: Path) -> str:
    """Two `hhtracker import` of the same files into one database at the same time."""
    db = work / "two.db"
    start = time.perf_counter()
    processes = [subprocess.Popen([*HHTRACKER, "import", "-q", "--db", str(db), *map(str, files)], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [p.communicate() for p in processes]
    seconds = time.perf_counter() - start
    codes = [p.returncode for p in processes]
    tracebacks = sum("Traceback" in err for _, err in outputs)
    waits = sum(err.count("waiting for another import") for _, err in outputs)
    return (f"two importers of the same {hands:,} hands at once: {seconds:.1f} s for both, exit codes {codes}, "
            f"{stored(db):,} hands stored ({hands:,} expected), {tracebacks} tracebacks, "
            f"{waits} 'waiting for another import' messages")


def startup_rows(db: Path, sample: Path) -> list[str]:
    """Wall time of each command in a fresh process: --version, every command's --help,
    and the reading commands on a small database."""
    commands = [["--version"]] + [[name, "--help"] for name in (
        "import", "validate", "player", "players", "sessions", "report", "hand", "export", "query",
        "reprocess", "generate")]
    commands += [["player", "--db", str(db), "Hero"], ["players", "--db", str(db)], ["sessions", "--db", str(db)],
                 ["query", "--db", str(db), "select count(*) from hands"], ["validate", str(sample)]]
    rows = []
    for command in commands:
        best = min(timed([*HHTRACKER, *command])[0] for _ in range(3))
        rows.append(f"| `hhtracker {' '.join(c if len(c) < 40 else '…' + c[-20:] for c in command)}` | {best:.2f} |")
    return rows


def main() -> None:
    options = argparse.ArgumentParser()
    options.add_argument("--hands", type=int, default=100_000)
    options.add_argument("--sng-hands", type=int, default=20_000)
    options.add_argument("--skip-generated", action="store_true")
    args = options.parse_args()
    work = Path(tempfile.mkdtemp(prefix="hhbench-"))
    print(f"## Import speed ({dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.2f} at start)\n")
    print("| input | jobs | seconds | hands/s | regex scan (s) | import / scan | jobs 2 vs 1 | peak RSS |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    sng = repeated_sng(work, args.sng_hands)
    for row in import_rows(f"real SNG x{args.sng_hands // 103}, {args.sng_hands:,} hands", [sng], args.sng_hands, work):
        print(row)
    if not args.skip_generated:
        folder = work / "generated"
        subprocess.run([*HHTRACKER, "generate", "--out", str(folder), "--hands", str(args.hands), "--seed", "2026",
                        "--tables", "8"], cwd=ROOT, check=True, capture_output=True)
        files = sorted(folder.glob("*.txt"))
        for row in import_rows(f"generated, {args.hands:,} hands", files, args.hands, work):
            print(row)
    print()
    print(two_importers([sng], args.sng_hands, work))
    print("\n| command | seconds (best of 3) |\n|---|---:|")
    for row in startup_rows(work / f"real SNG x{args.sng_hands // 103}, {args.sng_hands:,} hands-jobs1.db", SNG):
        print(row)
    print(f"\n(load average {os.getloadavg()[0]:.2f} at the end; work files in {work})")


if __name__ == "__main__":
    main()
