"""The README's examples are what the commands print (issue 27, "Done when"): each line of
an example block, its box-drawing characters and spacing aside, is in the command's output
(wrapping aside), so a change of words or figures that the README does not follow fails
here. A `...` line stands for the lines cut."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app

from tests.common import CORPUS, DATA, ROOT, STARS_CASH

runner = CliRunner()
BOX = re.compile(r"[│┃┏┓┗┛┡┩└┘┌┐├┤┼╇╈┳┻━─]")


def _words(text: str) -> str:
    return " ".join(BOX.sub(" ", text).split())


def _example(title: str) -> list[str]:
    """The lines of the README's text block that follows the line starting with `title`."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    first = next(i for i in range(start, len(lines)) if lines[i] == "```text") + 1
    last = next(i for i in range(first, len(lines)) if lines[i] == "```")
    return [line for line in lines[first:last] if line.strip() and line.strip() != "..."]


def _check(example: list[str], output: str) -> None:
    said = _words(output)
    missing = [line for line in example if _words(line) not in said]
    assert not missing, missing[:5]


def test_the_report_example(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    folder = DATA / "report_hands"
    api.import_paths([folder / "alpha.txt", folder / "beta.txt", folder / "warning.txt"], db)
    result = runner.invoke(app, ["report", "--session", "1", "--db", str(db)], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    _check(_example("Example (`hhtracker report --session 1`"), result.stdout)


def test_the_player_example(tmp_path: Path) -> None:
    if not (CORPUS / STARS_CASH).is_file():
        pytest.skip(f"the real corpus is not beside the repo ({CORPUS} missing)")
    db = tmp_path / "p.db"
    api.import_paths([CORPUS / STARS_CASH], db)
    result = runner.invoke(app, ["player", "buddyboy3399", "--db", str(db)], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    _check(_example("Example (`hhtracker player buddyboy3399`"), result.stdout)
