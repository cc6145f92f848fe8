"""A page's first view waits for nothing the app could have done before: the pages' code is
loaded and their templates compiled when the app is made; a profile's independent reads run
side by side (and an error in one of them is still the one-line page); an answer being read
is read once, whoever else asks for it meanwhile; the start-up's warm-up reads only while
the server is idle."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.common import ROOT
from tests.web.conftest import client_for
from tests.web.test_pages import PAGES

FIRST_VIEWS = r"""
import sys, warnings
warnings.simplefilter("ignore")
from pathlib import Path
from starlette.testclient import TestClient
from hhtracker.web import WebConfig, create_app, render

app = create_app(WebConfig(db_path=Path(sys.argv[1])))
compiled = []
def compile_at_a_request(source, name=None, *args, **kwargs):
    compiled.append(name)
    raise AssertionError(f"template {name} compiled at a request")
render._ENV.compile = compile_at_a_request
loaded = set(sys.modules)
client = TestClient(app, base_url="http://127.0.0.1:8765")
for address in sys.argv[2:]:
    response = client.get(address)
    assert response.status_code == 200, (address, response.status_code, response.text[-300:])
print("modules loaded by the pages:", sorted(m for m in set(sys.modules) - loaded if m.startswith("hhtracker")))
print("templates compiled by the pages:", compiled)
"""


def test_the_pages_code_and_templates_are_ready_when_the_app_is_made(web_db: Path) -> None:
    # (a fresh interpreter: in this one the other tests have loaded and compiled everything)
    addresses = [a for a in PAGES if not a.startswith("/static")]
    addresses += ["/api/home" if a == "/" else "/api" + a for a in addresses if a not in ("/hud",) and "replayer." not in a]
    done = subprocess.run([sys.executable, "-c", FIRST_VIEWS, str(web_db), *addresses], capture_output=True, text=True,
                          timeout=300, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == ["modules loaded by the pages: []", "templates compiled by the pages: []"]


def test_the_profile_reads_side_by_side(client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    # His statistics (the request's thread), his reads and his results (two others) are read
    # at the same time: each waits here for the other two (read one after the other, the
    # first would wait in vain and the page would be an error)
    from hhtracker import api

    together = threading.Barrier(3, timeout=20)

    def meeting(read):  # type: ignore[no-untyped-def]
        def wait_then_read(*args, **kwargs):  # type: ignore[no-untyped-def]
            together.wait()
            return read(*args, **kwargs)
        return wait_then_read

    expected = client.get("/api/players/pokerstars/Hero?game=badugi").json()
    fresh = client_for(client.app.state.config.db_path)  # (nothing kept: every read done again)
    for name in ("player_profile", "player_reads", "player_results"):
        monkeypatch.setattr(api, name, meeting(getattr(api, name)))
    response = fresh.get("/api/players/pokerstars/Hero?game=badugi")
    assert response.status_code == 200, response.text
    assert response.json() == expected


@pytest.mark.parametrize("failing", ["player_reads", "player_results", "note_list", "player_marks"])
def test_a_failing_side_read_is_the_one_line_page(web_db: Path, failing: str, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from hhtracker import api

    def unavailable(*args: object, **kwargs: object) -> None:
        raise api.DatabaseOpenError("cannot open the database web.db: disk I/O error")

    def bug(*args: object, **kwargs: object) -> None:
        raise KeyError("a bug")

    client = client_for(web_db)
    monkeypatch.setattr(api, failing, unavailable)
    page = client.get("/players/pokerstars/Hero")
    assert page.status_code == 503 and "cannot open the database web.db: disk I/O error" in page.text
    assert "Traceback" not in page.text
    assert client.get("/api/players/pokerstars/Hero").json() == {"error": "cannot open the database web.db: disk I/O error"}

    monkeypatch.setattr(api, failing, bug)
    capsys.readouterr()
    page = client.get("/players/pokerstars/Hero")
    assert page.status_code == 500 and "internal error (KeyError: &#39;a bug&#39;)" in page.text
    assert "Traceback" not in page.text
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not [t for t in threading.enumerate() if t.name.startswith("profile")]  # (every read ended)


def test_an_answer_being_read_is_read_once(tmp_path: Path) -> None:
    from hhtracker.web.cache import DatabaseCache

    db = tmp_path / "x.db"
    db.write_bytes(b"x")
    cache = DatabaseCache()
    reading, go = threading.Event(), threading.Event()
    computed: list[str] = []

    def first() -> str:
        computed.append("first")
        reading.set()
        go.wait(20)
        return "the answer"

    def again() -> str:
        computed.append("again")
        return "read twice"

    answers: dict[str, str] = {}
    one = threading.Thread(target=lambda: answers.update(one=cache.get(db, "key", first)))
    one.start()
    assert reading.wait(20)
    other = threading.Thread(target=lambda: answers.update(other=cache.get(db, "key", again)))
    other.start()
    other.join(0.5)  # (it waits for the first reading: still there)
    assert other.is_alive() and computed == ["first"]
    go.set()
    one.join(20)
    other.join(20)
    assert answers == {"one": "the answer", "other": "the answer"} and computed == ["first"]


def test_an_answer_whose_reading_failed_is_read_again(tmp_path: Path) -> None:
    from hhtracker.web.cache import DatabaseCache

    db = tmp_path / "x.db"
    db.write_bytes(b"x")
    cache = DatabaseCache()

    def failing() -> str:
        raise OSError("gone")

    with pytest.raises(OSError):
        cache.get(db, "key", failing)
    assert cache.get(db, "key", lambda: "read") == "read"


def test_a_request_counts_until_its_answer_starts(client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from hhtracker.web import pages

    seen: list[int] = []
    players = pages.players_data

    def counting(request):  # type: ignore[no-untyped-def]
        seen.append(request.app.state.activity.busy)
        return players(request)

    monkeypatch.setattr(pages, "players_data", counting)
    assert client.get("/players").status_code == 200
    assert client.get("/nowhere").status_code == 404
    assert seen == [1] and client.app.state.activity.busy == 0


def test_the_warm_up_reads_only_while_the_server_is_idle(web_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hhtracker import api
    from hhtracker.web import WebConfig
    from hhtracker.web.cache import DatabaseCache
    from hhtracker.web.idle import Activity, WhenIdle
    from hhtracker.web.pages import warm_up

    activity = Activity()
    busy_when_read: list[int] = []

    def watched(read):  # type: ignore[no-untyped-def]
        def note_then_read(*args, **kwargs):  # type: ignore[no-untyped-def]
            busy_when_read.append(activity.busy)
            return read(*args, **kwargs)
        return note_then_read

    for name in ("sessions", "session_page", "tag_population", "leaks"):
        monkeypatch.setattr(api, name, watched(getattr(api, name)))
    activity.started()  # a request being answered
    cache = DatabaseCache()
    warming = threading.Thread(target=warm_up, args=(WebConfig(db_path=web_db), WhenIdle(cache, activity, quiet=0.05)))
    warming.start()
    warming.join(1.0)
    assert warming.is_alive() and busy_when_read == []  # (waiting for the request to be answered)
    activity.ended()
    warming.join(120)
    assert not warming.is_alive()
    assert busy_when_read and set(busy_when_read) == {0}
    assert cache.get(web_db, ("latest session", None), lambda: pytest.fail("not read at start"))


def test_the_idle_wait_needs_a_quiet_server() -> None:
    from hhtracker.web.idle import Activity

    activity = Activity()
    activity.started()
    waiting = threading.Thread(target=activity.wait_until_idle, args=(0.05,))
    waiting.start()
    waiting.join(0.5)
    assert waiting.is_alive()
    activity.ended()
    waiting.join(20)
    assert not waiting.is_alive()
