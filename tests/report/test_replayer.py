"""The hand replayer page (`hhtracker hand ID --html FILE`): its frames worked out by hand
from tests/data/decision_hands/decisions.txt, its escaping, and the page itself in headless
Chromium, stepped with the keyboard."""

from __future__ import annotations

import fcntl
import json
import os
from math import comb
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.cards import parse_cards
from hhtracker.report.replayer import ASSETS, hand_words, replayer_asset, replayer_data, replayer_html, script_hash
from hhtracker.rules.games import BADACEY, BADEUCEY, BADUGI, DEUCE_TO_SEVEN_TRIPLE_DRAW

from tests.common import CORPUS, DATA

HANDS = DATA / "decision_hands" / "decisions.txt"
SPLIT = DATA / "split_hands"
HOSTILE = DATA / "report_hands" / "script_hero.txt"


@pytest.fixture
def replayed(db_path: Path):
    """The hand replayed again and its draw decisions as stored at import."""
    api.import_paths([HANDS], db_path)
    found = api.hand_replays(db_path, "92000000002")[0]
    return found.replayed, found.draw_odds


# Hand 92000000002 by hand: blinds $0.25 (Bob) and $0.50 (Cara), Hero raises to $1, Bob
# folds, Cara calls $0.50: pot $2.25. Draw 1: Hero bets $0.50, Cara calls: $3.25. Draw 3:
# Hero bets $1, Cara folds, the $1 comes back, Hero collects $3.25: 20 - 1.50 + 3.25. Once
# collected the label still shows the pot, $3.25 (issue 27 item 11: not what is left of it).
STEPS = {  # step: (pot, [Hero, Bob, Cara])
    0: ("$0.00", ["$20.00", "$20.00", "$20.00"]),
    6: ("$2.25", ["$19.00", "$19.75", "$19.00"]),
    13: ("$3.25", ["$18.50", "$19.75", "$18.50"]),
    27: ("$3.25", ["$21.75", "$19.75", "$18.50"]),
}
# The bets in front of the seats, by hand: pre-draw Hero's raise to $1, Bob's small blind
# (folded, still in front of him until the round ends), Cara's call to $1; after draw 1 the
# $0.50 bet and call; Hero's $1 bet at draw 3 until it comes back uncalled.
BETS = {  # step: [Hero, Bob, Cara]
    2: ["", "$0.25", "$0.50"],
    6: ["$1.00", "$0.25", "$1.00"],
    7: ["", "", ""],
    13: ["$0.50", "", "$0.50"],
    25: ["$1.00", "", ""],
    26: ["", "", ""],
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
    for step, bets in BETS.items():
        assert frames[step]["bets"] == bets, step
    # his cards from the first step (he holds them before the dealing line is reached)
    assert [c["card"] for c in frames[0]["hero_cards"]] == ["As", "2h", "3d", "Ks"]
    assert [f["done"] for f in frames].index(True) == 27  # the summary from the collect on
    data = replayer_data(*replayed)
    assert (data["summary"], data["rake"]) == (["Pot $3.25: Hero $3.25", "No rake", "Results: Hero +$1.75, Bob -$0.25, Cara -$1.50"], "")


def test_summary_and_pot_of_a_hand_with_rake(db_path: Path):
    # Hand 1001 (Badacey) by hand: $140 in the pot, rake $2; Hero scoops: each half is
    # $69, Hero's Ac 2d 3h 4s 5c is the 4-3-2-A badugi and the 5-4-3-2-A (wheel) low.
    api.import_paths([SPLIT / "scoop_badacey.txt"], db_path)
    data = replayer_data(api.hand_replays(db_path, "1001")[0].replayed)
    assert data["game"] == "Badacey, fixed limit, $10.00/$20.00"
    assert data["frames"][-1]["pot"] == "$140.00"  # the pot, not the $2.00 rake left after the collect
    assert data["rake"] == "$2.00"
    assert data["summary"] == [
        "Pot, Badugi half $69.00: Hero $69.00 with 4-3-2-A badugi",
        "Pot, low half $69.00: Hero $69.00 with 5-4-3-2-A low",
        "Rake $2.00",
        "Results: Alder -$20.00, Birch -$60.00, Hero +$78.00",  # 138 - 60 for Hero
    ]
    birch = [s["player"] for s in data["seats"]].index("Birch")
    assert data["frames"][-1]["labels"][birch] == "6-4-3-2 badugi; 7-6-4-3-2 low"  # 2c 3d 4h 6s 7c


def test_each_half_labelled_with_the_hand_that_won_it(db_path: Path):
    # Hand 2002 (Badeucey): pot 50 + 20 + 80 = $150, rake $1.01, $148.99 in halves with the
    # odd cent to the low half. Alder's 2c 3d 4h 5s Kd is the 5-4-3-2 badugi (ace high, so
    # no better one here) beating Hero's 7-4-3-2 (7c 4s 3h 2d; 2d and 5d share a suit);
    # Hero's 7c 5d 4s 3h 2d is the best 2-7 low, beating Alder's K-5-4-3-2.
    api.import_paths([SPLIT / "split_badeucey.txt"], db_path)
    data = replayer_data(api.hand_replays(db_path, "2002")[0].replayed)
    assert data["summary"][:3] == [
        "Pot, Badugi half $74.49: Alder $74.49 with 5-4-3-2 badugi",
        "Pot, low half $74.50: Hero $74.50 with 7-5-4-3-2 low",
        "Rake $1.01",
    ]
    assert data["frames"][-1]["pot"] == "$150.00"
    assert data["frames"][-1]["labels"] == ["5-4-3-2 badugi; K-5-4-3-2 low", "", "7-4-3-2 badugi; 7-5-4-3-2 low"]


@pytest.mark.parametrize(("game", "cards", "words"), [
    (BADUGI, "8c 7d 5h 2s", "8-7-5-2 badugi"),
    (BADUGI, "Tc 7d 2c Ts", "T-7-2 three-card hand"),  # the T of clubs and the 2 of clubs: one plays
    (BADUGI, "Kc Ad", "K-A two-card hand"),
    (DEUCE_TO_SEVEN_TRIPLE_DRAW, "9c 7d 6h 4s 2c", "9-7-6-4-2 low"),
    (DEUCE_TO_SEVEN_TRIPLE_DRAW, "8c 8d 5h 3s 2c", "8-8-5-3-2 low (pair)"),
    (DEUCE_TO_SEVEN_TRIPLE_DRAW, "6c 5c 4c 3c 2c", "6-5-4-3-2 low (straight flush)"),
    (BADACEY, "Ac 2d 3h 4s 5c", "4-3-2-A badugi; 5-4-3-2-A low"),  # the wheel, ace low
    (BADEUCEY, "Ac 2d 3h 4s 5c", "5-4-3-2 badugi; A-5-4-3-2 low"),  # the ace high in both halves
])
def test_hand_words(game, cards, words):
    assert hand_words(parse_cards(cards), game) == words


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

    def wait(self, expression: str) -> bool:
        """Whether `expression` becomes true within five seconds."""
        for _ in range(100):
            if self.evaluate(expression):
                return True
            time.sleep(0.05)
        return False

    def width(self, pixels: int) -> None:
        """The page's viewport width (its height 900), then a resize event (the override's own
        comes later than the next evaluation)."""
        self.call("Emulation.setDeviceMetricsOverride", width=pixels, height=900, deviceScaleFactor=1, mobile=False)
        self.evaluate("window.dispatchEvent(new Event('resize'))")

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
  bets: Array.from(document.querySelectorAll(".bet")).map(function (n) { return n.textContent; }),
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
            "step 0 of 27", "pot $0.00", ["$20.00", "$20.00", "$20.00"], "As 2h 3d Ks", "none")  # his cards from step 0
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
            "step 27 of 27", "pot $3.25", ["$21.75", "$19.75", "$18.50"], "As 2h 3d Tc")
        # the address's #step changed in the open page moves to that step (issue 27 item 11)
        browser.evaluate("location.hash = '#13'")
        assert browser.wait("document.getElementById('step').textContent === 'step 13 of 27'")
        thirteen = shown()
        assert (thirteen["pot"], thirteen["stacks"], thirteen["bets"]) == (
            "pot $3.25", ["$18.50", "$19.75", "$18.50"], ["$0.50", "", "$0.50"])
        browser.evaluate("location.hash = '#6'")
        assert browser.wait("document.getElementById('step').textContent === 'step 6 of 27'")
        assert shown()["bets"] == ["$1.00", "$0.25", "$1.00"]
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


BOXES = """(function () {
  var felt = document.getElementById("felt").getBoundingClientRect();
  function box(n) {  // in the felt's coordinates: the page may be scrolled between two looks
    var r = n.getBoundingClientRect();
    return { left: r.left - felt.left, right: r.right - felt.left, top: r.top - felt.top, bottom: r.bottom - felt.top };
  }
  return JSON.stringify({
    felt: { left: 0, right: felt.width, top: 0, bottom: felt.height },
    seats: Array.from(document.querySelectorAll(".seat")).map(box),
    bets: Array.from(document.querySelectorAll(".bet")).filter(function (n) { return n.textContent; }).map(box),
    cards: Array.from(document.querySelectorAll(".seat .cards, #hero-cards")).map(function (row) {
      return Array.from(row.querySelectorAll(".card")).map(function (n) { return n.getBoundingClientRect().top; });
    }),
    backs: Array.from(document.querySelectorAll(".seat .cards")).map(function (n) { return n.querySelectorAll(".back").length; }),
    folded: Array.from(document.querySelectorAll(".seat.folded")).map(function (n) {
      n.scrollIntoView({ block: "center" });  // elementFromPoint sees the window only
      var r = n.getBoundingClientRect();
      var top = document.elementFromPoint(r.left + r.width / 2, r.top + 4);
      return n.contains(top) && getComputedStyle(n).opacity === "1";  // on top of the felt, not see-through
    }),
    game: document.getElementById("game").textContent,
    title: document.querySelector("h1").textContent,
    summary: document.getElementById("summary").style.display === "block"
      ? Array.from(document.querySelectorAll("#summary li")).map(function (n) { return n.textContent; }) : null,
    labels: Array.from(document.querySelectorAll(".seat .label")).map(function (n) { return n.textContent; })
  });
})()"""


def _inside(inner: dict, outer: dict) -> bool:
    return (inner["left"] >= outer["left"] and inner["right"] <= outer["right"]
            and inner["top"] >= outer["top"] and inner["bottom"] <= outer["bottom"])


def _overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def _hand_page(db_path: Path, folder: Path, hand_id: str, **html) -> Path:
    page = folder / f"hand-{hand_id}.html"
    page.write_text(replayer_html(api.hand_replays(db_path, hand_id)[0].replayed, **html), encoding="utf-8")
    return page


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium); CI installs it")
def with_seats_sitting_out(source: Path, hand_id: str, new_id: str, after: str, seats: range, folder: Path) -> Path:
    """A copy of one PokerStars hand of `source` numbered `new_id`, on a 10-max table, with
    players sitting out in `seats` (their seat lines after the line `after`): more seats at
    the table, the same hand."""
    text = next(h for h in re.split(r"\n\s*\n", source.read_text(encoding="utf-8")) if f"#{hand_id}:" in h)
    lines = "".join(f"Seat {n}: Out{n} ($20 in chips) is sitting out\n" for n in seats)
    text = re.sub(r"\d+-max", "10-max", text.replace(f"#{hand_id}:", f"#{new_id}:")).replace(after, after + lines)
    path = folder / f"{new_id}.txt"
    path.write_text(text + "\n", encoding="utf-8")
    return path


def test_seats_inside_the_felt_and_five_cards_on_a_line(db_path: Path, tmp_path: Path):
    """At 3, 6, 7, 8, 9 and 10 seats, at every step and at three widths: every seat box inside
    the felt, no two overlapping, no bet under a seat; a folded seat on top of the felt where
    it was; each row of cards (five in Badacey) on one line; the game's own name; the summary
    at the end."""
    api.import_paths([SPLIT / "scoop_badacey.txt", SPLIT / "reshuffle_badeucey.txt", HANDS.parent / "reshuffle.txt",
                      with_seats_sitting_out(HANDS, "92000000002", "92000000097", "Seat 3: Cara ($20 in chips) \n",
                                             range(4, 8), tmp_path),
                      with_seats_sitting_out(HANDS.parent / "reshuffle.txt", "92000000010", "92000000099",
                                             "Seat 8: P8 ($20 in chips) \n", range(9, 10), tmp_path),
                      with_seats_sitting_out(HANDS.parent / "reshuffle.txt", "92000000010", "92000000100",
                                             "Seat 8: P8 ($20 in chips) \n", range(9, 11), tmp_path)], db_path)
    browser = Browser(tmp_path / "profile")
    try:
        for hand_id, seats in (("1001", 3), ("4004", 6), ("92000000097", 7), ("92000000010", 8), ("92000000099", 9),
                               ("92000000100", 10)):
            page = _hand_page(db_path, tmp_path, hand_id)
            steps = len(replayer_data(api.hand_replays(db_path, hand_id)[0].replayed)["frames"])
            browser.open(page.as_uri())
            for width in (1100, 760, 600):
                browser.width(width)
                folded_at: dict[int, dict] = {}
                browser.key("Home", 36)
                for step in range(steps):  # by the keys: Chromium throttles more than 200 address changes in 10 s
                    if step:
                        browser.key("ArrowRight", 39)
                    assert browser.wait(f"document.getElementById('step').textContent === 'step {step} of {steps - 1}'")
                    boxes = json.loads(browser.evaluate(BOXES))
                    where = (hand_id, width, step)
                    assert len(boxes["seats"]) == seats, where
                    for i, seat in enumerate(boxes["seats"]):
                        ring = {"left": seat["left"] - 4, "right": seat["right"] + 4,  # the acting seat's ring
                                "top": seat["top"] - 4, "bottom": seat["bottom"] + 4}
                        assert _inside(ring, boxes["felt"]), where
                        assert not any(_overlap(seat, other) for other in boxes["seats"][i + 1:]), where
                        assert not any(_overlap(seat, bet) for bet in boxes["bets"]), where
                        folded_at.setdefault(i, seat)
                        assert (seat["left"], seat["top"]) == (folded_at[i]["left"], folded_at[i]["top"]), where
                    assert all(boxes["folded"]), where  # a folded seat is not under the felt
                    for row in boxes["cards"]:
                        assert len(set(row)) <= 1, (where, row)  # one line: the same top for every card
        browser.open(_hand_page(db_path, tmp_path, "1001").as_uri())
        browser.width(1100)
        browser.evaluate("location.hash = '#99'")  # past the end: the last step
        assert browser.wait("document.getElementById('step').textContent === 'step 32 of 32'")
        end = json.loads(browser.evaluate(BOXES))
        assert end["game"] == "Badacey, fixed limit, $10.00/$20.00" and "Badugi" not in end["title"]
        assert [len(row) for row in end["cards"]] == [0, 5, 5, 5]  # Alder folded; Birch, Hero, the hero's line
        assert end["summary"][:2] == ["Pot, Badugi half $69.00: Hero $69.00 with 4-3-2-A badugi",
                                      "Pot, low half $69.00: Hero $69.00 with 5-4-3-2-A low"]
        assert end["labels"] == ["", "6-4-3-2 badugi; 7-6-4-3-2 low", "4-3-2-A badugi; 5-4-3-2-A low"]
        assert browser.evaluate("document.getElementById('pot').textContent + ' | ' + "
                                "document.getElementById('rake').textContent") == "pot $140.00 | collected, rake $2.00"
        browser.evaluate("location.hash = '#0'")
        assert browser.wait("document.getElementById('summary').style.display === 'none'")
        assert json.loads(browser.evaluate(BOXES))["backs"] == [5, 5, 0]  # five cards face down, the hero's shown
    finally:
        browser.close()


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium); CI installs it")
def test_linked_page_has_no_inline_style_or_script(db_path: Path, tmp_path: Path):
    """The page a server gives (assets: the address of replayer.css and replayer.js) has no
    inline style or script; served over HTTP with the web app's Content-Security-Policy
    (script-src 'self'; style-src 'self': no inline ones), it works like the self-contained
    one: the script runs, the style applies, the seats are placed (style set from the script)."""
    import http.server
    import threading
    from functools import partial

    api.import_paths([HANDS], db_path)
    page = _hand_page(db_path, tmp_path, "92000000002", assets="/assets/")
    text = page.read_text(encoding="utf-8")
    assert "<style" not in text and " style=" not in text and "Content-Security-Policy" not in text
    assert re.findall(r"<script[^>]*>", text) == ['<script type="application/json" id="hand-data">',
                                                   '<script src="/assets/replayer.js">']
    (tmp_path / "assets").mkdir()
    for name in ASSETS:
        (tmp_path / "assets" / name).write_text(replayer_asset(name), encoding="utf-8")

    class Handler(http.server.SimpleHTTPRequestHandler):
        def end_headers(self) -> None:
            self.send_header("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; "
                                                        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
            super().end_headers()

        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser = Browser(tmp_path / "profile")
    try:
        browser.open(f"http://127.0.0.1:{server.server_address[1]}/{page.name}")
        browser.evaluate("location.hash = '#13'")
        assert browser.wait("document.getElementById('step').textContent === 'step 13 of 27'")
        assert browser.evaluate("getComputedStyle(document.querySelector('.seat')).position") == "absolute"
        boxes = json.loads(browser.evaluate(BOXES))
        assert all(_inside(seat, boxes["felt"]) for seat in boxes["seats"])
        assert not _overlap(boxes["seats"][0], boxes["seats"][1]) and not _overlap(boxes["seats"][1], boxes["seats"][2])
    finally:
        browser.close()
        server.shutdown()
        server.server_close()


FULL_TILT_27 = CORPUS.parent / "corpus-draw" / "FullTilt__27TD_FL_STT_201211.txt"


@pytest.mark.skipif(not FULL_TILT_27.is_file(), reason=f"the real draw-game corpus is not beside the repo ({FULL_TILT_27.parent})")
def test_lowball_odds_labels_and_summary_of_a_real_27_hand(db_path: Path):
    """Full Tilt hand 31331067778 (2-7 Triple Draw): Hero keeps 5s 2s 3c 4s at every draw.
    By hand: a 7 makes 7-5-4-3-2 (a 6 is a straight), an 8 or a 9 the 8- and 9-lows, four
    of each rank unseen; no flush (a club kept): 4, 8, 12 outs among 47 unseen cards at draw
    1, 46 at draw 2 (his Qh thrown), 45 at draw 3 (the Ts too). Drawing one card, he misses
    by the last draw when each draw brings a non-out: 1 - C(N - outs, n) / C(N, n) with n
    the draws left. At showdown Hero's pair of twos loses to Player0's J-7-6-5-4, the pot 240
    chips (no rake)."""
    api.import_paths([FULL_TILT_27], db_path)
    data = replayer_data(api.hand_replays(db_path, "31331067778")[0].replayed)
    assert data["game"] == "2-7 Triple Draw, fixed limit, 30/60 chips"
    panels = [f["odds"] for f in data["frames"] if f["odds"] and f["text"].startswith("Hero discards")]
    assert [p["rows"][0]["keep"] for p in panels] == ["5s 2s 3c 4s"] * 3
    assert [p["rows"][0]["odds"] for p in panels] == [
        [f"{100 * (1 - comb(unseen - outs, left) / comb(unseen, left)):.1f}%" for outs in (4, 8, 12)]
        for unseen, left in ((47, 3), (46, 2), (45, 1))]
    assert panels[0]["targets"] == ["7-low or better", "8-low or better", "9-low or better"]
    assert [p["title"] for p in panels] == ["Draw 1, 3 draws left (47 unseen cards)", "Draw 2, 2 draws left (46 unseen cards)",
                                            "Draw 3, 1 draw left (45 unseen cards)"]
    assert data["frames"][-1]["labels"] == ["2-2-5-4-3 low (pair)", "J-7-6-5-4 low"]
    assert data["summary"] == ["Pot 240 chips: Player0 240 chips with J-7-6-5-4 low", "No rake",
                               "Results: Hero -120 chips, Player0 +120 chips"]


KINGS_CLUB_A5 = CORPUS.parent / "corpus-draw" / "KingsClub__A5TD_FL_cash_202010.txt"


@pytest.mark.skipif(not KINGS_CLUB_A5.is_file(), reason=f"the real draw-game corpus is not beside the repo ({KINGS_CLUB_A5.parent})")
def test_lowball_odds_of_a_real_a5_hand_on_its_page(db_path: Path):
    """KingsClub hand 37581342 (A-5 Triple Draw), Hero dealt 2d Ah Jd 4s 5s. The ace is low
    and straights do not count, so keeping A-2-4-5 a 3, 6 or 7 makes a 7-low or better (12
    outs), an 8 or a 9 the 8- and 9-lows (16, 20). Draw 1: he throws the Jd, 47 unseen, 3
    draws left; draw 2: he throws the As he drew (the Jd seen), 46 unseen, 2 left; both
    1 - C(N - outs, n) / C(N, n). Draw 3: pat on 6-5-4-2-A (the 6h drawn), a 7-low made:
    100%; the best other keep, A-2-4-5 drawing one from 45 unseen, has the 3s, three 6s
    (the 6h is his) and the 7s: 11/45 = 24.4%, 15/45 = 33.3%, 19/45 = 42.2%."""
    api.import_paths([KINGS_CLUB_A5], db_path)
    page = replayer_html(api.hand_replays(db_path, "37581342")[0].replayed)
    data = json.loads(re.search(r'<script type="application/json" id="hand-data">(.*?)</script>', page, re.S).group(1))
    assert data["game"] == "A-5 Triple Draw, fixed limit, $44.00/$88.00"
    panels = [f["odds"] for f in data["frames"] if f["odds"] and f["text"].startswith(("Hero discards", "Hero stands pat"))]
    assert [p["title"] for p in panels] == ["Draw 1, 3 draws left (47 unseen cards)", "Draw 2, 2 draws left (46 unseen cards)",
                                            "Draw 3, 1 draw left (45 unseen cards)"]
    assert panels[0]["targets"] == ["7-low or better", "8-low or better", "9-low or better"]
    assert [p["rows"][0]["keep"] for p in panels] == ["2d Ah 4s 5s", "2d Ah 4s 5s", "2d Ah 4s 5s 6h"]
    assert [p["rows"][0]["odds"] for p in panels[:2]] == [
        [f"{100 * (1 - comb(unseen - outs, left) / comb(unseen, left)):.1f}%" for outs in (12, 16, 20)]
        for unseen, left in ((47, 3), (46, 2))]
    assert panels[2]["rows"][0]["odds"] == ["100.0%"] * 3
    assert panels[2]["rows"][1]["keep"] == "2d Ah 4s 5s"
    assert panels[2]["rows"][1]["odds"] == [f"{100 * outs / 45:.1f}%" for outs in (11, 15, 19)]
    assert "the chance of making each low by the last draw" in page
