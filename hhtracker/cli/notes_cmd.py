"""`hhtracker note NAME TEXT` and `hhtracker tag NAME TAG [--remove]`: the user's notes and
tags on players, stored in the database, shown by `hud`, `table` and `player`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .. import api
from .common import DbOption, resolve_db, say, say_waiting

NameArgument = Annotated[str, typer.Argument(metavar="NAME", help="The player's screen name, exactly.", show_default=False)]


def note_command(
    name: NameArgument,
    text: Annotated[str, typer.Argument(metavar="TEXT", help="The note.", show_default=False)],
    db: DbOption = None,
) -> None:
    """Add a note on a player (notes add up; the newest is shown first)."""
    api.note_add(resolve_db(db), name, text, on_wait=say_waiting)
    say(f"note added on {name}")


def tag_command(
    name: NameArgument,
    tag: Annotated[str, typer.Argument(metavar="TAG", help="The tag: a word or two, such as fish or reg.", show_default=False)],
    remove: Annotated[bool, typer.Option("--remove", help="Take the tag off instead.")] = False,
    db: DbOption = None,
) -> None:
    """Tag a player (or, with --remove, take a tag off)."""
    changed = api.tag_set(resolve_db(db), name, tag, remove=remove, on_wait=say_waiting)
    if remove:
        said = f"tag {tag!r} taken off {name}" if changed else f"{name} had no tag {tag!r}"
    else:
        said = f"{name} tagged {tag!r}" if changed else f"{name} was tagged {tag!r} already"
    say(said)


def print_marks(db_path: Path, name: str, found: list[api.PlayerStats]) -> None:
    """Below `player NAME`'s profile: the automatic tags (per site), the user's tags and his
    notes, newest first (nothing when there are none)."""
    notes, tags = api.player_marks(db_path, name)
    for stats in found:
        earned = api.auto_tags(stats)
        if earned:
            say(f"automatic tags ({stats.site}): {', '.join(earned)}")
    if tags:
        say(f"tags: {', '.join(tags)}")
    for note in notes:
        say(f"note: {note}")
