"""Which hands a statistic is computed over: the filters every reading command takes, and the
keys `players` sorts by. Plain values, read by store/ (as SQL) and by the CLI (as options)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from .errors import excerpt
from .games import GAMES
from .stats.facts import STAT_KEYS


class GameType(StrEnum):
    """Cash (real money), tournament (chips), play money (chips, no tournament)."""

    CASH = "cash"
    TOURNAMENT = "tournament"
    PLAY = "play"


ALL_GAMES = "all"
"""`--game all`: `players` puts every game together."""

Game = StrEnum("Game", [(g.id.name, g.id.value) for g in GAMES.values()] + [("ALL", ALL_GAMES)])  # type: ignore[misc]
"""The `--game` choices: each game's id (games.py, Badugi first), and ALL_GAMES. (An enum made
from the records, so mypy sees no members: compare with the ids, not Game.X.)"""


class TableSize(StrEnum):
    """Choice: the table size is the number of players dealt in (what the game played
    like, and what positions are named from), not the seats of the table."""

    HEADS_UP = "heads-up"
    SHORT = "3-6"
    FULL = "7-8"


_MONEY_STAKES = re.compile(r"^\s*[$€£]?\s*(\d+(?:\.\d{1,2})?)\s*/\s*[$€£]?\s*(\d+(?:\.\d{1,2})?)\s*$")


def parse_stakes(text: str) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """"0.25/0.50" or "$0.25/$0.50" -> money stakes in cents ((25, 50), None); "30/60" ->
    either 30/60 chips or $30/$60 ((3000, 6000), (30, 60)). Choice: without a currency sign
    or a decimal point the numbers match chip stakes as written and cash stakes in whole
    units. raises ValueError for anything else, and for a small bet above the big bet."""
    match = _MONEY_STAKES.match(text)
    if not match:
        raise ValueError(f"stakes {excerpt(text)}: write them as the header does, e.g. 0.25/0.50 or 30/60")
    small, big = match.groups()
    if Decimal(small) > Decimal(big):
        raise ValueError(f"stakes {excerpt(text)}: the small bet comes first, e.g. 0.25/0.50")
    cents = (int(Decimal(small) * 100), int(Decimal(big) * 100))
    if any(c in text for c in "$€£."):
        return cents, None
    return cents, (int(small), int(big))


POSITION_GROUPS: dict[str, tuple[str, ...]] = {
    "early": ("UTG", "UTG+1", "UTG+2"),
    "middle": ("MP", "HJ"),
    "late": ("CO", "BTN"),
    "blinds": ("SB", "BB"),
}
"""The position groups --position takes besides single positions (EP, MP, LP, the blinds;
docs/statistics.md, Positions)."""


@dataclass(frozen=True, slots=True)
class Filters:
    """Which hands a statistic is computed over (STATS.md, "Reporting rules"). None = any.

    site: "pokerstars"...; structure: FL, PL, HPL, NL; stakes: see parse_stakes; game_type,
    table_size, game: the enums' values (game "all" or None: every game); since / until: dates (inclusive, UTC); position: "BTN",
    "SB"... or a group of POSITION_GROUPS ("early", "middle", "late", "blinds"); min_hands: players with fewer matching hands are left out."""

    site: str | None = None
    structure: str | None = None
    stakes: str | None = None
    game_type: str | None = None
    table_size: str | None = None
    since: dt.date | None = None
    until: dt.date | None = None
    position: str | None = None
    min_hands: int = 0
    game: str | None = None

    def where(self, alias: str = "", computed: Mapping[str, str] | None = None) -> tuple[str, list[object]]:
        """An SQL condition over the hand_facts view or a summary table (the same column
        names; `date` only in hand_facts and player_days), columns prefixed by `alias.`, and
        its parameters; "1" when nothing is filtered. computed: SQL to use for the columns a
        table does not have ({"date": "substr(r.start_time, 1, 10)"}: store/hand_reads.py).
        raises ValueError for bad stakes."""
        prefix = f"{alias}." if alias else ""
        parts: list[str] = []

        def c(column: str) -> str:
            return computed[column] if computed and column in computed else f"{prefix}{column}"

        params: list[object] = []
        for column, value in (
            ("site", self.site), ("structure", self.structure), ("game_type", self.game_type),
            ("table_size", self.table_size),
            ("position", None if self.position in POSITION_GROUPS else self.position),
            ("game", None if self.game == ALL_GAMES else self.game),
        ):
            if value is not None:
                parts.append(f"{c(column)} = ?")
                params.append(value)
        if self.position in POSITION_GROUPS:
            group = POSITION_GROUPS[self.position]
            parts.append(f"{c('position')} in ({', '.join('?' * len(group))})")
            params.extend(group)
        if self.stakes is not None:
            money, chips = parse_stakes(self.stakes)
            options = [f"({c('currency')} != 'chips' and {c('small_bet')} = ? and {c('big_bet')} = ?)"]
            params.extend(money)  # type: ignore[arg-type]
            if chips is not None:
                options.append(f"({c('currency')} = 'chips' and {c('small_bet')} = ? and {c('big_bet')} = ?)")
                params.extend(chips)
            parts.append("(" + " or ".join(options) + ")")
        if self.since is not None:
            parts.append(f"{c('date')} >= ?")
            params.append(self.since.isoformat())
        if self.until is not None:
            parts.append(f"{c('date')} <= ?")
            params.append(self.until.isoformat())
        return (" and ".join(parts) or "1"), params


SORTS: tuple[str, ...] = ("hands", "net", "player", "bb_per_100", "big_bets_per_100", *STAT_KEYS)
"""The players list's sort keys: "player" A to Z, the others largest first; a key written
with a "-" before it ("-vpip") sorts the other way (sort_order)."""


def sort_order(sort: str) -> tuple[str, bool]:
    """(the SORTS key, whether reversed) of a sort as written: "vpip" -> ("vpip", False),
    "-vpip" -> ("vpip", True). raises ValueError naming the keys for another."""
    key = sort[1:] if sort.startswith("-") else sort
    if key not in SORTS:
        raise ValueError(f"cannot sort by {sort!r}; choose from {', '.join(SORTS)} (-KEY: the other way)")
    return key, sort.startswith("-")
