"""`hhtracker hand ID`: one stored hand replayed as readable text."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .. import api
from .common import DbOption, JsonOption, print_json, resolve_db, stderr_line, stdout, usage_error


def hand_command(
    hand_id: Annotated[str, typer.Argument(help="The site's hand number, as in the file and in `hhtracker report`.", show_default=False)],
    db: DbOption = None,
    json_output: JsonOption = False,
    site: Annotated[api.Site | None, typer.Option("--site", help="Only this site's hand with that number.", show_default=False)] = None,
    html: Annotated[Path | None, typer.Option("--html", metavar="FILE", help="Also write the hand replayer: one self-contained HTML page to step through the hand (arrow keys), with the odds of every hero draw.", show_default=False)] = None,
) -> None:
    """One hand replayed round by round: the actions and the pot after each round, the hero's cards after each draw and the exact odds of his keep against the other keeps, every hand shown with our evaluation, the pots and who won them, and any validation issue."""
    db_path = resolve_db(db)
    if html is not None:  # before any work: never the database, nor an SQLite file
        api.check_output(html, db_path)
    found = api.hand_replays(db_path, hand_id, site=site.value if site else None)
    if not found:
        raise usage_error(f"no hand {api.quoted(hand_id)} in the database" + (f" for site {site.value}" if site else ""))
    if html is not None:
        write_replayer(found[0], html, db_path)
    if json_output:
        print_json(found[0].as_json() if len(found) == 1 else [h.as_json() for h in found])
        return
    for i, replay in enumerate(found):
        if i:
            stdout.print()
        api.print_hand(replay, stdout)


def write_replayer(replay: api.HandReplay, out: Path, db_path: Path) -> None:
    """Write the replayer page of one HandReplay (the first site's when several match)."""
    if replay.replayed is None:
        raise usage_error(f"hand {replay.hand_id} did not parse: no replayer page")
    api.write_output(out, api.replayer_html(replay.replayed, replay.draw_odds), db_path)
    stderr_line(f"wrote {out}")
