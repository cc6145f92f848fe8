"""The post-session review (`hhtracker sessions`, `report`, `hand`) on hand-written hands.

tests/data/report_hands/ holds a night of Mira's, every hand worked out by hand (times ET; the
database keeps UTC, ET = UTC-5 on 2021-03-01). Stakes $0.50/$1: big blind 50 cents, big bet
100 cents. Two tables played at the same time, three players each:

  hand  time      table  Mira  what happened                                  Mira net
  #1    20:00:00  Alpha  BTN   raises, breaks 8-badugi at draw 1 (8c), misses  +430
                               (Kh), makes A234 at draw 2 (4c), wins showdown
                               (pot 925, rake 45: collects 880, put in 450)
  #2    20:00:40  Beta   BB    folds to a raise                                 -50
  #3    20:02:00  Alpha  BB    snows at draw 1 (pat on Qc Qd 4h 2s), bets,     +100
                               both fold (collects 150, put in 50)
  #4    20:03:00  Beta   SB    draws 1 to A23 (3s out), makes 7d, loses         -450
                               showdown to 6-5-4-A (put in 450)
  #5    20:04:00  Alpha  SB    folds, Bob's walk                                -25
  #6    20:34:00  Beta   BTN   8-7-4-2 badugi wins showdown (pot 750, rake     +365
                               35: collects 715, put in 350)
  ---- 30 min 00 s after #5: same session; 30 min 01 s before #7: a new one ----
  #7    21:04:01  Alpha  BTN   raises, both fold (collects 125, put in 50)      +75
  #8    21:06:00  Alpha  BB    folds to a bet of $0.60 (warning.txt: a         -50
                               `bet_size` warning, the hand still counts)

script_hero.txt: one hand whose hero is named `<script>alert(1)</script>`.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.report.queries import HeroHand
from hhtracker.report.session import split_sessions

from tests.common import DATA

HANDS = DATA / "report_hands"
SESSION_FILES = [HANDS / "alpha.txt", HANDS / "beta.txt", HANDS / "warning.txt"]
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("report") / "tracker.db"
    summary = api.import_paths(SESSION_FILES, path)
    assert (summary.hands_new, summary.hands_rejected, summary.hands_with_warnings) == (8, 0, 1)
    return path


@pytest.fixture(scope="module")
def session1(db: Path):
    return api.session_report(db, session=1)


def test_hand_files_replay_clean_except_the_one_warning() -> None:
    checks = api.validate_paths(SESSION_FILES).hands
    statuses = {c.hand_id: c.status for c in checks}
    assert len(statuses) == 8
    assert {h for h, s in statuses.items() if s != "ok"} == {"91000000008"}
    (issue,) = next(c for c in checks if c.hand_id == "91000000008").issues
    assert issue.code == "bet_size"


def test_sessions_split_on_a_gap_longer_than_30_minutes(db: Path) -> None:
    hero, sessions = api.sessions(db)
    assert hero == {"pokerstars": "Mira"}  # her cards are the ones dealt face up
    # newest first: #7-#8, then #1-#6 (#5 -> #6 is exactly 30:00, #6 -> #7 is 30:01)
    assert [(s.number, s.hands) for s in sessions] == [(2, 2), (1, 6)]
    second, first = sessions
    assert first.start == dt.datetime(2021, 3, 2, 1, 0, tzinfo=dt.UTC)  # 20:00 ET
    assert first.duration == dt.timedelta(minutes=34)  # 20:00:00 -> 20:34:00
    assert second.duration == dt.timedelta(minutes=1, seconds=59)  # 21:04:01 -> 21:06:00
    assert first.tables == ("Alpha", "Beta") and second.tables == ("Alpha",)
    # with a 29-minute gap, #6 (30 min after #5) stands alone: #1-#5, #6, #7-#8
    _, shorter = api.sessions(db, gap_minutes=29)
    assert [s.hands for s in reversed(shorter)] == [5, 1, 2]


def test_split_sessions_is_by_start_time_across_tables() -> None:
    def hand(i: int, minute: int, table: str) -> HeroHand:
        return HeroHand(i, "pokerstars", str(i), "H", dt.datetime(2021, 1, 1, 12, tzinfo=dt.UTC) + dt.timedelta(minutes=minute),
                        table, "FL", "USD", 50, 100, 50, "BTN", 0, 0, False, None, "ok", 0, 0, 3)

    # given out of order; table B's hand at 40 bridges A's hands at 20 and 65
    hands = [hand(1, 0, "A"), hand(3, 65, "A"), hand(2, 40, "B"), hand(4, 20, "A"), hand(5, 96, "A")]
    sessions = split_sessions(hands, dt.timedelta(minutes=30))
    # 0, 20, 40, 65 (gaps 20, 20, 25) then 96 (gap 31)
    assert [[h.hand_id for h in s.hands] for s in sessions] == [[1, 4, 2, 3], [5]]
    assert split_sessions([], dt.timedelta(minutes=30)) == []


def test_net_and_win_rates(session1, db: Path) -> None:
    s = session1.summary
    assert s.hands == 6 and s.stakes == ("$0.50/$1 USD FL",)
    # 430 - 50 + 100 - 450 - 25 + 365 = 370 cents
    assert (s.net.amount, s.net.currency) == (370, "USD")
    # at showdown #1, #4, #6: 430 - 450 + 365 = 345; without: -50 + 100 - 25 = 25
    assert [(m.amount, m.currency) for m in session1.net_showdown] == [(345, "USD")]
    assert [(m.amount, m.currency) for m in session1.net_no_showdown] == [(25, "USD")]
    # 370 cents = 3.70 big bets over 6 hands: 100 * 3.70 / 6 = 61.67 BB/100; 7.40 bb: 123.33 bb/100
    assert s.net_big_bets == pytest.approx(3.70)
    assert s.big_bets_per_100 == pytest.approx(370 / 6)
    assert s.bb_per_100 == pytest.approx(740 / 6)
    latest = api.session_report(db)  # the default: the latest session, #7-#8
    # 75 - 50 = 25 cents = 0.25 BB over 2 hands: 12.5 BB/100
    assert latest.summary.number == 2 and latest.summary.net.amount == 25
    assert latest.summary.big_bets_per_100 == pytest.approx(12.5)


def test_results_by_position(session1) -> None:
    rows = {p.position: (p.hands, [m.amount for m in p.net], p.big_bets_per_100) for p in session1.positions}
    assert rows == {
        "BTN": (2, [795], pytest.approx(397.5)),  # #1 +430, #6 +365: 7.95 BB / 2 hands
        "SB": (2, [-475], pytest.approx(-237.5)),  # #4 -450, #5 -25
        "BB": (2, [50], pytest.approx(25.0)),  # #2 -50, #3 +100
    }


def test_draw_luck(session1, db: Path) -> None:
    [badugi] = session1.games  # a Badugi session: one game's block
    assert badugi.game == "badugi"
    luck = badugi.luck
    assert luck is not None
    # #1 draw 1: keeps As 2d 3h, outs = the 10 clubs 4c..Kc minus 8c (his discard) = 9,
    #    unseen 52 - 4 = 48, missed; draw 2: 9 outs, unseen 52 - 5 (Kh seen too) = 47, made.
    # #4 draw 1: keeps As 2c 3h, outs = the 10 diamonds 4d..Kd, unseen 48, made.
    assert (luck.draws, luck.completed) == (3, 2)
    expected = 9 / 48 + 9 / 47 + 10 / 48  # 0.1875 + 0.1915 + 0.2083 = 0.5873
    variance = (9 / 48) * (39 / 48) + (9 / 47) * (38 / 47) + (10 / 48) * (38 / 48)  # 0.1523 + 0.1548 + 0.1649 = 0.4721
    assert luck.expected == pytest.approx(expected)
    assert luck.variance == pytest.approx(variance)
    assert luck.z == pytest.approx((2 - expected) / math.sqrt(variance))  # 1.4127 / 0.6871 = +2.056
    assert luck.z == pytest.approx(2.056, abs=1e-3)
    # session 2 has no one-card draw; lifetime = session 1's three
    latest = api.session_report(db)
    assert latest.games[0].luck.draws == 0 and latest.games[0].lifetime_luck.draws == 3  # type: ignore[union-attr]


def test_statistics_beside_lifetime(session1) -> None:
    stats = {line.key: line for line in session1.games[0].stats}
    # VPIP: #1 raise, #4 call, #6 raise of 6 hands; lifetime adds #7 (raise) and #8 (BB check)
    assert (stats["vpip"].session.done, stats["vpip"].session.opportunities) == (3, 6)
    assert (stats["vpip"].lifetime.done, stats["vpip"].lifetime.opportunities) == (4, 8)
    assert (stats["pfr"].session.done, stats["pfr"].lifetime.done) == (2, 3)
    # pat at draw 1: only #3 of the four hands that reached it (#1, #3, #4, #6); #8 drew 2
    assert (stats["pat_d1"].session.done, stats["pat_d1"].session.opportunities) == (1, 4)
    assert (stats["pat_d1"].lifetime.done, stats["pat_d1"].lifetime.opportunities) == (1, 5)
    assert stats["snow_known"].session.done == 1 and stats["break_known"].session.done == 1


def test_showdowns_by_class(session1) -> None:
    # #1 A234 won, #4 A237 lost (both "7-high or better"), #6 8-7-4-2 won
    assert [(c.hand_class, c.won, c.lost) for c in session1.games[0].showdowns] == [("badugi_7", 1, 1), ("badugi_8", 1, 0)]


def test_notable_hands(session1, db: Path) -> None:
    by_kind: dict[str, list[str]] = {}
    for n in session1.notable:
        by_kind.setdefault(n.kind, []).append(n.site_hand_id)
    assert by_kind == {
        "won": ["91000000001", "91000000006", "91000000003"],  # +430, +365, +100
        "lost": ["91000000004", "91000000002", "91000000005"],  # -450, -50, -25
        "snow": ["91000000003"],
        "break": ["91000000001"],
    }
    warning = [n for n in api.session_report(db).notable if n.kind == "warning"]
    assert [n.site_hand_id for n in warning] == ["91000000008"] and "bet_size" in warning[0].note


def test_chart_lines(session1) -> None:
    chart = session1.chart
    assert chart.unit == "USD"
    # cumulative, hand by hand: +430, -50, +100, -450, -25, +365
    assert [p.total for p in chart.points] == [0, 430, 380, 480, 30, 5, 370]
    assert [p.showdown for p in chart.points] == [0, 430, 430, 430, -20, -20, 345]
    assert [p.no_showdown for p in chart.points] == [0, 0, -50, 50, 50, 25, 25]


def test_date_range_and_hero_override(db: Path) -> None:
    # 01:30 to 02:05 UTC holds #6 (01:34) and #7 (02:04:01): 365 + 75
    report = api.session_report(db, start=dt.datetime(2021, 3, 2, 1, 30, tzinfo=dt.UTC),
                                end=dt.datetime(2021, 3, 2, 2, 5, tzinfo=dt.UTC))
    assert report.summary.number is None and report.summary.hands == 2 and report.summary.net.amount == 440
    # Cara plays Alpha only: #1, #3, #5 then #7, #8 an hour later. Session 1: #1 -450 (big
    # blind 50 + call 50, call 50, bet 100 + call 100, call 100), #3 -50 (small blind 25 +
    # call 25, then folds), #5 0 (folds on the button): -500
    hero, sessions = api.sessions(db, hero="Cara")
    assert hero == {"pokerstars": "Cara"}
    assert [(s.number, s.hands, s.net.amount) for s in sessions][-1] == (1, 3, -500)
    with pytest.raises(api.ReportError):
        api.session_report(db, session=3)
    with pytest.raises(api.ReportError):
        api.sessions(db, hero="Nobody")


def test_cli_json(db: Path) -> None:
    result = run("report", "--db", str(db), "--session", "1", "--json")
    assert result.exit_code == 0, result.output
    value = json.loads(result.stdout)
    assert value["net"] == {"amount": 370, "currency": "USD"}
    assert value["hands"] == 6 and value["duration_seconds"] == 34 * 60
    [badugi] = value["games"]
    assert badugi["luck"]["session"]["draws"] == 3 and badugi["luck"]["session"]["completed"] == 2
    assert value["positions"][0] == {"position": "BTN", "hands": 2, "net": [{"amount": 795, "currency": "USD"}],
                                     "net_big_bets": pytest.approx(7.95), "big_bets_per_100": pytest.approx(397.5),
                                     "bb_per_100": pytest.approx(795.0)}
    listed = run("sessions", "--db", str(db), "--json")
    assert listed.exit_code == 0, listed.output
    sessions = json.loads(listed.stdout)
    assert isinstance(sessions, list) and [s["session"] for s in sessions] == [2, 1]
    assert [s["net"] for s in sessions] == [{"amount": 25, "currency": "USD"}, {"amount": 370, "currency": "USD"}]
    # --to a bare day is inclusive: every hand of 2021-03-02 UTC (all eight)
    ranged = json.loads(run("report", "--db", str(db), "--from", "2021-03-02", "--to", "2021-03-02", "--json").stdout)
    assert ranged["hands"] == 8 and ranged["net"]["amount"] == 370 + 25


def test_cli_terminal_and_errors(db: Path, tmp_path: Path) -> None:
    result = run("report", "--db", str(db), "--session", "1")
    assert result.exit_code == 0, result.output
    for text in ("+$3.70", "+61.67", "+123.33", "Alpha, Beta", "91000000004", "+2.06"):
        assert text in result.stdout, text
    table = run("sessions", "--db", str(db))
    assert table.exit_code == 0 and "34 min" in table.stdout and "+12.50" in table.stdout
    assert run("report", "--db", str(db), "--session", "9").exit_code == 2
    assert run("report", "--db", str(tmp_path / "none.db")).exit_code == 2
    assert run("report", "--db", str(db), "--from", "yesterday").exit_code == 2
    assert run("hand", "--db", str(db), "123").exit_code == 2


def test_hand_replayed_as_text(db: Path) -> None:
    (hand,) = api.hand_replays(db, "91000000001")
    # pots: pre-draw 25 + 100 + 100 = 225; +50 +50 after draw 1 = 325; +200 +200 = 725; +100 +100 = 925
    assert [(s.name, s.pot) for s in hand.sections] == [
        ("Pre-draw", 225), ("Draw 1", 325), ("Draw 2", 725), ("Draw 3", 925), ("Showdown", None)]
    assert [(when, cards) for when, cards, _ in hand.hero_cards] == [
        ("dealt", "As 2d 3h 8c"), ("draw 1 (drew 1)", "As 2d 3h Kh"), ("draw 2 (drew 1)", "As 2d 3h 4c"),
        ("draw 3 (pat)", "As 2d 3h 4c")]
    assert ("Cara", "7d 6s 5h 9c", "Badugi: 9,7,6,5", "Badugi: 9,7,6,5") in hand.shown
    assert [(p, n) for p, _, n in hand.results] == [("Mira", 430), ("Bob", -25), ("Cara", -450)]
    assert hand.issues == ()
    result = run("hand", "--db", str(db), "91000000008")
    assert result.exit_code == 0, result.output
    assert "[bet_size]" in result.stdout and "Cara bets $0.60" in result.stdout
    as_json = json.loads(run("hand", "--db", str(db), "91000000001", "--json").stdout)
    assert as_json["sections"][3]["pot"] == 925 and as_json["currency"] == "USD"


@pytest.fixture(scope="module")
def script_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("script")
    db = folder / "tracker.db"
    api.import_paths([HANDS / "script_hero.txt"], db)
    page = folder / "report.html"
    result = run("report", "--db", str(db), "--html", str(page), "--png", str(folder / "chart.png"))
    assert result.exit_code == 0, result.output
    return page


def test_html_escapes_names_and_embeds_the_chart(script_page: Path) -> None:
    html = script_page.read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script" not in html.lower()
    start = html.index('src="data:image/png;base64,') + len('src="data:image/png;base64,')
    png = base64.b64decode(html[start:html.index('"', start)])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert (script_page.parent / "chart.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_template_loads_from_the_installed_package(tmp_path: Path) -> None:
    """Run from outside the checkout: the template must come with the package (in CI, a
    regular install; here, the editable one)."""
    code = "from hhtracker.report.render import _environment; print(_environment().get_template('report.html.j2').filename)"
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert done.stdout.strip().endswith("report.html.j2")


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (Debian: apt-get install -y chromium); "
                    "the page is not checked in a browser")
def test_page_renders_with_its_chart_in_chromium(script_page: Path, tmp_path: Path) -> None:
    import numpy
    from PIL import Image

    shot = tmp_path / "shot.png"
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}",
         f"--screenshot={shot}", "--window-size=1200,2000", script_page.as_uri()],
        capture_output=True, timeout=60, check=True,
    )
    image = Image.open(shot).convert("RGB")
    assert image.size == (1200, 2000)
    # the chart's total line is drawn in #1a7f37: it is on screen only if the image loaded
    pixels = numpy.asarray(image).astype(int)
    green = (numpy.abs(pixels - numpy.array([0x1A, 0x7F, 0x37])).max(axis=2) < 12).sum()
    assert green > 50


def test_hand_that_did_not_parse_is_shown_as_its_text(tmp_path: Path) -> None:
    # the first 12 lines of beta.txt's first hand: cut off before its summary
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join((HANDS / "beta.txt").read_text().splitlines()[:12]) + "\n")
    db = tmp_path / "cut.db"
    assert api.import_paths([cut], db).hands_rejected == 1
    (hand,) = api.hand_replays(db, "91000000002")
    assert hand.status == "rejected" and hand.sections == ()
    assert hand.raw is not None and "Dealt to Mira [Kc Kd Qh Js]" in hand.raw
    assert [i.code for i in hand.issues] == ["truncated"]
    result = run("hand", "--db", str(db), "91000000002")
    assert result.exit_code == 0 and "did not parse" in result.stdout and "[truncated]" in result.stdout
