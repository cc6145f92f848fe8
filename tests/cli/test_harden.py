"""A tester's findings, as a new user and as an attacker (session 6): inputs that ended in an
internal error (exit 3) or ran away, and messages that echoed 100,000 characters back.

Each numeric option of each command has a least and a greatest value (cli/options.py); a
value past them, inf or nan is a usage error (2) naming the option and its range, in one
`Error:` line; --jobs starts no more workers than cores or batches of work; a message quotes
what the user typed cut to 60 characters (display.quoted)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from hhtracker.api import importing
from hhtracker.cli import app

from tests.common import SAMPLES

runner = CliRunner()

HOSTILE_NUMBERS = ("99999999999999999999", "-99999999999999999999", "inf", "-inf", "nan", "1e400", "-1")
"""What the tester typed: past SQLite's INTEGER and C's int, below zero, the floats that are
no number of seconds (1e400 reads as inf)."""


def _commands() -> list[tuple[list[str], object]]:
    """(the words that run it, the click command) for every command, `hero add` included."""
    found: list[tuple[list[str], object]] = []

    def walk(command: object, words: list[str]) -> None:
        sub = getattr(command, "commands", None)
        if sub is not None:
            for name, child in sub.items():
                walk(child, [*words, name])
        else:
            found.append((words, command))

    walk(typer.main.get_command(app), [])
    return found


def _numeric_options() -> list[tuple[list[str], str, object]]:
    """(command words, --flag, the option) for every option that takes an int or a float."""
    options = []
    for words, command in _commands():
        for param in command.params:  # type: ignore[attr-defined]
            kind = getattr(getattr(param, "type_descriptor", None), "annotation", None)
            if kind in (int, float) and not getattr(param, "is_flag", False):
                options.append((words, param.opts[0], param))
    return options


def test_the_walk_finds_the_numeric_options() -> None:
    """The walk below sees what `--help` shows (a walk that found nothing would pass)."""
    found = {(" ".join(words), flag) for words, flag, _ in _numeric_options()}
    for expected in (("import", "--jobs"), ("import", "--interval"), ("sessions", "--gap"), ("report", "--gap"),
                     ("note", "--edit"), ("note", "--delete"), ("query", "--timeout"), ("query", "--limit"),
                     ("hud", "--interval"), ("hud", "--active"), ("players", "--min-hands"), ("serve", "--port"),
                     ("generate", "--hands"), ("generate", "--seed"), ("generate", "--first-number"),
                     ("report", "--session")):
        assert expected in found
    assert len(found) >= 20


@pytest.mark.parametrize("words, flag, param", _numeric_options(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_numeric_option_refuses_huge_negative_inf_and_nan(words: list[str], flag: str, param: object) -> None:
    low, high = param.min, param.max  # type: ignore[attr-defined]
    assert low is not None and high is not None, f"{' '.join(words)} {flag} has no bounds"
    assert math.isfinite(high) and high <= 2**63 - 1
    for value in HOSTILE_NUMBERS:
        if value == "-1" and low < 0:
            continue
        result = runner.invoke(app, [*words, flag, value])
        said = f"{' '.join(words)} {flag} {value}: {result.stderr}"
        assert result.exit_code == 2, said
        assert isinstance(result.exception, SystemExit), said  # not an OverflowError caught by the runner
        errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
        assert len(errors) == 1 and "Traceback" not in result.stderr and "internal error" not in result.stderr, said
        assert flag in errors[0] and ("it must be a number from" in errors[0] or "it must be a whole number from" in errors[0]
                                     or "a whole number is needed" in errors[0]), said


def test_the_range_is_said(db_path: Path) -> None:
    result = runner.invoke(app, ["sessions", "--gap", "99999999999999999999", "--db", str(db_path)])
    assert "Error: Invalid value for '--gap': it must be a whole number from 1 to 10,080." in result.stderr
    result = runner.invoke(app, ["import", "--watch", "--interval", "1e400", str(SAMPLES)])
    assert "Error: Invalid value for '--interval': it must be a number from 0.1 to 3,600." in result.stderr


@pytest.fixture(scope="module")
def samples_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("harden") / "samples.db"
    assert runner.invoke(app, ["import", "--db", str(db), str(SAMPLES)]).exit_code == 0
    return db


@pytest.mark.parametrize("args", [
    ["note", "Hero", "--delete", "99999999999999999999999"],  # was OverflowError (SQLite INTEGER), exit 3
    ["note", "Hero", "--edit", "99999999999999999999999", "x"],
    ["sessions", "--gap", "99999999999999999999"],  # was OverflowError (C int), exit 3
    ["report", "--gap", "99999999999999999999"],
    ["report", "--session", "99999999999999999999999"],
    ["players", "--min-hands", "99999999999999999999"],
])
def test_the_tester_s_numbers_are_usage_errors(samples_db: Path, args: list[str]) -> None:
    result = runner.invoke(app, [*args, "--db", str(samples_db)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.stderr
    assert "it must be a whole number from" in result.stderr


def test_jobs_above_the_maximum_is_refused() -> None:
    for jobs in ("1000", "99999999999999999999"):
        result = runner.invoke(app, ["import", "--jobs", jobs, str(SAMPLES)])
        assert result.exit_code == 2 and "it must be a whole number from 1 to 256." in result.stderr


def test_workers_never_outnumber_cores_or_batches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importing, "cores", lambda: 8)
    small = SAMPLES / "stars_cash_badugi_025_050.txt"  # 9 hands, 13,726 bytes: one batch
    assert importing.worker_count(256, [small]) == 1
    # a file of 1,000,000 bytes holds at most 1,000,000 / 300 = 3,334 hands: 14 batches of 250
    big = tmp_path / "big.txt"
    with big.open("wb") as out:
        out.truncate(1_000_000)
    assert importing.worker_count(256, [big]) == 8  # the cores
    assert importing.worker_count(3, [big]) == 3  # as asked
    monkeypatch.setattr(importing, "cores", lambda: 64)
    assert importing.worker_count(256, [big]) == 14  # the batches
    assert importing.worker_count(256, [big, big]) == 28


def test_jobs_on_a_few_hands_starts_no_worker(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tester's `--jobs 1000` on 14 hands started 1000 processes (load 38): now none."""
    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a worker pool was started for one batch of hands")

    monkeypatch.setattr(importing.multiprocessing, "get_context", no_pool)
    result = runner.invoke(app, ["import", "--jobs", "256", "--json", "--db", str(db_path),
                                 str(SAMPLES / "stars_cash_badugi_025_050.txt")])
    assert result.exit_code == 0, result.output
    assert "\"hands_new\": 9," in result.stdout  # the file's 9 `PokerStars Game #` headers (grep -c)


LONG = "x" * 100_000


@pytest.mark.parametrize("args", [
    ["player", LONG], ["hand", LONG], ["note", LONG, "text"], ["tag", LONG, "fish"], ["sessions", "--hero", LONG],
    ["report", "--hero", LONG], ["leaks", "--hero", LONG], ["tournaments", "--hero", LONG], ["hero", "remove", LONG],
    ["players", "--stakes", LONG], ["players", "--site", LONG], ["players", "--since", LONG], ["report", "--from", LONG],
    ["export", "-", "--player", LONG], ["table", LONG], ["import", LONG], ["hand", "1", "--html", LONG + ".html"],
])
def test_a_message_quotes_what_was_typed_cut_to_60_characters(samples_db: Path, args: list[str]) -> None:
    """`player "$(python3 -c 'print("x"*100000)')"` printed 100,053 bytes (README: quoted
    text is cut to 60 characters, with its length)."""
    result = runner.invoke(app, [*args, "--db", str(samples_db)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.stderr[:300]
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and len(errors[0]) <= 400, result.stderr[:300]
    assert "x" * 61 not in result.stderr
    assert "'" + "x" * 60 + "' … (100,000 characters)" in errors[0] or "(100,005 characters)" in errors[0]


def test_every_quoting_message_is_found() -> None:
    """No message of the CLI quotes with !r any more (it would echo 100,000 characters)."""
    from tests.common import ROOT

    for path in sorted((ROOT / "hhtracker" / "cli").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert "!r}" not in source, path


def test_generate_force_never_overwrites_a_hand_history(tmp_path: Path) -> None:
    """README: outputs never overwrite a hand history; `generate --force` replaced the file
    of the same name. Now the new file takes the name with (2), (3)... and says so."""
    out = tmp_path / "hands"
    assert runner.invoke(app, ["generate", "--out", str(out), "--hands", "3"]).exit_code == 0
    (first,) = out.iterdir()
    before = first.read_bytes()
    for seed, game, number in (("2", "badugi", 2), ("3", "badugi", 3)):
        result = runner.invoke(app, ["generate", "--out", str(out), "--hands", "3", "--seed", seed, "--game", game, "--force"])
        assert result.exit_code == 0, result.output
        new = first.with_name(f"{first.stem} ({number}).txt")
        assert f"1 new file written under another name: '{new.name}'" in result.stdout
        assert new.read_bytes() != before and new.read_bytes().count(b"PokerStars Game #") == 3
    assert first.read_bytes() == before  # the first file as it was
    kings = runner.invoke(app, ["generate", "--out", str(out), "--hands", "2", "--game", "badacey", "--force"])
    again = runner.invoke(app, ["generate", "--out", str(out), "--hands", "2", "--game", "badacey", "--seed", "9", "--force"])
    assert kings.exit_code == again.exit_code == 0
    assert sorted(p.name for p in out.iterdir() if p.name.startswith("KingsClub")) == [
        "KingsClub Generated 1 - Limit Badacey 10-20 (2).txt", "KingsClub Generated 1 - Limit Badacey 10-20.txt"]


def test_an_empty_file_named_as_the_database_is_not_ours(tmp_path: Path) -> None:
    """A 0-byte --db: `players` said "no database at empty.db" though the file is there, and
    `import` made a database of it (README: only where no file exists). It is refused, as any
    file that is not ours, and left as it was (no -wal, -shm or -journal beside it)."""
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    said = f"Error: {empty} is an empty file (0 bytes), not a database: it is left untouched; give another --db"
    for args in (["players"], ["import", str(SAMPLES)], ["note", "MarlowK", "limps", "--force"], ["check"]):
        result = runner.invoke(app, [*args, "--db", str(empty)])
        assert result.exit_code == 2 and result.stderr.startswith(said), (args, result.stderr)
    assert empty.read_bytes() == b"" and [p.name for p in tmp_path.iterdir()] == ["empty.db"]


def test_an_empty_file_another_import_is_creating_is_waited_for(tmp_path: Path) -> None:
    """What the empty kind was for: SQLite makes the file, then its journal, and another
    importer starting then must wait and fill it, not refuse it (test_reliability runs two)."""
    from hhtracker.store.database import being_created

    empty = tmp_path / "new.db"
    empty.write_bytes(b"")
    assert not being_created(empty, grace=0.05)
    (tmp_path / "new.db-journal").write_bytes(b"")
    assert being_created(empty, grace=0.05)


@pytest.fixture
def pipes(tmp_path: Path) -> Path:
    import os

    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "cash.txt").write_bytes((SAMPLES / "stars_cash_badugi_025_050.txt").read_bytes())
    try:
        os.mkfifo(folder / "pipe.txt")
        os.mkfifo(tmp_path / "fifo.txt")
    except (AttributeError, OSError) as error:
        pytest.skip(f"no named pipes here: {error}")
    return folder


def test_a_named_pipe_is_not_a_regular_file(pipes: Path, db_path: Path) -> None:
    """`import fifo.txt` said "no such file or folder"; a pipe in a folder was skipped
    without a word and not counted."""
    fifo = pipes.parent / "fifo.txt"
    alone = runner.invoke(app, ["import", "--db", str(db_path), str(fifo)])
    assert alone.exit_code == 2
    assert alone.stderr.startswith(f"Error: {fifo} is not a regular file (a named pipe): it is not read")
    result = runner.invoke(app, ["import", "--db", str(db_path), "--json", str(pipes)])
    assert result.exit_code == 0, result.stderr
    assert f"{pipes / 'pipe.txt'}: not a regular file (a named pipe): not read" in result.stderr
    assert '"files_ignored": 1' in result.stdout and '"files": 1,' in result.stdout
    words = runner.invoke(app, ["import", "--db", str(db_path), str(pipes)])
    assert "1 file in the folders not read (not .txt or .xml, or not a regular file: named above)" in words.stdout


def test_the_help_names_every_game_it_reads() -> None:
    """`hhtracker --help` said "a hand-history tracker for Badugi" only."""
    from hhtracker import api

    said = " ".join(runner.invoke(app, ["--help"]).stdout.split())
    for record in api.GAMES.values():
        assert record.name in said, record.name
