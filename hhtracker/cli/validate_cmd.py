"""`hhtracker validate PATH...`: check hand histories without a database."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .. import api
from .common import JsonOption, print_json, print_tracebacks, skipped_sites_line, stderr_line


def validate_command(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Hand-history files or folders (folders are searched recursively for .txt and .xml files).", show_default=False)],
    json_output: JsonOption = False,
) -> None:
    """Check hand histories (parse and replay every hand) without storing anything.

    One line per problem: `file:line: severity [code] message`, then a count on stderr; --json prints one object (the counts, the games and sites skipped, every hand's check). Exit code 1 when any error.
    """
    checked = api.validate_paths(paths)
    if json_output:
        print_json(checked.as_json())
    else:
        for problem in checked.problems():
            typer.echo(api.safe(str(problem)))
    print_tracebacks(checked.problems())
    outside = len(checked.file_problems)
    skipped = checked.unsupported_games
    line = (f"{api.counted(checked.hands_checked, 'hand')} checked: {checked.count('ok'):,} ok, "
            f"{checked.count('warning'):,} with warnings, {checked.count('error'):,} with errors"
            + (f"; {api.counted(outside, 'file problem')} (outside any hand)" if outside else "")
            + f"; {sum(skipped.values()):,} skipped (game or site not supported)")
    if skipped:
        line += ": " + ", ".join(f"{game}: {n:,}" for game, n in sorted(skipped.items()))
    stderr_line(line)
    if checked.skipped_sites:
        stderr_line(skipped_sites_line(checked.skipped_sites))
    if checked.has_errors:
        raise typer.Exit(1)
