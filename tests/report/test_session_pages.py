"""`sessions` a page at a time (issue 26: /sessions and `hhtracker sessions` on 1,000,000
hands read only the page's sessions): pages of Mira's hand-worked night (tests/report/
test_session.py's docstring: session 1 is hands #1-#6, +$3.70 at Alpha and Beta; session 2
is #7-#8, +$0.25 at Alpha), and of the real corpus, each page checked against the sessions
made again from the hero's hands (split_sessions + summarize, the per-hand implementation)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.report import session as session_module
from hhtracker.report.contents import SessionSummary
from hhtracker.report.queries import hero_hands
from hhtracker.report.session import find_hero, split_sessions, summarize
from hhtracker.store.database import open_database
from tests.common import DATA, SAMPLES

HANDS = DATA / "report_hands"
runner = CliRunner()


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pages") / "tracker.db"
    api.import_paths([HANDS / "alpha.txt", HANDS / "beta.txt", HANDS / "warning.txt"], path)
    return path


def test_one_session_a_page_newest_first(night: Path) -> None:
    first = api.session_page(night, per_page=1)
    assert (first.total, first.pages, first.page) == (2, 2, 1)
    (newest,) = first.sessions  # #7 (+75) and #8 (-50) at Alpha, 21:04:01 -> 21:06:00 ET
    assert (newest.number, newest.hands, newest.net.amount, newest.tables) == (2, 2, 25, ("Alpha",))
    assert newest.duration == dt.timedelta(minutes=1, seconds=59)
    assert newest.big_bets_per_100 == pytest.approx(100 * 0.25 / 2)  # 0.25 big bets of $1 over 2 hands
    (oldest,) = api.session_page(night, page=2, per_page=1).sessions  # #1-#6: +430 -50 +100 -450 -25 +365
    assert (oldest.number, oldest.hands, oldest.net.amount, oldest.tables) == (1, 6, 370, ("Alpha", "Beta"))
    assert oldest.stakes == ("$0.50/$1 USD FL",)
    assert api.session_page(night, page=3, per_page=1).sessions == ()  # past the last page: empty
    both = api.session_page(night)
    assert [s.number for s in both.sessions] == [2, 1] and (both.total, both.pages) == (2, 1)


def test_the_gap_and_the_filters_page_too(night: Path) -> None:
    # a 29-minute gap: #6 (30 min after #5) alone: #1-#5 (+430 -50 +100 -450 -25 = +5), #6 (+365), #7-#8 (+25)
    page = api.session_page(night, gap_minutes=29, per_page=2)
    assert page.total == 3 and [(s.number, s.hands, s.net.amount) for s in page.sessions] == [(3, 2, 25), (2, 1, 365)]
    (last,) = api.session_page(night, gap_minutes=29, page=2, per_page=2).sessions
    assert (last.number, last.hands, last.net.amount) == (1, 5, 5)
    # only her big blinds: #2 (20:00:40, -50) and #3 (20:02:00, +100), then #8 (21:06:00, -50)
    blinds = api.session_page(night, filters=api.Filters(position="BB"))
    assert [(s.number, s.hands, s.net.amount) for s in blinds.sessions] == [(2, 1, -50), (1, 2, 50)]
    assert blinds.sessions[1].tables == ("Alpha", "Beta")


def test_bad_pages_are_refused(night: Path) -> None:
    for page, per_page in ((0, 50), (1, 0), (-1, 5)):
        with pytest.raises(ValueError, match="page"):
            api.session_page(night, page=page, per_page=per_page)


def _by_hand(db_path: Path, gap: int, filters: api.Filters | None) -> list[SessionSummary]:
    """The whole list, newest first, made again from every HeroHand (the per-hand way)."""
    db = open_database(db_path)
    try:
        _, ids = find_hero(db, None)
        runs = split_sessions(hero_hands(db, ids, filters=filters), dt.timedelta(minutes=gap))
        return [summarize(s.number, s.hands) for s in reversed(runs)]
    finally:
        db.close()


def _same(found: SessionSummary, expected: SessionSummary) -> None:
    """Equal, the floats up to rounding (a page sums each stakes' net before dividing)."""
    floats = ("net_big_bets", "big_bets_per_100", "bb_per_100")
    for name in floats:
        assert getattr(found, name) == pytest.approx(getattr(expected, name), rel=1e-9, abs=1e-9), name
    assert [(k.kind, k.hands) for k in found.by_kind] == [(k.kind, k.hands) for k in expected.by_kind]
    for a, b in zip(found.by_kind, expected.by_kind):
        assert (a.net_big_bets, a.big_bets_per_100, a.bb_per_100) == pytest.approx(
            (b.net_big_bets, b.big_bets_per_100, b.bb_per_100), rel=1e-9, abs=1e-9)
    assert found == dataclasses.replace(expected, by_kind=found.by_kind, **{n: getattr(found, n) for n in floats})


@pytest.mark.parametrize("gap, filters", [(30, None), (1, None), (60, api.Filters(game_type=api.GameType("cash")))])
def test_pages_of_the_corpus_are_the_sessions_made_from_the_hands(db_path: Path, corpus: Path, gap: int,
                                                                 filters: api.Filters | None) -> None:
    api.import_paths([SAMPLES, corpus], db_path)
    expected = _by_hand(db_path, gap, filters)
    assert len(expected) >= 2
    per_page = 3
    found = []
    for page in range(1, len(expected) // per_page + 2):
        listed = api.session_page(db_path, page=page, per_page=per_page, gap_minutes=gap, filters=filters)
        assert listed.total == len(expected) and listed.pages == -(-len(expected) // per_page)
        found.extend(listed.sessions)
    assert [s.number for s in found] == [s.number for s in expected]
    for a, b in zip(found, expected):
        _same(a, b)


def test_the_cli_pages(db_path: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    api.import_paths([SAMPLES, corpus], db_path)
    every = json.loads(runner.invoke(app, ["sessions", "--db", str(db_path), "--gap", "1", "--all", "--json"]).stdout)
    numbers = [s["session"] for s in every]
    assert numbers == list(range(len(numbers), 0, -1)) and len(numbers) > 10
    monkeypatch.setattr(session_module, "SESSIONS_PER_PAGE", 5)
    second = json.loads(runner.invoke(app, ["sessions", "--db", str(db_path), "--gap", "1", "--page", "2", "--json"]).stdout)
    assert second == every[5:10]
    shown = runner.invoke(app, ["sessions", "--db", str(db_path), "--gap", "1", "--page", "2"])
    assert shown.exit_code == 0, shown.output
    assert f"sessions 6-10 of the {len(numbers)}, newest first (--all for every one; --page 3 for older ones)" in " ".join(shown.output.split())
    past = runner.invoke(app, ["sessions", "--db", str(db_path), "--gap", "1", "--page", "99"])
    assert past.exit_code == 0 and f"no page 99: the {len(numbers)} sessions make {-(-len(numbers) // 5)}" in " ".join(past.output.split())
    assert runner.invoke(app, ["sessions", "--db", str(db_path), "--page", "0"]).exit_code == 2
    both = runner.invoke(app, ["sessions", "--db", str(db_path), "--page", "2", "--all"])
    assert both.exit_code == 2 and "give --page N or --all, not both" in both.output
