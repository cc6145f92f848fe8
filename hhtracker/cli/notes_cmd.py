"""`hhtracker note NAME TEXT` and `hhtracker tag NAME TAG [--remove]`: the user's notes and
tags on players, stored in the database, shown by `hud`, `table` and `player`."""

from __future__ import annotations

from typing import Annotated

import typer

from .. import api
from .common import DbOption, resolve_db, stdout

NameArgument = Annotated[str, typer.Argument(metavar="NAME", help="The player's screen name, exactly.", show_default=False)]


def note_command(
    name: NameArgument,
    text: Annotated[str, typer.Argument(metavar="TEXT", help="The note.", show_default=False)],
    db: DbOption = None,
) -> None:
    """Add a note on a player (notes add up; the newest is shown first)."""
    api.note_add(resolve_db(db), name, text)
    stdout.print(f"note added on {api.safe(name)}", markup=False, highlight=False)


def tag_command(
    name: NameArgument,
    tag: Annotated[str, typer.Argument(metavar="TAG", help="The tag: a word or two, such as fish or reg.", show_default=False)],
    remove: Annotated[bool, typer.Option("--remove", help="Take the tag off instead.")] = False,
    db: DbOption = None,
) -> None:
    """Tag a player (or, with --remove, take a tag off)."""
    changed = api.tag_set(resolve_db(db), name, tag, remove=remove)
    if remove:
        said = f"tag {tag!r} taken off {name}" if changed else f"{name} had no tag {tag!r}"
    else:
        said = f"{name} tagged {tag!r}" if changed else f"{name} was tagged {tag!r} already"
    stdout.print(api.safe(said), markup=False, highlight=False)


def print_marks(db_path, name: str, found: list[api.PlayerStats], filters: api.Filters = api.Filters()) -> None:
    """Below `player NAME`'s profile: the automatic tags (per site, against that site's
    players over the same filters), the user's tags and his notes, newest first (nothing
    when there are none)."""
    notes, tags = api.player_marks(db_path, name)
    for site, earned in api.earned_tags(db_path, found, filters).items():
        if earned:
            stdout.print(f"automatic tags ({site}): {', '.join(earned)}", markup=False, highlight=False)
    if tags:
        stdout.print(api.safe(f"tags: {', '.join(tags)}"), markup=False, highlight=False)
    for note in notes:
        stdout.print(api.safe(f"note: {note}"), markup=False, highlight=False)
