"""What a session report holds: plain values (frozen dataclasses) that report/session.py
builds and report/render.py shows."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..money import Money
from ..stats.values import Luck, Ratio
from ..tournaments import TournamentResult
from . import queries
from .leaks import Leaks


@dataclass(frozen=True, slots=True)
class KindResult:
    """A session's results in money ("cash": every currency) or in chips ("chips":
    tournaments and play money), never added to the other's: hands, net_big_bets,
    big_bets_per_100, bb_per_100 (cash: each hand in its own big bet / big blind; chips: the
    chips over the hands' average big bet / big blind, session.in_bets)."""

    kind: str
    hands: int
    net_big_bets: float
    big_bets_per_100: float
    bb_per_100: float


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One row of `hhtracker sessions`. number: None for a date range; start, end: UTC;
    duration: end - start; net: the first currency's (cash before chips), net_by_currency:
    every currency; net_big_bets, big_bets_per_100 (BB/100) and bb_per_100: floats, None
    when the session has both cash and chips (never added: see by_kind, one per kind)."""

    number: int | None
    start: dt.datetime
    end: dt.datetime
    hands: int
    tables: tuple[str, ...]
    stakes: tuple[str, ...]
    sites: tuple[str, ...]
    net: Money
    net_by_currency: tuple[Money, ...]
    net_big_bets: float | None
    big_bets_per_100: float | None
    bb_per_100: float | None
    by_kind: tuple[KindResult, ...] = ()

    @property
    def duration(self) -> dt.timedelta:
        return self.end - self.start


@dataclass(frozen=True, slots=True)
class StatLine:
    """One statistic this session beside the hero's lifetime value (every hand of his)."""

    section: str
    key: str
    label: str
    session: Ratio
    lifetime: Ratio


@dataclass(frozen=True, slots=True)
class PositionResult:
    """The hero's results from one position: hands, net per currency, net in big bets,
    BB/100 and bb/100 (None when the position's hands mix cash and chips)."""

    position: str
    hands: int
    net: tuple[Money, ...]
    net_big_bets: float | None
    big_bets_per_100: float | None
    bb_per_100: float | None


@dataclass(frozen=True, slots=True)
class ShowdownClass:
    """Showdowns with the hero's hand in one class: won (took money) and lost."""

    hand_class: str
    label: str
    won: int
    lost: int


@dataclass(frozen=True, slots=True)
class NotableHand:
    """A hand worth a second look. kind: "won" | "lost" | "snow" | "break" | "warning";
    net: the hero's result, big_bets: the same in big bets of the hand's stakes; note: why it
    is listed."""

    kind: str
    site: str
    site_hand_id: str
    table: str
    start_time: dt.datetime
    net: Money
    note: str
    big_bets: float


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """After `hand` hands (0 = the start): cumulative total, at showdown, without showdown,
    in the chart's unit (ints in the smallest unit of money, or floats in big bets)."""

    hand: int
    total: int | float
    showdown: int | float
    no_showdown: int | float


@dataclass(frozen=True, slots=True)
class LevelChange:
    """A tournament's blinds going up: after `hand` hands the stakes became `stakes`
    (small/big bet in chips, "30/60")."""

    hand: int
    stakes: str


@dataclass(frozen=True, slots=True)
class Chart:
    """The cumulative winnings. unit: the currency ("USD", "chips") when every hand has the
    same one, else "BB" (big bets, each hand in its own stakes). levels: in a chips chart
    drawn hand by hand, where the stakes changed (the first hand's stakes at hand 0)."""

    unit: str
    points: tuple[ChartPoint, ...]
    levels: tuple[LevelChange, ...] = ()


@dataclass(frozen=True, slots=True)
class Played:
    """The time a date range's hands were played in: sessions, the hero's sessions (with the
    report's gap) that have hands in the range; time, their durations added, each cut to the
    range's first and last hand (a range over years is not years of play)."""

    sessions: int
    time: dt.timedelta


@dataclass(frozen=True, slots=True)
class SessionReport:
    """Everything `hhtracker report` shows. hero: the hero's name per site.

    notable: the 3 biggest pots won and lost, then the snows, breaks and warnings listed
    (each kind oldest first): every one when review_limit is None, else at most review_limit
    of each kind (those with the biggest net won or lost in big bets). review_counts: kind
    ("snow", "break", "warning") -> how many hands of that kind the report has, listed or
    not. left_out: the site hand numbers of the hands left out for a replay error (at most
    review_limit, the first ones), left_out_count: how many there are. decision_draws: the
    hero's draws with known cards; dominated_count: how many of them kept a dominated keep
    (odds.decisions); dominated: those draws, oldest first (at most review_limit)."""

    hero: dict[str, str]
    summary: SessionSummary
    sessions_total: int
    net_showdown: tuple[Money, ...]
    net_no_showdown: tuple[Money, ...]
    chart: Chart
    positions: tuple[PositionResult, ...]
    stats: tuple[StatLine, ...]
    luck: Luck
    lifetime_luck: Luck
    showdowns: tuple[ShowdownClass, ...]
    notable: tuple[NotableHand, ...]
    left_out: tuple[str, ...]
    review_counts: dict[str, int]
    left_out_count: int
    review_limit: int | None
    hero_note: str = ""  # which names were taken as the hero, and why (queries.HeroChoice)
    tournaments: tuple[TournamentResult, ...] = ()  # the tournaments the report's hands belong to
    decision_draws: int = 0
    dominated_count: int = 0
    dominated: tuple[queries.DominatedDraw, ...] = ()
    leaks: Leaks | None = None  # the hero's leaks over the report's hands (issue 19, report/leaks.py)
    played: Played | None = None  # a date range's sessions and time at the tables (None: one session)
