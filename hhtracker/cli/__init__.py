"""The Typer command-line interface: one module per command, each calling hhtracker.api.

Exit codes: 0 everything imported or valid; 1 data problems (a hand rejected, a file
unreadable); 2 usage errors (a bad option, a path that does not exist).
"""

from __future__ import annotations

from typing import Annotated

import typer

from .. import __version__
from . import (
    export_cmd,
    generate_cmd,
    hand_cmd,
    import_cmd,
    player_cmd,
    query_cmd,
    report_cmd,
    reprocess_cmd,
    sessions_cmd,
    tournaments_cmd,
    validate_cmd,
)

app = typer.Typer(
    name="hhtracker",
    no_args_is_help=True,
    add_completion=False,
    help="hhtracker: a hand-history tracker for Badugi. Import hand histories, check them, "
    "and look up player statistics.",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"hhtracker {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")] = False,
) -> None:
    """hhtracker: a hand-history tracker for Badugi."""


app.command("import")(import_cmd.import_command)
app.command("validate")(validate_cmd.validate_command)
app.command("player")(player_cmd.player_command)
app.command("players")(player_cmd.players_command)
app.command("generate")(generate_cmd.generate_command)
app.command("export")(export_cmd.export_command)
app.command("report")(report_cmd.report_command)
app.command("sessions")(sessions_cmd.sessions_command)
app.command("tournaments")(tournaments_cmd.tournaments_command)
app.add_typer(tournaments_cmd.hero_app, name="hero")
app.command("hand")(hand_cmd.hand_command)
app.command("query")(query_cmd.query_command)
app.command("reprocess")(reprocess_cmd.reprocess_command)


def run() -> None:
    """The `hhtracker` command: the Typer app, with a database that cannot be opened, or
    that another program keeps locked, reported as one line (exit code 2) instead of a
    traceback, whichever command met it."""
    from ..store.repository import DatabaseBusyError, DatabaseOpenError

    try:
        app(prog_name="hhtracker")
    except (DatabaseOpenError, DatabaseBusyError) as error:
        from .common import usage_error

        raise SystemExit(usage_error(str(error)).exit_code) from None
