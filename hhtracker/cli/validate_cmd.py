"""`hhtracker validate PATH...`: check hand histories without a database."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .. import api
from .common import JsonOption, print_json, usage_error


def validate_command(
    paths: Annotated[list[Path], typer.Argument(help="Hand-history files or folders.", show_default=False)],
    json_output: JsonOption = False,
) -> None:
    """Check hand histories (parse and replay every hand) without storing anything.

    One line per problem: `file:line: severity [code] message`. Exit code 1 when any error.
    """
    try:
        results = api.validate_paths(paths)
    except FileNotFoundError as error:
        raise usage_error(str(error)) from None
    if json_output:
        print_json([r.as_json() for r in results])
    else:
        for result in results:
            for line in result.lines():
                typer.echo(line)
    if any(r.status == "error" for r in results):
        raise typer.Exit(1)
