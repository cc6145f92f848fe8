"""`hhtracker reprocess`: parse and check stored hands again from their raw text."""

from __future__ import annotations

import typer

from .. import api
from .common import DbOption, resolve_db, say, stderr_line


def reprocess_command(db: DbOption = None) -> None:
    """Parse and replay every stored hand again from its raw text (after an upgrade), without re-reading files.

    Lists every hand still rejected on stderr as file:line: why (the file and line it was imported from), and every hand whose analysis met an internal error (a bug to report; the hand is kept as stored); exit code 1 when there is one.
    """
    summary = api.reprocess(resolve_db(db))
    for problem in summary.rejected:
        stderr_line(problem)
    for problem in summary.internal:
        if problem not in summary.rejected:  # (a hand stored as counting, kept as it was)
            stderr_line(f"{problem} (the hand is kept as it was stored)")
    say(f"{api.counted(summary.hands, 'hand')} reprocessed: {summary.now_valid:,} rejected before and valid now, "
        f"{summary.changed:,} changed status, {summary.still_rejected:,} still rejected")
    if summary.still_rejected or summary.internal:
        raise typer.Exit(1)
