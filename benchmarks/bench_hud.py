"""The live table view's refresh (issue 14) on a big database: a hand-history file gets one
complete hand at a time, as a poker client writes it, and each `Hud.look()` (import what was
written, read the active table back: seated players, their statistics from the summary
tables, notes and tags) is timed until the view shows the new hand. `hud --interval` (0.5 s)
adds at most that long before the look starts.

    python benchmarks/bench_hud.py DB [--hands 10]

DB is written to (the hands are added; the first look applies any pending migration, e.g.
m008's index on hands.file_id, timed apart): use a copy. Prints Markdown."""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from hhtracker import api

HANDS = Path(__file__).resolve().parents[1] / "tests" / "data" / "hud_hands"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("db", type=Path)
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    template = [(HANDS / f"hand{n}.txt").read_text() for n in (1, 2, 3)]
    folder = Path(tempfile.mkdtemp()) / "hh"
    folder.mkdir()
    path = folder / "HH bench table.txt"
    start = time.perf_counter()
    api.import_paths([], args.db)  # nothing to import: applies pending migrations
    first = time.perf_counter() - start
    opened = api.Hud([folder], args.db)
    times = []
    for n in range(args.hands):
        hand_id = f"9{int(time.time()):010d}{n:04d}"
        text = template[n % 3].replace(f"9140000000{n % 3 + 1}", hand_id)
        with path.open("a") as handle:
            handle.write(text)
        start = time.perf_counter()
        state = opened.look()
        times.append(time.perf_counter() - start)
        assert state.tables and state.tables[0].hand_id == hand_id, "the view did not show the new hand"
    print(f"| hands in the database | first look (migrations) | a look after a complete hand: median | max |")
    print("|---|---|---|---|")
    count = api.read_only(args.db).execute("select count(*) from hands").fetchone()[0]
    print(f"| {count:,} | {first:.2f} s | {1000 * statistics.median(times):.0f} ms | {1000 * max(times):.0f} ms |")
    print("looks (ms):", " ".join(f"{1000 * t:.0f}" for t in times))


if __name__ == "__main__":
    main()
