"""`hhtracker serve` as a user runs it: refusals in one line (exit 2) before listening, and a
real server answering on 127.0.0.1 with the address it printed."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest


def _serve(*args: str, env_db: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hhtracker", "serve", *args], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})


def test_a_host_other_than_loopback_needs_a_token(web_db: Path) -> None:
    done = _serve("--db", str(web_db), "--host", "0.0.0.0")
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--token" in done.stderr and "Traceback" not in done.stderr


def test_a_missing_database_is_one_line(tmp_path: Path) -> None:
    done = _serve("--db", str(tmp_path / "none.db"))
    assert done.returncode == 2
    assert done.stderr.startswith("Error: no database at") and done.stderr.strip().count("\n") == 0
    assert not (tmp_path / "none.db").exists()


def test_a_port_in_use_is_one_line(web_db: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = _serve("--db", str(web_db), "--port", str(port))
    assert done.returncode == 2
    assert "cannot listen on" in done.stderr and "--port" in done.stderr and "Traceback" not in done.stderr


def test_the_server_answers_on_the_address_it_prints(web_db: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "hhtracker", "serve", "--db", str(web_db), "--port", str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    try:
        assert process.stdout is not None
        line = process.stdout.readline().strip()
        assert line == f"Serving on http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/players", timeout=5) as response:
                    assert response.status == 200
                    assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")
                    assert b"Hero" in response.read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        # a browser led by a rebinding DNS name sends its own Host: refused
        request = urllib.request.Request(f"http://127.0.0.1:{port}/players", headers={"Host": f"evil.example:{port}"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=5)
        assert refused.value.code == 400
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_an_address_this_computer_does_not_have_is_said_so(web_db: Path) -> None:
    # 192.0.2.1: TEST-NET-1 (RFC 5737), never an address of a machine; foo.invalid: no name (RFC 2606)
    done = _serve("--db", str(web_db), "--host", "192.0.2.1", "--token", "abcdefgh1")
    assert done.returncode == 2 and done.stderr.strip().count("\n") == 0, done.stderr
    assert "'192.0.2.1' is not an address of this computer" in done.stderr
    assert "--port" not in done.stderr and "Traceback" not in done.stderr
    done = _serve("--db", str(web_db), "--host", "foo.invalid", "--token", "abcdefgh1")
    assert done.returncode == 2 and "--host 'foo.invalid' is not an address or a name" in done.stderr
    assert "--port" not in done.stderr
