"""Every page of `hhtracker serve` timed on an existing database (issue 26's target: every
page under 300 ms on the 1,000,000-hand database of make_big_database.py).

Run on demand (not in CI):

    python benchmarks/make_big_database.py /tmp/big/m1.db     # once (about 7-15 minutes)
    python benchmarks/bench_web.py /tmp/big/m1.db [--runs 3] [--profile PATH]

Each page is timed twice over:
- server side: the app called in this process (Starlette's TestClient: routing, the api's
  queries, the template; no socket), the first call and the best of --runs;
- through HTTP: `hhtracker serve` started as a command on a free port, each page fetched over
  TCP (httpx), the first fetch and the best of --runs.
The first call is the first view (nothing cached: the app keeps answers while the database is
unchanged); a page meets the target only when its first view does, in process and over HTTP.
The pages' parameters are picked from the database: the player with the most hands and the
next one, the latest hand of the first.
Prints a Markdown block for benchmarks/RESULTS.md. `--profile PATH` profiles one page
server side instead (cProfile of its first view, the 40 costliest functions by cumulative
time).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET_MS = 300
PORT_IN_PROCESS = 8765  # (the in-process app is never bound: its Host check wants a port)


@dataclass(frozen=True)
class Picked:
    """The database's pages' parameters: the two players with the most hands (site, name),
    the first one's latest hand number, the session count."""

    site: str
    player: str
    opponent: str
    hand: str
    hands: int
    players: int


def pick(db: Path) -> Picked:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        top = conn.execute(
            "select p.site, p.name from player_totals t join players p on p.id = t.player_id "
            "group by t.player_id order by sum(t.hands) desc limit 2").fetchall()
        (site, player), (_, opponent) = top[0], top[1]
        hand = conn.execute(
            "select h.site_hand_id from hands h join hand_players hp on hp.hand_id = h.id "
            "join players p on p.id = hp.player_id where p.site = ? and p.name = ? "
            "order by h.start_time desc limit 1", [site, player]).fetchone()[0]
        hands = conn.execute("select count(*) from hands").fetchone()[0]
        players = conn.execute("select count(*) from players").fetchone()[0]
    return Picked(site, player, opponent, hand, hands, players)


def pages(p: Picked) -> list[tuple[str, str]]:
    """(label, path) of every page, and of the JSON of a few."""
    name, other = quote(p.player, safe=""), quote(p.opponent, safe="")
    return [
        ("home", "/"),
        ("players", "/players"),
        ("players, sorted by VPIP", "/players?sort=vpip"),
        ("players, name search `r*`", "/players?name=r*"),
        ("players, min 1,000 hands, page 2", "/players?min_hands=1000&page=2"),
        ("players, 3-6 dealt in, since 2027-01-01", "/players?table_size=3-6&since=2027-01-01"),
        ("player profile (most hands)", f"/players/{p.site}/{name}"),
        ("player profile (second)", f"/players/{p.site}/{other}"),
        ("player profile, since 2027-01-01", f"/players/{p.site}/{name}?since=2027-01-01"),
        ("player profile, 3-6 dealt in", f"/players/{p.site}/{name}?table_size=3-6"),
        ("player profile, button", f"/players/{p.site}/{name}?position=BTN"),
        ("hands of the player", f"/hands?player={name}"),
        ("hands of the player, page 100", f"/hands?player={name}&page=100"),
        ("hands against a player", f"/hands?player={name}&against={other}"),
        ("hands, showdown only", f"/hands?player={name}&showdown=1"),
        ("hands, saw draw 3, pot over 20", f"/hands?player={name}&saw_draw=3&min_pot=20"),
        ("hands, dominated draws", f"/hands?player={name}&dominated=1"),
        ("hands, with warnings", "/hands?warnings=1"),
        ("hands, every hand", "/hands"),
        ("hand replayer", f"/hands/{p.site}/{quote(p.hand, safe='')}"),
        ("sessions", "/sessions"),
        ("sessions, page 10", "/sessions?page=10"),
        ("session report (no. 1)", "/sessions/1"),
        ("tournaments", "/tournaments"),
        ("leaks", "/leaks"),
        ("hud", "/hud"),
        ("api: home", "/api/home"),
        ("api: players", "/api/players"),
        ("api: player", f"/api/players/{p.site}/{name}"),
        ("api: hands", f"/api/hands?player={name}"),
        ("api: sessions", "/api/sessions"),
        ("api: session report", "/api/sessions/1"),
    ]


@dataclass(frozen=True)
class Timing:
    status: int
    first: float  # seconds
    best: float  # seconds
    size: int  # bytes of the body


def timed(fetch: Callable[[], tuple[int, int]], runs: int) -> Timing:
    times = []
    status = size = 0
    for _ in range(1 + runs):
        start = time.perf_counter()
        status, size = fetch()
        times.append(time.perf_counter() - start)
    return Timing(status, times[0], min(times[1:]), size)


def in_process_client(db: Path):  # -> starlette.testclient.TestClient
    from starlette.testclient import TestClient

    from hhtracker.web import WebConfig, create_app

    app = create_app(WebConfig(db_path=db, port=PORT_IN_PROCESS))
    return TestClient(app, base_url=f"http://127.0.0.1:{PORT_IN_PROCESS}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(db: Path, port: int) -> subprocess.Popen[str]:
    """`hhtracker serve` on `port`, once it says it is serving."""
    process = subprocess.Popen([sys.executable, "-m", "hhtracker", "serve", "--db", str(db), "--port", str(port)],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if "Serving on" in line:
            return process
    raise RuntimeError(f"hhtracker serve did not start (exit {process.wait()})")


def profile(db: Path, path: str) -> None:
    """cProfile of the first view of `path` (nothing cached yet), the app called in this
    thread (httpx's ASGI transport: Starlette's TestClient runs it in another thread). Only
    this thread is profiled: the reads a profile does side by side (pages.PROFILE_READERS)
    show as the time it waits for them ({method 'acquire' of '_thread.lock' objects})."""
    import asyncio

    import httpx

    from hhtracker.web import WebConfig, create_app

    app = create_app(WebConfig(db_path=db, port=PORT_IN_PROCESS))

    async def fetch() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url=f"http://127.0.0.1:{PORT_IN_PROCESS}") as client:
            return await client.get(path)

    profiler = cProfile.Profile()
    profiler.enable()
    response = asyncio.run(fetch())
    profiler.disable()
    print(f"{path}: {response.status_code}, {len(response.content):,} bytes")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)


def main() -> None:
    options = argparse.ArgumentParser()
    options.add_argument("db", type=Path)
    options.add_argument("--runs", type=int, default=3, help="timed runs after the first (best kept)")
    options.add_argument("--profile", metavar="PATH", help="profile this page server side instead")
    args = options.parse_args()
    if args.profile:
        profile(args.db, args.profile)
        return
    picked = pick(args.db)
    print(f"Database: {picked.hands:,} hands, {picked.players:,} players, {args.db.stat().st_size / 1e9:.2f} GB; "
          f"player {picked.player} ({picked.site}), opponent {picked.opponent}, hand {picked.hand}.\n")
    client = in_process_client(args.db)
    inside = {}
    for label, path in pages(picked):
        def fetch(path: str = path) -> tuple[int, int]:
            response = client.get(path)
            return response.status_code, len(response.content)
        inside[path] = timed(fetch, args.runs)

    import httpx

    port = free_port()
    server = serve(args.db, port)
    over_http = {}
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
            for label, path in pages(picked):
                def fetch_http(path: str = path) -> tuple[int, int]:
                    response = http.get(path)
                    return response.status_code, len(response.content)
                over_http[path] = timed(fetch_http, args.runs)
    finally:
        server.terminate()
        server.wait(timeout=10)

    print(f"| page | path | status | server side: first / best of {args.runs} | HTTP: first / best of {args.runs} "
          f"| size | under {TARGET_MS} ms? |")
    print("|---|---|---:|---:|---:|---:|---|")
    for label, path in pages(picked):
        a, b = inside[path], over_http[path]
        # the first view counts: a page is only fast if a player's first look at it is
        worst = max(a.first, a.best, b.first, b.best)
        met = "yes" if a.status == b.status == 200 and worst * 1000 < TARGET_MS else "**no**"
        shown = path if len(path) < 60 else path[:57] + "..."
        print(f"| {label} | `{shown}` | {a.status}/{b.status} | {a.first * 1000:,.0f} / {a.best * 1000:,.0f} ms "
              f"| {b.first * 1000:,.0f} / {b.best * 1000:,.0f} ms | {b.size / 1000:,.0f} kB | {met} |")


if __name__ == "__main__":
    main()
