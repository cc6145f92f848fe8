"""Which site wrote a hand, and which game it is, from its first line (never the file name)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..games import GAMES, GameId, GameRecord, game_spelled
from ..model import Site
from ..sites import SITES

_STRUCTURE_WORDS = r"Limit|Pot Limit|No Limit|Half Pot Limit"
_GAME_WORDS = "|".join(sorted({re.escape(s.words) for g in GAMES.values() for s in g.spellings}, key=len, reverse=True))
"""Every game's words on any site (games.py spellings), longest first, as a regex alternation."""

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
# game read on PokerStars named in it is not skipped.
_STARS_READ = re.compile(
    r"(?:^| )(?P<game>(?:%s) (?:%s))\)? - "
    % ("|".join(re.escape(g.words_on(Site.POKERSTARS) or "") for g in GAMES.values() if g.words_on(Site.POKERSTARS)),
       _STRUCTURE_WORDS))
_MIXED = re.compile(r"^(?P<mix>.+?) \((?P<game>[^()]+)\)$")
# The start every PokerStars hand header has, however damaged the rest ("#770904003.001:").
_STARS_HAND = re.compile(r"^PokerStars (?:Home Game |Zoom )?(?:Game|Hand) #")
# The words of a game read on PokerStars ("Badugi"), anywhere in a header.
_STARS_READ_WORDS = re.compile(r"\b(?:%s)\b" % "|".join(
    re.escape(g.words_on(Site.POKERSTARS) or "") for g in GAMES.values() if g.words_on(Site.POKERSTARS)))

# Full Tilt: `Full Tilt Poker Game #N: Table T - FL Badugi - $0.10/$0.20 - 10:18:16 ET - 2013/05/08`
# (2010: stakes before the game, `Limit Badugi`).
_FULL_TILT = re.compile(r"^Full ?Tilt ?Poker Game #\d+: (?P<rest>.+)$")
_STAKES_PART = re.compile(r"^[$€£]?\d[\d.,]*/[$€£]?\d[\d.,]*(?: Ante .*)?$")
# KingsClub: `#37732805: Limit Badugi - 30/60`.
_KINGSCLUB = re.compile(r"^#\d+: (?P<game>.+?) - [\d.,]+/[\d.,]+\s*$")
# Merge XML: `<description type="Badugi" stakes="Pot Limit ($0.05/$0.10)"/>`.
_XML_TYPE = re.compile(r'\stype="([^"]*)"')
_XML_STAKES = re.compile(r'\sstakes="(Half Pot Limit|Pot Limit|No Limit|Limit)')
_STRUCTURE_FIRST = re.compile(rf"^(FL|PL|NL|HPL|Limit|Fixed Limit|Pot Limit|No Limit|Half Pot Limit) ({_GAME_WORDS})$")
_STRUCTURE_NAMES = {
    "FL": "Limit", "Limit": "Limit", "Fixed Limit": "Limit",
    "PL": "Pot Limit", "Pot Limit": "Pot Limit",
    "NL": "No Limit", "No Limit": "No Limit",
    "HPL": "Half Pot Limit", "Half Pot Limit": "Half Pot Limit",
}
_STRUCTURES_LONGEST_FIRST = sorted(set(_STRUCTURE_NAMES.values()), key=len, reverse=True)


@dataclass(frozen=True, slots=True)
class Detected:
    """site: Site | None (None = no site we read); game: the game's name as written, a game
    of the records named "<words> <structure>" ("Badugi Limit", "Badacey Limit"), others as
    the site writes them ("Triple Draw 2-7 Lowball Limit", "unknown")."""

    site: Site | None
    game: str
    damaged: str | None = None
    """Set when the line is the site's hand header but its game cannot be read from it
    (a damaged header): why, for the hand's syntax error. Such a hand is rejected, never
    skipped as another game."""

    @property
    def record(self) -> GameRecord | None:
        """The game's record when the site's hands of it are read (games.py: the game has a
        spelling on that site), else None: the hand is skipped, counted by `game`."""
        words = self.game
        for structure in _STRUCTURES_LONGEST_FIRST:
            if words.endswith(" " + structure):
                words = words[: -len(structure) - 1]
                break
        return game_spelled(self.site, words)

    @property
    def supported(self) -> bool:
        """A game hhtracker reads on this site (`record` is not None)."""
        return self.record is not None


def detect(first_line: str) -> Detected:
    """Site and game of a hand from its first line: the first site record (sites.py) whose
    `hand_start` matches, and that site's header read for the game."""
    for record in SITES.values():
        if re.match(record.hand_start, first_line):
            game = _GAME_READERS[record.site](first_line)
            return Detected(record.site, game, _damaged(record.site, first_line, game))
    return Detected(None, "unknown")


def game_id_of(text: str) -> GameId:
    """The stored game of a hand by its first line (`detect`): the record's id, Badugi when
    no record's spelling is there (detection skips such hands before they are parsed)."""
    record = detect(text.lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")).record
    return record.id if record is not None else GameId.BADUGI


def _damaged(site: Site, first_line: str, game: str) -> str | None:
    """Why a PokerStars hand header (`PokerStars Game #`, `PokerStars Hand #`...) is a
    damaged hand rather than a hand of another game: its shape is not a header's (game
    "unknown": `#770904003.001:`), or it names a game read on PokerStars that could not be
    read out of it (`Badugi Limit ($0.25/$0.5O USD)`). None for every other line."""
    if site is not Site.POKERSTARS or not _STARS_HAND.match(first_line):
        return None
    if game == "unknown":
        return "a PokerStars hand header of no known shape"
    if not Detected(site, game).supported and _STARS_READ_WORDS.search(first_line):
        return f"a PokerStars hand header whose game cannot be read: {game[:40]!r}"
    return None


def _stars_game(first_line: str) -> str:
    match = _STARS.match(first_line)
    if not match:
        return "unknown"
    game = match.group("game")
    mixed = _MIXED.match(game)
    if mixed:
        game = mixed.group("game")
    if match.group("tournament") and not Detected(Site.POKERSTARS, game).supported:
        read = _STARS_READ.search(first_line, match.start("game"))
        if read:
            game = read.group("game")
    return game


def _full_tilt_game(first_line: str) -> str:
    """The game among the " - " parts of a Full Tilt header after "Game #N: ": the table
    comes first, then stakes and game in either order, then time and date."""
    full_tilt = _FULL_TILT.match(first_line)
    if not full_tilt:
        return "unknown"
    parts = full_tilt.group("rest").split(" - ")
    for part in parts[1:3]:
        if not _STAKES_PART.match(part):
            return _game_first(part)
    return "unknown"


def _kingsclub_game(first_line: str) -> str:
    kings = _KINGSCLUB.match(first_line)
    return _game_first(kings.group("game")) if kings else "unknown"


def _merge_game(first_line: str) -> str:
    if first_line.startswith("<game "):
        # The game is named only by the <description> line before it; a <game> standing
        # alone (several games after one description) cannot be told.
        return "unknown (<game> without <description>)"
    kind = _XML_TYPE.search(first_line)
    stakes = _XML_STAKES.search(first_line)
    if kind is None:
        return "unknown"
    game = kind.group(1).removesuffix(" Tournament")
    structure = stakes.group(1) if stakes else ""
    return _game_first(f"{structure} {game}".strip()) if structure else game.strip()


_GAME_READERS: dict[Site, Callable[[str], str]] = {
    Site.POKERSTARS: _stars_game,
    Site.FULL_TILT: _full_tilt_game,
    Site.KINGSCLUB: _kingsclub_game,
    Site.MERGE: _merge_game,
}
"""Each site's reader of the game in a first line its record's `hand_start` matched: the
game's name as written, "unknown" when the line is not a header of the site's shape."""


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


def _game_first(game: str) -> str:
    """Site spellings of the records' games as "<words> <structure>" (the PokerStars order,
    which `Detected.record` reads): "FL Badugi" / "Limit Badugi" -> "Badugi Limit",
    "Pot Limit Badugi" -> "Badugi Pot Limit", "Limit Badacey" -> "Badacey Limit". Other games
    stay as written."""
    match = _STRUCTURE_FIRST.match(game)
    if not match:
        return game
    return f"{match.group(2)} {_STRUCTURE_NAMES[match.group(1)]}"
