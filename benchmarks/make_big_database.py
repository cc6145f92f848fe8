"""A database of a million hands (or any number) for the query benchmarks, in minutes
instead of hours: generate and import `--hands` hands, then copy every stored hand `--copies`
times in SQL, each copy with new hand numbers and its dates moved on by `--days` days (so the
summaries grow with the days, as a real archive's do), and rebuild the summary tables.

    python benchmarks/make_big_database.py OUT.db [--hands 100000] [--copies 9] [--days 120]

The copies are whole hands (every table that hangs from hands), so `player`, `players`,
`report` and `sessions` read a database shaped like a long real archive. Then:

    python benchmarks/bench_queries.py OUT.db
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hhtracker.store import summary  # noqa: E402
from hhtracker.store.database import immediate, open_database  # noqa: E402

HANGING = ("raw_hands", "hand_players", "actions", "draws", "draw_luck", "validation_issues")
"""The tables whose rows hang from a hand (hand_id)."""


def columns(db, table: str) -> list[str]:
    return [c[1] for c in db.execute(f"pragma table_info([{table}])")]


def copy_hands(db, copies: int, days: int) -> None:
    """Copy every stored hand `copies` times: new ids and hand numbers, start times moved on."""
    top = db.execute("select max(id) from hands").fetchone()[0]
    hand_columns = [c for c in columns(db, "hands") if c not in ("id", "site_hand_id", "start_time")]
    for k in range(1, copies + 1):
        start = time.perf_counter()
        offset = k * top
        with immediate(db):
            db.execute(
                f"""insert into hands (id, site_hand_id, start_time, {', '.join(hand_columns)})
                    select id + {offset}, site_hand_id || '-{k}',
                           strftime('%Y-%m-%dT%H:%M:%S+00:00', start_time, '+{k * days} days'),
                           {', '.join(hand_columns)}
                    from hands where id <= {top}""")
            for table in HANGING:
                rest = [c for c in columns(db, table) if c != "hand_id"]
                db.execute(f"""insert into {table} (hand_id, {', '.join(rest)})
                               select hand_id + {offset}, {', '.join(rest)} from {table} where hand_id <= {top}""")
        print(f"copy {k}: {time.perf_counter() - start:.0f} s", flush=True)


def main() -> None:
    options = argparse.ArgumentParser()
    options.add_argument("out", type=Path)
    options.add_argument("--hands", type=int, default=100_000)
    options.add_argument("--copies", type=int, default=9)
    options.add_argument("--days", type=int, default=120)
    args = options.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="hhbig-")) / "hh"
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "hhtracker", "generate", "--out", str(folder), "--hands", str(args.hands),
                    "--seed", "2026", "--players", "400", "--tables", "8"], cwd=ROOT, check=True)
    subprocess.run([sys.executable, "-m", "hhtracker", "import", "-q", "--jobs", "2", "--db", str(args.out),
                    str(folder)], cwd=ROOT, check=False)
    print(f"imported {args.hands:,} hands: {time.perf_counter() - started:.0f} s", flush=True)
    db = open_database(args.out)
    copy_hands(db, args.copies, args.days)
    start = time.perf_counter()
    with immediate(db):
        summary.rebuild(db)
    print(f"summaries rebuilt: {time.perf_counter() - start:.0f} s", flush=True)
    count = db.execute("select count(*) from hands").fetchone()[0]
    db.close()  # (checkpoints the WAL: a connection left open leaves it to the next opener)
    print(f"{args.out}: {count:,} hands, {args.out.stat().st_size / 1e9:.2f} GB, "
          f"{time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()
