"""`hhtracker generate`: write legal hand histories: Badugi (PokerStars format), Badacey and
Badeucey (KingsClub format)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from .. import api
from .common import say, usage_error
from .options import MAX_ROW_ID

RENAMED = re.compile(r" \(\d+\)$")
"""The end of a file's name that generate.new_file gave it beside a file of the same name."""

MAX_GENERATED_HANDS = 10**8
"""The most hands --hands writes (about 150 GB of text: more is a typo)."""
MAX_GENERATED_PLAYERS = 100_000
MAX_GENERATED_TABLES = 1_000
"""The largest player pool and the most tables (one file each) generate takes."""


_GAME_HELP = "The game, in the format of the site named: " + ", ".join(
    f"{record.name} ({api.SITES[record.generated_as].name})" for record in api.GAMES.values()) + "."


def generate_command(
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Folder to write the files into (created if needed).")],
    hands: Annotated[int, typer.Option("--hands", metavar="N", min=1, max=MAX_GENERATED_HANDS, help="How many hands.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", metavar="N", min=0, max=MAX_ROW_ID, help="Random seed: the same seed writes the same hands.")] = 1,
    players: Annotated[int, typer.Option("--players", metavar="N", min=2, max=MAX_GENERATED_PLAYERS, help="Size of the player pool.")] = 12,
    tables: Annotated[int, typer.Option("--tables", metavar="N", min=1, max=MAX_GENERATED_TABLES, help="Tables played at the same time (one file each).")] = 1,
    tournament: Annotated[bool, typer.Option("--tournament", help="Tournament chips instead of $0.25/$0.50 cash.")] = False,
    game: Annotated[api.GameId, typer.Option("--game", help=_GAME_HELP)] = api.GameId.BADUGI,
    first_number: Annotated[int | None, typer.Option("--first-number", metavar="N", min=0, max=10**15, help="The first hand number (default: from the game and the seed, so two generated sets never share a number).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Write into a folder that is not empty (its files are left as they are: a new file whose name is taken gets (2), (3)... before .txt).")] = False,
) -> None:
    """Write legal hands played through the rules engine (for tests and benchmarks): Badugi in PokerStars' format, with --game Badacey or Badeucey in KingsClub's, with --game 27_single_draw no-limit 2-7 Single Draw in PokerStars'.

    The tables are played at once, in sessions of 1.5 to 4 hours with breaks of 2 to 20 hours; players come and go. Hand numbers start from the game and the seed (each seed has its own 1,000,000 numbers) unless --first-number.

    The folder must be empty or new, unless --force: files written before with other options would be left beside the new ones. No file is ever overwritten.
    """
    if out.exists() and not out.is_dir():
        raise usage_error(f"{out} is a file: give a folder to write into")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise usage_error(f"the folder {out} is not empty: give a new or empty folder, or --force to write into it")
    try:
        files = api.generate(out, hands=hands, seed=seed, players=players, tables=tables, tournament=tournament,
                             game=game.value, first_number=first_number)
    except ValueError as error:
        raise usage_error(str(error)) from None
    except OSError as error:
        raise usage_error(f"cannot write into {out}: {error.strerror or error}") from None
    said_hands = "1 hand" if hands == 1 else f"{hands:,} hands"
    said_files = "1 file" if len(files) == 1 else f"{len(files):,} files"
    say(f"{said_hands} written to {said_files} in {out}")
    renamed = [f for f in files if RENAMED.search(f.stem)]
    if renamed:
        say(f"the files already there are kept: {api.counted(len(renamed), 'new file')} written under another name: "
            + ", ".join(api.quoted(f.name) for f in renamed[:3]) + (", ..." if len(renamed) > 3 else ""))
