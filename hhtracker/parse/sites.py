"""Which parser reads which site: the one place a new site is registered.

`HandParser` is anything with `parse(raw: RawHand) -> ParsedHand` raising HandSyntaxError.
Parsers are built once per process (each builds its Lark grammar once).
"""

from __future__ import annotations

from typing import Protocol

from ..model import ParsedHand, Site
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
        return parser.parse(raw)
