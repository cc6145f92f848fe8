"""`hhtracker import PATH...`: read, check and store hand histories."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)

from .. import api
from .common import (
    DbOption,
    JsonOption,
    print_json,
    print_tracebacks,
    resolve_db,
    say,
    say_waiting,
    skipped_sites_line,
    stderr,
    stderr_line,
    usage_error,
)
from .options import MAX_INTERVAL_SECONDS, MAX_JOBS
from .upgrade_view import VIEW


def import_command(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Hand-history files or folders (folders are searched recursively for .txt and .xml files; other files are counted, not read).", show_default=False)],
    db: DbOption = None,
    json_output: JsonOption = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar (nor a database upgrade's progress).")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", metavar="N", min=1, max=MAX_JOBS, help="Worker processes that parse and check hands (this one stores them): never more than the cores, nor than the batches of 250 hands the files hold (1 to 256).")] = 1,
    watch: Annotated[bool, typer.Option("--watch", help="Keep importing new and growing files until Ctrl-C.")] = False,
    interval: Annotated[float, typer.Option("--interval", metavar="SECONDS", min=0.1, max=MAX_INTERVAL_SECONDS, help="With --watch: seconds between looks.")] = 2.0,
) -> None:
    """Import hand histories: parse, check and store every hand.

    Prints a summary: the database written to; files, new, duplicate, rejected and skipped hands; files in the folders that were not read (not .txt or .xml); and every problem as file:line: severity [code] message. Exit code 1 when any hand was rejected or a file could not be read.
    """
    files = api.expand_paths(paths)
    db_path = resolve_db(db)
    quiet = VIEW.quiet = quiet or VIEW.quiet  # (the global -q, or the import's own)
    if watch:
        _watch(paths, db_path, interval, json_output)
        return
    ignored = api.ignored_files(paths)
    irregular = api.not_regular_files(paths)
    for path, what in irregular:
        stderr_line(f"{path}: not a regular file ({what}): not read")
    if not files:
        raise usage_error("no hand-history files (.txt, .xml) in " + ", ".join(str(p) for p in paths)
                          + (f" ({api.counted(ignored, 'other file')} not read)" if ignored else ""))
    total = sum(_size(f) for f in files)
    progress = import_progress(stderr, disable=quiet or not stderr.is_terminal)
    tasks: list[TaskID] = []  # the bar starts with the first hand read: after an upgrade's own bar (upgrade_view)

    def advance(path: Path, size: int) -> None:
        if not tasks:
            tasks.append(progress.add_task("", total=total))
            progress.start()
        progress.update(tasks[0], advance=size, description=api.safe(short_name(path.name)))

    try:
        summary = api.import_paths(files, db_path, progress=advance, jobs=jobs, on_wait=say_waiting)
    except KeyboardInterrupt:
        progress.stop()
        stderr_line(VIEW.interrupted() or f"interrupted: the hands written so far are kept in {db_path} (whole hands "
                    "only); run the same import again to finish it")
        raise typer.Exit(INTERRUPTED) from None
    finally:
        progress.stop()
    if json_output:
        print_json({"database": str(db_path), **summary.as_json(), "files_ignored": ignored})
        print_tracebacks(summary.problems)
    else:
        _print_summary(summary, db_path, ignored, irregular=bool(irregular))
    if summary.hands_rejected or any(p.severity == "error" for p in summary.problems):
        raise typer.Exit(1)


INTERRUPTED = 130
"""The exit code of an import stopped with Ctrl-C (128 + SIGINT, as shells report it)."""

NAME_WIDTH = 22


def import_progress(console: Console, *, disable: bool = False) -> Progress:
    """The import's progress bar: `importing ━━━━ 12.3/45.6 MB 0:00:12 file name`, at most
    78 columns (an 80-column terminal) with the file name cut to NAME_WIDTH characters."""
    return Progress(
        TextColumn("importing", style="bold"), BarColumn(bar_width=20), DownloadColumn(), TimeRemainingColumn(),
        TextColumn("{task.description}", markup=False), console=console, transient=True, disable=disable,
    )


def short_name(name: str, width: int = NAME_WIDTH) -> str:
    """A file name cut to `width` characters, keeping its end ("…ds - USD Badugi.txt")."""
    return name if len(name) <= width else "…" + name[-(width - 1):]


DUPLICATE_DIFFERS = "duplicate_differs"
"""The code of a hand number stored already with another text (rules.issues.Code)."""


def _print_summary(summary: api.ImportSummary, db_path: Path, ignored: int = 0, *, title: str = "",
                   errors: bool = True, irregular: bool = False) -> None:
    """The import's summary: hands counted once each (new = clean + with warnings, rejected,
    duplicate, skipped), file problems apart from the hands' warnings; each error first, on
    stderr, unless `errors` is False. irregular: some of the `ignored` files are not regular
    files (named pipes...), each said on stderr before."""
    for problem in summary.problems:  # errors, and a duplicate whose text differs (nothing else says it)
        if errors and (problem.severity == "error" or problem.code == DUPLICATE_DIFFERS):
            stderr_line(problem)
    if errors:
        print_tracebacks(summary.problems)
    hand_warnings = sum(1 for p in summary.problems if p.severity == "warning" and p.hand_id is not None
                        and p.code != DUPLICATE_DIFFERS)
    differ = sum(1 for p in summary.problems if p.code == DUPLICATE_DIFFERS)
    file_problems = sum(1 for p in summary.problems if p.hand_id is None)
    clean = summary.hands_new - summary.hands_with_warnings
    say(f"{title}{api.counted(summary.files, 'file')}: {api.counted(summary.hands_new, 'new hand')} ({clean:,} clean, "
        f"{summary.hands_with_warnings:,} with warnings), {summary.hands_rejected:,} rejected, "
        f"{api.counted(summary.hands_duplicate, 'duplicate')}, "
        f"{summary.hands_unsupported:,} skipped (game or site not supported)"
        + (f", {api.counted(file_problems, 'file problem')} (outside any hand)" if file_problems else "")
        + (f"; {summary.hands_repaired:,} replaced a rejected copy" if summary.hands_repaired else "")
        + f"; into {db_path}")
    if ignored:
        say(f"{api.counted(ignored, 'file')} in the folders not read (not .txt or .xml"
            + (", or not a regular file: named above)" if irregular else ")"))
    if summary.unsupported_games:
        games = api.safe(", ".join(f"{game}: {count:,}" for game, count in sorted(summary.unsupported_games.items())))
        say(f"skipped by game: {games}")
    if summary.skipped_sites:
        say(skipped_sites_line(summary.skipped_sites))
    if summary.tournament_summaries:
        say(f"{api.counted(summary.tournament_summaries, 'tournament summary file')} read")
    for note in summary.notes:
        say(f"note: {note}")
    if hand_warnings:
        where = (f"in {api.counted(summary.hands_with_warnings, 'new hand')} (hands kept)" if summary.hands_with_warnings
                 else "in hands not stored now (duplicates or rejected)")
        say(f"{api.counted(hand_warnings, 'warning')} {where}; see `hhtracker validate` or --json")
    if differ:
        say(f"{api.counted(differ, 'duplicate')} with a text that differs from the stored copy (kept): see the lines above")
    if summary.hands_pending:
        say(f"{api.counted(summary.hands_pending, 'hand')} still being written, left for the next look")

def _size(path: Path) -> int:
    """The file's size for the progress bar; 0 for one that cannot be read (a link to
    nothing, a file gone meanwhile: the import says so as the file's problem)."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _watch(paths: list[Path], db: Path, interval: float, json_output: bool) -> None:
    """Auto-import until Ctrl-C: one summary per look that found something new, and the
    totals of the whole watch at Ctrl-C."""
    stderr_line(f"watching {', '.join(str(p) for p in paths)} every {interval:g} s; Ctrl-C stops")

    def report(summary: api.ImportSummary) -> None:
        if json_output:
            print_json({"database": str(db), **summary.as_json()})
            print_tracebacks(summary.problems)
        else:
            _print_summary(summary, db)

    total = api.ImportSummary()
    try:
        api.watch(paths, db, interval=interval, on_import=report, on_wait=say_waiting, total=total)
    except KeyboardInterrupt:
        stderr_line(VIEW.interrupted() or "stopped")
        if json_output:
            print_json({"database": str(db), "watch_total": True, **total.as_json()})
        else:
            _print_summary(total, db, title="whole watch: ", errors=False)  # (each error was shown at its look)
