"""The poker sites hhtracker reads, one record each: everything every layer needs to know of a site.

A site is a `SiteRecord` in `SITES`, keyed by its `model.Site` (the name stored in
`hands.site`). Every layer reads the record instead of naming the site: parse/read.py splits
files into hands at the lines `hand_start` matches and parse/detect.py tells the site by
them, the importer looks for files of the record's formats, the replay takes the record's
betting rules (rules/structures.py `SITE_RULES`), the PHH export its venue. Which games are
read on a site is the games' records' business (games.py `Spelling`). Adding a site is one
record here (and its `Site`) plus its grammar and parser (parse/sites.py) and the reader of
its header's game (parse/detect.py).

Plain data at the bottom of the layers (beside model.py): it imports nothing of parse, rules
or anything above them. The sources of the fixed-limit rules are in rules/structures.py's
module docstring (Robert's Rules of Poker, the TDA, the real PokerStars files).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique
from fractions import Fraction

from .model import Site

__all__ = ["POKERSTARS_LIMIT", "SEED_LIMIT", "SITES", "FileFormat", "LimitRules", "SiteRecord", "site_record"]


@dataclass(frozen=True, slots=True)
class LimitRules:
    """A site's fixed-limit rules. cap: bets per round (a bet and cap-1 raises; pre-draw
    the big blind is the first bet); heads_up_cap: the cap with two players left in the
    hand, None = no cap.

    Incomplete all-in bets and raises (sources: rules/structures.py's module docstring):
    all_in_reopens: an all-in that raises what a player who has already acted last faced by
    at least this share of a bet reopens the betting for him (the half-bet rule: 1/2; the
    full-bet rule: 1). all_in_counts_as_full: an all-in bet or raise of at least this share
    of a bet above the last full level counts as a full bet, so the next raise is a full bet
    over it (Robert's Rules: 1/2); None: only a full bet counts, and the next bet or raise
    completes to the next level (last full level + one bet: PokerStars). Either way a wager
    that is not all-in must be exactly that next level. short_big_blind_called_in_full: a big
    blind posted all-in for less than the big blind is still called in full by the others.
    """

    name: str
    cap: int
    heads_up_cap: int | None
    all_in_reopens: Fraction = Fraction(1, 2)
    all_in_counts_as_full: Fraction | None = None
    short_big_blind_called_in_full: bool = True

    def cap_for(self, players_in_hand: int) -> int | None:
        """The number of bets allowed this round with that many players not folded."""
        return self.heads_up_cap if players_in_hand <= 2 else self.cap


POKERSTARS_LIMIT = LimitRules("pokerstars", cap=4, heads_up_cap=4, all_in_reopens=Fraction(1, 2),
                              all_in_counts_as_full=None, short_big_blind_called_in_full=True)
"""PokerStars: 4 bets per round, heads-up included ("Betting is capped" after the 4th); the
half-bet rule reopens the betting, and bets and raises complete to the next level (real
fixed-limit Badugi tournament files)."""

SEED_LIMIT = LimitRules("seed-rules", cap=4, heads_up_cap=None, all_in_reopens=Fraction(1, 2),
                        all_in_counts_as_full=Fraction(1, 2), short_big_blind_called_in_full=True)
"""The rules of seeds/001: three raises per round, uncapped when only two players remain;
incomplete all-ins as Robert's Rules of Poker ("Betting and Raising" rule 6, which the seeds
do not cover): an all-in of half a bet or more is a full bet, and a raise over it is a full
bet more."""


@unique
class FileFormat(StrEnum):
    """How a site writes its hand histories: TEXT (.txt files) or XML (.xml files)."""

    TEXT = "text"
    XML = "xml"

    @property
    def suffix(self) -> str:
        """The file name ending of the format: ".txt", ".xml"."""
        return ".txt" if self is FileFormat.TEXT else ".xml"


@dataclass(frozen=True, slots=True)
class SiteRecord:
    """One site. site: as stored; name: as shown to users and written as PHH's `venue`
    ("Full Tilt Poker"); file_format: what its files are; hand_start: a regular expression
    matching the first line of each of its hands (and nothing another site begins a hand
    with: detection tries the records in order); limit: its fixed-limit rules;
    prints_uncalled_bets: it writes a line when an uncalled bet goes back (KingsClub does
    not: the replay then returns a bet nobody matched at the end of its round itself)."""

    site: Site
    name: str
    file_format: FileFormat
    hand_start: str
    limit: LimitRules = POKERSTARS_LIMIT
    prints_uncalled_bets: bool = True


# Full Tilt, KingsClub and Merge take PokerStars' fixed-limit rules (4 bets, incomplete
# all-ins completed to the next level): no real file of theirs shows a short all-in to say
# otherwise.
SITES: dict[Site, SiteRecord] = {record.site: record for record in (
    SiteRecord(Site.POKERSTARS, "PokerStars", FileFormat.TEXT, r"PokerStars "),
    SiteRecord(Site.FULL_TILT, "Full Tilt Poker", FileFormat.TEXT, r"Full ?Tilt ?Poker "),
    SiteRecord(Site.KINGSCLUB, "KingsClub", FileFormat.TEXT, r"#\d+: ", prints_uncalled_bets=False),
    # a hand is a <description> line and its <game>, or a <game> alone after the first
    SiteRecord(Site.MERGE, "Merge Gaming Network", FileFormat.XML, r"<description |<game "),
)}
"""Every site hhtracker reads, by Site, in the order detection tries them."""


def site_record(site: Site) -> SiteRecord:
    """The record of a site (every Site has one)."""
    return SITES[site]
