"""`/hud` and `/hud/events` (issue 26): the page, its JSON, and a real server following a
folder (`serve --watch`) while a test writes hands into it, the panel's data arriving as a
Server-Sent Event. The figures after each hand are worked out by hand from tests/data/hud_hands
(3-max, $0.50/$1; tests/cli/test_hud.py tells the hands):

- after hand 1: Hero VPIP 1/1 (raised on the button), Ann 0/1 (folded her small blind), Bob
  1/1 (called in the big blind);
- after hand 2 (a walk for Hero in the big blind: no VPIP chance): Hero 1/1, Ann 0/2, Bob 1/2;
- after hand 3 (Bob has left, Cid sits in seat 3 and calls; Hero folds his small blind):
  Hero 1/2, Ann 0/3, Cid 1/1.

The delay from a hand's last line written to its event is printed (`pytest -s` shows it); the
measurement is benchmarks/bench_hud_web.py's, in benchmarks/RESULTS.md."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from hhtracker import api
from tests.common import DATA, ROOT
from tests.web.conftest import client_for

HANDS = DATA / "hud_hands"
TABLE_FILE = "HH20200201 Hud Test - $0.50-$1 - USD Badugi Limit.txt"


def _hand(n: int) -> str:
    return (HANDS / f"hand{n}.txt").read_text()


def _vpip(state: dict) -> dict[str, str]:
    """player -> his VPIP as shown ("50 (2)"), from the first table of a state's JSON."""
    players = state["tables"][0]["players"]
    return {p["player"]: f'{p["figures"]["vpip"]["value_text"]} ({p["figures"]["vpip"]["sample_text"]})' for p in players}


def test_the_page_and_its_json_without_a_watched_folder(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/hud")
    assert page.status_code == 200
    html = page.text
    # the stable DOM the browser test reads (docs/web.md, "The live view")
    for mark in ('id="hud"', 'id="hud-status"', 'id="hud-tables"', 'id="hud-notices"', 'id="hud-progress"',
                 'data-events="/hud/events"', '<script src="/static/hud.js" defer></script>'):
        assert mark in html, mark
    assert "hhtracker serve --watch FOLDER" in html  # says how to follow a folder
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)  # no inline script
    state = client.get("/api/hud").json()
    assert state["tables"] == [] and state["watching"] == [] and state["importing"] is None
    assert [c["key"] for c in state["columns"]] == list(api.HUD_JSON_COLUMNS)
    assert [c["key"] for c in client.get("/api/hud?stats=wtsd,vpip").json()["columns"]] == ["wtsd", "vpip"]
    for address in ("/hud?stats=vpip,nonsense", "/api/hud?stats=nonsense", "/hud/events?stats=nonsense"):
        refused = client.get(address)
        assert refused.status_code == 400 and "nonsense" in refused.text, address


def test_the_script_never_writes_html() -> None:
    script = (ROOT / "hhtracker" / "web" / "static" / "hud.js").read_text()
    assert "textContent" in script
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in script, sink


def test_hud_json_is_the_state_shown(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    path = folder / TABLE_FILE
    path.write_text(_hand(1) + _hand(2))
    hud = api.Hud([folder], tmp_path / "hud.db")
    state = api.hud_json(hud.look(), watching=(str(folder),))
    (table,) = state["tables"]
    assert (table["table"], table["game"], table["game_name"], table["stakes"], table["structure"]) == (
        "Hud Test", "badugi", "Badugi", "$0.50/$1.00", "FL")
    assert (table["hand_id"], table["hands"]) == ("91400000002", 2)
    assert [(p["seat"], p["player"], p["hero"], p["hands"]) for p in table["players"]] == [
        (1, "Hero", True, 2), (2, "Ann", False, 2), (3, "Bob", False, 2)]
    assert table["players"][2]["figures"]["vpip"] == {"value": 50.0, "sample": 2, "value_text": "50",
                                                      "sample_text": "2", "small": True}
    # Hero: +1.25 and +0.25 big bets of $1 over 2 hands = +75.0 BB/100
    assert table["players"][0]["figures"]["bb100"]["value_text"] == "+75.0"
    assert str(tmp_path) not in json.dumps(table)  # the file's path is not sent
    with path.open("a") as handle:
        handle.write(_hand(3))
    again = api.hud_json(hud.look())
    assert again["tables"][0]["key"] == table["key"]  # one table, one key, look after look
    assert _vpip(again) == {"Hero": "50 (2)", "Ann": "0 (3)", "Cid": "100 (1)"}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class _Server:
    """uvicorn serving the app in a thread (lifespan on: the importer thread runs)."""

    def __init__(self, db: Path, watch: Path) -> None:
        import uvicorn

        from hhtracker.web import WebConfig, create_app
        from hhtracker.web.hud import live_of

        self.port = _free_port()
        self.app = create_app(WebConfig(db_path=db, port=self.port, watch=(watch,)))
        self.live = live_of(self.app)
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                                    lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> _Server:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.live.end_streams()
        self.server.should_exit = True
        self.thread.join(15)


def _events(response: httpx.Response) -> Iterator[dict]:
    """The `hud` events of a stream, as JSON."""
    kind, data = None, []
    for line in response.iter_lines():
        if line.startswith("event:"):
            kind = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].strip())
        elif line == "" and data:
            if kind == "hud":
                yield json.loads("".join(data))
            kind, data = None, []


def test_an_event_follows_each_hand_written_to_a_watched_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # no keepalive during the test: an event comes because the importer woke the stream up
    monkeypatch.setattr("hhtracker.web.hud.KEEPALIVE_SECONDS", 600.0)
    folder = tmp_path / "hh"
    folder.mkdir()
    path = folder / TABLE_FILE
    db = tmp_path / "live.db"
    api.import_paths([], db)  # (serve makes it so when --watch is given)
    with _Server(db, folder) as server:
        base = f"http://127.0.0.1:{server.port}"
        assert httpx.get(base + "/hud").status_code == 200
        with httpx.stream("GET", base + "/hud/events", timeout=httpx.Timeout(5.0, read=30.0)) as response:
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
            assert "script-src 'self'" in response.headers["content-security-policy"]
            events = _events(response)
            first = next(events)  # the state at once
            assert first["tables"] == [] and first["watching"] == [str(folder)]
            expected = {1: {"Hero": "100 (1)", "Ann": "0 (1)", "Bob": "100 (1)"},
                        2: {"Hero": "100 (1)", "Ann": "0 (2)", "Bob": "50 (2)"},
                        3: {"Hero": "50 (2)", "Ann": "0 (3)", "Cid": "100 (1)"}}
            for n in (1, 2, 3):
                with path.open("a") as handle:
                    handle.write(_hand(n))
                written = time.monotonic()
                for state in events:
                    if state["tables"] and state["tables"][0]["hand_id"] == f"9140000000{n}":
                        break
                delay = time.monotonic() - written
                print(f"/hud/events: hand {n} arrived {delay * 1000:.0f} ms after it was written")
                assert _vpip(state) == expected[n]
                table = state["tables"][0]
                assert (table["table"], table["game_name"], table["hands"]) == ("Hud Test", "Badugi", n)
                assert [p["hero"] for p in table["players"]] == [True, False, False]


def test_serve_watch_imports_into_a_new_database_and_stops_cleanly(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    db = tmp_path / "new.db"
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "hhtracker", "serve", "--db", str(db), "--port", str(port),
                                "--watch", str(folder)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == f"Serving on http://127.0.0.1:{port}"
        (folder / TABLE_FILE).write_text(_hand(1))
        deadline = time.monotonic() + 30
        while True:
            state = httpx.get(f"http://127.0.0.1:{port}/api/hud").json()
            if state["tables"]:
                break
            assert time.monotonic() < deadline, "the watched hand never reached /api/hud"
            time.sleep(0.1)
        assert _vpip(state) == {"Hero": "100 (1)", "Ann": "0 (1)", "Bob": "100 (1)"}
        # a browser keeps /hud/events open: Ctrl-C still stops the server at once, without a traceback
        with httpx.stream("GET", f"http://127.0.0.1:{port}/hud/events", timeout=10.0) as response:
            next(response.iter_lines())
            time.sleep(1)  # (connected a while, as a page left open)
            process.send_signal(signal.SIGINT)
            _, stderr = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130  # stopped with Ctrl-C, as `import` (README, exit codes)
    assert "Traceback" not in stderr and "ERROR" not in stderr, stderr
    assert api.player_marks(db, "Bob") == ((), ())  # the database is ours and readable


def test_end_streams_ends_every_open_event_stream(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What Ctrl-C does to the streams (serve's exit handler calls end_streams): each open
    stream sends a last `closing` event and ends, instead of holding the server open."""
    import asyncio

    from hhtracker.web import WebConfig
    from hhtracker.web.hud import LiveView, _events

    monkeypatch.setattr("hhtracker.web.hud.KEEPALIVE_SECONDS", 600.0)
    live = LiveView(WebConfig(db_path=tmp_path / "none.db"))

    async def read_two_streams() -> list[list[str]]:
        async def read() -> list[str]:
            return [chunk async for chunk in _events(live, None)]

        readers = [asyncio.create_task(read()) for _ in range(2)]
        await asyncio.sleep(0.2)  # both streams sent the state and wait
        live.end_streams()
        return await asyncio.wait_for(asyncio.gather(*readers), 10)

    for chunks in asyncio.run(read_two_streams()):
        assert chunks[0] == "retry: 1000\n\n" and chunks[1].startswith("event: hud\nid: 0\ndata: {")
        assert chunks[-1] == "event: closing\ndata: {}\n\n" and len(chunks) == 3


def test_the_importer_opens_and_checks_the_database_when_it_starts(tmp_path: Path) -> None:
    """Watcher.prepare at the thread's start: the database is made (or checked whole, when a
    copy or a live view broke its seal) before any hand is written, not when the first one
    is (that check takes about 30 s at 1,000,000 hands)."""
    from hhtracker.web import WebConfig
    from hhtracker.web.hud import LiveView

    folder = tmp_path / "hh"
    folder.mkdir()
    db = tmp_path / "made.db"
    live = LiveView(WebConfig(db_path=db, watch=(folder,)))
    assert live.hud is not None and not live.hud.watcher.checked
    live.start()
    try:
        deadline = time.monotonic() + 30
        while not live.hud.watcher.checked:
            assert time.monotonic() < deadline, "the database was not opened before a hand was written"
            time.sleep(0.05)
    finally:
        live.stop()
    assert db.exists() and api.player_marks(db, "Nobody") == ((), ())  # ours, and readable
    assert live.failure is None
