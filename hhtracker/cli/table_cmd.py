"""`hhtracker table FILE [--json]`: the latest hand's table and its seated players' statistics,
once (issue 14, for scripts)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .. import api
from .common import DbOption, JsonOption, print_json, resolve_db, say, stdout


def table_json(view: api.TableView, game: str | None = None) -> dict[str, object]:
    """{"site", "table", "hand_id", "game" (the stored game name of the latest hand, e.g.
    "27_triple_draw"), "players": [the `player --json` object of each seated player, in
    seat order]}; a seated player with no counted hand (sitting out) is {"player", "site",
    "stats": null}."""
    return {
        "site": view.site,
        "table": view.table,
        "hand_id": view.hand_id,
        "game": game,
        "players": [api.profile_json(p.stats) if p.stats is not None else {"player": p.player, "site": view.site, "stats": None}
                    for p in view.players],
    }


def table_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A hand-history file (one table's).", show_default=False)],
    db: DbOption = None,
    json_output: JsonOption = False,
    stats: Annotated[str | None, typer.Option("--stats", metavar="KEY", help="The columns, comma-separated, as `hud --stats`.", show_default=False)] = None,
) -> None:
    """The table of a file's latest hand: every seated player, in seat order, with his statistics (the file is imported first)."""
    from .hud_cmd import parse_stats

    keys = parse_stats(stats)
    db_path = resolve_db(db)
    view = api.table_of_file(db_path, file)
    if view is None:
        say(f"no good hand in {file}")
        raise typer.Exit(1)
    game = api.game_of_hand(db_path, view.site, view.hand_id)
    if json_output:
        print_json(table_json(view, game))
        return
    from .hud_view import render

    state = api.HudState(tables=(view,))
    of_game = f", {api.game_name(game)}" if game is not None else ""
    stdout.print(render(state, stdout.width, keys, header=f"{api.safe(file)}: the table of its latest hand{of_game}"))
