"""`hhtracker check`: is the database sound, and how to rebuild it when it is not."""

from __future__ import annotations

import typer

from .. import api
from .common import DbOption, JsonOption, print_json, resolve_db, say, stderr_line


def check_command(db: DbOption = None, json_output: JsonOption = False) -> None:
    """Check the database without writing to it: SQLite's quick_check (every page is read), hhtracker's marks, and that the hands and their raw texts can be read.

    Prints "ok" and what the database holds, or each problem and how to rebuild the database (exit code 1). A file that is not hhtracker's database is refused (exit code 2).
    """
    db_path = resolve_db(db)
    found = api.check_database(db_path)
    if json_output:
        print_json({**found.as_json(), "rebuild": None if found.ok else api.REBUILD.format(db=db_path)})
    elif found.ok:
        version = (f"schema version {found.schema_version}" if found.schema_version
                   else "from an older hhtracker, marked by the next command that writes to it")
        say(f"ok: {db_path} is an hhtracker database ({version}), {api.counted(found.hands or 0, 'hand')}; "
            "SQLite's quick_check found no damage")
    else:
        for problem in found.problems:
            stderr_line(f"{db_path}: {problem}")
        stderr_line(api.REBUILD.format(db=db_path))
    if not found.ok:
        raise typer.Exit(1)
