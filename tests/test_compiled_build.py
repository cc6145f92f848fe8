"""The compiled build (setup.py, mypyc) stores exactly what the pure-Python code stores.

pytest run from the checkout imports ./hhtracker, the .py files; the installed build (`pip
install .`, as in CI) is reached by a subprocess started outside the checkout without
PYTHONPATH. Skipped, with the reason, when the installed hhtracker is not compiled.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.common import ROOT

# Where `hhtracker.cards` loads from, without importing the package's code: works with any
# installed version (an older one has no hhtracker.build()).
_WHICH = (
    "import importlib.machinery as m, importlib.util as u;"
    "s = u.find_spec('hhtracker.cards');"
    "print('compiled' if s and s.origin and s.origin.endswith(tuple(m.EXTENSION_SUFFIXES)) else 'pure')"
)


def _environment(pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pure:
        env["PYTHONPATH"] = str(ROOT)  # the checkout first: its .py files
    return env


def _python(args: list[str], *, pure: bool, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=cwd, env=_environment(pure), capture_output=True, text=True,
                          check=False, timeout=600)


def _build(pure: bool, cwd: Path) -> str:
    return _python(["-c", _WHICH], pure=pure, cwd=cwd).stdout.strip()


def test_the_compiled_build_stores_the_same_database_as_pure_python(corpus: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"  # not the checkout, so `hhtracker` is the installed one
    outside.mkdir()
    if _build(pure=False, cwd=outside) != "compiled":
        pytest.skip("no compiled build installed (`pip install .` with a C compiler builds one; "
                    "`hhtracker --version` says which build runs)")
    assert _build(pure=True, cwd=ROOT) == "pure"
    draw = corpus.parent / "corpus-draw"  # 2-7 Triple Draw on PokerStars, Full Tilt, Merge (issue 25)
    histories = [corpus, draw] if draw.is_dir() else [corpus]
    # stored hands, counted from the corpus MANIFESTs: 111 Badugi + the 8-Game file's 18 2-7
    # Triple Draw hands; corpus-draw's 2-7 Triple Draw files 17 + 54 + 1, and one hand each of
    # its other games (KingsClub A-5 Triple Draw and 2-7 Single Draw, PokerStars 2-7 Single
    # Draw and 5-Card Draw: MANIFEST.tsv), all read since issue 25
    real = 111 + 18 + (17 + 54 + 1 + 4 if draw.is_dir() else 0)
    for game, hands in (("badugi", 300), ("badeucey", 100)):
        out = tmp_path / game
        done = _python(["-m", "hhtracker", "generate", "--out", str(out), "--hands", str(hands), "--seed", "11",
                        "--game", game], pure=True, cwd=ROOT)
        assert done.returncode == 0, done.stderr[-2000:]
        histories.append(out)
    databases = {}
    for pure, cwd in ((True, ROOT), (False, outside)):
        db = tmp_path / ("pure.db" if pure else "compiled.db")
        done = _python(["-m", "hhtracker", "import", "--db", str(db), "-q", *map(str, histories)], pure=pure, cwd=cwd)
        assert done.returncode == 0, done.stderr[-2000:]
        databases[pure] = db
    for db in databases.values():  # the real hands + 400 generated
        with sqlite3.connect(db) as conn:
            assert conn.execute("select count(*) from hands").fetchone()[0] == real + 300 + 100
    compared = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "same_database.py"),
                               str(databases[True]), str(databases[False])], capture_output=True, text=True, check=False)
    assert compared.returncode == 0, compared.stdout
    assert f"hands: identical ({real + 400} rows)" in compared.stdout


def test_version_says_which_build_runs(tmp_path: Path) -> None:
    """From the checkout the .py files run: "(pure Python)"; the installed package, run from
    outside the checkout, says what the file-level check above finds."""
    pure = _python(["-m", "hhtracker", "--version"], pure=True, cwd=ROOT)
    assert pure.returncode == 0 and pure.stdout == "hhtracker 0.1.0 (pure Python)\n", pure.stdout + pure.stderr
    # the same line from the Typer app (where every other argument list goes)
    typer_path = _python(["-c", "import sys; from hhtracker.cli import run; sys.argv = ['hhtracker', '--version']; run()"],
                         pure=True, cwd=ROOT)
    assert typer_path.stdout == pure.stdout, typer_path.stdout + typer_path.stderr
    installed = _python(["-c", "import hhtracker; print(getattr(hhtracker, 'build', lambda: None)())"],
                        pure=False, cwd=tmp_path).stdout.strip()
    if installed == "None":
        pytest.skip("the installed hhtracker is an older one, without hhtracker.build()")
    expected = {"compiled": "compiled with mypyc", "pure": "pure Python"}[_build(pure=False, cwd=tmp_path)]
    assert installed == expected
