"""Tournaments and the hero's accounts (`tournaments`, `hero add|remove|list`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import excerpt
from .marks import hero_name
from ..filters import Filters
from ..report.queries import HeroChoice, choose_hero
from ..store.database import immediate
from ..store.tournaments import (
    add_hero_account,
    hero_accounts,
    remove_hero_account,
    tournament_results,
)
from ..tournaments import TournamentResult, TournamentTotals, totals
from .common import database_to_write, existing_database, uses_database
from .leaks import NoHeroError

__all__ = ["HeroChoice", "TournamentReport", "TournamentResult", "TournamentTotals", "hero_add", "hero_choice",
           "hero_list", "hero_remove", "tournaments"]


@dataclass(frozen=True, slots=True)
class TournamentReport:
    """`hhtracker tournaments`: hero (who the rows are about, and why: HeroChoice, None
    when the database has no hero); results: one per tournament and player, oldest first;
    totals: one per currency."""

    hero: HeroChoice | None
    results: tuple[TournamentResult, ...]
    totals: tuple[TournamentTotals, ...]


@uses_database
def tournaments(db_path: Path, *, hero: str | None = None, filters: Filters = Filters()) -> TournamentReport:
    """The hero's tournaments (`hero` on every site, else the configured accounts, else the
    name dealt cards in most hands per site) over the hands the filters match; with
    filters.min_hands, only those where he played at least that many of them. raises
    ValueError for bad stakes, NoHeroError for an unknown --hero, NoDatabaseError when db_path does not
    exist."""
    db = existing_database(db_path)
    try:
        choice = choose_hero(db, hero)
        if choice is None:
            if hero is not None:
                raise NoHeroError(f"no player named {excerpt(hero)} in the database")
            return TournamentReport(None, (), ())
        results = tournament_results(db, choice.ids, filters)
    finally:
        db.close()
    results = [r for r in results if r.hands >= filters.min_hands]  # --min-hands: his hands in each
    return TournamentReport(choice, tuple(results), tuple(totals(results)))


@uses_database
def hero_choice(db_path: Path, hero: str | None = None) -> HeroChoice | None:
    """Who the reports are about and why (see report.queries.choose_hero). raises
    NoDatabaseError when db_path does not exist."""
    db = existing_database(db_path)
    try:
        return choose_hero(db, hero)
    finally:
        db.close()


@uses_database
def hero_add(db_path: Path, name: str, site: str | None = None, *, on_wait: Callable[[], None] | None = None) -> bool:
    """Remember `name` as one of the user's accounts (on `site`; None: every site); the
    database must exist (NoDatabaseError). False when it was already there. raises
    MarkError for an empty name (marks.hero_name)."""
    name = hero_name(name)
    db = database_to_write(db_path, on_wait)
    try:
        with immediate(db, on_wait):
            return add_hero_account(db, name, site)
    finally:
        db.close()


@uses_database
def hero_remove(db_path: Path, name: str, site: str | None = None, *,
                on_wait: Callable[[], None] | None = None) -> int:
    """Forget an account; how many entries were removed (0: none was configured)."""
    db = database_to_write(db_path, on_wait)
    try:
        with immediate(db, on_wait):
            return remove_hero_account(db, name, site)
    finally:
        db.close()


@uses_database
def hero_list(db_path: Path) -> list[tuple[str, str]]:
    """(site, name) of the configured accounts, site "" meaning every site."""
    db = existing_database(db_path)
    try:
        return hero_accounts(db)
    finally:
        db.close()
