"""What a session report holds: plain values (frozen dataclasses) that report/session.py
builds and report/render.py shows."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..games import Half
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
    """Showdowns with the hero's hand in one class: won (took money) and lost. half: which
    part of the game the class reads (games.Half: the Badugi classes, the low classes of a
    lowball game or of a split game's low half, 5-Card Draw's high classes)."""

    hand_class: str
    label: str
    won: int
    lost: int
    half: Half = Half.BADUGI


@dataclass(frozen=True, slots=True)
class GameResult:
    """One row of the report's results by game: the hero's hands of `game` (a stored game
    name; None for the total row of every game in `currency`) in one currency, never added
    to another: hands; net (int, the smallest unit of `currency`: cents, or chips);
    net_big_bets, big_bets_per_100, bb_per_100 (floats: cash each hand in its own big bet,
    chips over the hands' average level, as session.in_bets)."""

    game: str | None
    name: str
    currency: str
    hands: int
    net: Money
    net_big_bets: float
    big_bets_per_100: float
    bb_per_100: float


@dataclass(frozen=True, slots=True)
class GameBlock:
    """What the report shows of one game played in it, in that game's sense (never added to
    another game's): game, the stored name, and name, the one users read ("2-7 Triple
    Draw"); hands; stats: the statistics beside the hero's lifetime in this game, labelled
    with the game's made hand (labels.report_sections); luck, lifetime_luck: draw luck,
    None where it is not computed (every game but Badugi: a one-card draw to a three-card
    hand is Badugi's); showdowns: the hero's hand classes at showdown (each class's half);
    snows, breaks: how many of the report's hands of this game hold one, None where snow and
    break are not computed (5-Card Draw)."""

    game: str
    name: str
    hands: int
    stats: tuple[StatLine, ...]
    luck: Luck | None
    lifetime_luck: Luck | None
    showdowns: tuple[ShowdownClass, ...]
    snows: int | None
    breaks: int | None


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

    by_game: the results by game, each game and currency one row (cash and chips never
    added), then, where a currency has more than one game, its total row (game None);
    games: one block per game played, in the order of games.GAMES (the statistics, draw
    luck, showdown classes, snows and breaks, each in its game's sense).

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
    by_game: tuple[GameResult, ...]
    games: tuple[GameBlock, ...]
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
