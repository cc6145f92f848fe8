"""The hand replayer page (`hhtracker hand ID --html FILE`): its frames worked out by hand
from tests/data/decision_hands/decisions.txt, its escaping, and the page itself in headless
Chromium, stepped with the keyboard."""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.report.replayer import replayer_data, replayer_html, script_hash

from tests.common import DATA

HANDS = DATA / "decision_hands" / "decisions.txt"
HOSTILE = DATA / "report_hands" / "script_hero.txt"


@pytest.fixture
def replayed(db_path: Path):
    """The hand replayed again and its draw decisions as stored at import."""
    api.import_paths([HANDS], db_path)
    found = api.hand_replays(db_path, "92000000002")[0]
    return found.replayed, found.draw_odds


# Hand 92000000002 by hand: blinds $0.25 (Bob) and $0.50 (Cara), Hero raises to $1, Bob
# folds, Cara calls $0.50: pot $2.25. Draw 1: Hero bets $0.50, Cara calls: $3.25. Draw 3:
# Hero bets $1, Cara folds, the $1 comes back, Hero collects $3.25: 20 - 1.50 + 3.25.
STEPS = {  # step: (pot, [Hero, Bob, Cara])
    0: ("$0.00", ["$20.00", "$20.00", "$20.00"]),
    6: ("$2.25", ["$19.00", "$19.75", "$19.00"]),
    13: ("$3.25", ["$18.50", "$19.75", "$18.50"]),
    27: ("$0.00", ["$21.75", "$19.75", "$18.50"]),
}


def test_frames_by_hand(replayed):
    frames = replayer_data(*replayed)["frames"]
    assert len(frames) == 28
    for step, (pot, stacks) in STEPS.items():
        assert (frames[step]["pot"], frames[step]["stacks"]) == (pot, stacks), step
    assert frames[9]["text"] == "Hero discards 1: Ks"
    assert [(c["card"], c["state"]) for c in frames[9]["hero_cards"]] == [
        ("As", "kept"), ("2h", "kept"), ("3d", "kept"), ("Ks", "discarded")]
    assert frames[9]["odds"]["rows"][0]["odds"] == ["51.2%", "28.6%", "23.4%"]  # seeds/002, 3 draws left
    assert frames[9]["draws"] == ["draws 1", "", "draws 2"]
    assert [c["card"] for c in frames[10]["hero_cards"]] == ["As", "2h", "3d", "9h"]
    assert frames[10]["hero_cards"][3]["state"] == "new"
    assert frames[5]["folded"] == [False, True, False]


def test_reshuffle_marked_when_the_stub_runs_out(db_path: Path):
    # 8 players dealt in: 52 - 32 = 20 cards in the stub; at draw 1 all eight draw three:
    # 24 cards and a burn card, more than 20, so the discards were shuffled back then.
    api.import_paths([HANDS.parent / "reshuffle.txt"], db_path)
    frames = replayer_data(api.hand_replays(db_path, "92000000010")[0].replayed)["frames"]
    marked = [f for f in frames if f["reshuffle"]]
    assert [(f["street"], f["text"].startswith("Draw 1 (the stub may have run out")) for f in marked] == [("Draw 1", True)]
    assert frames[-1]["stacks"][0] == "$23.50"  # 20 - 0.50 + 4.00
    assert frames[-1]["draws"] == ["draws 3"] * 8


def test_page_escapes_and_allows_only_its_script(db_path: Path):
    api.import_paths([HOSTILE], db_path)
    hand_id = re.search(r"#(\d+):", HOSTILE.read_text()).group(1)
    page = replayer_html(api.hand_replays(db_path, hand_id)[0].replayed)
    assert "<script>alert" not in page
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert len(scripts) == 1
    assert f"script-src {script_hash(scripts[0])}\"" in page
    assert "http://" not in page and "https://" not in page
    data = json.loads(re.search(r'<script type="application/json" id="hand-data">(.*?)</script>', page, re.S).group(1))
    assert any(seat["player"] == "<script>alert(1)</script>" for seat in data["seats"])


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """Headless Chromium driven over the DevTools protocol on a pipe (fds 3 and 4, JSON
    messages ending in NUL): no library needed."""

    def __init__(self, profile: Path) -> None:
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def fds() -> None:  # in the child: our pipe ends become its fds 3 and 4
            high_r = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
            high_w = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--no-first-run", f"--user-data-dir={profile}", "--remote-debugging-pipe", "--window-size=1100,900"],
            preexec_fn=fds, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buffer = b""
        self._next = 0
        self.session: str | None = None

    def call(self, method: str, **params):
        self._next += 1
        message = {"id": self._next, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self._buffer:
                chunk = os.read(self._from_child, 65536)
                if not chunk:
                    raise RuntimeError("chromium closed the pipe")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise RuntimeError(reply["error"])
                return reply["result"]

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", url=url)["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for _ in range(100):
            if self.evaluate(f"document.readyState === 'complete' && location.href.startsWith({json.dumps(url)})"):
                return
            time.sleep(0.05)
        raise RuntimeError("the page did not load")

    def evaluate(self, expression: str):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def key(self, name: str, code: int) -> None:
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=name, code=name, windowsVirtualKeyCode=code)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)
        os.close(self._to_child)
        os.close(self._from_child)


SHOWN = """JSON.stringify({
  step: document.getElementById("step").textContent,
  pot: document.getElementById("pot").textContent,
  stacks: Array.from(document.querySelectorAll(".seat .stack")).map(function (n) { return n.textContent; }),
  hero: Array.from(document.querySelectorAll("#hero-cards .card")).map(function (n) { return n.textContent + (n.classList.contains("discarded") ? "-" : ""); }).join(" "),
  odds: document.getElementById("odds").style.display,
  firstOdds: Array.from(document.querySelectorAll("#odds-rows tr:first-child td.num")).map(function (n) { return n.textContent; })
})"""


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium); CI installs it")
def test_replayer_in_headless_chromium(db_path: Path, tmp_path: Path):
    api.import_paths([HANDS], db_path)
    page = tmp_path / "hand.html"
    result = CliRunner().invoke(app, ["hand", "92000000002", "--db", str(db_path), "--html", str(page)])
    assert result.exit_code == 0, result.output
    browser = Browser(tmp_path / "profile")
    try:
        browser.open(page.as_uri())

        def shown():
            return json.loads(browser.evaluate(SHOWN))

        start = shown()
        assert (start["step"], start["pot"], start["stacks"], start["hero"], start["odds"]) == (
            "step 0 of 27", "pot $0.00", ["$20.00", "$20.00", "$20.00"], "", "none")
        for _ in range(6):
            browser.key("ArrowRight", 39)
        six = shown()
        assert (six["step"], six["pot"], six["stacks"], six["hero"]) == (
            "step 6 of 27", "pot $2.25", ["$19.00", "$19.75", "$19.00"], "As 2h 3d Ks")
        for _ in range(3):
            browser.key("ArrowRight", 39)
        nine = shown()
        assert (nine["hero"], nine["odds"], nine["firstOdds"]) == ("As 2h 3d Ks-", "block", ["51.2%", "28.6%", "23.4%"])
        browser.key("ArrowRight", 39)
        assert shown()["hero"] == "As 2h 3d 9h"
        browser.key("ArrowLeft", 37)
        assert shown()["step"] == "step 9 of 27"
        browser.key("End", 35)
        end = shown()
        assert (end["step"], end["pot"], end["stacks"], end["hero"]) == (
            "step 27 of 27", "pot $0.00", ["$21.75", "$19.75", "$18.50"], "As 2h 3d Tc")
    finally:
        browser.close()


def test_hand_json_has_the_draw_odds(db_path: Path):
    api.import_paths([HANDS], db_path)
    result = CliRunner().invoke(app, ["hand", "92000000002", "--db", str(db_path), "--json"])
    assert result.exit_code == 0, result.output
    odds = json.loads(result.output)["draw_odds"]
    assert [(d["draw"], d["kept"], d["dominated"]) for d in odds] == [
        (1, "As 2h 3d", False), (2, "As 2h 3d", False), (3, "As 2h 3d Tc", False)]
    # seeds/002: A-2-3 with three draws, 51.2% = 1 - (38*37*36)/(48*47*46) = 2215/4324
    assert odds[0]["odds"] == {"badugi": "2215/4324", "eight_high": "4955/17296", "seven_high": "1013/4324"}
    assert odds[0]["best"]["badugi"]["keep"] == "2h 3d Ks"  # the same 10 outs, a keep of three too
