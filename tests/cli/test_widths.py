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


CORPUS_DRAW = CORPUS.parent / "corpus-draw"
STARS_27TD = "PokerStars__27TD_FL_cash_200911.txt"


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not CORPUS.is_dir() or not CORPUS_DRAW.is_dir():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} or {CORPUS_DRAW} missing)")
    db = tmp_path_factory.mktemp("widths") / "w.db"
    result = runner.invoke(app, ["import", "--db", str(db), str(CORPUS), str(CORPUS_DRAW), str(DATA / "leak_hands"),
                                 str(DATA / "split_hands")])
    assert result.exit_code == 0, result.output
    return db


def _run(width: int, *args: object) -> str:
    result = runner.invoke(app, [str(a) for a in args], env={"COLUMNS": str(width)})
    assert result.exit_code in (0, 1), (args, result.output)
    assert "Traceback" not in result.output
    return result.stdout + result.stderr  # both streams: a terminal shows both


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
        # every other command, and the other draw games (issue 27's "Done when")
        ("import", CORPUS / STARS_CASH, "--db", db),  # (stored already: the summary of duplicates)
        ("check", "--db", db),
        ("players", "--db", db, "--game", "27_triple_draw"),
        ("players", "--db", db, "--game", "all"),
        ("player", "Hero", "--db", db),  # one profile per game and site
        ("player", "Hero", "--reads", "--db", db),
        ("player", "Alder", "--db", db, "--game", "badeucey"),
        ("leaks", "--db", db, "--hero", "Hero"),
        ("report", "--db", db, "--hero", "Hero"),
        ("report", "--db", db, "--hero", "Hero", "--game", "27_triple_draw", "--all-hands"),
        ("sessions", "--db", db, "--hero", "Hero", "--game", "badugi"),
        ("tournaments", "--db", db, "--hero", "Hero"),
        ("hand", "35839959625", "--db", db),  # 2-7 Triple Draw
        ("hand", "4004", "--db", db),  # Badeucey, a split pot
        ("hand", "1001", "--db", db),  # Badacey
        ("table", CORPUS_DRAW / STARS_27TD, "--db", db),
        ("validate", CORPUS_DRAW),
        ("note", "Player5", "--list", "--db", db),
        ("tag", "Player5", "--list", "--db", db),
        ("export", "--format", "phh", "--db", db, db.parent / "hands.phhs"),
        ("generate", "--out", db.parent / "generated", "--hands", 30, "--force"),
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
