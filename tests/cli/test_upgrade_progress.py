"""A database written by an older version is upgraded once when a command opens it
(store/migrations.py): the command says how far it is on stderr (cli/upgrade_view.py),
nothing when there is nothing to upgrade or with -q, and an upgrade stopped part way
(Ctrl-C) leaves the database exactly as it was, upgraded whole by the next command.

The old database: the sample histories imported, then made as m011 left it (hand_reads
dropped, m012 not recorded), as tests/report/test_stored_reads.py makes it. Its counted
hands (status ok or warning) are counted here with SQL of our own, not by the backfill."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.store import hand_reads

from tests.common import SAMPLES

runner = CliRunner()


@pytest.fixture(scope="module")
def up_to_date(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("upgrade") / "new.db"
    api.import_paths([SAMPLES], db)
    return db


def made_old(up_to_date: Path, db: Path) -> Path:
    """A copy of the database at db as m011 left it: m012 (hand reads) to apply, nothing else."""
    shutil.copy(up_to_date, db)
    with sqlite3.connect(db) as conn:
        conn.execute("drop table hand_reads")
        conn.execute("delete from _sqlite_migrations where name = 'm012_hand_reads'")
    return db


@pytest.fixture
def old(up_to_date: Path, tmp_path: Path) -> Path:
    return made_old(up_to_date, tmp_path / "old.db")


@pytest.fixture(autouse=True)
def _no_watcher() -> Iterator[None]:
    yield
    api.on_upgrade(None)  # (the CLI's callback sets its view; the api tests set their own)


def counted_hands(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute("select count(*) from hands where status in ('ok', 'warning')").fetchone()[0]


def dealt_in_rows(db: Path) -> int:
    """hand_reads' rows once filled: one per dealt-in player of each counted hand."""
    with sqlite3.connect(db) as conn:
        return conn.execute("select count(*) from hand_players hp join hands h on h.id = hp.hand_id"
                            " where h.status in ('ok', 'warning') and hp.dealt_in = 1").fetchone()[0]


def dump(db: Path) -> list[str]:
    """Every table, index and row of the database, as SQL text."""
    conn = sqlite3.connect(db)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def has_hand_reads(db: Path) -> bool:
    with sqlite3.connect(db) as conn:
        return conn.execute("select count(*) from sqlite_master where name = 'hand_reads'").fetchone()[0] == 1


def test_a_command_says_how_far_the_upgrade_is_and_how_long_it_took(old: Path, up_to_date: Path) -> None:
    hands = counted_hands(old)
    assert hands == 14  # the sample histories: 14 hands, none rejected
    result = runner.invoke(app, ["players", "--db", str(old), "--min-hands", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert lines[:2] == [
        f"Upgrading {old} for this version (once): step 1 of 1, hand reads",
        f"Upgrading {old} for this version (once): step 1 of 1, hand reads, {hands} of {hands} hands, 100%",
    ]
    assert re.fullmatch(rf"Upgraded {re.escape(str(old))} for this version in \d+ s \(1 step\)", lines[2]), lines
    assert len(lines) == 3
    # the report itself as from an up-to-date database, and the table filled
    assert result.stdout == runner.invoke(app, ["players", "--db", str(up_to_date), "--min-hands", "1"]).stdout
    assert has_hand_reads(old)


def test_nothing_is_said_for_an_up_to_date_database(old: Path) -> None:
    runner.invoke(app, ["players", "--db", str(old), "--min-hands", "1"])  # (upgraded here)
    again = runner.invoke(app, ["players", "--db", str(old), "--min-hands", "1"])
    assert again.exit_code == 0 and again.stderr == ""
    fresh = runner.invoke(app, ["import", str(SAMPLES), "--db", str(old.with_name("created.db"))])
    assert fresh.exit_code == 0 and "pgrad" not in fresh.stderr  # a new database is made, not upgraded


def test_nothing_is_said_with_quiet_yet_the_database_is_upgraded(old: Path, up_to_date: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["-q", "players", "--db", str(old), "--min-hands", "1"])
    assert result.exit_code == 0 and result.stderr == "" and has_hand_reads(old)
    other = made_old(up_to_date, tmp_path / "other.db")  # the import's own -q too
    imported = runner.invoke(app, ["import", "-q", str(SAMPLES), "--db", str(other)])
    assert imported.exit_code == 0 and imported.stderr == "" and has_hand_reads(other)


def test_with_json_stdout_is_the_json_alone_and_stderr_says_the_upgrade(old: Path) -> None:
    result = runner.invoke(app, ["players", "--db", str(old), "--min-hands", "1", "--json"])
    assert result.exit_code == 0
    assert isinstance(json.loads(result.stdout), (list, dict))  # (nothing else on stdout)
    assert f"Upgrading {old} for this version (once): step 1 of 1, hand reads" in result.stderr


def test_the_backfill_tells_each_chunk(old: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 14 counted hands in runs of 5: 0 (before the first), 5, 10, 14
    monkeypatch.setattr(hand_reads, "BACKFILL_HANDS", 5)
    events: list[api.DatabaseUpgrade] = []
    api.on_upgrade(events.append)
    api.players(old)
    steps = [e.step for e in events if e.step is not None]
    assert [(s.name, s.number, s.steps, s.title) for s in steps[:1]] == [("m012_hand_reads", 1, 1, "hand reads")]
    assert [(s.done, s.total, s.unit) for s in steps[1:]] == [(0, 14, "hands"), (5, 14, "hands"), (10, 14, "hands"),
                                                              (14, 14, "hands")]
    assert [e.stage for e in events] == [api.UpgradeStage.STEP] * 5 + [api.UpgradeStage.FINISHED]
    with sqlite3.connect(old) as conn:
        assert conn.execute("select count(*) from hand_reads").fetchone()[0] == dealt_in_rows(old)


def test_an_upgrade_stopped_after_a_chunk_leaves_the_database_as_it_was(old: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hand_reads, "BACKFILL_HANDS", 5)
    before = dump(old)
    events: list[api.DatabaseUpgrade] = []

    def ctrl_c_after_the_first_chunk(event: api.DatabaseUpgrade) -> None:
        events.append(event)
        if event.step is not None and event.step.done == 5:  # (5 hands' rows written in the transaction)
            raise KeyboardInterrupt

    api.on_upgrade(ctrl_c_after_the_first_chunk)
    with pytest.raises(KeyboardInterrupt):
        api.players(old)
    assert events[-1].stage is api.UpgradeStage.UNDONE and events[-1].interrupted
    assert dump(old) == before  # every table, index and row as before: nothing half-written
    assert not has_hand_reads(old)
    api.on_upgrade(None)
    api.players(old)  # the next open upgrades it whole
    with sqlite3.connect(old) as conn:
        assert conn.execute("select count(*) from hand_reads").fetchone()[0] == dealt_in_rows(old) > 14
        assert conn.execute("select count(*) from _sqlite_migrations where name = 'm012_hand_reads'").fetchone()[0] == 1


def test_ctrl_c_in_an_upgrade_is_one_line_and_exit_130(old: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hand_reads, "BACKFILL_HANDS", 5)
    before = dump(old)
    chunks = hand_reads._chunks

    def interrupted_after_one(db: object, size: int) -> Iterator[tuple[int, int]]:
        for number, chunk in enumerate(chunks(db, size)):  # type: ignore[arg-type]
            if number == 1:
                raise KeyboardInterrupt  # (Ctrl-C while the second run of hands is read)
            yield chunk

    monkeypatch.setattr(hand_reads, "_chunks", interrupted_after_one)
    for command in (["players", "--db", str(old)], ["import", str(SAMPLES), "--db", str(old)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 130, (command, result.output)
        assert result.stderr.splitlines()[-1] == (
            f"interrupted: the upgrade of {old} was undone, the database is as it was; the next command that opens "
            "it upgrades it again (it takes as long)")
        assert "Traceback" not in result.output and result.stdout == ""
        assert dump(old) == before
