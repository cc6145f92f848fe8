"""Reliability and security: read-only queries, hostile names, reprocessing stored raw text,
a killed import, two imports at once (issue: reliability and security)."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import sqlite_utils
from typer.testing import CliRunner

from hhtracker.cli import app
from hhtracker.generate import generate_files
from hhtracker.parse.read import split_hands

from tests.common import ROOT, SAMPLES, hold_lock_until_said
from tests.oracles.summary_sql import rebuilt, snapshot

runner = CliRunner()
HOSTILE = "x'); DROP TABLE hands;--"


def run(*args: str):
    return runner.invoke(app, list(args))


def test_query_is_read_only(db_path: Path) -> None:
    assert run("import", "--db", str(db_path), str(SAMPLES)).exit_code == 0
    rows = json.loads(run("query", "--db", str(db_path), "select count(*) as n from hands").stdout)
    assert rows == [{"n": 14}]  # 9 cash + 5 tournament sample hands
    for sql in ("update hands set rake = 0", "delete from hands", "drop table hands",
                "attach database 'other.db' as other", "pragma journal_mode = delete",
                "insert into players (site, name) values ('x', 'y')", "create table t (a)"):
        result = run("query", "--db", str(db_path), sql)
        assert result.exit_code == 2, sql
        assert "only reads" in result.stderr or "readonly" in result.stderr.lower(), (sql, result.stderr)
    assert sqlite_utils.Database(db_path)["hands"].count == 14
    assert not (db_path.parent / "other.db").exists()
    assert run("query", "--db", str(db_path), "pragma table_info(hands)").exit_code == 0


def test_hostile_player_name_imports_shows_and_queries(tmp_path: Path, db_path: Path) -> None:
    text = (SAMPLES / "stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig").replace("velvetcrab", HOSTILE)
    path = tmp_path / "hostile.txt"
    path.write_text(text, encoding="utf-8")
    assert run("import", "--db", str(db_path), str(path)).exit_code == 0
    profile = run("player", "--db", str(db_path), "--json", HOSTILE)
    assert profile.exit_code == 0 and json.loads(profile.stdout)["player"] == HOSTILE
    rows = json.loads(run("query", "--db", str(db_path), "select name from players where name like 'x%'").stdout)
    assert rows == [{"name": HOSTILE}]
    assert sqlite_utils.Database(db_path)["hands"].count == 9


def test_reprocess_turns_an_old_rejection_into_a_hand(db_path: Path) -> None:
    assert run("import", "--db", str(db_path), str(SAMPLES / "stars_cash_badugi_025_050.txt")).exit_code == 0
    db = sqlite_utils.Database(db_path)
    # As if an older version had rejected hand 2: its rows are gone but for the raw text.
    row = next(db["hands"].rows_where("1 order by id limit 1 offset 1"))
    for table in ("hand_players", "actions", "draws", "validation_issues"):
        db.execute(f"delete from {table} where hand_id = ?", [row["id"]])
    db.execute("update hands set status = 'rejected' where id = ?", [row["id"]])
    db.conn.commit()
    result = run("reprocess", "--db", str(db_path))
    assert result.exit_code == 0, result.output
    assert "9 hands reprocessed: 1 rejected before and valid now, 1 changed status, 0 still rejected" in result.stdout
    statuses = [r["status"] for r in sqlite_utils.Database(db_path)["hands"].rows]
    assert statuses.count("rejected") == 0 and len(statuses) == 9
    text = (SAMPLES / "stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig")
    seat_lines = sum(1 for line in text.splitlines() if line.startswith("Seat ") and "in chips)" in line)
    assert sqlite_utils.Database(db_path)["hand_players"].count == seat_lines  # one row per seated player


def test_undecodable_hand_is_rejected_and_stays_so_after_reprocess(tmp_path: Path, db_path: Path) -> None:
    """A bad byte in hand 3 of 9 (found by a new user: it used to cost the whole file, with
    the wrong line): that hand is rejected at its line, the other 8 import, and reprocess
    (which never saw the bytes) leaves it rejected rather than accept the U+FFFD text."""
    lines = (SAMPLES / "stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig").split("\n")
    third = [i for i, line in enumerate(lines) if line.startswith("PokerStars ")][2]
    path = tmp_path / "bad_byte.txt"
    lines[third + 2] += "\udce9"  # the byte 0xe9 (Latin-1 é), written back by surrogateescape
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogateescape"))
    result = run("import", "--db", str(db_path), str(path))
    assert result.exit_code == 1
    assert f"bad_byte.txt:{third + 3}: error [encoding] not valid utf-8 text (byte 0xe9)" in result.stderr
    assert "8 new hands" in result.stdout and "1 rejected" in result.stdout
    with sqlite3.connect(db_path) as conn:  # stored as the error it is (it was stored as a warning)
        assert conn.execute("select severity from validation_issues where code = 'encoding'").fetchall() == [("error",)]
    again = run("reprocess", "--db", str(db_path))
    assert "9 hands reprocessed: 0 rejected before and valid now, 0 changed status, 1 still rejected" in again.stdout
    statuses = [r["status"] for r in sqlite_utils.Database(db_path)["hands"].rows]
    assert sorted(statuses) == ["ok"] * 8 + ["rejected"]


def _import_process(db_path: Path, folder: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "hhtracker", "import", "-q", "--db", str(db_path), str(folder)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _assert_whole_hands(db_path: Path) -> int:
    """Every stored hand is whole: its raw text, one hand_players row per seat line of that
    text, its actions, and the summary tables equal to m003's rebuild from the hands.
    Returns the number of hands."""
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        hands = conn.execute(
            """select h.id, r.text, (select count(*) from hand_players hp where hp.hand_id = h.id),
                      (select count(*) from actions a where a.hand_id = h.id)
               from hands h left join raw_hands r on r.hand_id = h.id""").fetchall()
    for hand_id, text, players, actions in hands:
        assert text is not None, hand_id
        header = text.split("*** ", 1)[0]
        assert players == sum(line.startswith("Seat ") for line in header.splitlines()), hand_id
        assert actions >= 2, hand_id  # the blinds at least
    db = sqlite_utils.Database(db_path)
    assert snapshot(db) == rebuilt(db)
    db.close()
    return len(hands)


def test_killed_import_leaves_whole_hands_and_a_rerun_completes(tmp_path: Path, db_path: Path) -> None:
    folder = tmp_path / "hh"
    generate_files(folder, hands=3000, seed=11, tables=2)
    process = _import_process(db_path, folder)
    deadline = time.time() + 60
    while time.time() < deadline:  # wait until the first batch of hands is committed
        if db_path.exists():
            try:
                with sqlite3.connect(db_path, timeout=5) as conn:
                    if conn.execute("select count(*) from hands").fetchone()[0] >= 1:
                        break
            except sqlite3.OperationalError:
                pass
        time.sleep(0.02)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    stored = _assert_whole_hands(db_path)
    assert 1 <= stored < 3000  # killed inside the import, batches of whole hands kept
    rerun = _import_process(db_path, folder)
    out, err = rerun.communicate(timeout=300)
    assert rerun.returncode == 0, err
    assert f"{3000 - stored:,} new hands ({3000 - stored:,} clean, 0 with warnings), 0 rejected, {stored:,} duplicates" in out.decode()
    assert _assert_whole_hands(db_path) == 3000
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("select count(distinct site_hand_id) from hands").fetchone()[0] == 3000


def test_two_imports_of_the_same_files_store_each_hand_once(tmp_path: Path, db_path: Path) -> None:
    folder = tmp_path / "hh"
    generate_files(folder, hands=1500, seed=23, tables=3)
    run("import", "--db", str(db_path), str(SAMPLES))  # the database exists
    a, b = _import_process(db_path, folder), _import_process(db_path, folder)
    out_a, err_a = a.communicate(timeout=300)
    out_b, err_b = b.communicate(timeout=300)
    assert a.returncode == 0 and b.returncode == 0, (err_a, err_b)
    assert b"Traceback" not in err_a + err_b
    new = [int(re.search(rb"([\d,]+) new hand", out).group(1).replace(b",", b"")) for out in (out_a, out_b)]
    duplicates = [int(re.search(rb"([\d,]+) duplicate", out).group(1).replace(b",", b"")) for out in (out_a, out_b)]
    assert sum(new) == 1500 and new[0] + duplicates[0] == 1500 and new[1] + duplicates[1] == 1500
    assert _assert_whole_hands(db_path) == 14 + 1500
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("select count(distinct site_hand_id) from hands").fetchone()[0] == 14 + 1500
        # each file's counters add up over the two imports
        assert conn.execute("select sum(hands_new), sum(hands_duplicate) from files where path like '%.txt' "
                            "and path not like '%sample_histories%'").fetchone() == (1500, 1500)


def _import_while_locked(db_path: Path, folder: Path, hands: int, lock: str) -> None:
    """Run `import` while a test connection holds the database in a transaction begun with
    `lock` ("exclusive", "immediate") until the import has said that it waits (read from its
    stderr: no race against its start-up on a loaded machine; a 60 s watchdog releases the
    lock so that an import that never says so fails the test instead of hanging): the import
    waits, says so once, then imports every hand with exit code 0 and no traceback."""
    holder = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    holder.execute(f"begin {lock}")
    holder.execute("create table if not exists t (x)")
    process = _import_process(db_path, folder)
    try:
        said = hold_lock_until_said(holder, "rollback", process, "waiting for another import")
        assert said.running  # still waiting when it said so
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
        holder.close()
    err = b"".join(said.lines) + err
    assert process.returncode == 0, err
    assert err.decode().count("waiting for another import") == 1
    assert b"Traceback" not in err
    assert f"{hands:,} new hands".encode() in out


def test_an_import_into_a_database_being_created_waits(tmp_path: Path, db_path: Path) -> None:
    """Two importers starting on a new database at once: while the first holds the new file
    locked (here: a test connection in an exclusive transaction, before WAL mode is set), the
    second waits and says so, instead of failing with 'database is locked' (exit code 2)."""
    folder = tmp_path / "hh"
    generate_files(folder, hands=30, seed=31, tables=1)
    _import_while_locked(db_path, folder, 30, "exclusive")


def test_an_import_waits_for_the_write_lock_and_says_so(tmp_path: Path, db_path: Path) -> None:
    run("import", "--db", str(db_path), str(SAMPLES))  # a database in WAL mode: another program writing
    folder = tmp_path / "hh"
    generate_files(folder, hands=50, seed=29, tables=1)
    _import_while_locked(db_path, folder, 50, "immediate")


def test_two_imports_and_a_reader_at_once(tmp_path: Path, db_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    generate_files(first, hands=300, seed=21, tables=2)
    # the second set has other hand numbers
    from hhtracker.generate import generate_hands

    second.mkdir()
    with open(second / "other.txt", "w", encoding="utf-8") as handle:
        for hand in generate_hands(hands=300, seed=22, first_hand_id=400000000000):
            handle.write(hand.text + "\n\n\n")
    run("import", "--db", str(db_path), str(SAMPLES))  # the database exists, in WAL mode
    a, b = _import_process(db_path, first), _import_process(db_path, second)
    counts = []
    while a.poll() is None or b.poll() is None:
        with sqlite3.connect(f"{db_path.resolve().as_uri()}?mode=ro", uri=True, timeout=30) as conn:
            counts.append(conn.execute("select count(*) from hands").fetchone()[0])
        time.sleep(0.05)
    assert a.returncode == 0 and b.returncode == 0, (a.stderr.read(), b.stderr.read())
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("select count(*) from hands").fetchone()[0] == 14 + 600
    assert counts == sorted(counts)  # the reader saw batches of hands arrive, never a step back
    assert len(set(counts)) > 2  # ... and more than once: batches, not whole files


def test_jobs_give_the_same_database(tmp_path: Path) -> None:
    """import --jobs 2 (worker processes) stores exactly what a single process stores."""
    folder = tmp_path / "hh"
    generate_files(folder, hands=400, seed=31, tables=2)
    (folder / "cut.txt").write_text("\n".join((SAMPLES / "stars_cash_badugi_025_050.txt")
                                              .read_text(encoding="utf-8-sig").splitlines()[:20]))
    contents = []
    for jobs in ("1", "2"):
        db_path = tmp_path / f"jobs{jobs}.db"
        result = run("import", "--db", str(db_path), "--jobs", jobs, "--json", str(folder))
        assert result.exit_code == 1  # the cut hand
        summary = json.loads(result.stdout)
        assert (summary["hands_new"], summary["hands_rejected"]) == (400, 1)
        db = sqlite_utils.Database(db_path)
        contents.append((
            db.execute("select site_hand_id, status, total_pot, rake from hands order by site_hand_id").fetchall(),
            db.execute("select h.site_hand_id, p.name, hp.net, hp.vpip_done, hp.pat_d1_done from hand_players hp "
                       "join hands h on h.id = hp.hand_id join players p on p.id = hp.player_id "
                       "order by h.site_hand_id, p.name").fetchall(),
            db.execute("select count(*) from actions").fetchone(), db.execute("select count(*) from draws").fetchone(),
            db.execute("select count(*), sum(length(text)) from raw_hands").fetchone(),
        ))
    assert contents[0] == contents[1]


def test_watch_picks_up_new_hands_and_waits_for_a_hand_being_written(tmp_path: Path, db_path: Path) -> None:
    folder = tmp_path / "client"
    folder.mkdir()
    hands = list(split_hands(SAMPLES / "stars_cash_badugi_025_050.txt"))
    live = folder / "table.txt"
    # two whole hands and the first 12 lines of the third, as a client mid-write
    third = hands[2].text.split("\n")
    live.write_text(hands[0].text + "\n\n\n" + hands[1].text + "\n\n\n" + "\n".join(third[:12]) + "\n")
    process = subprocess.Popen([sys.executable, "-m", "hhtracker", "import", "--watch", "--interval", "0.2",
                                "--db", str(db_path), str(folder)], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)

    def count(status: str) -> int:
        try:  # (read-only: a plain connect made an empty file before the watch made the database, refused since)
            with sqlite3.connect(f"{db_path.resolve().as_uri()}?mode=ro", uri=True, timeout=5) as conn:
                return conn.execute("select count(*) from hands where status = ?", [status]).fetchone()[0]
        except sqlite3.OperationalError:
            return -1

    def wait_for(predicate) -> bool:
        deadline = time.time() + 30
        while time.time() < deadline:
            if predicate():
                return True
            time.sleep(0.1)
        return False

    try:
        assert wait_for(lambda: count("ok") == 2)
        time.sleep(0.5)
        assert count("rejected") == 0  # the hand being written is not rejected
        with open(live, "a", encoding="utf-8") as handle:
            handle.write("\n".join(third[12:]) + "\n\n\n" + hands[3].text + "\n")
        assert wait_for(lambda: count("ok") == 4)
        assert count("rejected") == 0
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "stopped" in err
    # Ctrl-C prints the totals of the whole watch: the four hands, none rejected
    assert "whole watch: 1 file: 4 new hands (4 clean, 0 with warnings), 0 rejected" in out
