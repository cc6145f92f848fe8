"""The browser's live view (issue 26, `/hud`): how long from a hand's last line written to a
watched file until `/hud/events` sends the state showing it. The app runs in uvicorn on
127.0.0.1 (in a thread, its lifespan on: the `serve --watch` importer thread follows a new
folder), a client reads the event stream over HTTP, and the benchmark appends one complete
hand at a time to a table's file, as a poker client writes it.

    python benchmarks/bench_hud_web.py DB [--hands 20]

DB is written to (the hands are added): use a copy, or a path where none exists (a new
database is made). A copy is checked whole at its first write (its seal is broken by the
copy: README, "Guarantees"), as after any live view: the server does that when it starts
(Watcher.prepare); "ready" is how long after the start the server could import a hand. Prints
Markdown."""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from hhtracker import api
from hhtracker.web import WebConfig, create_app
from hhtracker.web.hud import LOOK_SECONDS, live_of

HANDS = Path(__file__).resolve().parents[1] / "tests" / "data" / "hud_hands"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("db", type=Path)
    parser.add_argument("--hands", type=int, default=20)
    args = parser.parse_args()
    if not args.db.exists():
        api.import_paths([], args.db)
    template = [(HANDS / f"hand{n}.txt").read_text() for n in (1, 2, 3)]
    folder = Path(tempfile.mkdtemp()) / "hh"
    folder.mkdir()
    path = folder / "HH bench web table.txt"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(WebConfig(db_path=args.db, port=port, watch=(folder,)))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    started = time.perf_counter()
    live = live_of(app)
    while not server.started or not (live.hud is not None and live.hud.watcher.checked):
        if live.failure is not None:
            raise SystemExit(f"the importer could not open {args.db}: {live.failure}")
        time.sleep(0.05)
    opened = time.perf_counter() - started
    delays = []
    try:
        with httpx.stream("GET", f"http://127.0.0.1:{port}/hud/events", timeout=httpx.Timeout(5.0, read=60.0)) as response:
            lines = response.iter_lines()
            for n in range(args.hands):
                hand_id = f"9{int(time.time()):010d}{n:04d}"
                with path.open("a") as handle:
                    handle.write(template[n % 3].replace(f"9140000000{n % 3 + 1}", hand_id))
                written = time.perf_counter()
                for line in lines:
                    if line.startswith("data: {") and f'"hand_id":"{hand_id}"' in line:
                        json.loads(line[6:])
                        break
                delays.append(time.perf_counter() - written)
                time.sleep(0.3)  # (hands come seconds apart at a real table)
    finally:
        live.end_streams()
        server.should_exit = True
        thread.join(15)
    count = api.read_only(args.db).execute("select count(*) from hands").fetchone()[0]
    print("| hands in the database | ready (the check of a copy, migrations) | looks every | hand written -> event: median | min | max | hands |")
    print("|---|---|---|---|---|---|---|")
    print(f"| {count:,} | {opened:.2f} s | {LOOK_SECONDS * 1000:.0f} ms | {statistics.median(delays) * 1000:.0f} ms "
          f"| {min(delays) * 1000:.0f} ms | {max(delays) * 1000:.0f} ms | {len(delays)} |")


if __name__ == "__main__":
    main()
