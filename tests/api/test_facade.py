"""The api facade loads a module on first use of one of its names. A name that is also the
name of its module (`leaks`, in api/leaks.py) must stay the function whichever name of that
module is used first: importing api/leaks.py sets the package's attribute `leaks` to the
module. Run in a fresh interpreter, as the order of first uses is what matters."""

from __future__ import annotations

import subprocess
import sys

from tests.common import ROOT


def test_leaks_stays_a_function_after_player_reads_is_loaded() -> None:
    code = "from hhtracker import api; api.player_reads; print(callable(api.leaks), callable(api.player_reads))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT)}, check=True)
    assert done.stdout.split() == ["True", "True"]
