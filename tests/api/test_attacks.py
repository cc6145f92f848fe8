"""Attacks on the guarantees (issue "Guarantees", the second pass): each test is the shape of
an input or a situation that broke a guarantee, built again here; see the module's tests
for what each one was."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app

from tests.common import SAMPLES

runner = CliRunner()
SAMPLE = SAMPLES / "stars_cash_badugi_025_050.txt"


def _latin1_name(folder: Path) -> Path:
    """A copy of the sample named `caf\\xe9.txt` in bytes (a Latin-1 é, not UTF-8)."""
    raw = os.fsencode(folder) + b"/caf\xe9.txt"
    try:
        with open(raw, "wb") as out:
            out.write(SAMPLE.read_bytes())
    except OSError as error:  # (a file system that takes only UTF-8 names)
        pytest.skip(f"this file system refuses a non-UTF-8 name: {error}")
    return Path(os.fsdecode(raw))


def test_table_and_hud_read_a_file_whose_name_is_not_utf8(tmp_path: Path) -> None:
    """The live view looked its file up by str(path.resolve()), a lone surrogate SQLite
    refuses (UnicodeEncodeError out of `hhtracker table`)."""
    path = _latin1_name(tmp_path)
    db = tmp_path / "t.db"
    view = api.table_of_file(db, path)
    assert view is not None
    assert view.hand_id == "48911471158"  # the sample's last hand (its last header line)
    assert view.path == str(tmp_path.resolve()) + "/caf\\xe9.txt"
    hud = api.Hud([tmp_path], db)
    state = hud.look()
    assert [table.hand_id for table in state.tables] == ["48911471158"]
    result = runner.invoke(app, ["table", "--db", str(db), str(path)])
    assert result.exit_code == 0, result.output
