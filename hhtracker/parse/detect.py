"""Which site wrote a hand, and which game it is, from its first line (never the file name)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Site

# PokerStars: the game sits between the header's colon part and the stakes or the " - ".
# `... Game #1:  Badugi Limit ($0.25/$0.50 USD) - ...`,
# `... Tournament #330855877, $1.00+$0.20 USD Badugi Limit - Level VII ...`,
# `... {Dazzle's Room} Tournament #7, 100+9 8-Game (Triple Draw 2-7 Lowball Limit) - ...`.
# The buy-in: amounts joined by "+" (buy-in, fee, bounty: `$0.91+$0.09+$0.10`) with an
# optional unit (`USD`, `FPP`, `SC`; none for play money), or `Freeroll`, then one space or
# more (`Freeroll  Badugi Limit`: two).
_STARS = re.compile(
    r"^PokerStars (?:Home Game |Zoom )?(?:Game|Hand) #\d+: +(?:\{[^}]*\} +)?"
    r"(?P<tournament>Tournament #\d+, (?:(?:[$€£]?[\d.,]+(?:\+[$€£]?[\d.,]+)*(?: [A-Z]{2,4})?|Freeroll) +)?)?"
    r"(?P<game>.+?)(?: \((?P<stakes>[$€£]?[\d.,]+/[$€£]?[\d.,]+(?: [A-Z]{3})?)\))? - "
)
# Whatever else a tournament header holds before its game (a buy-in of another shape), a
# Badugi game named in it is not skipped.
_STARS_BADUGI = re.compile(r"(?:^| )(?P<game>Badugi (?:Limit|Pot Limit|No Limit|Half Pot Limit))\)? - ")
_MIXED = re.compile(r"^(?P<mix>.+?) \((?P<game>[^()]+)\)$")

# Full Tilt: `Full Tilt Poker Game #N: Table T - FL Badugi - $0.10/$0.20 - 10:18:16 ET - 2013/05/08`
# (2010: stakes before the game, `Limit Badugi`).
_FULL_TILT = re.compile(r"^Full ?Tilt ?Poker Game #\d+: (?P<rest>.+)$")
_STAKES_PART = re.compile(r"^[$€£]?\d[\d.,]*/[$€£]?\d[\d.,]*(?: Ante .*)?$")
# KingsClub: `#37732805: Limit Badugi - 30/60`.
_KINGSCLUB = re.compile(r"^#\d+: (?P<game>.+?) - [\d.,]+/[\d.,]+\s*$")
# Merge XML: `<description type="Badugi" stakes="Pot Limit ($0.05/$0.10)"/>`.
_XML_TYPE = re.compile(r'\stype="([^"]*)"')
_XML_STAKES = re.compile(r'\sstakes="(Half Pot Limit|Pot Limit|No Limit|Limit)')
_STRUCTURE_BADUGI = re.compile(r"^(FL|PL|NL|HPL|Limit|Fixed Limit|Pot Limit|No Limit|Half Pot Limit) (Badugi|Badacey|Badeucey)$")
_STRUCTURE_NAMES = {
    "FL": "Limit", "Limit": "Limit", "Fixed Limit": "Limit",
    "PL": "Pot Limit", "Pot Limit": "Pot Limit",
    "NL": "No Limit", "No Limit": "No Limit",
    "HPL": "Half Pot Limit", "Half Pot Limit": "Half Pot Limit",
}


SPLIT_GAME_SITES = frozenset({Site.KINGSCLUB})
"""Sites whose Badacey and Badeucey hands are read (FORMATS.md section 3: KingsClub writes
`Limit Badacey` and `Limit Badeucey` in its Badugi format)."""


@dataclass(frozen=True, slots=True)
class Detected:
    """site: Site | None (None = no site we read); game: the game's name as written
    ("Badugi Limit", "Triple Draw 2-7 Lowball Limit", "unknown"); is_badugi: bool."""

    site: Site | None
    game: str

    @property
    def is_badugi(self) -> bool:
        """A game hhtracker reads: Badugi on every site, and the split-pot Badugi games
        (Badacey, Badeucey) where the site's parser reads them (SPLIT_GAME_SITES)."""
        if self.game.startswith("Badugi"):
            return True
        return self.site in SPLIT_GAME_SITES and self.game.startswith(("Badacey ", "Badeucey "))


def detect(first_line: str) -> Detected:
    """Site and game of a hand from its first line."""
    match = _STARS.match(first_line)
    if match:
        game = match.group("game")
        mixed = _MIXED.match(game)
        if mixed:
            game = mixed.group("game")
        if not game.startswith("Badugi") and match.group("tournament"):
            badugi = _STARS_BADUGI.search(first_line, match.start("game"))
            if badugi:
                game = badugi.group("game")
        return Detected(Site.POKERSTARS, game)
    if first_line.startswith("PokerStars "):
        return Detected(Site.POKERSTARS, "unknown")
    full_tilt = _FULL_TILT.match(first_line)
    if full_tilt:
        return Detected(Site.FULL_TILT, _full_tilt_game(full_tilt.group("rest")))
    if re.match(r"^Full ?Tilt ?Poker ", first_line):
        return Detected(Site.FULL_TILT, "unknown")
    kings = _KINGSCLUB.match(first_line)
    if kings:
        return Detected(Site.KINGSCLUB, _badugi_first(kings.group("game")))
    if re.match(r"^#\d+: ", first_line):
        return Detected(Site.KINGSCLUB, "unknown")
    if first_line.startswith("<description "):
        kind = _XML_TYPE.search(first_line)
        stakes = _XML_STAKES.search(first_line)
        if kind is None:
            return Detected(Site.MERGE, "unknown")
        game = kind.group(1).removesuffix(" Tournament")
        structure = stakes.group(1) if stakes else ""
        return Detected(Site.MERGE, f"{game} {structure}".strip() if game.startswith("Badugi") else f"{structure} {game}".strip())
    if first_line.startswith("<game "):
        # The game is named only by the <description> line before it; a <game> standing
        # alone (several games after one description) cannot be told.
        return Detected(Site.MERGE, "unknown (<game> without <description>)")
    return Detected(None, "unknown")


# Hand histories of sites hhtracker does not read, by the first lines of their files: such a
# file is skipped and counted by site, not reported as text that is not a hand history.
_OTHER_SITES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("Winamax", re.compile(r"^Winamax Poker - ")),
    ("iPoker", re.compile(r"^<session sessioncode=|^GAME #\d+: ")),
    ("888poker", re.compile(r"^#Game No : \d+|^\*{5} 888(?:poker|\.\w+)? Hand History")),
    ("partypoker", re.compile(r"^\*{5} Hand History [Ff]or Game \d+|^Game #\d+ starts\.")),
    ("GGPoker", re.compile(r"^Poker Hand #[A-Z]*\d+: ")),
    ("Winning Poker Network", re.compile(r"^Game Hand #\d+ - ")),
    ("Bovada", re.compile(r"^(?:Bovada|Ignition|Bodog) Hand #")),
    ("Everest", re.compile(r"^<HISTORY ")),
    ("iPoker (Microgaming)", re.compile(r"^<Game id=")),
)


def other_site(line: str) -> str | None:
    """The name of a site hhtracker does not read whose hand histories begin with this line
    ("Winamax Poker - CashGame - ..." -> "Winamax"), else None."""
    for name, pattern in _OTHER_SITES:
        if pattern.match(line):
            return name
    return None


def _full_tilt_game(rest: str) -> str:
    """The game among the " - " parts of a Full Tilt header after "Game #N: ": the table
    comes first, then stakes and game in either order, then time and date."""
    parts = rest.split(" - ")
    for part in parts[1:3]:
        if not _STAKES_PART.match(part):
            return _badugi_first(part)
    return "unknown"


def _badugi_first(game: str) -> str:
    """Site spellings of Badugi games as "Badugi <structure>" (the PokerStars order, which
    `Detected.is_badugi` looks for): "FL Badugi" / "Limit Badugi" -> "Badugi Limit",
    "Pot Limit Badugi" -> "Badugi Pot Limit", "Limit Badacey" -> "Badacey Limit". Other games
    stay as written."""
    match = _STRUCTURE_BADUGI.match(game)
    if not match:
        return game
    return f"{match.group(2)} {_STRUCTURE_NAMES[match.group(1)]}"
