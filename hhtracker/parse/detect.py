"""Which site wrote a hand, and which game it is, from its first line (never the file name)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Site

# PokerStars: the game sits between the header's colon part and the stakes or the " - ".
# `... Game #1:  Badugi Limit ($0.25/$0.50 USD) - ...`,
# `... Tournament #330855877, $1.00+$0.20 USD Badugi Limit - Level VII ...`,
# `... {Dazzle's Room} Tournament #7, 100+9 8-Game (Triple Draw 2-7 Lowball Limit) - ...`.
_STARS = re.compile(
    r"^PokerStars (?:Home Game )?(?:Game|Hand|Zoom Hand) #\d+: +(?:\{[^}]*\} +)?"
    r"(?:Tournament #\d+, (?:\S+(?: [A-Z]{3})? )?)?"
    r"(?P<game>.+?)(?: \((?P<stakes>[$€£]?[\d.,]+/[$€£]?[\d.,]+(?: [A-Z]{3})?)\))? - "
)
_MIXED = re.compile(r"^(?P<mix>.+?) \((?P<game>[^()]+)\)$")


@dataclass(frozen=True, slots=True)
class Detected:
    """site: Site | None (None = no site we read); game: the game's name as written
    ("Badugi Limit", "Triple Draw 2-7 Lowball Limit", "unknown"); is_badugi: bool."""

    site: Site | None
    game: str

    @property
    def is_badugi(self) -> bool:
        return self.game.startswith("Badugi")


def detect(first_line: str) -> Detected:
    """Site and game of a hand from its first line."""
    match = _STARS.match(first_line)
    if match:
        game = match.group("game")
        mixed = _MIXED.match(game)
        if mixed:
            game = mixed.group("game")
        return Detected(Site.POKERSTARS, game)
    if first_line.startswith("PokerStars "):
        return Detected(Site.POKERSTARS, "unknown")
    if re.match(r"^Full ?Tilt ?Poker ", first_line):
        return Detected(None, "Full Tilt Poker (not yet supported)")
    if re.match(r"^#\d+: ", first_line):
        return Detected(None, "KingsClub (not yet supported)")
    if first_line.startswith(("<game ", "<description ")):
        return Detected(None, "Merge XML (not yet supported)")
    return Detected(None, "unknown")
