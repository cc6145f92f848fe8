"""Sessions and the session report.

A session is the hero's hands, every table and site together, ordered by start time, with
no gap between one hand's start and the next one's longer than `gap` (30 minutes by
default; a gap of exactly `gap` stays in the session). Sessions are numbered from 1, oldest
first, so a session keeps its number while newer hands are imported.

Choices: the duration of a session is from its first hand's start to its last hand's start
(the files give no end time), so a one-hand session lasts 0 minutes. BB/100 and bb/100
average each hand in its own big bet / big blind (as the `player_stats` view does), and
money is summed per currency, cash before chips; `net` is the first currency.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from ..store.repository import Luck, Money, Ratio
from . import queries
from .queries import HeroHand, IssueRow

DEFAULT_GAP = dt.timedelta(minutes=30)


class ReportError(LookupError):
    """Nothing to report: no hero, no hands, or no session with that number."""


@dataclass(frozen=True, slots=True)
class Session:
    """A run of the hero's hands. number: 1 = the oldest session; hands: oldest first."""

    number: int
    hands: tuple[HeroHand, ...]

    @property
    def start(self) -> dt.datetime:
        return self.hands[0].start_time

    @property
    def end(self) -> dt.datetime:
        return self.hands[-1].start_time


def split_sessions(hands: Sequence[HeroHand], gap: dt.timedelta = DEFAULT_GAP) -> list[Session]:
    """The hands (any order) as sessions, oldest first: a new session starts when a hand
    starts more than `gap` after the previous hand (of any table) started."""
    ordered = sorted(hands, key=lambda h: (h.start_time, h.hand_id))
    runs: list[list[HeroHand]] = []
    for hand in ordered:
        if runs and hand.start_time - runs[-1][-1].start_time <= gap:
            runs[-1].append(hand)
        else:
            runs.append([hand])
    return [Session(i, tuple(run)) for i, run in enumerate(runs, start=1)]


def money_by_currency(hands: Sequence[HeroHand], amount=lambda h: h.net) -> tuple[Money, ...]:
    """Sum of amount(hand) (int, default the net) per currency, cash before chips."""
    totals: dict[str, int] = {}
    for hand in hands:
        totals[hand.currency] = totals.get(hand.currency, 0) + amount(hand)
    return tuple(Money(totals[c], c) for c in sorted(totals, key=lambda c: (c == "chips", c)))


def _per_100(values: Sequence[float]) -> float | None:
    return 100.0 * sum(values) / len(values) if values else None


def format_stakes(hand: HeroHand) -> str:
    """"$0.50/$1 USD FL" (money) or "30/60 chips FL"."""
    if hand.currency == "chips":
        return f"{hand.small_bet:,}/{hand.big_bet:,} chips {hand.structure}"
    symbol = {"USD": "$", "EUR": "€", "GBP": "£"}.get(hand.currency, "")

    def amount(cents: int) -> str:
        whole, rest = divmod(cents, 100)
        return f"{symbol}{whole}" if rest == 0 else f"{symbol}{whole}.{rest:02d}"

    return f"{amount(hand.small_bet)}/{amount(hand.big_bet)} {hand.currency} {hand.structure}"


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One row of `hhtracker sessions`. number: None for a date range; start, end: UTC;
    duration: end - start; net: the first currency's (cash before chips), net_by_currency:
    every currency; big_bets_per_100 (BB/100) and bb_per_100: floats."""

    number: int | None
    start: dt.datetime
    end: dt.datetime
    hands: int
    tables: tuple[str, ...]
    stakes: tuple[str, ...]
    sites: tuple[str, ...]
    net: Money
    net_by_currency: tuple[Money, ...]
    net_big_bets: float
    big_bets_per_100: float
    bb_per_100: float

    @property
    def duration(self) -> dt.timedelta:
        return self.end - self.start


def summarize(number: int | None, hands: Sequence[HeroHand]) -> SessionSummary:
    """The summary of a non-empty run of hands (oldest first)."""
    net = money_by_currency(hands)
    return SessionSummary(
        number=number,
        start=hands[0].start_time,
        end=hands[-1].start_time,
        hands=len(hands),
        tables=tuple(sorted({h.table for h in hands})),
        stakes=tuple(sorted({format_stakes(h) for h in hands})),
        sites=tuple(sorted({h.site for h in hands})),
        net=net[0],
        net_by_currency=net,
        net_big_bets=sum(h.big_bets for h in hands),
        big_bets_per_100=_per_100([h.big_bets for h in hands]) or 0.0,
        bb_per_100=_per_100([h.big_blinds for h in hands]) or 0.0,
    )


# --- the report ---------------------------------------------------------------------------

STAT_SECTIONS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Pre-draw", (
        ("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3-bet pre-draw"),
        ("fold_to_three_bet", "Fold to 3-bet"), ("steal", "Steal attempt"), ("cold_call", "Cold call pre-draw"),
    )),
    ("The draws", (
        ("pat_d1", "Pat at draw 1"), ("pat_d2", "Pat at draw 2"), ("pat_d3", "Pat at draw 3"),
        ("pat_raiser_d1", "Pat at draw 1 as pre-draw raiser"), ("pat_and_bet_d1", "Pat and bet, draw 1"),
        ("fold_to_pat_d1", "Fold to a pat hand, draw 1"),
        ("snow_known", "Snow (pat without a badugi), all draws"), ("break_known", "Break a badugi, all draws"),
    )),
    ("Showdown", (
        ("wtsd", "WTSD (went to showdown)"), ("wsd", "W$SD (won at showdown)"), ("won_reached_d1", "Won when reached draw 1"),
    )),
)
STAT_KEYS: tuple[str, ...] = tuple(key for _, rows in STAT_SECTIONS for key, _ in rows)

CLASS_LABELS: dict[str, str] = {
    "badugi_7": "badugi 7-high or better", "badugi_8": "badugi 8-high", "badugi_9": "badugi 9-high",
    "badugi_t": "badugi T-high", "badugi_j": "badugi J-high", "badugi_q": "badugi Q-high",
    "badugi_k": "badugi K-high", "three_card": "3-card hand", "two_card": "2-card hand", "one_card": "1-card hand",
}

NOTABLE_POTS = 3
"""How many of the biggest pots won (and lost) are listed."""


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
    BB/100 and bb/100."""

    position: str
    hands: int
    net: tuple[Money, ...]
    net_big_bets: float
    big_bets_per_100: float
    bb_per_100: float


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
    net: the hero's result; note: why it is listed."""

    kind: str
    site: str
    site_hand_id: str
    table: str
    start_time: dt.datetime
    net: Money
    note: str


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """After `hand` hands (0 = the start): cumulative total, at showdown, without showdown,
    in the chart's unit (ints in the smallest unit of money, or floats in big bets)."""

    hand: int
    total: int | float
    showdown: int | float
    no_showdown: int | float


@dataclass(frozen=True, slots=True)
class Chart:
    """The cumulative winnings. unit: the currency ("USD", "chips") when every hand has the
    same one, else "BB" (big bets, each hand in its own stakes)."""

    unit: str
    points: tuple[ChartPoint, ...]


@dataclass(frozen=True, slots=True)
class SessionReport:
    """Everything `hhtracker report` shows. hero: the hero's name per site."""

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


_POSITION_ORDER = ("UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO", "BTN", "SB", "BB")


def find_hero(db: Database, hero: str | None) -> tuple[dict[str, str], tuple[int, ...]]:
    """(site -> hero name, their player ids): `hero` on every site where he plays, else the
    hero remembered per site. raises ReportError when there is none."""
    if hero is not None:
        ids = queries.player_ids(db, name=hero)
        if not ids:
            raise ReportError(f"no player named {hero!r} in the database")
        sites = {site: hero for (site,) in db.execute(
            "select site from players where name = ? order by site", [hero]).fetchall()}
        return sites, ids
    names = queries.hero_names(db)
    if not names:
        raise ReportError("no hand with the hero's cards dealt face up (`Dealt to X [...]`); name the hero with --hero")
    return names, queries.player_ids(db, names)


def chart_of(hands: Sequence[HeroHand]) -> Chart:
    """Cumulative total / showdown / non-showdown winnings, one point per hand after a 0."""
    currencies = {h.currency for h in hands}
    unit = currencies.pop() if len(currencies) == 1 else "BB"
    value = (lambda h: h.net) if unit != "BB" else (lambda h: h.big_bets)
    total = sd = nsd = 0
    points = [ChartPoint(0, 0, 0, 0)]
    for i, hand in enumerate(hands, start=1):
        amount = value(hand)
        total += amount
        if hand.showdown:
            sd += amount
        else:
            nsd += amount
        points.append(ChartPoint(i, total, sd, nsd))
    return Chart(unit, tuple(points))


def _positions(hands: Sequence[HeroHand]) -> tuple[PositionResult, ...]:
    by: dict[str, list[HeroHand]] = {}
    for hand in hands:
        by.setdefault(hand.position or "?", []).append(hand)
    order = {p: i for i, p in enumerate(_POSITION_ORDER)}
    return tuple(
        PositionResult(
            position=position, hands=len(group), net=money_by_currency(group),
            net_big_bets=sum(h.big_bets for h in group),
            big_bets_per_100=_per_100([h.big_bets for h in group]) or 0.0,
            bb_per_100=_per_100([h.big_blinds for h in group]) or 0.0,
        )
        for position, group in sorted(by.items(), key=lambda kv: order.get(kv[0], 99))
    )


def _showdowns(hands: Sequence[HeroHand]) -> tuple[ShowdownClass, ...]:
    counts: dict[str, list[int]] = {}
    for hand in hands:
        if hand.showdown and hand.showdown_class:
            won_lost = counts.setdefault(hand.showdown_class, [0, 0])
            won_lost[0 if hand.collected > 0 else 1] += 1
    return tuple(
        ShowdownClass(c, CLASS_LABELS.get(c, c), counts[c][0], counts[c][1]) for c in CLASS_LABELS if c in counts
    )


def _notable(hands: Sequence[HeroHand], issues: dict[int, tuple[IssueRow, ...]]) -> tuple[NotableHand, ...]:
    def note(kind: str, hand: HeroHand, text: str) -> NotableHand:
        return NotableHand(kind, hand.site, hand.site_hand_id, hand.table, hand.start_time,
                           Money(hand.net, hand.currency), text)

    found: list[NotableHand] = []
    won = sorted((h for h in hands if h.net > 0), key=lambda h: (-h.big_bets, h.start_time))[:NOTABLE_POTS]
    lost = sorted((h for h in hands if h.net < 0), key=lambda h: (h.big_bets, h.start_time))[:NOTABLE_POTS]
    for hand in won:
        found.append(note("won", hand, f"biggest pots won: {hand.big_bets:+.2f} BB" + (" at showdown" if hand.showdown else "")))
    for hand in lost:
        found.append(note("lost", hand, f"biggest pots lost: {hand.big_bets:+.2f} BB" + (" at showdown" if hand.showdown else "")))
    for hand in hands:
        if hand.snows:
            found.append(note("snow", hand, f"stood pat without a badugi ({hand.snows} time{'s' if hand.snows > 1 else ''})"))
    for hand in hands:
        if hand.breaks:
            found.append(note("break", hand, f"broke a made badugi ({hand.breaks} time{'s' if hand.breaks > 1 else ''})"))
    for hand in hands:
        if hand.status == "warning":
            text = "; ".join(f"[{i.code}] {i.message}" for i in issues.get(hand.hand_id, ()))
            found.append(note("warning", hand, text or "validation warning"))
    return tuple(found)


def build_report(db: Database, names: dict[str, str], ids: tuple[int, ...], hands: Sequence[HeroHand],
                 number: int | None, sessions_total: int) -> SessionReport:
    """The report over `hands` (a session, or the hands of a date range; oldest first, not
    empty) of the hero with player ids `ids`."""
    hand_ids = [h.hand_id for h in hands]
    session_stats = queries.stat_totals(db, ids, STAT_KEYS, hand_ids)
    lifetime_stats = queries.stat_totals(db, ids, STAT_KEYS)
    summary = summarize(number, hands)
    return SessionReport(
        hero=names,
        summary=summary,
        sessions_total=sessions_total,
        net_showdown=money_by_currency(hands, lambda h: h.net if h.showdown else 0),
        net_no_showdown=money_by_currency(hands, lambda h: 0 if h.showdown else h.net),
        chart=chart_of(hands),
        positions=_positions(hands),
        stats=tuple(
            StatLine(section, key, label, session_stats[key], lifetime_stats[key])
            for section, rows in STAT_SECTIONS for key, label in rows
        ),
        luck=queries.luck_totals(db, ids, hand_ids),
        lifetime_luck=queries.luck_totals(db, ids),
        showdowns=_showdowns(hands),
        notable=_notable(hands, queries.issues_of(db, [h.hand_id for h in hands if h.status == "warning"])),
        left_out=queries.error_hands(db, ids, summary.start, summary.end),
    )


def session_report(db: Database, *, number: int | None = None, start: dt.datetime | None = None,
                   end: dt.datetime | None = None, hero: str | None = None,
                   gap: dt.timedelta = DEFAULT_GAP) -> SessionReport:
    """The report of session `number` (default: the latest) or, when start or end is given,
    of every hand of the hero from start (inclusive) to end (exclusive), UTC. raises
    ReportError when there is nothing to report."""
    names, ids = find_hero(db, hero)
    hands = queries.hero_hands(db, ids)
    sessions = split_sessions(hands, gap)
    if not sessions:
        raise ReportError(f"no counted hands of {', '.join(sorted(set(names.values())))} in the database")
    if start is not None or end is not None:
        if number is not None:
            raise ReportError("give a session number or a date range, not both")
        chosen = [h for h in hands if (start is None or h.start_time >= start) and (end is None or h.start_time < end)]
        if not chosen:
            raise ReportError("no hands of the hero in that date range")
        return build_report(db, names, ids, chosen, None, len(sessions))
    if number is None:
        number = sessions[-1].number
    if not 1 <= number <= len(sessions):
        raise ReportError(f"no session {number}: there are {len(sessions)} (see `hhtracker sessions`)")
    return build_report(db, names, ids, sessions[number - 1].hands, number, len(sessions))


def session_list(db: Database, *, hero: str | None = None, gap: dt.timedelta = DEFAULT_GAP) -> tuple[dict[str, str], list[SessionSummary]]:
    """(site -> hero name, every session's summary newest first). raises ReportError when
    there is no hero."""
    names, ids = find_hero(db, hero)
    sessions = split_sessions(queries.hero_hands(db, ids), gap)
    return names, [summarize(s.number, s.hands) for s in reversed(sessions)]
