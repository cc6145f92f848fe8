"""`hhtracker validate PATH...`: check hand histories without a database."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from .. import api
from .common import JsonOption, print_json, skipped_sites_line, stderr, usage_error


def validate_command(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Hand-history files or folders (folders are searched recursively for .txt and .xml files).", show_default=False)],
    json_output: JsonOption = False,
) -> None:
    """Check hand histories (parse and replay every hand) without storing anything.

    One line per problem: `file:line: severity [code] message`, then a count on stderr. Exit code 1 when any error.
    """
    try:
        results, skipped = api.validate_paths(paths)
    except FileNotFoundError as error:
        raise usage_error(str(error)) from None
    if json_output:
        print_json([r.as_json() for r in results])
    else:
        for result in results:
            for line in result.lines():
                typer.echo(api.safe(line))
    statuses = Counter(r.status for r in results if r.hand_id is not None and r.status != "skipped")
    line = (f"{sum(statuses.values())} hand(s) checked: {statuses['ok']} ok, {statuses['warning']} with warnings, "
            f"{statuses['error']} with errors; {sum(skipped.values())} skipped (game or site not supported)")
    if skipped:
        line += ": " + ", ".join(f"{game}: {n}" for game, n in sorted(skipped.items()))
    stderr.print(api.safe(line), markup=False, highlight=False)
    sites = Counter(r.site or "?" for r in results if r.status == "skipped" and r.game is None)
    if sites:
        stderr.print(api.safe(skipped_sites_line(sites)), markup=False, highlight=False)
    if any(r.status == "error" for r in results):
        raise typer.Exit(1)
