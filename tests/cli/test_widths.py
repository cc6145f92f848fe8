"""Every command's terminal output at 80 and 160 columns on the real corpus (issue 27, item
4): no line longer than the width, no number cut (a number at 80 columns is a whole number
of the output at 160: a folded or ellipsised one would leave a piece), no word ellipsised,
and the hand and tournament numbers of the wide output still there at 80."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker.cli import app

from tests.common import CORPUS, DATA, STARS_CASH, STARS_SNG

runner = CliRunner()
WIDTHS = (80, 160)
PROBLEM_LINE = re.compile(r"^\S+:\d+: ")  # `file:line: ...`, one line each (grep-able), any width


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")
    db = tmp_path_factory.mktemp("widths") / "w.db"
    result = runner.invoke(app, ["import", "--db", str(db), str(CORPUS), str(DATA / "leak_hands")])
    assert result.exit_code == 0, result.output
    return db


def _run(width: int, *args: object) -> str:
    result = runner.invoke(app, [str(a) for a in args], env={"COLUMNS": str(width)})
    assert result.exit_code in (0, 1), (args, result.output)
    assert "Traceback" not in result.output
    return result.stdout


def _tokens(text: str) -> set[str]:
    text = re.sub(r"\(at \d+ columns, left out:.*?shows them\)", "", text, flags=re.S)  # the note of the columns left out
    return {t for t in re.split(r"[\s│┃┏┓┗┛┡┩└┘┌┐├┤┼╇╈┳┻━─]+", text) if any(c.isdigit() for c in t)}


def _commands(db: Path) -> list[tuple[object, ...]]:
    report = json.loads(runner.invoke(app, ["report", "--db", str(db), "--hero", "Player5", "--json"]).stdout)
    hand = report["notable"][0]["hand"] if report.get("notable") else "49164202872"
    return [
        ("players", "--db", db),
        ("players", "--db", db, "--game-type", "tournament"),
        ("player", "Player5", "--db", db),
        ("player", "Player5", "--reads", "--db", db),
        ("player", "Hero", "--db", db, "--site", "pokerstars"),
        ("leaks", "--db", db, "--hero", "Player5"),
        ("report", "--db", db, "--hero", "Player5"),
        ("report", "--db", db, "--hero", "Player5", "--all-hands"),
        ("report", "--db", db, "--from", "2010-01-01", "--to", "2021-12-31"),
        ("sessions", "--db", db),
        ("tournaments", "--db", db),
        ("hand", hand, "--db", db),
        ("table", CORPUS / STARS_CASH, "--db", db),
        ("query", "select site, site_hand_id, table_name, start_time from hands limit 5", "--table", "--db", db),
        ("validate", CORPUS / STARS_SNG),
        ("hero", "list", "--db", db),
    ]


def test_every_command_fits_80_and_160_columns(corpus_db: Path) -> None:
    for args in _commands(corpus_db):
        out = {width: _run(width, *args) for width in WIDTHS}
        for width, text in out.items():
            long = [line for line in text.splitlines() if len(line) > width and not PROBLEM_LINE.match(line)]
            assert not long, (args, width, long[:3])
            assert not re.search(r"\w…", text), (args, width)  # nothing ellipsised
        pieces = _tokens(out[80]) - _tokens(out[160])
        assert not pieces, (args, sorted(pieces)[:10])  # a cut number leaves a piece
        numbers = {t for t in _tokens(out[160]) if re.fullmatch(r"\d{8,}", t)}
        assert numbers <= _tokens(out[80]), (args, sorted(numbers - _tokens(out[80]))[:10])
