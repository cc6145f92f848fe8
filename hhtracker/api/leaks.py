"""Leaks against the published baselines and opponent reads (`leaks`, `player --reads`;
issue 19)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import excerpt
from ..filters import Filters
from .common import database_to_read, uses_database

if TYPE_CHECKING:
    from ..report.leaks import Leaks
    from ..report.queries import HeroChoice
    from ..report.reads import PlayerReads


class NoHeroError(LookupError):
    """No hero to read leaks for: the name given has no hands, or no hand shows whose cards
    the files were dealt to."""


@uses_database
def leaks(db_path: Path, *, hero: str | None = None, filters: Filters = Filters()) -> tuple[HeroChoice, Leaks]:
    """(the hero choice, `report.leaks.Leaks`) over the hero's counted hands matching the
    filters: `hero` on every site, else the configured accounts, else the name dealt cards
    most often per site (as `report`). raises NoHeroError, ValueError for bad stakes,
    NoDatabaseError when db_path does not exist."""
    from ..report.leaks import hero_leaks
    from ..report.queries import choose_hero

    db = database_to_read(db_path)
    try:
        choice = choose_hero(db, hero)
        if choice is None:
            raise NoHeroError(f"no player named {excerpt(hero)} in the database" if hero is not None
                              else "no hand with the hero's cards dealt face up; name the hero with --hero")
        return choice, hero_leaks(db, choice.ids, filters)
    finally:
        db.close()


@uses_database
def player_reads(db_path: Path, name: str, filters: Filters = Filters(),
                 min_hands: int | None = None) -> list[PlayerReads]:
    """The `report.reads.PlayerReads` of `name`, one per site with known hands (empty when
    none). min_hands: the smallest group shown with percentages (default READ_MIN_HANDS).
    raises ValueError for bad stakes, NoDatabaseError when db_path does not exist."""
    from ..report.reads import READ_MIN_HANDS
    from ..report.reads import player_reads as read

    db = database_to_read(db_path)
    try:
        return read(db, name, filters, READ_MIN_HANDS if min_hands is None else min_hands)
    finally:
        db.close()
