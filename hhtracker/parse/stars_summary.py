"""PokerStars tournament summary files ("PokerStars Tournament #N, <game>"): the buy-in, the
number of players, the prize pool, and each place with its player and prize.

The shape (as PokerStars writes it; no such file is in ../shared/corpus, so it is taken from
the summary files public trackers read, with their names changed):

    PokerStars Tournament #330855877, Badugi Limit
    Buy-In: $1.00/$0.20 USD
    8 players
    Total Prize Pool: $8.00 USD
    Tournament started 2010/11/12 21:00:00 CET [2010/11/12 15:00:00 ET]
      1: Player1 (Netherlands), $4.00 (50%)
      3: Player5 (Germany), $1.60 (20%)
      4: Player7 (Canada),
      5: Player8 (Canada), still playing
    You finished in 4th place.

The buy-in's parts are separated by "/" here (by "+" in hand headers). Lines of any other
shape are ignored (a summary adds lines over the years: rebuys, tickets, "Tournament
finished"); a file whose first line is not the title is not a summary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..errors import HandHistoryError, excerpt
from ..money import CURRENCY_OF_SIGN
from .read import iter_lines, path_text

_TITLE = re.compile(r"^PokerStars (?:Home Game )?Tournament #(?P<id>\d+), (?P<game>.+?)\s*$")
_BUY_IN = re.compile(r"^Buy-In: (?P<text>.+?)\s*$")
_PLAYERS = re.compile(r"^(?P<n>\d[\d,]*) players\s*$")
_POOL = re.compile(r"^Total Prize Pool: (?P<amount>[$€£]?\d[\d,]*(?:\.\d+)?)")
_PLACE = re.compile(r"^\s+(?P<place>\d+): (?P<name>.+?) \((?P<country>[^()]*)\),\s?(?P<rest>.*?)\s*$")
_PRIZE = re.compile(r"^(?P<amount>[$€£]?\d[\d,]*(?:\.\d+)?)(?: [A-Z]{3})?(?: \(\d+(?:\.\d+)?%\))?$")
"""A place's prize, the whole rest of its line: "$1.80 (30%)", "$1.80 USD", "1,500"; anything
after it ("$4.20 (70%) and $100 more") makes the line unrecognised, never half read."""
_AMOUNTS = re.compile(r"[$€£]?\d[\d,]*(?:\.\d+)?")


@dataclass(frozen=True, slots=True)
class SummaryPlace:
    """One place of a summary. place: int; player: str; prize: int in the smallest unit of
    prize_currency ("USD"..., None for an amount without a sign), 0 when none is printed;
    finished: False for "still playing" (the place is not final then)."""

    place: int
    player: str
    prize: int
    prize_currency: str | None
    finished: bool
    line: int


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """A summary file. buy_in_text: the buy-in with "+" between its parts, as a hand header
    writes it ("$1.00+$0.20 USD"); entrants, prize_pool (smallest unit): None when absent;
    places: every place line; hero_place: "You finished in Nth place" (None if absent)."""

    path: str
    tournament_id: str
    game: str
    buy_in_text: str
    entrants: int | None
    prize_pool: int | None
    places: tuple[SummaryPlace, ...]
    hero_place: int | None


class SummaryFormatError(ValueError):
    """A summary that does not read: str() is `file:line: reason`. path: str; line: int;
    reason: str."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        super().__init__(f"{path}:{line}: {reason}")
        self.path, self.line, self.reason = path, line, reason


def _units(text: str, where: tuple[str, int]) -> tuple[int, str | None]:
    """An amount in the smallest unit, and its currency (None: chips). raises
    SummaryFormatError for more than two decimals, or decimals on chips: never cut."""
    currency = CURRENCY_OF_SIGN.get(text[0])
    digits = (text[1:] if currency else text).replace(",", "")
    whole, point, fraction = digits.partition(".")
    if currency is None:
        if point:
            raise SummaryFormatError(*where, f"bad value: {text!r} has decimals but no currency sign")
        return int(whole), None
    if len(fraction) > 2:
        raise SummaryFormatError(*where, f"bad value: {text!r} has more than two decimals")
    return int(whole) * 100 + int(fraction.ljust(2, "0") or 0), currency


# A line that starts a hand: a hand history going on after the summary in the same file.
_HAND_HEADER = re.compile(r"^(?:PokerStars (?:Home Game |Zoom )?(?:Game|Hand) #|Full ?Tilt ?Poker |#\d+: |<description |<game )")

# A place line's start ("  3: "): a line that starts so and is not a place line is refused.
_PLACE_START = re.compile(r"^\s+\d+: |^\s*[^\s:]+: .+ \([^()]*\),")
"""(also a line shaped like a place line but for its start: "2: Mira (Germany), $1.80" without
its indentation, "  two: Mira (Germany), ..."; no other summary line holds "NAME (COUNTRY),")"""


def is_title(line: str) -> bool:
    """Whether a line is a tournament summary's title (`PokerStars Tournament #N, game`)."""
    return _TITLE.match(line) is not None


def is_summary_file(path: Path) -> bool:
    """True when the file holds a tournament summary alone: its first non-blank line is a
    summary's title and no hand follows. (A file with hands in it too is read as hands, its
    summary among them: parse.read.split_hands gives it as a SummaryText.) Streams the file."""
    try:
        lines = iter_lines(path)
        for line in lines:
            if line.strip():
                if _TITLE.match(line) is None:
                    return False
                break
        else:
            return False
        return not any(_HAND_HEADER.match(line) for line in lines)
    except (OSError, HandHistoryError):
        return False


def read_summary(path: Path) -> TournamentSummary:
    """The summary in a file that is_summary_file() accepted. raises SummaryFormatError (a
    ValueError, "file:line: what is wrong") for a title that is missing, an amount with more
    than two decimals, or a place line of another shape."""
    return summary_of_lines(path_text(path), enumerate(iter_lines(path), start=1))


def summary_of_text(path: str, line: int, text: str) -> TournamentSummary:
    """The summary in `text`, whose first line is line `line` of the file `path` (a summary
    in a file of hands, parse.read.SummaryText). raises SummaryFormatError as read_summary()."""
    return summary_of_lines(path, enumerate(text.split("\n"), start=line))


def summary_of_lines(path: str, lines: Iterable[tuple[int, str]]) -> TournamentSummary:
    """The summary in numbered lines (the first non-blank one its title). raises
    SummaryFormatError as read_summary()."""
    title = None
    buy_in = ""
    entrants = prize_pool = hero_place = None
    places: list[SummaryPlace] = []
    for number, line in lines:
        where = (path, number)
        if title is None:
            if line.strip():
                title = _TITLE.match(line)
                if title is None:
                    raise SummaryFormatError(*where, "not a PokerStars tournament summary")
            continue
        if (found := _BUY_IN.match(line)) is not None:
            buy_in = found["text"].replace("/", "+")
            for amount in _AMOUNTS.findall(buy_in):  # each part read as the other amounts are:
                _units(amount, where)  # more than two decimals refused, never cut
        elif (found := _PLAYERS.match(line)) is not None:
            entrants = int(found["n"].replace(",", ""))
        elif (found := _POOL.match(line)) is not None:
            prize_pool = _units(found["amount"], where)[0]
        elif (found := _PLACE.match(line)) is not None:
            rest = found["rest"]
            prize = _PRIZE.match(rest)
            if prize is None and rest not in ("", "still playing"):
                raise SummaryFormatError(*where, f"unrecognised place line: {excerpt(line.strip())}")
            amount, currency = _units(prize["amount"], where) if prize else (0, None)
            places.append(SummaryPlace(int(found["place"]), found["name"], amount, currency,
                                       rest != "still playing", number))
        elif _PLACE_START.match(line):
            raise SummaryFormatError(*where, f"unrecognised place line: {excerpt(line.strip())}")
        elif line.startswith("You finished in "):
            digits = re.match(r"You finished in (\d+)", line)
            hero_place = int(digits.group(1)) if digits else None
    if title is None:
        raise SummaryFormatError(path, 1, "empty file, not a tournament summary")
    return TournamentSummary(path, title["id"], title["game"], buy_in, entrants, prize_pool, tuple(places), hero_place)
