"""Are two hhtracker databases the same, table by table?

    python benchmarks/same_database.py BEFORE.db AFTER.db

Compares every table and view of BEFORE with AFTER: the same tables, the same columns, and
the same rows (as sets with multiplicity, so the order of insertion does not matter). Only the clocks
(`files.imported_at`, `_sqlite_migrations.applied_at`) are left out. Prints one line per table and exits 1 when any
differs. Used to show that a change to the import path stores exactly what it stored
before (benchmarks/RESULTS.md).
"""

from __future__ import annotations

import sqlite3
import sys
from collections import Counter

IGNORED = {("files", "imported_at"), ("_sqlite_migrations", "applied_at")}


def tables(conn: sqlite3.Connection) -> list[str]:
    return [r[0] for r in conn.execute(
        "select name from sqlite_master where type in ('table', 'view') and name not like 'sqlite_%' order by name")]


def rows(conn: sqlite3.Connection, table: str) -> tuple[list[str], Counter]:
    columns = [r[1] for r in conn.execute(f"pragma table_xinfo([{table}])") if (table, r[1]) not in IGNORED]
    select = ", ".join(f"[{c}]" for c in columns)
    return columns, Counter(conn.execute(f"select {select} from [{table}]"))


def compare(before: str, after: str) -> bool:
    a, b = sqlite3.connect(before), sqlite3.connect(after)
    same = True
    names_a, names_b = tables(a), tables(b)
    for name in sorted(set(names_a) | set(names_b)):
        if name not in names_a or name not in names_b:
            print(f"{name}: only in {'AFTER' if name in names_b else 'BEFORE'}")
            same = False
            continue
        columns_a, rows_a = rows(a, name)
        columns_b, rows_b = rows(b, name)
        if columns_a != columns_b:
            print(f"{name}: columns differ: {columns_a} / {columns_b}")
            same = False
        elif rows_a != rows_b:
            missing, extra = rows_a - rows_b, rows_b - rows_a
            print(f"{name}: {sum(missing.values())} row(s) only BEFORE, {sum(extra.values())} only AFTER;"
                  f" e.g. {next(iter(missing), None)!r} / {next(iter(extra), None)!r}")
            same = False
        else:
            print(f"{name}: identical ({sum(rows_a.values())} rows)")
    return same


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(0 if compare(sys.argv[1], sys.argv[2]) else 1)
