"""The check before an import made cheap (store/seals.py): a database the last import found
sound and wrote is not checked whole again while its file is as that import left it; any
other change to the file, a damage above all, brings the whole check back."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from hhtracker import api
from hhtracker.store import database, seals

from tests.common import SAMPLES

FILES = sorted(SAMPLES.glob("stars_*.txt"))


@pytest.fixture
def whole_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The databases checked whole (PRAGMA quick_check) from now on, in order."""
    seen: list[str] = []
    real = database.damage_found

    def counted(conn: sqlite3.Connection, most: int = 20) -> list[str]:
        seen.append("checked")
        return real(conn, most)

    monkeypatch.setattr(database, "damage_found", counted)
    return seen


def _flip(db: Path) -> None:
    """10 bytes of the hands table's root page inverted (its b-tree header): malformed."""
    conn = sqlite3.connect(db)
    page_size = conn.execute("pragma page_size").fetchone()[0]
    root = conn.execute("select rootpage from sqlite_master where name = 'hands'").fetchone()[0]
    conn.close()
    with open(db, "r+b") as file:
        file.seek((root - 1) * page_size)
        head = file.read(10)
        file.seek((root - 1) * page_size)
        file.write(bytes(b ^ 0xFF for b in head))


def test_a_second_import_trusts_what_the_first_left_and_a_foreign_write_is_checked(
        tmp_path: Path, whole_checks: list[str]) -> None:
    db = tmp_path / "t.db"
    api.import_paths(FILES[:1], db)
    assert whole_checks == []  # a new database: nothing to check
    assert seals.is_sealed(db)
    api.import_paths(FILES[1:2], db)
    assert whole_checks == []  # as the first import left it: not read whole again
    conn = sqlite3.connect(db)  # another program writes into it
    conn.execute("update players set name = name")
    conn.commit()
    conn.close()
    assert not seals.is_sealed(db)
    api.import_paths(FILES[:1], db)
    assert whole_checks == ["checked"]
    api.import_paths(FILES[1:2], db)
    assert whole_checks == ["checked"]  # (sealed again by the import that checked it)


def test_damage_after_the_seal_is_found_even_with_the_time_set_back(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    api.import_paths(FILES[:1], db)
    before = os.stat(db)
    _flip(db)
    os.utime(db, ns=(before.st_atime_ns, before.st_mtime_ns))  # size and mtime as sealed
    assert os.stat(db).st_size == before.st_size
    assert not seals.is_sealed(db)  # (the change time and its -wal tell)
    damaged = db.read_bytes()
    with pytest.raises(api.DatabaseCorruptError):
        api.import_paths(FILES[1:2], db)
    assert db.read_bytes() == damaged  # nothing written into it


def test_a_copy_or_a_moved_file_in_its_place_is_checked(tmp_path: Path, whole_checks: list[str]) -> None:
    db = tmp_path / "t.db"
    api.import_paths(FILES[:1], db)
    copy = tmp_path / "copy.db"
    copy.write_bytes(db.read_bytes())
    sealed = os.stat(db)
    os.utime(copy, ns=(sealed.st_atime_ns, sealed.st_mtime_ns))
    os.replace(copy, db)  # same bytes, another file (a backup restored)
    api.import_paths(FILES[1:2], db)
    assert whole_checks == ["checked"]


def test_check_always_reads_whole_and_seals_a_sound_database(tmp_path: Path, whole_checks: list[str]) -> None:
    db = tmp_path / "t.db"
    api.import_paths(FILES[:1], db)
    assert api.check_database(db).ok
    assert whole_checks == ["checked"]  # sealed or not, check reads every page
    os.utime(db)  # touched: the seal no longer matches
    assert not seals.is_sealed(db)
    assert api.check_database(db).ok
    assert seals.is_sealed(db)  # found sound: the next import need not check again
    api.import_paths(FILES[1:2], db)
    assert whole_checks == ["checked", "checked"]


def test_an_unwritable_or_garbled_state_folder_only_means_the_whole_check(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, whole_checks: list[str]) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / seals.SEAL_FILE).write_text("[1, 2", encoding="utf-8")  # not JSON
    monkeypatch.setenv(seals.STATE_ENV, str(state))
    db = tmp_path / "t.db"
    api.import_paths(FILES[:1], db)
    assert seals.is_sealed(db)  # the garbled file replaced
    monkeypatch.setenv(seals.STATE_ENV, str(tmp_path / "a-file"))
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    api.import_paths(FILES[1:2], db)  # no seal can be read or written: checked whole, no error
    assert whole_checks == ["checked"]
    assert not seals.is_sealed(db)


def _foreign_write(db: Path) -> None:
    conn = sqlite3.connect(db)  # another program writes into it
    conn.execute("update players set name = name")
    conn.commit()
    conn.close()


def test_a_watched_import_leaves_the_seal_as_an_import_does(tmp_path: Path, whole_checks: list[str]) -> None:
    # issue 26: `hud` and `serve --watch` paid the whole check (25-28 s at 1,000,000 hands)
    # at every start, their own writes having broken the seal
    db, folder = tmp_path / "t.db", tmp_path / "client"
    folder.mkdir()
    api.import_paths(FILES[:1], db)
    (folder / "table.txt").write_text(FILES[1].read_text(encoding="utf-8-sig"), encoding="utf-8")
    watcher = api.Watcher([folder], db)
    watcher.prepare()
    assert whole_checks == [] and seals.is_sealed(db)
    reader = database.read_only_connection(db)  # (a page of `serve` reading meanwhile)
    reader.execute("select count(*) from hands").fetchone()
    summary = watcher.look()
    assert summary is not None and summary.hands_new > 0
    reader.close()
    assert seals.is_sealed(db)
    with open(folder / "table.txt", "a", encoding="utf-8") as file:  # the client writes more hands
        file.write("\n\n" + FILES[0].read_text(encoding="utf-8-sig"))
    summary = watcher.look()
    assert summary is not None and summary.hands_duplicate > 0 and seals.is_sealed(db)
    later = api.Watcher([folder], db)  # the next start
    later.prepare()
    assert whole_checks == []


def test_a_foreign_write_still_brings_the_whole_check_to_the_watcher(tmp_path: Path, whole_checks: list[str]) -> None:
    db, folder = tmp_path / "t.db", tmp_path / "client"
    folder.mkdir()
    (folder / "table.txt").write_text(FILES[0].read_text(encoding="utf-8-sig"), encoding="utf-8")
    watcher = api.Watcher([folder], db)
    assert watcher.look() is not None and seals.is_sealed(db)  # a new database, made by the watcher
    _foreign_write(db)  # before a start: checked whole at it
    api.Watcher([folder], db).prepare()
    assert whole_checks == ["checked"] and seals.is_sealed(db)
    _foreign_write(db)  # between two looks of a running watcher (a note written by the web page)
    with open(folder / "table.txt", "a", encoding="utf-8") as file:
        file.write("\n\n" + FILES[1].read_text(encoding="utf-8-sig"))
    summary = watcher.look()
    assert summary is not None and summary.hands_new > 0
    assert not seals.is_sealed(db)  # the look does not seal over it
    api.Watcher([folder], db).prepare()
    assert whole_checks == ["checked", "checked"]


def test_a_ctrl_c_while_a_look_seals_still_counts_its_hands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # CI saw `import --watch` print no totals for the last look's hands: Ctrl-C came after the
    # hands were stored, while the look sealed the database, and the whole watch's totals
    # were added after the seal
    db, folder = tmp_path / "t.db", tmp_path / "client"
    folder.mkdir()
    (folder / "table.txt").write_text(SAMPLES.joinpath("stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig"),
                                      encoding="utf-8")
    total = api.ImportSummary()
    watcher = api.Watcher([folder], db, total=total)

    def interrupted(path: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(seals, "seal", interrupted)
    with pytest.raises(KeyboardInterrupt):
        watcher.look()
    assert total.hands_new == 9  # the file's nine hands (PokerStars Game #48911200345 ... ), stored and counted
