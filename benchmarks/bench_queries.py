"""Query times on an existing database (the scale issue's 1,000,000-hand targets: `player`
under 50 ms, `players` under 2 s, `report` under 1 s).

Run on demand (not in CI):  python benchmarks/bench_queries.py DB [--player NAME] [--opponent NAME]

Each query is timed in this process (best of 3 runs, each opening the database afresh, as a
command does) and once as a command in a fresh process (wall clock, Python start-up and
imports included). Prints a Markdown block for benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hhtracker import api  # noqa: E402


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The shortest of `runs` timings of work(), in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def command(*args: str) -> float:
    """Wall seconds of one hhtracker command in a fresh process (output discarded)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "hhtracker", *args], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    options = argparse.ArgumentParser()
    options.add_argument("db", type=Path)
    options.add_argument("--player", default="Hero")
    options.add_argument("--opponent", default=None, help="default: the player with the most hands after --player")
    args = options.parse_args()
    db = str(args.db)
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        hands = conn.execute("select count(*) from hands").fetchone()[0]
        players = conn.execute("select count(*) from players").fetchone()[0]
        opponent = args.opponent or conn.execute(
            "select p.name from player_totals t join players p on p.id = t.player_id where p.name != ? "
            "group by t.player_id order by sum(t.hands) desc limit 1", [args.player]).fetchone()[0]
    print(f"Database: {hands:,} hands, {players:,} players, {args.db.stat().st_size / 1e9:.2f} GB.\n")
    print("| query | in-process (best of 3) | command, wall clock |")
    print("|---|---:|---:|")
    start_up = command("--version")
    rows = [
        (f"player {args.player}", lambda: api.player_profile(args.db, args.player), ["player", "--db", db, args.player]),
        (f"player {opponent}", lambda: api.player_profile(args.db, opponent), ["player", "--db", db, opponent]),
        ("players", lambda: api.players(args.db), ["players", "--db", db]),
        ("report (latest session)", lambda: api.session_report(args.db), ["report", "--db", db]),
        ("sessions", lambda: api.sessions(args.db), ["sessions", "--db", db]),
    ]
    for label, work, cli in rows:
        inside = best_of(3, work)
        print(f"| {label} | {1000 * inside:,.0f} ms | {command(*cli):.2f} s |")
    print(f"| `hhtracker --version` (start-up alone) | | {start_up:.2f} s |")


if __name__ == "__main__":
    main()
