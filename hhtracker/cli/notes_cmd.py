"""`hhtracker note NAME TEXT [--list|--edit N|--delete N]` and `hhtracker tag NAME TAG
[--remove|--list]`: the user's notes and tags on players, stored in the database, shown by
`hud`, `table` and `player`. A name no stored hand has is refused (the nearest names are
offered) unless --force."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .. import api
from .common import DbOption, known_name, resolve_db, say, say_waiting, usage_error
from .options import MAX_ROW_ID

NameArgument = Annotated[str, typer.Argument(metavar="NAME", help="The player's screen name (any case when one stored player has it).", show_default=False)]
ForceOption = Annotated[bool, typer.Option("--force", help="Note or tag a name no stored hand has (a player not imported yet).")]


def note_command(
    name: NameArgument,
    text: Annotated[str | None, typer.Argument(metavar="[TEXT]", help="The note (left out with --list or --delete).", show_default=False)] = None,
    list_notes: Annotated[bool, typer.Option("--list", help="List his notes, newest first, each with its number.")] = False,
    edit: Annotated[int | None, typer.Option("--edit", metavar="N", min=1, max=MAX_ROW_ID, help="Replace note number N (see --list) with TEXT.", show_default=False)] = None,
    delete: Annotated[int | None, typer.Option("--delete", metavar="N", min=1, max=MAX_ROW_ID, help="Delete note number N (see --list).", show_default=False)] = None,
    force: ForceOption = False,
    db: DbOption = None,
) -> None:
    """Add a note on a player (notes add up; the newest is shown first), or list, edit or delete his notes."""
    path = resolve_db(db)
    if sum((list_notes, edit is not None, delete is not None)) > 1:
        raise usage_error("give one of --list, --edit N and --delete N")
    if list_notes or delete is not None:
        if text is not None:
            raise usage_error("--list and --delete take no TEXT")
    elif text is None:
        raise usage_error("give the note's TEXT (or --list, --edit N TEXT, --delete N)")
    name = known_name(path, name, force or list_notes or delete is not None or edit is not None)
    if list_notes:
        found = api.note_list(path, name)
        if not found:
            say(f"no notes on {name}")
        for note in found:
            say(f"{note.number}. {note.written_at[:16].replace('T', ' ')} UTC: {note.text}")
        return
    if edit is not None or delete is not None:
        number = edit if edit is not None else delete
        assert number is not None
        if not api.note_change(path, name, number, text, on_wait=say_waiting):
            raise usage_error(f"{name} has no note number {number} (see `hhtracker note NAME --list`)")
        say(f"note {number} on {name} " + ("replaced" if edit is not None else "deleted"))
        return
    assert text is not None
    api.note_add(path, name, text, on_wait=say_waiting)
    say(f"note added on {name}")


def tag_command(
    name: NameArgument,
    tag: Annotated[str | None, typer.Argument(metavar="[TAG]", help="The tag: a word or two, such as fish or reg (left out with --list).", show_default=False)] = None,
    remove: Annotated[bool, typer.Option("--remove", help="Take the tag off instead.")] = False,
    list_tags: Annotated[bool, typer.Option("--list", help="List his tags.")] = False,
    force: ForceOption = False,
    db: DbOption = None,
) -> None:
    """Tag a player (or, with --remove, take a tag off; --list lists his tags)."""
    path = resolve_db(db)
    if list_tags:
        if tag is not None or remove:
            raise usage_error("--list takes no TAG and no --remove")
        name = known_name(path, name, True)
        _, tags = api.player_marks(path, name)
        say(f"tags on {name}: {', '.join(tags)}" if tags else f"no tags on {name}")
        return
    if tag is None:
        raise usage_error("give the TAG (or --list)")
    tag = api.tag_text(tag, to_remove=remove)  # (as stored: the words said back are the tag's)
    name = known_name(path, name, force or remove)
    changed = api.tag_set(path, name, tag, remove=remove, on_wait=say_waiting)
    if remove:
        said = f"tag {api.quoted(tag)} taken off {name}" if changed else f"{name} had no tag {api.quoted(tag)}"
    else:
        said = f"{name} tagged {api.quoted(tag)}" if changed else f"{name} was tagged {api.quoted(tag)} already"
    say(said)


def print_marks(db_path: Path, name: str, found: list[api.PlayerStats], filters: api.Filters = api.Filters()) -> None:
    """Below `player NAME`'s profile: the automatic tags (per site, against that site's
    players over the same filters), the user's tags and his notes, newest first (nothing
    when there are none)."""
    notes, tags = api.player_marks(db_path, name)
    for site, earned in api.earned_tags(db_path, found, filters).items():
        if earned:
            say(f"automatic tags ({site}): {', '.join(earned)}")
    if tags:
        say(f"tags: {', '.join(tags)}")
    for note in notes:
        say(f"note: {note}")
