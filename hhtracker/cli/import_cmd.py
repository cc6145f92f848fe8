"""`hhtracker import PATH...`: read, check and store hand histories."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

from .. import api
from .common import DbOption, JsonOption, print_json, resolve_db, skipped_sites_line, stderr, stdout, usage_error


def import_command(
    paths: Annotated[list[Path], typer.Argument(help="Hand-history files or folders (folders are searched for .txt files).", show_default=False)],
    db: DbOption = None,
    json_output: JsonOption = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes that parse and check hands (this one stores them).")] = 1,
    watch: Annotated[bool, typer.Option("--watch", help="Keep importing new and growing files until Ctrl-C.")] = False,
    interval: Annotated[float, typer.Option("--interval", min=0.1, help="With --watch: seconds between looks.")] = 2.0,
) -> None:
    """Import hand histories: parse, check and store every hand.

    Prints a summary: files, new, duplicate, rejected and skipped hands, and every problem as file:line. Exit code 1 when any hand was rejected or a file could not be read.
    """
    try:
        files = api.expand_paths(paths)
    except FileNotFoundError as error:
        raise usage_error(str(error)) from None
    if watch:
        _watch(paths, resolve_db(db), interval, json_output)
        return
    if not files:
        raise usage_error("no hand-history files (.txt, .xml) in " + ", ".join(str(p) for p in paths))
    total = sum(f.stat().st_size for f in files)
    progress = Progress(
        TextColumn("[bold]importing"), BarColumn(), DownloadColumn(), TimeRemainingColumn(),
        TextColumn("{task.description}"), console=stderr, transient=True,
        disable=quiet or not stderr.is_terminal,
    )
    with progress:
        task = progress.add_task("", total=total)

        def advance(path: Path, size: int) -> None:
            progress.update(task, advance=size, description=path.name)

        summary = api.import_paths(files, resolve_db(db), progress=advance, jobs=jobs, on_wait=_say_waiting)
    if json_output:
        print_json(summary.as_json())
    else:
        _print_summary(summary)
    if summary.hands_rejected or any(p.severity == "error" for p in summary.problems):
        raise typer.Exit(1)


def _say_waiting() -> None:
    stderr.print("waiting for another import (the database is being written to)…", markup=False, highlight=False)


def _print_summary(summary: api.ImportSummary) -> None:
    for problem in summary.problems:
        if problem.severity == "error":
            stderr.print(str(problem), markup=False, highlight=False)
    warnings = sum(1 for p in summary.problems if p.severity == "warning")
    file_errors = sum(1 for p in summary.problems if p.severity == "error" and p.hand_id is None)
    stdout.print(
        f"{summary.files} file(s): {summary.hands_new} new hand(s), {summary.hands_duplicate} duplicate(s), "
        f"{summary.hands_rejected} rejected, {summary.hands_unsupported} skipped (game or site not supported)"
        + (f", {file_errors} file problem(s)" if file_errors else "")
        + (f"; {summary.hands_repaired} replaced a rejected copy" if summary.hands_repaired else ""),
        markup=False, highlight=False,
    )
    if summary.unsupported_games:
        games = ", ".join(f"{game}: {count}" for game, count in sorted(summary.unsupported_games.items()))
        stdout.print(f"skipped by game: {games}", markup=False, highlight=False)
    if summary.skipped_sites:
        stdout.print(skipped_sites_line(summary.skipped_sites), markup=False, highlight=False)
    if summary.tournament_summaries:
        stdout.print(f"{summary.tournament_summaries} tournament summary file(s) read", markup=False, highlight=False)
    for note in summary.notes:
        stdout.print(f"note: {note}", markup=False, highlight=False)
    if warnings:
        stdout.print(
            f"{warnings} warning(s) in {summary.hands_with_warnings} hand(s) (hands kept); see `hhtracker validate` or --json",
            markup=False, highlight=False,
        )


def _watch(paths: list[Path], db: Path, interval: float, json_output: bool) -> None:
    """Auto-import until Ctrl-C: one summary per round that found something new."""
    stderr.print(f"watching {', '.join(str(p) for p in paths)} every {interval:g} s; Ctrl-C stops",
                 markup=False, highlight=False)

    def report(summary: api.ImportSummary) -> None:
        if json_output:
            print_json(summary.as_json())
        else:
            _print_summary(summary)
            if summary.hands_pending:
                stdout.print(f"{summary.hands_pending} hand(s) still being written, left for later",
                             markup=False, highlight=False)

    try:
        api.watch(paths, db, interval=interval, on_import=report, on_wait=_say_waiting)
    except KeyboardInterrupt:
        stderr.print("stopped", markup=False, highlight=False)
