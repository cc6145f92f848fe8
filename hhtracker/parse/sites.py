"""Which parser reads which site: the one place a new site is registered.

`HandParser` is anything with `parse(raw: RawHand) -> ParsedHand` raising HandSyntaxError.
Parsers are built once per process (each builds its Lark grammar once).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Protocol

from ..cards import Card
from ..errors import HandSyntaxError, excerpt
from ..model import FinishTournament, ParsedHand, Site, Street, StreetStart
from .amounts import MAX_AMOUNT
from .fulltilt import FullTiltParser
from .kingsclub import KingsClubParser
from .merge import MergeParser
from .pokerstars import PokerStarsParser
from .read import RawHand


class HandParser(Protocol):
    def parse(self, raw: RawHand) -> ParsedHand: ...


PARSER_TYPES: dict[Site, type] = {
    Site.POKERSTARS: PokerStarsParser,
    Site.FULL_TILT: FullTiltParser,
    Site.KINGSCLUB: KingsClubParser,
    Site.MERGE: MergeParser,
}


class Parsers:
    """One parser per site, made on first use. parse(raw, site) -> ParsedHand."""

    def __init__(self) -> None:
        self._made: dict[Site, HandParser] = {}

    def supports(self, site: Site | None) -> bool:
        return site in PARSER_TYPES

    def parse(self, raw: RawHand, site: Site) -> ParsedHand:
        parser = self._made.get(site)
        if parser is None:
            parser = self._made[site] = PARSER_TYPES[site]()
        hand = parser.parse(raw)
        _check_numbers(hand, raw)
        _check_finishes(hand, raw)
        _check_streets(hand, raw)
        return hand


_DRAW_NUMBER = {Street.FIRST_DRAW: 1, Street.SECOND_DRAW: 2, Street.THIRD_DRAW: 3}
_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def _check_streets(hand: ParsedHand, raw: RawHand) -> None:
    """The street markers of every site in their order: the first draw, the second, the
    third (as many as the hand reached, none skipped or repeated), the showdown at most once
    and after them. A marker out of order is a damaged hand, never re-ordered: the markers
    say which round each bet is in. raises HandSyntaxError (code syntax) at the marker."""
    drawn = 0
    showdown = False
    for event in hand.events:
        if type(event) is not StreetStart or event.street is Street.PREDRAW:
            continue
        if event.street is Street.SHOWDOWN:
            if showdown:
                raise HandSyntaxError("street marker out of order: a second showdown marker", path=raw.path,
                                      line=event.line, code="syntax")
            showdown = True
            continue
        number = _DRAW_NUMBER[event.street]
        if showdown or number != drawn + 1:
            if showdown:
                why = "after the showdown"
            else:
                why = f"after {f'the {_ORDINAL[drawn]} draw' if drawn else 'no draw'} (the {_ORDINAL[drawn + 1]} draw comes next)"
            raise HandSyntaxError(f"street marker out of order: the {_ORDINAL[number]} draw {why}", path=raw.path,
                                  line=event.line, code="syntax")
        drawn = number


def _check_finishes(hand: ParsedHand, raw: RawHand) -> None:
    """A player finishes a tournament once: a second "finished the tournament" line of his
    is a damaged file (it broke the store's one finish a player and hand). raises
    HandSyntaxError (code syntax) at the second line."""
    finished: set[str] = set()
    for event in hand.events:
        if type(event) is FinishTournament:
            if event.player in finished:
                raise HandSyntaxError(f"{excerpt(event.player)} finishes the tournament twice", path=raw.path,
                                      line=event.line, code="syntax")
            finished.add(event.player)


_FIELDS: dict[type, tuple[str, ...]] = {}
_LONG_NUMBER = re.compile(r"\d(?:,?\d){13,}")  # 14 digits or more: "$99999999999999" is 10**16 cents


def _field_names(kind: type) -> tuple[str, ...]:
    """A dataclass's field names (none for other types), worked out once per type."""
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else ()
    return names


def _check_numbers(hand: ParsedHand, raw: RawHand) -> None:
    """Every whole number of the hand (seats, button, amounts, draw counts, pot numbers) is
    within +-MAX_AMOUNT: "Seat 99999999999999999999999:" passes a grammar's digits but
    fits no database integer. raises HandSyntaxError (code bad_value, at the line holding
    it when known). Quick when the text holds no run of 14 digits or more (commas aside):
    then no number can be that large."""
    if _LONG_NUMBER.search(raw.text) is None:
        return
    pending: list[object] = [hand.stakes, *hand.seats, *hand.events, hand.summary]
    numbers: list[tuple[int, object]] = [(hand.button_seat, None), (hand.max_seats or 0, None)]
    while pending:
        value = pending.pop()
        for name in _field_names(type(value)):
            item = getattr(value, name)
            if type(item) is int:  # (not bool, not an IntEnum)
                numbers.append((item, value))
            elif isinstance(item, tuple):
                for part in item:
                    if type(part) is int:
                        numbers.append((part, value))
                    elif not isinstance(part, Card) and _field_names(type(part)):
                        pending.append(part)  # e.g. the summary's seats
            elif not isinstance(item, str | Card) and item is not None and _field_names(type(item)):
                pending.append(item)
    for number, holder in numbers:
        if abs(number) > MAX_AMOUNT:
            line = getattr(holder, "line", None)
            raise HandSyntaxError(f"number too large: {str(number)[:30]}", path=raw.path,
                                  line=line if isinstance(line, int) else raw.line, code="bad_value")
