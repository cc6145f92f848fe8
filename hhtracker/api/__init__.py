"""The library's front door: what the CLI (and any other program) calls.

One module per use, each loaded on first use of one of its names (so a command loads only
what it needs, and `hhtracker --version` none of it):

- importing: `import_paths` (files -> parsed, replayed, with statistics, stored in batches),
  `read_hands`, `expand_paths`, `ImportSummary`, `Problem`
- watching: `watch`, `Watcher` (files a client is still writing)
- validating: `validate_paths` (check files, store nothing)
- statistics: `players`, `player_profile` (statistics read back)
- reviewing: `sessions`, `session_page` (one page of them), `session_report`, `hand_replays`, `write_hand_pages` (replayer pages)
- querying: `query` (read-only SQL with a time and a row limit)
- maintenance: `reprocess`, `generate`
- exporting: `export_hands` (PHH, JSON), `export_parquet`
- tournament_results: `tournaments` (one row per tournament and player, totals per currency),
  `hero_add`, `hero_remove`, `hero_list`, `hero_choice` (who the reports are about)
- leaks: `leaks` (the hero against the rules texts' baselines), `player_reads` (what a
  player showed, by the way he played it)
- checking: `check_database` (`hhtracker check`), `export_raw` (every hand's text, to rebuild)
- outputs: `write_output`, `output_file`, `check_output` (every file a command writes)
- common: `NoDatabaseError`; `on_upgrade` (told how far the upgrade of a database an older
  version wrote is: `DatabaseUpgrade`, `UpgradeStage`)
- browsing: what the web pages of `hhtracker serve` read besides the commands' reports:
  `player_page`, `hand_list` (`HandQuery`), `player_results`, `lifetime_results`,
  `import_status`, `tag_population`, `check_readable`
- live: `Hud` (the live table view's engine), `table_of_file`, `read_table`, `note_add`,
  `tag_set`, `player_marks` (notes and tags on players)

and the values and views a caller needs with them (Site, Filters, Money, PlayerStats, the
statistics keys, the terminal escaping of hand-history text, the report's renderers), each
from the layer that defines it.

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
    # the uses (hhtracker.api.*)
    **dict.fromkeys(("watch", "Watcher", "WatchProgress"), "api.watching"),
    **dict.fromkeys(("import_paths", "read_hands", "expand_paths", "hand_outcome", "ImportSummary",
                     "Problem", "HandOutcome", "HAND_HISTORY_SUFFIXES", "ignored_files", "not_regular_files", "FLUSH_HANDS",
                     "FLUSH_SECONDS"), "api.importing"),
    **dict.fromkeys(("Hud", "HudState", "TableView", "SeatedPlayer", "read_table", "latest_hand", "table_of_file",
                     "note_add", "note_change", "note_list", "tag_set", "player_marks", "read_only", "ACTIVE_MINUTES", "earned_tags",
                     "population_of", "HudColumn", "HUD_COLUMNS", "HUD_PRIORITY", "HUD_JSON_COLUMNS", "hud_column", "Figure",
                     "figure_of", "hud_json", "table_key", "SMALL_SAMPLE", "SMALL_RESULTS"), "api.live"),
    **dict.fromkeys(("validate_paths", "HandValidation", "Validation"), "api.validating"),
    **dict.fromkeys(("players", "player_profile", "names_like", "stored_name", "close_names"), "api.statistics"),
    **dict.fromkeys(("sessions", "session_page", "session_report", "hand_replays", "write_hand_pages", "ReportError"),
                    "api.reviewing"),
    **dict.fromkeys(("SessionPage", "SESSIONS_PER_PAGE"), "report.session"),
    **dict.fromkeys(("reprocess", "generate", "ReprocessSummary"), "api.maintenance"),
    **dict.fromkeys(("query", "ReadOnlyQueryError", "QueryLimitError", "QUERY_TIMEOUT_SECONDS", "QUERY_ROW_LIMIT",
                     "QUERY_BYTE_LIMIT", "blob_text"),
                    "api.querying"),
    **dict.fromkeys(("export_hands", "export_parquet", "ExportResult", "UnknownPlayerError", "MissingExtraError",
                     "EXPORT_FORMATS", "PARQUET_TABLES"), "api.exporting"),
    **dict.fromkeys(("NoDatabaseError", "DatabaseUpgrade", "UpgradeStage", "on_upgrade"), "api.common"),
    **dict.fromkeys(("MarkError", "NOTE_CHARACTERS", "TAG_CHARACTERS", "note_text", "tag_text", "hero_name"), "api.marks"),
    **dict.fromkeys(("check_readable", "CurvePoint", "GroupKind", "GroupResult", "HandList", "HandQuery", "HandRow", "ImportStatus",
                     "PlayerPage", "PlayerResults", "hand_list", "import_status", "lifetime_results", "player_page",
                     "player_results", "tag_population"), "api.browsing"),
    **dict.fromkeys(("check_database", "export_raw", "DatabaseCheck", "RawExport", "REBUILD"), "api.checking"),
    **dict.fromkeys(("check_output", "write_output", "output_file", "output_path"), "api.outputs"),
    # the values and views a caller needs with them, from the layer that defines each
    **dict.fromkeys(("Site", "CHIPS"), "model"),
    **dict.fromkeys(("GAMES", "GameId", "game_name", "has_high_classes", "has_low_classes", "is_split_game"), "games"),
    **dict.fromkeys(("SITES",), "sites"),
    **dict.fromkeys(("DatabaseOpenError", "DatabaseBusyError", "NewerDatabaseError", "NotOurDatabaseError",
                     "DatabaseCorruptError", "DatabaseWriteError", "OutputPathError", "bounded"), "errors"),
    **dict.fromkeys(("ALL_GAMES", "Filters", "Game", "GameType", "TableSize", "SORTS", "sort_order", "parse_stakes"), "filters"),
    **dict.fromkeys(("games_played", "game_of_hand", "high_showdown_classes", "low_showdown_classes"), "api.games"),
    **dict.fromkeys(("Money", "format_money", "format_result"), "money"),
    **dict.fromkeys(("PlayerStats", "Ratio", "format_ratio", "format_interval"), "stats.values"),
    **dict.fromkeys(("STAT_KEYS", "DRAW_KEYS"), "stats.facts"),
    **dict.fromkeys(("StepProgress",), "store.migrations"),
    **dict.fromkeys(("AUTO_TAGS", "AutoTag", "auto_tags", "population", "Population"), "stats.tags"),
    **dict.fromkeys(("safe", "cell", "safe_json", "keep_columns", "counted", "abbreviated", "quoted"), "display"),
    **dict.fromkeys(("REVIEW_LIMIT",), "report"),
    **dict.fromkeys(("format_prize", "ordinal"), "tournaments"),
    **dict.fromkeys(("print_report", "print_sessions", "print_hand", "summary_json", "report_json", "report_html",
                     "chart_png", "hands_listed", "duration"), "report.render"),
    **dict.fromkeys(("replayer_html", "replayer_asset"), "report.replayer"),
    **dict.fromkeys(("HandReplay",), "report.hand_text"),
    **dict.fromkeys(("leaks", "player_reads", "NoHeroError"), "api.leaks"),
    **dict.fromkeys(("print_leaks", "leaks_json", "print_reads", "reads_json"), "report.insight_render"),
    **dict.fromkeys(("print_profile", "print_players", "print_high_classes", "print_low_classes", "profile_json", "PROFILE_LABELS"),
                    "report.players_render"),
    **dict.fromkeys(("print_tournaments",), "report.tournament_render"),
    **dict.fromkeys(("tournaments", "hero_add", "hero_remove", "hero_list", "hero_choice", "HeroChoice",
                     "TournamentReport", "TournamentResult", "TournamentTotals"), "api.tournament_results"),
}
"""Each public name -> the module (under hhtracker) that defines it, loaded on first use."""

__all__ = [
    "ACTIVE_MINUTES", "APP_NAME", "DatabaseCheck", "REBUILD", "RawExport", "check_database", "export_raw", "AUTO_TAGS", "AutoTag", "CHIPS", "DRAW_KEYS", "DatabaseBusyError",
    "DatabaseCorruptError", "DatabaseOpenError", "DatabaseUpgrade", "UpgradeStage", "on_upgrade", "StepProgress", "ALL_GAMES", "GAMES", "GameId", "SITES", "game_name", "has_high_classes", "has_low_classes", "is_split_game", "DatabaseWriteError", "NotOurDatabaseError", "OutputPathError", "EXPORT_FORMATS", "ExportResult", "FLUSH_HANDS", "FLUSH_SECONDS",
    "Filters", "Game", "GameType", "HAND_HISTORY_SUFFIXES", "HandOutcome", "HandReplay", "HandValidation",
    "HeroChoice", "Hud", "HudState", "ImportSummary", "MissingExtraError", "Money",
    "NewerDatabaseError", "NoDatabaseError", "NoHeroError", "PARQUET_TABLES", "PlayerStats",
    "Problem", "QUERY_BYTE_LIMIT", "QUERY_ROW_LIMIT", "QUERY_TIMEOUT_SECONDS", "QueryLimitError", "REVIEW_LIMIT",
    "Ratio", "ReadOnlyQueryError", "ReportError", "ReprocessSummary", "SORTS", "sort_order", "STAT_KEYS",
    "SeatedPlayer", "Site", "TableSize", "TableView", "TournamentReport", "TournamentResult",
    "TournamentTotals", "UnknownPlayerError", "Validation", "Watcher", "WatchProgress", "HudColumn", "HUD_COLUMNS", "HUD_PRIORITY", "HUD_JSON_COLUMNS",
    "hud_column", "Figure", "figure_of", "hud_json", "table_key", "SMALL_SAMPLE", "SMALL_RESULTS", "auto_tags", "blob_text", "cell", "chart_png", "check_output", "check_readable", "CurvePoint", "GroupKind", "GroupResult", "HandList", "HandQuery", "HandRow",
    "ImportStatus", "PlayerPage", "PlayerResults", "hand_list", "import_status", "lifetime_results", "player_page",
    "player_results", "tag_population",
    "default_db_path", "earned_tags", "expand_paths", "export_hands", "export_parquet", "format_money",
    "format_prize", "format_ratio", "format_interval", "game_of_hand", "games_played", "generate", "hand_outcome", "hand_replays",
    "hands_listed", "hero_add", "hero_choice", "hero_list", "hero_remove", "ignored_files", "not_regular_files",
    "import_paths", "keep_columns", "counted", "abbreviated", "format_result", "latest_hand", "names_like", "stored_name", "close_names", "leaks", "leaks_json", "high_showdown_classes", "low_showdown_classes", "note_add", "note_change", "note_list",
    "duration", "ordinal", "output_file", "output_path", "parse_stakes", "player_marks", "player_profile", "player_reads", "players", "population", "population_of", "Population", "print_hand",
    "print_leaks", "print_high_classes", "print_low_classes", "print_players", "print_profile", "print_reads", "print_report",
    "print_sessions", "print_tournaments", "profile_json", "PROFILE_LABELS", "query", "quoted", "bounded", "read_hands",
    "MarkError", "NOTE_CHARACTERS", "TAG_CHARACTERS", "note_text", "tag_text", "hero_name",
    "read_only", "read_table", "reads_json", "replayer_asset", "replayer_html", "report_html", "report_json",
    "reprocess", "safe", "safe_json", "session_page", "session_report", "sessions", "SessionPage", "SESSIONS_PER_PAGE",
    "summary_json", "table_of_file",
    "tag_set", "tournaments", "validate_paths", "watch", "write_hand_pages", "write_output",
]
assert set(__all__) == {"APP_NAME", "default_db_path", *_HOMES}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f"hhtracker.{home}")
    # Every name of that module at once: importing api/leaks.py sets this package's
    # attribute `leaks` to the module, which must not hide the function `leaks`.
    globals().update({other: getattr(module, other) for other, where in _HOMES.items() if where == home})
    return globals()[name]


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:  # for type checkers and editors: the names as they are loaded
    from ..display import abbreviated, cell, counted, keep_columns, quoted, safe, safe_json
    from ..errors import (
        DatabaseBusyError,
        DatabaseCorruptError,
        DatabaseOpenError,
        DatabaseWriteError,
        NewerDatabaseError,
        NotOurDatabaseError,
        OutputPathError,
        bounded,
    )
    from ..filters import SORTS, Filters, Game, GameType, TableSize, parse_stakes, sort_order
    from ..games import GAMES, GameId, has_high_classes, has_low_classes, is_split_game
    from ..model import CHIPS, Site
    from ..money import Money, format_money, format_result
    from ..sites import SITES
    from ..report import REVIEW_LIMIT
    from ..report.render import (
        chart_png,
        duration,
        hands_listed,
        print_hand,
        print_report,
        print_sessions,
        report_html,
        report_json,
        summary_json,
    )
    from ..report.insight_render import leaks_json, print_leaks, print_reads, reads_json
    from ..report.hand_text import HandReplay
    from ..report.players_render import PROFILE_LABELS, print_high_classes, print_low_classes, print_players, print_profile, profile_json
    from ..report.tournament_render import print_tournaments
    from ..report.replayer import replayer_asset, replayer_html
    from ..stats.facts import DRAW_KEYS, STAT_KEYS
    from ..store.migrations import StepProgress
    from ..stats.tags import AUTO_TAGS, AutoTag, Population, auto_tags, population
    from ..stats.values import PlayerStats, Ratio, format_interval, format_ratio
    from ..tournaments import format_prize, ordinal
    from .checking import REBUILD, DatabaseCheck, RawExport, check_database, export_raw
    from .common import DatabaseUpgrade, NoDatabaseError, UpgradeStage, on_upgrade
    from .marks import NOTE_CHARACTERS, TAG_CHARACTERS, MarkError, hero_name, note_text, tag_text
    from .browsing import (
        CurvePoint,
        GroupKind,
        GroupResult,
        HandList,
        HandQuery,
        HandRow,
        ImportStatus,
        PlayerPage,
        PlayerResults,
        check_readable,
        hand_list,
        import_status,
        lifetime_results,
        player_page,
        player_results,
        tag_population,
    )
    from .outputs import check_output, output_file, output_path, write_output
    from .exporting import (
        EXPORT_FORMATS,
        PARQUET_TABLES,
        ExportResult,
        MissingExtraError,
        UnknownPlayerError,
        export_hands,
        export_parquet,
    )
    from .importing import (
        FLUSH_HANDS,
        FLUSH_SECONDS,
        HAND_HISTORY_SUFFIXES,
        HandOutcome,
        ImportSummary,
        Problem,
        expand_paths,
        hand_outcome,
        ignored_files,
        not_regular_files,
        import_paths,
        read_hands,
    )
    from .watching import Watcher, WatchProgress, watch
    from .leaks import NoHeroError, leaks, player_reads
    from .live import (
        ACTIVE_MINUTES,
        HUD_COLUMNS,
        HUD_JSON_COLUMNS,
        HUD_PRIORITY,
        SMALL_RESULTS,
        SMALL_SAMPLE,
        Figure,
        Hud,
        HudColumn,
        figure_of,
        hud_column,
        hud_json,
        table_key,
        HudState,
        SeatedPlayer,
        TableView,
        earned_tags,
        latest_hand,
        note_add,
        note_change,
        note_list,
        player_marks,
        population_of,
        read_only,
        read_table,
        table_of_file,
        tag_set,
    )
    from .maintenance import ReprocessSummary, generate, reprocess
    from .querying import (
        QUERY_BYTE_LIMIT,
        QUERY_ROW_LIMIT,
        QUERY_TIMEOUT_SECONDS,
        QueryLimitError,
        ReadOnlyQueryError,
        blob_text,
        query,
    )
    from ..report.session import SESSIONS_PER_PAGE, SessionPage
    from .reviewing import (
        ReportError,
        hand_replays,
        session_page,
        session_report,
        sessions,
        write_hand_pages,
    )
    from .games import games_played, high_showdown_classes, low_showdown_classes
    from .statistics import close_names, names_like, player_profile, players, stored_name
    from .tournament_results import (
        HeroChoice,
        TournamentReport,
        TournamentResult,
        TournamentTotals,
        hero_add,
        hero_choice,
        hero_list,
        hero_remove,
        tournaments,
    )
    from .validating import HandValidation, Validation, validate_paths
