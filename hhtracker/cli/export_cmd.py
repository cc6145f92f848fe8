"""`hhtracker export --format phh|json|parquet OUT`: stored hands as PHH, as our event model in
JSON, or the tables as Parquet files (OUT is then a folder)."""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from .. import api
from .common import DbOption, check_order, resolve_db, stderr_line, usage_error


class ExportFormat(StrEnum):
    PHH = "phh"
    JSON = "json"
    PARQUET = "parquet"
    RAW = "raw"


def export_command(
    out: Annotated[Path, typer.Argument(metavar="OUT", help="The file to write ('-' for stdout); for parquet, a folder.", show_default=False)],
    format: Annotated[ExportFormat, typer.Option("--format", help="phh: PHH hand histories (one .phhs file, "
                                                 "TOML tables [1], [2]...); json: our event model; parquet: the "
                                                 "tables, one .parquet file each, in the folder OUT (needs pyarrow); raw: the "
                                                 "text of every stored hand as read, one file per site in the folder OUT "
                                                 "(what `hhtracker import` reads back: to rebuild a database).")] = ExportFormat.PHH,
    player: Annotated[str | None, typer.Option("--player", metavar="NAME", help="Only hands where this player is seated.", show_default=False)] = None,
    date_from: Annotated[dt.datetime | None, typer.Option("--from", formats=["%Y-%m-%d"], metavar="YYYY-MM-DD", help="First day (UTC), inclusive.", show_default=False)] = None,
    date_to: Annotated[dt.datetime | None, typer.Option("--to", formats=["%Y-%m-%d"], metavar="YYYY-MM-DD", help="Last day (UTC), inclusive.", show_default=False)] = None,
    lines: Annotated[bool, typer.Option("--nl", help="JSON: one hand per line (JSON lines) instead of a JSON list.")] = False,
    db: DbOption = None,
) -> None:
    """Export stored hands (those whose replay found no error), oldest first, as PHH, JSON or Parquet; or every stored hand's text (raw).

    PHH: the academic poker hand-history format (variant FB, fixed-limit Badugi), which pokerkit reads; hands PHH cannot describe (pot-limit Badugi...) are left out and listed on stderr. JSON: our event model, one object per hand. Parquet: the hands, players, hand_players, actions and draws tables, one file each (<table>.parquet) in the folder OUT, for DuckDB, Spark or pandas (pip install 'hhtracker[parquet]').
    """
    check_order("--from", date_from, "--to", date_to)
    if format is ExportFormat.RAW:
        if player or date_from or date_to:
            raise usage_error("--format raw writes every stored hand: --player, --from and --to do not apply")
        saved = api.export_raw(resolve_db(db), out)
        for path, hands in saved.files.items():
            stderr_line(f"{api.counted(hands, 'hand')} written to {path}")
        if saved.end_lost_after is not None:
            stderr_line(f"the end of the database could not be read (a cut-off file?): hands stored after hand id "
                        f"{saved.end_lost_after:,}, if any, are lost")
        if saved.unreadable:
            stderr_line(f"{api.counted(len(saved.unreadable), 'hand')} could not be read (the damaged part of the database)")
        if saved.unreadable or saved.end_lost_after is not None:
            raise typer.Exit(1)
        return
    if format is ExportFormat.PARQUET:
        written = api.export_parquet(resolve_db(db), out, player=player,
                                     date_from=date_from.date() if date_from else None,
                                     date_to=date_to.date() if date_to else None)
        stderr_line("Parquet written to " + str(out) + ": " + ", ".join(f"{t} {n:,} rows" for t, n in written.items()))
        return
    if out.is_dir():
        raise usage_error(f"{out} is a folder: give the file to write")
    result = api.export_hands(resolve_db(db), None if str(out) == "-" else out, format=format.value, player=player,
                              date_from=date_from.date() if date_from else None,
                              date_to=date_to.date() if date_to else None, json_lines=lines)
    if str(out) == "-":
        typer.echo(result.text, nl=False)
    for site, hand_id, reason in result.not_exported:
        stderr_line(f"{site} hand {hand_id} not exported: {reason}")
    where = "stdout" if str(out) == "-" else str(out)
    stderr_line(f"{api.counted(result.hands, 'hand')} exported as {result.format} to {where}; {len(result.not_exported):,} not exported")
