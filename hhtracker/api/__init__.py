"""The library's front door: what the CLI (and any other program) calls.

One module per use, each loaded on first use of one of its names (so a command loads only
what it needs, and `hhtracker --version` none of it):

- importing: `import_paths` (files -> parsed, replayed, with statistics, stored in batches),
  `watch`, `read_hands`, `expand_paths`, `ImportSummary`, `Problem`
- validating: `validate_paths` (check files, store nothing)
- statistics: `players`, `player_profile` (statistics read back)
- reviewing: `sessions`, `session_report`, `hand_replays`, `write_hand_pages` (replayer pages)
- maintenance: `query` (read-only SQL), `reprocess`, `generate`
- exporting: `export_hands` (PHH, JSON), `export_parquet`
- common: `NoDatabaseError`

Errors in hands never raise: they are counted and listed as `Problem`s.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

APP_NAME = "hhtracker"


def default_db_path() -> Path:
    """--db, else $HHTRACKER_DB, else hhtracker.db in the user's data directory."""
    env = os.environ.get("HHTRACKER_DB")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME)) / "hhtracker.db"


_HOMES: dict[str, str] = {
    **dict.fromkeys(("import_paths", "watch", "read_hands", "expand_paths", "hand_outcome", "ImportSummary",
                     "Problem", "HandOutcome", "HAND_HISTORY_SUFFIXES", "FLUSH_HANDS", "FLUSH_SECONDS"), "importing"),
    **dict.fromkeys(("validate_paths", "HandValidation"), "validating"),
    **dict.fromkeys(("players", "player_profile"), "statistics"),
    **dict.fromkeys(("sessions", "session_report", "hand_replays", "write_hand_pages", "ReportError"), "reviewing"),
    **dict.fromkeys(("query", "reprocess", "generate", "ReadOnlyQueryError", "ReprocessSummary"), "maintenance"),
    **dict.fromkeys(("export_hands", "export_parquet", "ExportResult", "UnknownPlayerError", "MissingExtraError",
                     "EXPORT_FORMATS", "PARQUET_TABLES"), "exporting"),
    **dict.fromkeys(("NoDatabaseError",), "common"),
}

__all__ = [
    "APP_NAME", "EXPORT_FORMATS", "ExportResult", "FLUSH_HANDS", "FLUSH_SECONDS",
    "HAND_HISTORY_SUFFIXES", "HandOutcome", "HandValidation", "ImportSummary", "MissingExtraError",
    "NoDatabaseError", "PARQUET_TABLES", "Problem", "ReadOnlyQueryError", "ReportError",
    "ReprocessSummary", "UnknownPlayerError", "default_db_path", "expand_paths", "export_hands",
    "export_parquet", "generate", "hand_outcome", "hand_replays", "import_paths", "player_profile",
    "players", "query", "read_hands", "reprocess", "session_report", "sessions", "validate_paths",
    "watch", "write_hand_pages",
]
assert set(__all__) == {"APP_NAME", "default_db_path", *_HOMES}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:  # for type checkers and editors: the names as they are loaded
    from .common import NoDatabaseError
    from .exporting import (EXPORT_FORMATS, PARQUET_TABLES, ExportResult, MissingExtraError, UnknownPlayerError,
                            export_hands, export_parquet)
    from .importing import (FLUSH_HANDS, FLUSH_SECONDS, HAND_HISTORY_SUFFIXES, HandOutcome, ImportSummary, Problem,
                            expand_paths, hand_outcome, import_paths, read_hands, watch)
    from .maintenance import ReadOnlyQueryError, ReprocessSummary, generate, query, reprocess
    from .statistics import player_profile, players
    from .reviewing import ReportError, hand_replays, session_report, sessions, write_hand_pages
    from .validating import HandValidation, validate_paths
