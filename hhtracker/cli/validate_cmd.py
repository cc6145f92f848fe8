"""`hhtracker validate PATH...`: check hand histories without a database."""

from __future__ import annotations

from collections import Counter
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

    One line per problem: `file:line: severity [code] message`, then a count on stderr. Exit code 1 when any error.
    """
    results, skipped = api.validate_paths(paths)
    if json_output:
        print_json([r.as_json() for r in results])
    else:
        for result in results:
            for line in result.lines():
                typer.echo(api.safe(line))
    print_tracebacks(problem for result in results for problem in result.issues)
    statuses = Counter(r.status for r in results if r.hand_id is not None and r.status != "skipped")
    outside = sum(1 for r in results if r.hand_id is None and r.status not in ("ok", "skipped") for _ in r.issues)
    line = (f"{api.counted(sum(statuses.values()), 'hand')} checked: {statuses['ok']:,} ok, {statuses['warning']:,} with warnings, "
            f"{statuses['error']:,} with errors"
            + (f"; {api.counted(outside, 'file problem')} (outside any hand)" if outside else "")
            + f"; {sum(skipped.values()):,} skipped (game or site not supported)")
    if skipped:
        line += ": " + ", ".join(f"{game}: {n:,}" for game, n in sorted(skipped.items()))
    stderr_line(line)
    sites = Counter(r.site or "?" for r in results if r.status == "skipped" and r.game is None)
    if sites:
        stderr_line(skipped_sites_line(sites))
    if any(r.status == "error" for r in results):
        raise typer.Exit(1)
