"""Query-string parameters -> the values the pages need: the CLI's filters (`api.Filters`,
read with the same rules as the commands' options: cli/options.py) and each page's own
parameters. A value that cannot be read, or a parameter the page does not take, is a
BadRequest (a 400 page saying which and what to write)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from .. import api
from .errors import BadRequest

STRUCTURES = ("FL", "PL", "HPL", "NL")
"""--structure's choices (cli/options.py Structure)."""

MAX_PARAM_CHARACTERS = 1_000
"""The longest query parameter value read (a player's name, a name search, stakes): longer
than any name a site gives, and far below what SQLite refuses in a name search's pattern
(SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 50,000 bytes: "LIKE or GLOB pattern too complex")."""

POSITIONS = ("BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO", "early", "middle", "late", "blinds")
"""--position's choices (cli/options.py): single positions and the groups of filters.POSITION_GROUPS."""


@dataclass(frozen=True)
class FilterParam:
    """One filter as a query parameter: `name`, the parameter and the api.Filters field
    (as the CLI's option, with '_' for '-': game_type for --game-type); choices: the values
    it takes (None: free text read by the field's own rule)."""

    name: str
    choices: tuple[str, ...] | None = None


SITE = FilterParam("site", tuple(s.value for s in api.Site))
STRUCTURE = FilterParam("structure", STRUCTURES)
STAKES = FilterParam("stakes")
GAME_TYPE = FilterParam("game_type", tuple(t.value for t in api.GameType))
TABLE_SIZE = FilterParam("table_size", tuple(t.value for t in api.TableSize))
SINCE = FilterParam("since")
UNTIL = FilterParam("until")
POSITION = FilterParam("position", POSITIONS)
MIN_HANDS = FilterParam("min_hands")
GAME = FilterParam("game", tuple(g.value for g in api.Game))

EVERY_FILTER = (SITE, STRUCTURE, STAKES, GAME_TYPE, TABLE_SIZE, SINCE, UNTIL, POSITION, MIN_HANDS, GAME)
"""Every filter, in the CLI's order."""


def _day(name: str, text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text) if len(text) == 10 else dt.date.fromisoformat("x")
    except ValueError:
        raise BadRequest(f"{name}={text[:40]!r} is not a day written YYYY-MM-DD") from None


def whole_number(name: str, text: str, minimum: int = 0, maximum: int = 10**9) -> int:
    """A query parameter that is a whole number from minimum to maximum; raises BadRequest."""
    if not text.isascii() or not text.strip().isdigit():
        raise BadRequest(f"{name}={text[:40]!r}: a whole number is needed")
    digits = text.strip().lstrip("0")
    if len(digits) > len(str(maximum)):  # (and int() reads no more than 4,300 digits)
        raise BadRequest(f"{name}={text[:20]}...: it must be from {minimum:,} to {maximum:,}")
    value = int(text)
    if not minimum <= value <= maximum:
        raise BadRequest(f"{name}={value}: it must be from {minimum:,} to {maximum:,}")
    return value


def check_params(params: Mapping[str, str], takes: Collection[str]) -> None:
    """raises BadRequest for a parameter the page does not take, one given twice (the page
    would read one of them: no silent choice), a value holding a NUL character (SQLite
    would read a name search up to it: `name=%00` would find everyone), or a value longer
    than MAX_PARAM_CHARACTERS (every page calls this before it reads its parameters)."""
    for key in params:
        if key not in takes:
            raise BadRequest(f"this page takes no parameter {key[:40]!r} (it takes: {', '.join(sorted(takes))})")
    once_each(params)
    for key, value in params.items():
        if "\0" in value:
            raise BadRequest(f"{key}= holds a NUL character (%00): no name or value has one")
        if len(value) > MAX_PARAM_CHARACTERS:
            raise BadRequest(f"{key}= is {len(value):,} characters long: at most {MAX_PARAM_CHARACTERS:,} are read "
                             "(write a shorter name or search)")


def once_each(params: Mapping[str, str]) -> None:
    """raises BadRequest for a query parameter given more than once (`site=pokerstars&site=merge`),
    naming it and its values; params: the request's query_params (a multi-dict)."""
    seen: dict[str, list[str]] = {}
    for key, value in getattr(params, "multi_items", lambda: list(params.items()))():
        seen.setdefault(key, []).append(value)
    for key, values in seen.items():
        if len(values) > 1:
            shown = ", ".join(api.quoted(v) for v in values[:3]) + (", ..." if len(values) > 3 else "")
            raise BadRequest(f"{key[:40]}= is given {len(values)} times ({shown}): give it once")


def filters_of(params: Mapping[str, str], which: tuple[FilterParam, ...] = EVERY_FILTER) -> api.Filters:
    """The api.Filters of the query parameters `which` names (an empty value: not given).
    raises BadRequest for a value not among the choices, a day not YYYY-MM-DD, since after
    until, stakes that cannot be read, a minimum that is not a whole number."""
    values: dict[str, object] = {}
    for param in which:
        text = params.get(param.name, "").strip()
        if not text:
            continue
        if param.choices is not None:
            if text not in param.choices:
                raise BadRequest(f"{param.name}={text[:40]!r} is not one of {', '.join(param.choices)}")
            values[param.name] = text
        elif param is SINCE or param is UNTIL:
            values[param.name] = _day(param.name, text)
        elif param is MIN_HANDS:
            values[param.name] = whole_number(param.name, text)
        elif param is STAKES:
            try:
                api.parse_stakes(text)
            except ValueError as error:
                raise BadRequest(str(error)) from None
            values[param.name] = text
        else:  # (every parameter is read above)
            raise AssertionError(param)
    since, until = values.get("since"), values.get("until")
    if isinstance(since, dt.date) and isinstance(until, dt.date) and since > until:
        raise BadRequest(f"since={since} is after until={until}: the earlier one comes first")
    return api.Filters(**values)  # type: ignore[arg-type]


def filter_names(which: tuple[FilterParam, ...] = EVERY_FILTER) -> frozenset[str]:
    return frozenset(p.name for p in which)
