"""The installed package holds its files besides the modules: `py.typed` (PEP 561: type
checkers read hhtracker's annotations), the grammars, the statistics' baselines and the
report's templates.

pytest run from the checkout imports ./hhtracker; the installed build (`pip install .`, as in
CI) is found by a subprocess started outside the checkout without PYTHONPATH. Skipped, with
the reason, when what is installed is the checkout itself (an editable install)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.common import ROOT

DATA_FILES = ("py.typed", "grammars/common.lark", "grammars/pokerstars.lark", "grammars/fulltilt.lark",
              "grammars/kingsclub.lark", "stats/baselines.json", "report/templates/report.html.j2",
              "report/templates/replayer.html.j2", "report/templates/replayer.js", "report/templates/replayer.css")

_WHERE = "import importlib.util as u; s = u.find_spec('hhtracker'); print(s.submodule_search_locations[0] if s else '')"


def installed_package(python: str, cwd: Path) -> Path | None:
    """The folder of the hhtracker package `python` imports when run in cwd, without
    PYTHONPATH and without importing it; None when none is installed."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    found = subprocess.run([python, "-c", _WHERE], cwd=cwd, env=env, capture_output=True, text=True, check=True,
                           timeout=60).stdout.strip()
    return Path(found) if found else None


def missing_files(package: Path) -> list[str]:
    """The DATA_FILES not in an installed package folder."""
    return [name for name in DATA_FILES if not (package / name).is_file()]


def test_the_installed_package_has_py_typed_and_its_data(tmp_path: Path) -> None:
    package = installed_package(sys.executable, tmp_path)
    if package is None:
        pytest.skip("hhtracker is not installed (`pip install .` installs it)")
    if (package.parent / "pyproject.toml").is_file():
        pytest.skip(f"the installed hhtracker is a checkout ({package.parent}, an editable install): "
                    "`pip install .` installs the built package")
    assert missing_files(package) == []


def test_the_checkout_has_what_the_package_data_lists() -> None:
    """The same files in the checkout, where setup.py and pyproject.toml take them from
    (grammars/ is installed as hhtracker/grammars)."""
    checkout = ROOT / "hhtracker"
    assert [n for n in DATA_FILES if not n.startswith("grammars/") and not (checkout / n).is_file()] == []
    assert [n for n in DATA_FILES if n.startswith("grammars/") and not (ROOT / n).is_file()] == []
