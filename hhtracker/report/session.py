"""Sessions and the session report.

A session is the hero's hands, every table and site together, ordered by start time, with
no gap between one hand's start and the next one's longer than `gap` (30 minutes by
default; a gap of exactly `gap` stays in the session). Sessions are numbered from 1, oldest
first, so a session keeps its number while newer hands are imported.

Choices: the duration of a session is from its first hand's start to its last hand's start
(the files give no end time), so a one-hand session lasts 0 minutes. BB/100 and bb/100
take each cash hand in its own big bet / big blind, and hands for chips at their average
level (in_bets: the sign of the chips), as player_stats does, and
money is summed per currency, cash before chips; `net` is the first currency.

Scale: sessions are found from the hero's half hours (the player_periods summary table) when
the gap is 30 minutes or more and nothing is filtered, without reading his hands; the list
is read a page at a time (session_page: 50 sessions), each session of the page summed in SQL
per site, stakes and table over its own hands (else, with filters or a shorter gap, one pass
over every matching hand's narrow row finds and sums the sessions); a report over more than
PER_HAND_LIMIT hands reads the days wholly inside it from player_days (one chart point per
such day) and only the hands of its first and last day one by one; lifetime statistics come
from player_totals. The lists of hands to review (snows, breaks, warnings, hands left out)
are counted in SQL and, capped at review_limit (REVIEW_LIMIT by default), only the hands
listed are read: tens of thousands of snows cost a count over a covering index, not a Python
object (and a terminal row) each.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from sqlite_utils import Database

from ..cards import parse_cards
from ..errors import excerpt
from ..filters import Filters
from ..games import GameId, HandClasses, Half, MadeHand, game_name, game_of, game_order
from ..model import CHIPS
from ..money import SIGN_OF_CURRENCY, Money
from ..rules.games import GAMES as RULES
from ..rules.high import evaluate_high
from ..stats.five_card import HighClass, counts_below_7, high_class, low_class, low_classes_of
from ..stats.values import Luck, Ratio
from ..store import summary as store_summary
from ..store.tournaments import tournament_results
from . import REVIEW_LIMIT, queries
from .charts import chart_of  # noqa: F401  (re-exported)
from .contents import (  # noqa: F401  (re-exported: the report's values are imported from here too)
    Chart,
    ChartPoint,
    GameBlock,
    GameResult,
    KindResult,
    LevelChange,
    NotableHand,
    PositionResult,
    Played,
    SessionReport,
    SessionSummary,
    ShowdownClass,
    StatLine,
)
from .labels import CLASS_LABELS, STAT_KEYS, STAT_SECTIONS, low_class_label, made_hand_words, report_sections  # noqa: F401  (re-exported)
from .leaks import hero_leaks
from .queries import REVIEW_KINDS, DayGroup, HeroHand, IssueRow, ShownHand

DEFAULT_GAP = dt.timedelta(minutes=30)
PERIOD = dt.timedelta(minutes=30)
"""The player_periods half hour: sessions with a gap of at least this are found from it."""
PER_HAND_LIMIT = 10_000
"""A report over more hands reads the days wholly inside it from the summary tables."""
_SECOND = dt.timedelta(seconds=1)


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


Results = HeroHand | DayGroup
"""One hand, or many (a day's group, in a long report): count, currency, net, net_showdown,
big_bets, big_blinds, position, stakes."""


@dataclass(frozen=True, slots=True)
class StakesGroup:
    """The hero's hands of one session at one site and stakes, summed (what the session
    list reads instead of a HeroHand per hand): count: hands; net: their sum, int in the
    smallest unit of `currency`; small_bet, big_bet, big_blind: ints, same unit."""

    site: str
    structure: str
    currency: str
    small_bet: int
    big_bet: int
    big_blind: int
    count: int
    net: int


Summed = Results | StakesGroup
"""What a session's summary adds up: hands, day groups or stakes groups."""


_Item = TypeVar("_Item", Results, Summed)  # (the net_showdown of a report's hands and day groups)


def money_by_currency(hands: Sequence[_Item], amount: Callable[[_Item], int] = lambda h: h.net) -> tuple[Money, ...]:
    """Sum of amount(hand) (int, default the net) per currency, cash before chips."""
    totals: dict[str, int] = {}
    for hand in hands:
        totals[hand.currency] = totals.get(hand.currency, 0) + amount(hand)
    return tuple(Money(totals[c], c) for c in sorted(totals, key=lambda c: (c == CHIPS, c)))


def _per_100(items: Sequence[Results], value: Callable[[Results], float]) -> float | None:
    """100 x the sum of value(item) (big bets or big blinds) per hand."""
    hands = sum(i.count for i in items)
    return 100.0 * sum(value(i) for i in items) / hands if hands else None


def in_bets(items: Sequence[Summed], bet: Callable[[Summed], int]) -> float:
    """The items' net in big bets (bet: the item's big bet) or big blinds (its big blind).
    Cash: each hand in its own stakes' bet, added (BB/100 as trackers count it). Chips
    (tournaments, play money): the chips won or lost over the hands' average bet (their bets
    weighted by hands), so the figure has the sign of the chips; hand by hand, a player who
    loses chips can win big bets (small pots won at high levels, big ones lost low), and a
    busted tournament read "+4.47 big bets" (issue 27, item 6)."""
    if any(i.currency == CHIPS for i in items):
        weight = sum(bet(i) * i.count for i in items)
        return sum(i.net for i in items) * sum(i.count for i in items) / weight if weight else 0.0
    return sum(i.net / bet(i) for i in items)


def _in_big_bets(items: Sequence[Summed]) -> float:
    return in_bets(items, lambda i: i.big_bet)


def _in_big_blinds(items: Sequence[Summed]) -> float:
    return in_bets(items, lambda i: i.big_blind)


def _per_100_of(items: Sequence[Summed], total: Callable[[Sequence[Summed]], float]) -> float:
    """100 x total(items) (in big bets or big blinds) per hand; 0.0 without a hand."""
    hands = sum(i.count for i in items)
    return 100.0 * total(items) / hands if hands else 0.0


def format_stakes(hand: Summed) -> str:
    """"$0.50/$1 USD FL" (money) or "30/60 chips FL"."""
    if hand.currency == CHIPS:
        return f"{hand.small_bet:,}/{hand.big_bet:,} chips {hand.structure}"
    symbol = SIGN_OF_CURRENCY.get(hand.currency, "")

    def amount(cents: int) -> str:
        whole, rest = divmod(cents, 100)
        return f"{symbol}{whole}" if rest == 0 else f"{symbol}{whole}.{rest:02d}"

    return f"{amount(hand.small_bet)}/{amount(hand.big_bet)} {hand.currency} {hand.structure}"


def kind_results(items: Sequence[Summed]) -> tuple[KindResult, ...]:
    """One KindResult per kind present, cash first."""
    by: dict[str, list[Summed]] = {}
    for item in items:
        by.setdefault("chips" if item.currency == CHIPS else "cash", []).append(item)
    return tuple(
        KindResult(kind, sum(i.count for i in group), _in_big_bets(group),
                   _per_100_of(group, _in_big_bets), _per_100_of(group, _in_big_blinds))
        for kind, group in sorted(by.items())
    )


def _stakes_order(item: Summed) -> tuple[bool, str, int, int, str]:
    """Stakes listed by level: money before chips, then by the size of the bets."""
    return (item.currency == CHIPS, item.currency, item.big_bet, item.small_bet, item.structure)


def summarize(number: int | None, hands: Sequence[HeroHand]) -> SessionSummary:
    """The summary of a non-empty run of hands (oldest first)."""
    return _summary(number, hands, hands[0].start_time, hands[-1].start_time, {h.table for h in hands})


def _summary(number: int | None, items: Sequence[Summed], start: dt.datetime, end: dt.datetime,
             tables: set[str]) -> SessionSummary:
    net = money_by_currency(items)
    kinds = kind_results(items)
    mixed = len(kinds) > 1
    return SessionSummary(
        number=number,
        start=start,
        end=end,
        hands=sum(i.count for i in items),
        tables=tuple(sorted(tables)),
        stakes=tuple(dict.fromkeys(format_stakes(i) for i in sorted(items, key=_stakes_order))),
        sites=tuple(sorted({i.site for i in items})),
        net=net[0],
        net_by_currency=net,
        net_big_bets=None if mixed else _in_big_bets(items),
        big_bets_per_100=None if mixed else _per_100_of(items, _in_big_bets),
        bb_per_100=None if mixed else _per_100_of(items, _in_big_blinds),
        by_kind=kinds,
    )


# --- the report ---------------------------------------------------------------------------

NOTABLE_POTS = 3
"""How many of the biggest pots won (and lost) are listed."""
_POSITION_ORDER = ("UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO", "BTN", "SB", "BB")


def find_hero(db: Database, hero: str | None) -> tuple[dict[str, str], tuple[int, ...]]:
    """(site -> hero name, their player ids): `hero` on every site where he plays, else the
    configured accounts, else the hero remembered per site (queries.choose_hero). raises
    ReportError when there is none."""
    choice = queries.choose_hero(db, hero)
    if choice is None:
        if hero is not None:
            raise ReportError(f"no player named {excerpt(hero)} in the database")
        raise ReportError("no hand with the hero's cards dealt face up (`Dealt to X [...]`); name the hero with --hero")
    return choice.names, choice.ids


def _positions(hands: Sequence[Results]) -> tuple[PositionResult, ...]:
    by: dict[str, list[Results]] = {}
    for hand in hands:
        by.setdefault(hand.position or "?", []).append(hand)
    order = {p: i for i, p in enumerate(_POSITION_ORDER)}
    return tuple(
        PositionResult(
            position=position, hands=sum(h.count for h in group), net=money_by_currency(group),
            net_big_bets=None if mixed else _in_big_bets(group),
            big_bets_per_100=None if mixed else _per_100_of(group, _in_big_bets),
            bb_per_100=None if mixed else _per_100_of(group, _in_big_blinds),
        )
        for position, group in sorted(by.items(), key=lambda kv: order.get(kv[0], 99))
        for mixed in (len({h.currency == CHIPS for h in group}) > 1,)
    )


def _showdowns(hands: Sequence[HeroHand], more: dict[str, int] | None = None) -> tuple[ShowdownClass, ...]:
    """Showdowns by the hero's hand class: the hands', plus `more` (summary columns
    showdown_won_<class> / showdown_lost_<class>, of a long report's days)."""
    counts: dict[str, list[int]] = {}
    for hand in hands:
        if hand.showdown and hand.showdown_class:
            won_lost = counts.setdefault(hand.showdown_class, [0, 0])
            won_lost[0 if hand.collected > 0 else 1] += 1
    more = more or {}
    for c in store_summary.CLASS_VALUES:
        won, lost = more.get(f"showdown_won_{c}", 0), more.get(f"showdown_lost_{c}", 0)
        if won or lost:
            won_lost = counts.setdefault(c, [0, 0])
            won_lost[0] += won
            won_lost[1] += lost
    return tuple(
        ShowdownClass(c, CLASS_LABELS.get(c, c), counts[c][0], counts[c][1], Half.BADUGI) for c in CLASS_LABELS if c in counts
    )


def _shown_classes(game: str, half: Half, shown: Sequence[ShownHand]) -> tuple[ShowdownClass, ...]:
    """The low classes (half LOW: a lowball game's whole hand, a split game's low half) or
    the high classes (HIGH: 5-Card Draw) of the hero's showdowns in `game` with five different
    known cards, won (took money) and lost, best class first; classes with none left out."""
    rules = RULES[GameId(game)]
    counts: dict[str, list[int]] = {}
    for hand in shown:
        cards = parse_cards(hand.cards)
        if len(cards) != 5 or len(set(cards)) != 5:
            continue
        if half is Half.LOW:
            found = low_class(rules.low_hand(cards), counts_below_7(game)).value  # type: ignore[arg-type]
        else:
            found = high_class(evaluate_high(cards)).value
        counts.setdefault(found, [0, 0])[0 if hand.won else 1] += 1
    if half is Half.LOW:
        listed = [(c.value, low_class_label(c.value, game)) for c in low_classes_of(GameId(game))]
    else:
        listed = [(c.value, c.value.replace("_", " ")) for c in reversed(HighClass)]
    return tuple(ShowdownClass(c, label, counts[c][0], counts[c][1], half) for c, label in listed if c in counts)


def luck_counted(game: str) -> bool:
    """Whether draw luck is counted in a stored game: one-card draws to a three-card hand,
    Badugi's only (four cards, a badugi the made hand; docs/statistics.md, Draw luck)."""
    record = game_of(game)
    return record is not None and record.made_hand is MadeHand.BADUGI and record.cards == 4


def _game_row(game: str | None, name: str, currency: str, items: Sequence[Results]) -> GameResult:
    return GameResult(game, name, currency, sum(i.count for i in items), Money(sum(i.net for i in items), currency),
                      _in_big_bets(items), _per_100_of(items, _in_big_bets), _per_100_of(items, _in_big_blinds))


def game_results(items: Sequence[Results]) -> tuple[GameResult, ...]:
    """The results by game: one row per game and currency (games in game_order), each
    currency's rows together (cash before chips), and after them, when that currency has
    more than one game, their total ("all games"); money of two currencies, cash and chips
    above all, is never added."""
    by: dict[tuple[str, str], list[Results]] = {}
    for item in items:
        by.setdefault((item.game, item.currency), []).append(item)
    rows: list[GameResult] = []
    for currency in sorted({c for _, c in by}, key=lambda c: (c == CHIPS, c)):
        games = sorted((g for g, c in by if c == currency), key=game_order)
        rows += [_game_row(g, game_name(g), currency, by[(g, currency)]) for g in games]
        if len(games) > 1:
            rows.append(_game_row(None, "all games", currency, [i for g in games for i in by[(g, currency)]]))
    return tuple(rows)


def _notable(pots: Sequence[HeroHand], review: Mapping[str, Sequence[HeroHand]],
             issues: dict[int, tuple[IssueRow, ...]]) -> tuple[NotableHand, ...]:
    """Hands to review: the biggest pots won and lost among `pots`, then the snows, breaks
    and warnings listed (review: kind -> hands, oldest first)."""
    def note(kind: str, hand: HeroHand, text: str) -> NotableHand:
        return NotableHand(kind, hand.site, hand.site_hand_id, hand.table, hand.start_time,
                           Money(hand.net, hand.currency), text, hand.big_bets)

    found: list[NotableHand] = []
    won = sorted((h for h in pots if h.net > 0), key=lambda h: (-h.big_bets, h.start_time))[:NOTABLE_POTS]
    lost = sorted((h for h in pots if h.net < 0), key=lambda h: (h.big_bets, h.start_time))[:NOTABLE_POTS]
    for hand in won:
        found.append(note("won", hand, f"biggest pots won: {hand.big_bets:+,.2f} big bets" + (" at showdown" if hand.showdown else "")))
    for hand in lost:
        found.append(note("lost", hand, f"biggest pots lost: {hand.big_bets:+,.2f} big bets" + (" at showdown" if hand.showdown else "")))
    for hand in review["snow"]:
        made = made_hand_words(hand.game)
        found.append(note("snow", hand, f"stood pat without {made} ({hand.snows} time{'s' if hand.snows > 1 else ''})"))
    for hand in review["break"]:
        made = made_hand_words(hand.game).removeprefix("a made ").removeprefix("a ")
        found.append(note("break", hand, f"broke a made {made} ({hand.breaks} time{'s' if hand.breaks > 1 else ''})"))
    for hand in review["warning"]:
        text = "; ".join(f"[{i.code}] {i.message}" for i in issues.get(hand.hand_id, ()))
        found.append(note("warning", hand, text or "validation warning"))
    return tuple(found)


_IS_KIND = {
    "snow": lambda h: h.snows > 0,
    "break": lambda h: h.breaks > 0,
    "warning": lambda h: h.status == "warning",
}


def _oldest_first(hand: HeroHand) -> tuple[dt.datetime, int]:
    return hand.start_time, hand.hand_id


def _listed(hands: Sequence[HeroHand], limit: int | None) -> list[HeroHand]:
    """hands (oldest first), or when there are more than `limit` the `limit` with the biggest
    net won or lost in big bets (ties: the earlier start, the lower row id; as
    queries.review_hands orders them), oldest first."""
    if limit is None or len(hands) <= limit:
        return list(hands)
    biggest = sorted(hands, key=lambda h: (-abs(h.net) / h.big_bet, h.start_time, h.hand_id))[:limit]
    return sorted(biggest, key=_oldest_first)


def _review(db: Database, ids: tuple[int, ...], read: _Hands, limit: int | None
            ) -> tuple[dict[str, int], dict[str, list[HeroHand]], dict[str, dict[str, int]]]:
    """(kind -> how many hands, kind -> the hands listed, kind -> game -> how many hands)
    for the snows, breaks and warnings:
    from the hands read one by one and, in a long report, from SQL over the days read by day
    (counted there; only the `limit` biggest of each kind fetched)."""
    counts: dict[str, int] = {}
    listed: dict[str, list[HeroHand]] = {}
    by_game: dict[str, dict[str, int]] = {}
    for kind in REVIEW_KINDS:
        hands = [h for h in read.edges if _IS_KIND[kind](h)]
        count = len(hands)
        per_game = by_game.setdefault(kind, {})
        for hand in hands:
            per_game[hand.game] = per_game.get(hand.game, 0) + 1
        if read.days is not None:
            first, last = _midnight(read.days[0]), _midnight(read.days[1] + dt.timedelta(days=1))
            more, middle = queries.review_hands(db, ids, kind, first, last, limit)
            count += more
            hands = sorted((*hands, *middle), key=_oldest_first)
            if more:
                for game, n in queries.review_counts_by_game(db, ids, kind, first, last).items():
                    per_game[game] = per_game.get(game, 0) + n
        counts[kind] = count
        listed[kind] = _listed(hands, limit)
    return counts, listed, by_game


def _midnight(day: dt.date) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC)


@dataclass(frozen=True, slots=True)
class _Hands:
    """The hero's hands from `start` to `end` (exclusive), read for a report: every hand
    (in `before`; `days` None), or, in a long report, the hands before and after the days
    wholly inside it (`days`: the first and last) and those days' summary rows (`groups`).
    `first` / `last`: the first and last hand's start."""

    before: tuple[HeroHand, ...]
    groups: tuple[DayGroup, ...] = ()
    after: tuple[HeroHand, ...] = ()
    days: tuple[dt.date, dt.date] | None = None
    first: dt.datetime | None = None
    last: dt.datetime | None = None

    @property
    def edges(self) -> tuple[HeroHand, ...]:
        """The hands read one by one."""
        return self.before + self.after

    @property
    def results(self) -> tuple[Results, ...]:
        """Hands and day groups, oldest first."""
        return (*self.before, *self.groups, *self.after)


def _read(db: Database, ids: tuple[int, ...], start: dt.datetime, end: dt.datetime,
          per_hand_limit: int = PER_HAND_LIMIT, filters: Filters | None = None) -> _Hands:
    """The hero's counted hands from start to end (exclusive): one by one when there are at
    most per_hand_limit of them or no whole day inside, else by day for the whole days; with
    filters, only the hands they match, always one by one (the days' sums hold every hand)."""
    if filters is not None and filters != Filters():
        hands = tuple(queries.hero_hands(db, ids, start, end, filters=filters))
        return _Hands(hands, first=hands[0].start_time if hands else None, last=hands[-1].start_time if hands else None)
    first_day = start.date() if start == _midnight(start.date()) else start.date() + dt.timedelta(days=1)
    last_day = end.date() - dt.timedelta(days=1)
    if first_day > last_day or queries.day_hands(db, ids, start.date(), end.date()) <= per_hand_limit:
        hands = tuple(queries.hero_hands(db, ids, start, end))
        return _Hands(hands, first=hands[0].start_time if hands else None, last=hands[-1].start_time if hands else None)
    before = tuple(queries.hero_hands(db, ids, start, _midnight(first_day)))
    after = tuple(queries.hero_hands(db, ids, _midnight(last_day + dt.timedelta(days=1)), end))
    groups = tuple(queries.day_groups(db, ids, first_day, last_day))
    span = queries.day_span(db, ids, first_day, last_day)
    firsts = [t for t in (before[0].start_time if before else None, span[0] if span else None) if t is not None]
    lasts = [t for t in (after[-1].start_time if after else None, span[1] if span else None) if t is not None]
    return _Hands(before, groups, after, (first_day, last_day), min(firsts, default=None), max(lasts, default=None))


def _pots(db: Database, ids: tuple[int, ...], read: _Hands) -> list[HeroHand]:
    """The hands among which the biggest pots won and lost are: every hand read and, in a
    long report, the hands of the days (wholly inside it) that may hold one: days are read
    best first (by their groups' biggest win, or loss, in big bets) until no unread day can
    beat the third found."""
    if not read.groups:
        return list(read.edges)
    candidates = {h.hand_id: h for h in read.edges}
    for sign in (1, -1):
        def rank(hand: HeroHand) -> tuple[float, dt.datetime]:
            return (-sign * hand.big_bets, hand.start_time)

        best: dict[dt.date, float] = {}
        for g in read.groups:
            net = g.biggest_win if sign == 1 else g.biggest_loss
            if sign * net > 0:
                best[g.date] = max(best.get(g.date, 0.0), sign * net / g.big_bet)
        for day, value in sorted(best.items(), key=lambda kv: (-kv[1], kv[0])):
            found = sorted((h for h in candidates.values() if sign * h.net > 0), key=rank)[:NOTABLE_POTS]
            if len(found) == NOTABLE_POTS and rank(found[-1]) <= (-value, _midnight(day)):
                break  # no hand of this day (nor of a day after it in this order) ranks higher
            at_least = -rank(found[-1])[0] if len(found) == NOTABLE_POTS else 0.0
            for hand in queries.hero_hands(db, ids, _midnight(day), _midnight(day + dt.timedelta(days=1)),
                                           big_bets=(sign, at_least)):
                candidates[hand.hand_id] = hand
    return sorted(candidates.values(), key=lambda h: (h.start_time, h.hand_id))


def _report(db: Database, names: dict[str, str], ids: tuple[int, ...], read: _Hands, number: int | None,
            sessions_total: int, review_limit: int | None) -> SessionReport:
    table_names = {h.table for h in read.edges}
    if read.days is not None:
        table_names |= queries.day_tables(db, ids, *read.days)
    review_counts, review, review_by_game = _review(db, ids, read, review_limit)
    results = read.results
    summary = _summary(number, results, read.first, read.last, table_names)  # type: ignore[arg-type]
    left_out_count, left_out = queries.error_hands(db, ids, summary.start, summary.end, review_limit)
    decision_draws, dominated_count, dominated = queries.draw_decisions(db, ids, summary.start, summary.end, review_limit)
    return SessionReport(
        hero=names,
        summary=summary,
        sessions_total=sessions_total,
        net_showdown=money_by_currency(results, lambda h: h.net_showdown),
        net_no_showdown=money_by_currency(results, lambda h: h.net - h.net_showdown),
        chart=chart_of(results),
        positions=_positions(results),
        by_game=game_results(results),
        games=tuple(_game_block(db, ids, read, game, review_by_game)
                    for game in sorted({i.game for i in results}, key=game_order)),
        notable=_notable(_pots(db, ids, read), review, queries.issues_of(db, [h.hand_id for h in review["warning"]])),
        left_out=left_out,
        review_counts=review_counts,
        left_out_count=left_out_count,
        review_limit=review_limit,
        decision_draws=decision_draws,
        dominated_count=dominated_count,
        dominated=dominated,
    )


def _game_block(db: Database, ids: tuple[int, ...], read: _Hands, game: str,
                review_by_game: Mapping[str, Mapping[str, int]]) -> GameBlock:
    """The block of one game of the report: its statistics beside the hero's lifetime in
    that game, draw luck where it is counted, showdown classes of each half, snows and
    breaks; from its hands read one by one and, in a long report, its summary rows of the
    days read by day."""
    hands = [h for h in read.edges if h.game == game]
    hand_ids = [h.hand_id for h in hands]
    sections = report_sections(game)
    keys = [key for _, rows in sections for key, _ in rows]
    session_stats = queries.stat_totals(db, ids, keys, hand_ids)
    counted = luck_counted(game)
    luck = queries.luck_totals(db, ids, hand_ids) if counted else None
    more: dict[str, int] | None = None
    if read.days is not None:
        columns = [f"{k}_{end}" for k in keys for end in ("done", "opp")]
        more = queries.summary_sums(db, ids, [*columns, *store_summary.LUCK_COLUMNS, *store_summary.CLASS_COLUMNS],
                                    read.days, game=game)
        session_stats = {k: Ratio(r.done + more[f"{k}_done"], r.opportunities + more[f"{k}_opp"])
                         for k, r in session_stats.items()}
        if luck is not None:
            extra = queries.luck_of(more)
            luck = Luck(luck.draws + extra.draws, luck.completed + extra.completed, luck.expected + extra.expected,
                        luck.variance + extra.variance)
    lifetime_stats = queries.stat_totals(db, ids, keys, game=game)
    record = game_of(game)
    showdowns: list[ShowdownClass] = []
    for scoring in record.scoring if record is not None else ():
        if scoring.classes is HandClasses.BADUGI:
            showdowns += _showdowns(hands, more)
        else:  # the low and high classes: worked out from the cards shown
            if read.days is None or read.last is None:
                shown = queries.shown_hands(db, ids, [game], hand_ids=hand_ids)
            else:  # (a long report: every hand of the range, the days' too)
                shown = queries.shown_hands(db, ids, [game], start=read.first, end=read.last + _SECOND)
            showdowns += _shown_classes(game, scoring.half, shown)
    if record is None:  # (a game no record has: the stored classes, as before)
        showdowns += _showdowns(hands, more)
    made = record is None or record.made_hand is not MadeHand.NONE
    return GameBlock(
        game=game, name=game_name(game), hands=len(hands) + sum(g.count for g in read.groups if g.game == game),
        stats=tuple(StatLine(section, key, label, session_stats[key], lifetime_stats[key])
                    for section, rows in sections for key, label in rows),
        luck=luck, lifetime_luck=queries.luck_totals(db, ids, game=game) if counted else None,
        showdowns=tuple(showdowns),
        snows=review_by_game.get("snow", {}).get(game, 0) if made else None,
        breaks=review_by_game.get("break", {}).get(game, 0) if made else None,
    )

_ROW_COLUMNS = "h.start_time, h.site, h.structure, h.currency, h.small_bet, h.big_bet, h.big_blind, coalesce(h.table_name, ''), hp.net"
"""What a session's summary needs of each hand of the hero (a narrow row: no HeroHand made;
the hand's site is its players')."""
_GROUPED_COLUMNS = """min(h.start_time), h.site, h.structure, h.currency, h.small_bet, h.big_bet, h.big_blind,
       coalesce(h.table_name, ''), sum(hp.net), count(*)"""
"""The same per site, stakes and table: the first start, the net summed, and the hands."""


class _Tally:
    """A session's hands summed as their rows (_ROW_COLUMNS) come, oldest first: first and
    last start, hands, per site and stakes [hands, net], the tables."""

    __slots__ = ("start", "end", "hands", "groups", "tables")

    def __init__(self, start: dt.datetime) -> None:
        self.start = start
        self.end = start
        self.hands = 0
        self.groups: dict[tuple[str, str, str, int, int, int], list[int]] = {}
        self.tables: set[str] = set()

    def add(self, start: dt.datetime, row: Sequence[Any], hands: int = 1) -> None:
        """Add a row of _ROW_COLUMNS (one hand started at `start`) or of _GROUPED_COLUMNS
        (`hands` hands: start is then the group's first)."""
        self.end = max(self.end, start)
        self.hands += hands
        key = (row[1], row[2], row[3], row[4], row[5], row[6])
        found = self.groups.get(key)
        if found is None:
            self.groups[key] = [hands, row[8]]
        else:
            found[0] += hands
            found[1] += row[8]
        self.tables.add(row[7])

    def summary(self, number: int) -> SessionSummary:
        groups = [StakesGroup(*key, count=count, net=net) for key, (count, net) in self.groups.items()]
        return _summary(number, groups, self.start, self.end, self.tables)


def _hand_rows(db: Database, ids: Sequence[int], start: dt.datetime | None = None, end: dt.datetime | None = None,
               filters: Filters | None = None, grouped: bool = False) -> Iterator[Sequence[Any]]:
    """The _ROW_COLUMNS of the players' counted hands (as queries.hero_hands chooses them:
    from start, inclusive, to end, exclusive; only those `filters` match), oldest first
    (ties by row id); or, `grouped`, their _GROUPED_COLUMNS per site, stakes and table."""
    where = "hp.player_id in (select value from json_each(?))"
    params: list[object] = [json.dumps(list(ids))]
    if start is not None:
        where += " and h.start_time >= ?"
        params.append(start.astimezone(dt.UTC).isoformat())
    if end is not None:
        where += " and h.start_time < ?"
        params.append(end.astimezone(dt.UTC).isoformat())
    if filters is not None and filters != Filters():
        matched, more = filters.where("f")
        where += (" and h.id in (select f.hand_id from hand_facts f where f.player_id in (select value from json_each(?))"
                  f" and {matched})")
        params += [json.dumps(list(ids)), *more]
    columns, order = (_GROUPED_COLUMNS, " group by 2, 3, 4, 5, 6, 7, 8") if grouped else (_ROW_COLUMNS, " order by h.start_time, h.id")
    yield from db.execute(
        f"select {columns} from hand_players hp join hands h on h.id = hp.hand_id where {queries.COUNTED} and {where}{order}",
        params)


def _tallies(db: Database, ids: Sequence[int], gap: dt.timedelta, filters: Filters | None) -> list[_Tally]:
    """The sessions (as split_sessions makes them) of the players' hands `filters` match,
    oldest first, each summed in one pass over the hands' narrow rows."""
    found: list[_Tally] = []
    text, start = "", dt.datetime.min
    for row in _hand_rows(db, ids, filters=filters):
        if row[0] != text:
            text, start = row[0], dt.datetime.fromisoformat(row[0])
        if not found or start - found[-1].end > gap:
            found.append(_Tally(start))
        found[-1].add(start, row)
    return found


@dataclass(frozen=True, slots=True)
class _Span:
    """A session found without its hands: number, first and last start (UTC), hands; and,
    when it was found from them, its hands summed (tally)."""

    number: int
    start: dt.datetime
    end: dt.datetime
    hands: int
    tally: _Tally | None = None


def _spans(db: Database, ids: tuple[int, ...], gap: dt.timedelta, filters: Filters | None = None) -> list[_Span]:
    """The hero's sessions, oldest first: from his half hours (player_periods) when gap is
    at least PERIOD (two hands of a half hour are closer than that) and nothing is
    filtered, else from his hands (the narrow rows of those `filters` match, summed on the
    way: _Span.tally)."""
    if gap < PERIOD or (filters is not None and filters != Filters()):
        return [_Span(i, t.start, t.end, t.hands, t) for i, t in enumerate(_tallies(db, ids, gap, filters), start=1)]
    runs: list[list[Any]] = []
    for first, last, hands in queries.hero_periods(db, ids):
        if runs and first - runs[-1][1] <= gap:
            runs[-1][1] = last
            runs[-1][2] += hands
        else:
            runs.append([first, last, hands])
    return [_Span(i, start, end, hands) for i, (start, end, hands) in enumerate(runs, start=1)]


def _summaries(db: Database, ids: tuple[int, ...], spans: Iterable[_Span], per_hand_limit: int) -> list[SessionSummary]:
    """The summary of each span: its tally's when it has one; else summed from its hands'
    rows summed in SQL per site, stakes and table (one query on hands(status, start_time))
    when it has at most per_hand_limit hands, else read as a report reads it (the days wholly inside it from player_days)."""
    found = []
    for span in spans:
        if span.tally is not None:
            found.append(span.tally.summary(span.number))
        elif span.hands <= per_hand_limit:
            tally = _Tally(span.start)
            for row in _hand_rows(db, ids, span.start, span.end + _SECOND, grouped=True):
                tally.add(dt.datetime.fromisoformat(row[0]), row, row[9])
            tally.end = span.end
            found.append(tally.summary(span.number))
        else:
            read = _read(db, ids, span.start, span.end + _SECOND, per_hand_limit)
            table_names = {h.table for h in read.edges}
            if read.days is not None:
                table_names |= queries.day_tables(db, ids, *read.days)
            found.append(_summary(span.number, read.results, read.first, read.last, table_names))  # type: ignore[arg-type]
    return found


def session_report(db: Database, *, number: int | None = None, start: dt.datetime | None = None,
                   end: dt.datetime | None = None, hero: str | None = None,
                   gap: dt.timedelta = DEFAULT_GAP, per_hand_limit: int = PER_HAND_LIMIT,
                   review_limit: int | None = REVIEW_LIMIT, filters: Filters | None = None) -> SessionReport:
    """_session_report() with who the hero is and why (hero_note) and the finish and prize of
    the tournaments its hands were played in (those of the hero's ids, from the first hand to
    the last)."""
    report = _session_report(db, number=number, start=start, end=end, hero=hero, gap=gap,
                             per_hand_limit=per_hand_limit, review_limit=review_limit, filters=filters)
    choice = queries.choose_hero(db, hero)
    ids = choice.ids if choice is not None else ()
    marks = ", ".join("?" for _ in ids)
    played = {tuple(r) for r in db.execute(
        # the session's hands by start time first (CROSS JOIN keeps that order), not every hand of the hero's
        f"""select distinct h.site, h.tournament_id from hands h cross join hand_players hp on hp.hand_id = h.id
            where hp.player_id in ({marks}) and h.tournament_id is not null and h.start_time >= ? and h.start_time <= ?""",
        [*ids, report.summary.start.isoformat(), report.summary.end.isoformat()]).fetchall()} if ids else set()
    tournaments = tuple(r for r in tournament_results(db, ids) if (r.site, r.tournament_id) in played) if played else ()
    leaks = hero_leaks(db, ids, filters or Filters(), start=report.summary.start, end=report.summary.end + _SECOND) if ids else None
    return replace(report, hero_note=choice.note if choice is not None else "", tournaments=tournaments, leaks=leaks)


def _session_report(db: Database, *, number: int | None = None, start: dt.datetime | None = None,
                    end: dt.datetime | None = None, hero: str | None = None,
                    gap: dt.timedelta = DEFAULT_GAP, per_hand_limit: int = PER_HAND_LIMIT,
                    review_limit: int | None = REVIEW_LIMIT, filters: Filters | None = None) -> SessionReport:
    """The report of session `number` (default: the latest) or, when start or end is given,
    of every hand of the hero from start (inclusive) to end (exclusive), UTC. A report over
    more than per_hand_limit hands reads the days wholly inside it from the summary tables.
    review_limit: how many hands of each list to review are listed (see REVIEW_LIMIT; None:
    every one); they are counted in full either way. filters: only the hands they match, in
    sessions made of those hands (as session_list makes them); the lifetime column stays
    every hand's. raises ReportError when there is nothing to report."""
    if review_limit is not None and review_limit < 0:
        raise ValueError(f"review_limit must be None or at least 0, not {review_limit}")
    names, ids = find_hero(db, hero)
    filtered = filters is not None and filters != Filters()
    sessions = _spans(db, ids, gap, filters)
    if not sessions:
        who = ', '.join(sorted(set(names.values())))
        raise ReportError(f"no hands of {who} match the filters" if filtered else f"no counted hands of {who} in the database")
    if start is not None or end is not None:
        if number is not None:
            raise ReportError("give a session number or a date range, not both")
        read = _read(db, ids, start or sessions[0].start, end or sessions[-1].end + _SECOND, per_hand_limit, filters)
        if read.first is None:
            raise ReportError("no hands of the hero in that date range")
        report = _report(db, names, ids, read, None, len(sessions), review_limit)
        return replace(report, played=played_in(sessions, report.summary.start, report.summary.end))
    if number is None:
        number = sessions[-1].number
    if not 1 <= number <= len(sessions):
        raise ReportError(f"no session {number}: there are {len(sessions)} (see `hhtracker sessions`)")
    chosen = sessions[number - 1]
    return _report(db, names, ids, _read(db, ids, chosen.start, chosen.end + _SECOND, per_hand_limit, filters),
                   number, len(sessions), review_limit)


def played_in(sessions: Sequence[_Span], first: dt.datetime, last: dt.datetime) -> Played:
    """The sessions with a hand started from `first` to `last` (inclusive, UTC) and the time
    they last, each cut to [first, last]."""
    inside = [s for s in sessions if s.end >= first and s.start <= last]
    return Played(len(inside), sum((min(s.end, last) - max(s.start, first) for s in inside), dt.timedelta()))


def session_list(db: Database, *, hero: str | None = None, gap: dt.timedelta = DEFAULT_GAP,
                 per_hand_limit: int = PER_HAND_LIMIT, filters: Filters | None = None,
                 newest: int | None = None) -> tuple[dict[str, str], list[SessionSummary]]:
    """(site -> hero name, every session's summary newest first), over the hands `filters`
    match when given (sessions made of those hands only); with `newest`, the newest `newest`
    sessions only (their numbers as in the whole list: without filters and with a gap of
    half an hour or more, a summary reads its own hands only, so the latest session of a
    long archive costs one session's reading, not every one's). raises ReportError when
    there is no hero, ValueError for bad stakes or a negative newest."""
    if newest is not None and newest < 0:
        raise ValueError(f"newest must be None or at least 0, not {newest}")
    names, ids = find_hero(db, hero)
    spans = list(reversed(_spans(db, ids, gap, filters)))[:newest]
    return names, _summaries(db, ids, spans, per_hand_limit)


SESSIONS_PER_PAGE = 50
"""Sessions on a page of the list (`hhtracker sessions`, /sessions)."""


@dataclass(frozen=True, slots=True)
class SessionPage:
    """One page of the hero's sessions, newest first. hero: site -> his name; sessions: the
    page's summaries (numbered as in the whole list: 1 = the oldest); total: sessions in the
    whole list; page: 1 = the newest per_page sessions."""

    hero: dict[str, str]
    sessions: tuple[SessionSummary, ...]
    total: int
    page: int
    per_page: int

    @property
    def pages(self) -> int:
        """How many pages the whole list makes (1 when it is empty)."""
        return max(1, -(-self.total // self.per_page))


def session_page(db: Database, *, page: int = 1, per_page: int = SESSIONS_PER_PAGE, hero: str | None = None,
                 gap: dt.timedelta = DEFAULT_GAP, per_hand_limit: int = PER_HAND_LIMIT,
                 filters: Filters | None = None) -> SessionPage:
    """Page `page` of the hero's sessions, newest first, `per_page` a page (a page past the
    last is empty): only its sessions are summed (without filters and with a gap of half an
    hour or more, the sessions are found from player_periods and each of the page's is read
    from its own hands; else every hand's narrow row is read once). raises ReportError when
    there is no hero, ValueError for bad stakes or a page or per_page under 1."""
    if page < 1 or per_page < 1:
        raise ValueError(f"page and per_page must be at least 1, not {page} and {per_page}")
    names, ids = find_hero(db, hero)
    spans = list(reversed(_spans(db, ids, gap, filters)))
    chosen = spans[(page - 1) * per_page:page * per_page]
    return SessionPage(names, tuple(_summaries(db, ids, chosen, per_hand_limit)), len(spans), page, per_page)
