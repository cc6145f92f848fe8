"""hhtracker: a hand-history tracker for Badugi and the other draw games.

Data flows one way: read -> parse -> replay (rules) -> stats -> store -> report.
See README.md for the architecture and the glossary.
"""

from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec

__version__ = "0.1.0"


def build() -> str:
    """Which build of the core runs: "compiled with mypyc" when the hot-path modules load
    from C extensions (setup.py's COMPILED, built by `pip install .`), else "pure Python".
    Read from where `hhtracker.cards` would load from, without importing it."""
    spec = find_spec("hhtracker.cards")
    origin = spec.origin if spec is not None else None
    if origin is not None and origin.endswith(tuple(EXTENSION_SUFFIXES)):
        return "compiled with mypyc"
    return "pure Python"


def version_line() -> str:
    """What `hhtracker --version` prints, e.g. "hhtracker 0.1.0 (compiled with mypyc)"."""
    return f"hhtracker {__version__} ({build()})"
