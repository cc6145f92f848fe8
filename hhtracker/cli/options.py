"""The options several commands share, each written once: the filters of the reading
commands, made into one `api.Filters` by `filter_options`, and --hero and --gap.

A command that takes filters declares a `filters: api.Filters` parameter and names the
filters it takes in its decorator; adding a filter to a command is adding its name there:

    @filter_options(*EVERY_FILTER)
    def players_command(db: DbOption = None, filters: api.Filters = api.Filters()) -> None: ...

Typer reads options from a command's signature, so the decorator shows Typer the filter
options in the place of `filters` (their help texts are here, once) and gives the command
the `api.Filters` they make (`make_filters`: dates in order, stakes readable, else a usage
error before any work).
"""

from __future__ import annotations

import datetime as dt
import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Annotated, Any, TypeVar

import typer

from .. import api
from .common import check_order, usage_error


class Structure(StrEnum):
    """--structure's choices: the betting structures as the sites write them."""

    FL = "FL"
    PL = "PL"
    HPL = "HPL"
    NL = "NL"


_POSITIONS = ("BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO", "early", "middle", "late", "blinds")
Position = Enum("Position", {p: p for p in _POSITIONS}, type=str)  # type: ignore[misc]

SiteOption = Annotated[api.Site | None, typer.Option("--site", help="Only hands of this site.", show_default=False)]
StructureOption = Annotated[Structure | None, typer.Option("--structure", help="Betting structure.", show_default=False)]
StakesOption = Annotated[str | None, typer.Option("--stakes", metavar="SMALL/BIG", help="Stakes as in the header: 0.25/0.50 (money) or 30/60.", show_default=False)]
GameTypeOption = Annotated[api.GameType | None, typer.Option("--game-type", help="Cash, tournament or play money.", show_default=False)]
TableSizeOption = Annotated[api.TableSize | None, typer.Option("--table-size", help="Players dealt in: heads-up, 3-6 or 7-8.", show_default=False)]
SinceOption = Annotated[dt.datetime | None, typer.Option("--since", formats=["%Y-%m-%d"], metavar="YYYY-MM-DD", help="First day (UTC), inclusive.", show_default=False)]
UntilOption = Annotated[dt.datetime | None, typer.Option("--until", formats=["%Y-%m-%d"], metavar="YYYY-MM-DD", help="Last day (UTC), inclusive.", show_default=False)]
PositionOption = Annotated[Position | None, typer.Option("--position", help="Only hands played from this position, or a group: early (UTG, UTG+1, UTG+2), middle (MP, HJ), late (CO, BTN), blinds (SB, BB).", show_default=False)]
GameOption = Annotated[api.Game | None, typer.Option("--game", help="Only hands of this game (players: one table per game unless given; all = every game together).", show_default=False)]
# The bounds of the numeric options: every one has a least and a greatest value (a test gives
# each option huge, negative, inf and nan values): a value past them is a usage error (2),
# never an overflow in SQLite or the clock (an internal error), nor an import of a thousand
# workers.
MAX_ROW_ID = 2**63 - 1
"""The greatest number SQLite stores (INTEGER, 8 bytes): the bound of a note number, a session."""
MAX_COUNT = 10**9
"""The greatest count of hands or rows an option takes (--min-hands, --limit)."""
MAX_GAP_MINUTES = 7 * 24 * 60
"""The longest --gap: a week without a hand ends any session."""
MAX_INTERVAL_SECONDS = 3600.0
"""The longest time between two looks at the files (--interval): an hour."""
MAX_JOBS = 256
"""The most --jobs asked for (the import starts at most one worker per core, and per batch)."""

MinHandsOption = Annotated[int, typer.Option("--min-hands", metavar="N", min=0, max=MAX_COUNT, help="Only players with at least this many matching hands.")]

HeroOption = Annotated[str | None, typer.Option("--hero", metavar="NAME", help="The hero's screen name (default: the player whose cards the files show, per site).", show_default=False)]
GapOption = Annotated[int, typer.Option("--gap", min=1, max=MAX_GAP_MINUTES, metavar="MINUTES", help="Minutes without a hand that end a session (at most a week, 10080).")]


@dataclass(frozen=True)
class FilterOption:
    """One filter as a command option: name, both the parameter's and the `api.Filters`
    field's; option, its Annotated type (the --flag and its help); default, when not given."""

    name: str
    option: object
    default: object = None


SITE = FilterOption("site", SiteOption)
STRUCTURE = FilterOption("structure", StructureOption)
STAKES = FilterOption("stakes", StakesOption)
GAME_TYPE = FilterOption("game_type", GameTypeOption)
TABLE_SIZE = FilterOption("table_size", TableSizeOption)
SINCE = FilterOption("since", SinceOption)
UNTIL = FilterOption("until", UntilOption)
POSITION = FilterOption("position", PositionOption)
MIN_HANDS = FilterOption("min_hands", MinHandsOption, 0)
GAME = FilterOption("game", GameOption)

EVERY_FILTER = (SITE, STRUCTURE, STAKES, GAME_TYPE, TABLE_SIZE, SINCE, UNTIL, POSITION, MIN_HANDS, GAME)
"""Every filter, in the order --help lists them."""


def make_filters(values: dict[str, Any]) -> api.Filters:
    """The `api.Filters` of a command's filter options (parameter name -> value as Typer
    gives it: enums, datetimes; the filters not given are left out). raises typer.Exit (usage
    error, 2) for --since after --until and for stakes that cannot be read."""
    since, until = values.get("since"), values.get("until")
    check_order("--since", since, "--until", until)
    if values.get("stakes") is not None:
        try:
            api.parse_stakes(values["stakes"])
        except ValueError as error:
            raise usage_error(str(error)) from None
    plain: dict[str, Any] = {name: value.value if isinstance(value, Enum) else value.date() if isinstance(value, dt.datetime) else value
             for name, value in values.items()}
    return api.Filters(**plain)


FILTER_OPTIONS = (("site", "--site"), ("structure", "--structure"), ("stakes", "--stakes"), ("game_type", "--game-type"),
                  ("table_size", "--table-size"), ("since", "--since"), ("until", "--until"), ("position", "--position"),
                  ("game", "--game"))
"""The filters that take a value: the api.Filters field and its option."""


def filters_said(filters: api.Filters) -> str:
    """The filters as the options given: "--site pokerstars --min-hands 100"."""
    said = [f"{option} {getattr(filters, key)}" for key, option in FILTER_OPTIONS if getattr(filters, key) is not None]
    if filters.min_hands:
        said.append(f"--min-hands {filters.min_hands:,}")
    return " ".join(said) or "the filters"


Command = TypeVar("Command", bound=Callable[..., None])


def filter_options(*filters: FilterOption) -> Callable[[Command], Command]:
    """The command's `filters` parameter shown to Typer as these filter options (in its
    place), and given to the command as the `api.Filters` they make (`make_filters`)."""

    def decorate(command: Command) -> Command:
        signature = inspect.signature(command, eval_str=True)
        options = [inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY, annotation=f.option, default=f.default)
                   for f in filters]
        parameters: list[inspect.Parameter] = []
        for parameter in signature.parameters.values():
            if parameter.name == "filters":
                parameters.extend(options)
            else:
                parameters.append(parameter.replace(kind=inspect.Parameter.KEYWORD_ONLY))
        names = {f.name for f in filters}

        @functools.wraps(command)
        def with_filters(**given: Any) -> None:
            made = make_filters({name: value for name, value in given.items() if name in names})
            return command(**{name: value for name, value in given.items() if name not in names}, filters=made)

        with_filters.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
        with_filters.__annotations__ = {p.name: p.annotation for p in parameters}
        return with_filters  # type: ignore[return-value]

    return decorate
