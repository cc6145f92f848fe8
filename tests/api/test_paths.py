"""Files as the file system gives them (issue "Guarantees", items 3, 5 and 16): a name that
is not UTF-8, folders reached through symbolic links (loops and files reached twice), and an
empty file that `import --watch` sees before its first hand."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app

from tests.api.test_importing import hand
from tests.common import SAMPLES, latin1_named_copy

runner = CliRunner()
SAMPLE = SAMPLES / "stars_cash_badugi_025_050.txt"


def _headers(path: Path) -> int:
    """The hands of a PokerStars file: its header lines (counted apart from the reader)."""
    return sum(1 for line in path.read_text(encoding="utf-8-sig").splitlines() if line.startswith("PokerStars "))



def test_a_file_name_that_is_not_utf8_is_imported_and_shown_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "histories"
    folder.mkdir()
    latin1_named_copy(SAMPLE, folder)
    db = tmp_path / "t.db"
    result = runner.invoke(app, ["import", "--db", str(db), "--json", str(folder)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["hands_new"] == _headers(SAMPLE) == 9
    with sqlite3.connect(db) as conn:
        assert [r[0] for r in conn.execute("select path from files")] == [str(folder.resolve()) + "/caf\\xe9.txt"]
        assert {r[0] for r in conn.execute("select distinct path from raw_hands")} == {str(folder) + "/caf\\xe9.txt"}
    checked = runner.invoke(app, ["validate", "--json", str(folder)])
    assert checked.exit_code == 0, checked.output
    assert {r["file"] for r in json.loads(checked.stdout)["hands"]} == {str(folder) + "/caf\\xe9.txt"}


def test_a_rejected_hand_in_such_a_file_is_reported_with_the_name_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "histories"
    folder.mkdir()
    path = latin1_named_copy(SAMPLE, folder)
    path.write_text(SAMPLE.read_text(encoding="utf-8-sig").replace("*** SUMMARY ***", "*** SUMMARY", 1), encoding="utf-8")
    result = runner.invoke(app, ["import", "--db", str(tmp_path / "t.db"), str(folder)])
    assert result.exit_code == 1
    assert f"{folder}/caf\\xe9.txt:" in result.stderr and "\udce9" not in result.stderr


def test_a_symlinked_folder_is_followed_once_and_no_file_is_read_twice(tmp_path: Path) -> None:
    """histories/ holds a.txt and a link `more` to a folder outside it holding b.txt; that
    folder links back up (`loop` -> histories) and holds a second link to a.txt. Every hand of
    a.txt and b.txt is read once: 9 + 9 hands, no duplicate, and the walk ends."""
    folder, outside = tmp_path / "histories", tmp_path / "outside"
    folder.mkdir()
    outside.mkdir()
    (folder / "a.txt").write_bytes(SAMPLE.read_bytes())
    (outside / "b.txt").write_text(SAMPLE.read_text(encoding="utf-8-sig").replace("PokerStars Game #", "PokerStars Game #9"),
                                   encoding="utf-8")
    (folder / "more").symlink_to(outside, target_is_directory=True)
    (outside / "loop").symlink_to(folder, target_is_directory=True)
    (outside / "same_a.txt").symlink_to(folder / "a.txt")
    assert [p.relative_to(tmp_path).as_posix() for p in api.expand_paths([folder])] == [
        "histories/a.txt", "histories/more/b.txt"]
    summary = api.import_paths([folder, folder / "a.txt"], tmp_path / "t.db")
    assert (summary.files, summary.hands_new, summary.hands_duplicate) == (2, 2 * _headers(SAMPLE), 0)


def test_watch_waits_quietly_for_an_empty_file_to_get_its_first_hand(tmp_path: Path) -> None:
    """A client creates table.txt empty: the first look reports nothing (no `no_hands`); when
    its hand arrives, the next look imports it."""
    folder = tmp_path / "client"
    folder.mkdir()
    live = folder / "table.txt"
    live.touch()
    watcher = api.Watcher([folder], tmp_path / "t.db")
    assert watcher.look() is None
    live.write_text(hand(1, "W") + "\n", encoding="utf-8")
    summary = watcher.look()
    assert summary is not None and (summary.hands_new, summary.problems) == (1, [])
