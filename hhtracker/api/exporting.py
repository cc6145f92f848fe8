"""Exporting stored hands: PHH, our JSON model, Parquet tables (`export`)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..analysis import RejectedHand, analyze_stored
from ..model import COUNTING_SQL, HandStatus
from ..parse.read import RawHand
from ..parse.sites import Parsers
from ..errors import OutputPathError, excerpt
from .common import existing_database, uses_database
from .outputs import check_output, output_path, write_output

if TYPE_CHECKING:
    from sqlite_utils import Database


class UnknownPlayerError(LookupError):
    """No player of that name in the database."""


@dataclass
class ExportResult:
    """What an export wrote. text: the whole output (PHH `.phhs` text, a JSON list or JSON
    lines); hands: how many hands it holds; not_exported: (site, hand_id, reason) for each
    selected hand left out (PHH cannot describe it, or it no longer parses or replays)."""

    format: str
    text: str
    hands: int = 0
    not_exported: list[tuple[str, str, str]] = field(default_factory=list)


EXPORT_FORMATS = ("phh", "json")


def _exported_hands(db: Database, db_path: Path, player: str | None, date_from: dt.date | None,
                    date_to: dt.date | None) -> tuple[str, list[object]]:
    """The WHERE clause (over `hands h`) and parameters choosing the hands an export writes:
    those that count, where `player` is seated, started within the dates (UTC, inclusive).
    raises UnknownPlayerError."""
    where = [COUNTING_SQL]
    params: list[object] = []
    if player is not None:
        if not db.execute("select 1 from players where name = ?", [player]).fetchone():
            raise UnknownPlayerError(f"no player named {excerpt(player)} in {db_path}")
        where.append("exists (select 1 from hand_players hp join players p on p.id = hp.player_id"
                     " where hp.hand_id = h.id and p.name = ?)")
        params.append(player)
    if date_from is not None:
        where.append("substr(h.start_time, 1, 10) >= ?")
        params.append(date_from.isoformat())
    if date_to is not None:
        where.append("substr(h.start_time, 1, 10) <= ?")
        params.append(date_to.isoformat())
    return " and ".join(where), params


@uses_database
def export_hands(
    db_path: Path,
    out: Path | None = None,
    *,
    format: str = "phh",
    player: str | None = None,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    json_lines: bool = False,
) -> ExportResult:
    """Export the stored hands (status ok or warning) as PHH or as our event model in JSON,
    oldest first, written to `out` when given. Each hand is parsed again from its raw text
    and replayed. player: only hands where he is seated; date_from / date_to: the hand's
    start (UTC), inclusive. `out` is written all or nothing and may not be the database
    or any SQLite file (api.outputs). raises ValueError for an unknown format,
    UnknownPlayerError, NoDatabaseError when db_path does not exist, OutputPathError."""
    from ..export import json_model, phh
    
    if format not in EXPORT_FORMATS:
        raise ValueError(f"unknown export format {format!r}; choose from {', '.join(EXPORT_FORMATS)}")
    if out is not None:
        check_output(out, db_path)
    db = existing_database(db_path)
    try:
        where, params = _exported_hands(db, db_path, player, date_from, date_to)
        rows = db.execute(
            "select h.site, h.site_hand_id, r.path, r.line, r.text from hands h join raw_hands r on r.hand_id = h.id"
            f" where {where} order by h.start_time, h.id",
            params,
        ).fetchall()
    finally:
        db.close()
    parsers = Parsers()
    result = ExportResult(format, "")
    hands_json = []
    hands_phh = []
    for site_name, hand_id, path, line, text in rows:
        analyzed = analyze_stored(RawHand(path, line, text), parsers, site_name)
        if isinstance(analyzed, RejectedHand):
            result.not_exported.append((site_name, hand_id, f"does not parse any more: {analyzed.error()}"))
            continue
        replayed = analyzed.replayed
        if replayed.status is HandStatus.ERROR:
            result.not_exported.append((site_name, hand_id, "its replay now finds an error"))
            continue
        if format == "json":
            hands_json.append(replayed.hand)
            continue
        try:
            hands_phh.append(phh.to_phh(replayed))
        except phh.NotExportable as error:
            result.not_exported.append((site_name, hand_id, str(error)))
    if format == "json":
        result.text = json_model.dumps(hands_json, lines=json_lines)
        result.hands = len(hands_json)
    else:
        result.text = phh.dumps_all(hands_phh)
        result.hands = len(hands_phh)
    if out is not None:
        write_output(out, result.text, db_path)
    return result


PARQUET_TABLES = ("hands", "players", "hand_players", "actions", "draws")


class MissingExtraError(RuntimeError):
    """An optional dependency is not installed (the message says which extra to install)."""


@uses_database
def export_parquet(db_path: Path, out: Path, *, player: str | None = None,
                   date_from: dt.date | None = None, date_to: dt.date | None = None,
                   batch_rows: int = 50_000) -> dict[str, int]:
    """Write the hands, players, hand_players, actions and draws tables as Parquet files in
    the folder `out` (one file per table, `<table>.parquet`), for DuckDB, Spark or pandas on
    archives larger than one SQLite file. Only hands that count (status ok or warning),
    optionally those where `player` is seated and within the dates (UTC, inclusive). Rows go
    out in batches, so memory stays flat. Returns rows written per table. raises
    NoDatabaseError, UnknownPlayerError, MissingExtraError (pyarrow: `pip install
    'hhtracker[parquet]'`), OutputPathError (each file is written all or nothing, never over
    the database or an SQLite file)."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise MissingExtraError("Parquet export needs pyarrow: pip install 'hhtracker[parquet]'") from None
    db = existing_database(db_path)
    try:
        where, params = _exported_hands(db, db_path, player, date_from, date_to)
    except UnknownPlayerError:
        db.close()
        raise
    chosen = "select h.id from hands h where " + where
    queries = {
        "hands": (f"select * from hands where id in ({chosen}) order by id", params),
        "players": (f"select * from players where id in (select player_id from hand_players where hand_id in ({chosen}))", params),
        "hand_players": (f"select * from hand_players where hand_id in ({chosen}) order by hand_id", params),
        "actions": (f"select * from actions where hand_id in ({chosen}) order by hand_id, seq", params),
        "draws": (f"select * from draws where hand_id in ({chosen}) order by hand_id, player_id, draw", params),
    }
    if out.exists() and not out.is_dir():
        check_output(out, db_path)  # (the database, an SQLite file: said as such)
        raise OutputPathError(f"cannot write {out}: it is a file; give a folder to write the Parquet files into")
    for table in queries if out.is_dir() else ():  # (a folder still to be made holds nothing to refuse)
        check_output(out / f"{table}.parquet", db_path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputPathError(f"cannot write {out}: {error.strerror or error} (the folder could not be made)") from None
    written: dict[str, int] = {}
    try:
        for table, (sql, args) in queries.items():
            types = db.table(table).columns_dict  # column -> int, float or str
            schema = pa.schema([(name, pa.int64() if kind is int else pa.float64() if kind is float else pa.string())
                                for name, kind in types.items()])
            cursor = db.execute(sql, args)
            names = [d[0] for d in cursor.description]
            count = 0
            with output_path(out / f"{table}.parquet", db_path) as temporary, \
                    pq.ParquetWriter(temporary, schema) as writer:
                while rows := cursor.fetchmany(batch_rows):
                    columns = list(zip(*rows))
                    writer.write_table(pa.table({n: pa.array(c, type=schema.field(n).type) for n, c in zip(names, columns)}, schema=schema))
                    count += len(rows)
            written[table] = count
    finally:
        db.close()
    return written
