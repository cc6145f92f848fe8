"""The hero's leaks read from the database (issue 19): SQL over the summary tables (their
leak and luck counts, store/summary.py) and, for a session (a time span), over the read facts
stored with each hand (store/hand_reads.py), hand_facts and draw_luck; never the hand text and
no hand evaluated here. Each figure is a `stats.leaks.LeakLine` beside its
baseline (hhtracker/stats/baselines.json). Hands counted: those of `hand_facts` (status ok
or warning, dealt in) of the hero's player ids, matching the filters and, for a session
report, started in [start, end).

Badugi hands only: the baselines are Badugi's (its opening hands, its eight-low badugi, its
draw odds), so a Badacey or Badeucey hand is never read against them; those hands are
counted apart (`Leaks.left_out`) and the renderers say so.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..filters import Filters
from ..games import GameId, game_order
from ..money import Money
from ..stats.leaks import RFI_POSITIONS, LeakLine, baselines
from ..stats.values import Luck
from ..store.hand_reads import read_scope
from ..store.summary import E9, LEAK_COLUMNS, LEAK_SQL, LUCK_COLUMNS
from ..store.summary import source as summary_source


@dataclass(frozen=True, slots=True)
class Leaks:
    """Every leak line of the hero over a set of hands, in the order of issue 19: raise
    first in by position (six-handed), opening hands from early position, breaking a made
    eight-low, calling a pat player with one draw left, snow frequency, draw luck.
    hands: the hands counted; snow_hands, snow_won: hands with a snow (cards known) and
    those of them he won money in; snow_net: their net per currency (Money, cash first);
    luck: the draw luck over the hands; left_out: the hero's hands of the other games
    (Badacey, Badeucey) matching the same filters, by game, not read (the baselines are
    Badugi's)."""

    hands: int
    lines: tuple[LeakLine, ...]
    snow_hands: int
    snow_won: int
    snow_net: tuple[Money, ...]
    luck: Luck
    left_out: dict[str, int] = field(default_factory=dict)


LEAK_GAME: str = GameId.BADUGI
"""The one game read for leaks: the baselines are Badugi's."""


def _scope(ids: tuple[int, ...], filters: Filters, start: dt.datetime | None,
           end: dt.datetime | None, game: str | None = LEAK_GAME) -> tuple[str, list[Any]]:
    """The condition (over hand_facts as f) picking the hero's hands of `game` (None: of
    every game), and its parameters."""
    where, params = filters.where("f")
    parts = [f"f.player_id in ({', '.join('?' for _ in ids)})", where]
    if game is not None:
        parts.append(f"f.game = '{game}'")
    values: list[Any] = [*ids, *params]
    if start is not None:
        parts.append("f.start_time >= ?")
        values.append(start.isoformat())
    if end is not None:
        parts.append("f.start_time < ?")
        values.append(end.isoformat())
    return " and ".join(parts), values


def _hand_lines(db: Any, source: str, where: str, params: list[Any]) -> list[LeakLine]:
    """Raise first in by position (six dealt in), the early opens and the eight-low breaks,
    counted from the read facts of his hands in one pass (conditional sums, no sort): the
    first two over his first pre-draw decisions nobody had called, bet or raised before. The
    conditions of the summary tables' LEAK_COLUMNS (store/summary.py), per position."""
    sums = []
    for position in RFI_POSITIONS:
        six = f"r.position = '{position}'"
        sums.append(f"coalesce(sum({six} and {LEAK_SQL['raise_first_in_six_done']}), 0),"
                    f" coalesce(sum({six} and {LEAK_SQL['raise_first_in_six_opp']}), 0)")
    sums.extend(f"coalesce(sum({LEAK_SQL[c]}), 0)" for c in LEAK_COLUMNS[2:])
    row = db.execute(f"select {', '.join(sums)} from {source} where {where}", params).fetchone()
    at = 2 * len(RFI_POSITIONS)
    return _lines([row[2 * i: 2 * i + 2] for i in range(len(RFI_POSITIONS))], row[at:at + 2], row[at + 2:at + 4])


def _lines(raise_first_in: Sequence[Sequence[int]], early_open: Sequence[int],
           eight_low_break: Sequence[int]) -> list[LeakLine]:
    """The lines of _hand_lines from their [done, opportunities]: raise first in per
    RFI_POSITIONS, the early opens, the eight-low breaks."""
    base = baselines()
    lines = [LeakLine(f"raise_first_in/{p}", f"raise first in, {p}, six-handed", raise_first_in[i][0],
                      raise_first_in[i][1], base[f"raise_first_in/{p}"]) for i, p in enumerate(RFI_POSITIONS)]
    lines.append(LeakLine("early_open", "opens from early position that were a badugi or a three-card 7-low",
                          early_open[0], early_open[1], base["early_open"]))
    lines.append(LeakLine("break_eight_low", "draws holding an eight-low badugi or better that broke it",
                          eight_low_break[0], eight_low_break[1], base["break_eight_low"]))
    return lines


def _summed(db: Any, ids: tuple[int, ...], filters: Filters, game: str, sums: str,
            group: str = "") -> list[tuple[Any, ...]]:
    """`sums` (SQL over the summary rows, as s) of the players `ids`' counted hands matching
    the filters, of `game` ("!game": of every other game), grouped by `group` when given."""
    marks = ", ".join("?" for _ in ids)
    games = "s.game != ?" if game.startswith("!") else "s.game = ?"
    rows_of = summary_source(filters, where=f"s.player_id in ({marks}) and {games}", params=[*ids, game.removeprefix("!")])
    rows: list[tuple[Any, ...]] = db.execute(
        f"select {sums} from {rows_of.rows} where {rows_of.where}" + (f" group by {group}" if group else ""),
        rows_of.params).fetchall()
    return rows


def _sums(db: Any, scope: str, params: list[Any]) -> tuple[Any, ...]:
    """(hands, fold to pat at draw 2 done and opportunities, snow done and opportunities)
    over the hands of `scope` (hand_facts f), hand by hand."""
    row: tuple[Any, ...] = db.execute(
        f"""select count(*), coalesce(sum(fold_to_pat_d2_done), 0), coalesce(sum(fold_to_pat_d2_opp), 0),
              coalesce(sum(snow_known_done), 0), coalesce(sum(snow_known_opp), 0)
            from hand_facts f where {scope}""", params).fetchone()
    return row


_SUMMED: tuple[str, ...] = ("hands", "fold_to_pat_d2_done", "fold_to_pat_d2_opp", "snow_known_done", "snow_known_opp",
                            *LEAK_COLUMNS, *LUCK_COLUMNS)
"""The summary columns the leaks read (without a time span), summed per position."""


def _summary_sums(db: Any, ids: tuple[int, ...], filters: Filters, scope: str,
                  params: list[Any]) -> tuple[tuple[Any, ...], list[LeakLine], Luck]:
    """(_sums, _hand_lines, _luck) read from the summary tables (his rows of LEAK_GAME summed
    per position: raise first in is read per position)."""
    by_position = {row[0]: dict(zip(_SUMMED, row[1:])) for row in _summed(
        db, ids, filters, LEAK_GAME, ", ".join(["s.position", *(f"sum(s.{c})" for c in _SUMMED)]), "s.position")}
    total = {c: sum(sums[c] for sums in by_position.values()) for c in _SUMMED}
    none = dict.fromkeys(_SUMMED, 0)
    lines = _lines([(by_position.get(p, none)["raise_first_in_six_done"], by_position.get(p, none)["raise_first_in_six_opp"])
                    for p in RFI_POSITIONS], (total["early_open_done"], total["early_open_opp"]),
                   (total["eight_low_break_done"], total["eight_low_break_opp"]))
    sums = (total["hands"], total["fold_to_pat_d2_done"], total["fold_to_pat_d2_opp"], total["snow_known_done"],
            total["snow_known_opp"])
    luck = Luck(total["luck_draws"], total["luck_completed"], _e9(total["luck_expected_e9"]), _e9(total["luck_variance_e9"]))
    return sums, lines, luck


def _e9(billionths: int) -> float:
    """A luck sum from billionths (0 stays the integer 0, as _luck's SQL gives it without draws)."""
    return billionths / E9 if billionths else 0


_NOTABLE = "(f.snow_known_done > 0 or f.break_known_done > 0)"
"""The condition of the partial index hand_players_notable (m003), said so that SQLite uses it."""


def _snows(db: Any, scope: str, params: list[Any]) -> tuple[int, int, tuple[Money, ...]]:
    """(the hands of `scope` with a snow, cards known; those he won money in; their net per
    currency, cash first), in one pass over the index hand_players_notable (the hands with a
    snow or a break)."""
    rows = db.execute(
        f"""select currency, count(*), coalesce(sum(net > 0), 0), sum(net) from hand_facts f
            where {scope} and {_NOTABLE} and snow_known_done > 0
            group by currency order by currency = 'chips', currency""", params).fetchall()
    return (sum(row[1] for row in rows), sum(row[2] for row in rows),
            tuple(Money(net, currency) for currency, _, _, net in rows))


def _luck(db: Any, source: str, where: str, params: list[Any]) -> Luck:
    row = db.execute(
        f"""select count(*), coalesce(sum(dl.completed), 0), coalesce(sum(dl.outs * 1.0 / dl.unseen), 0),
              coalesce(sum((dl.outs * 1.0 / dl.unseen) * (1 - dl.outs * 1.0 / dl.unseen)), 0)
            from {source} join draw_luck dl on dl.hand_id = r.hand_id and dl.player_id = r.player_id
            where {where} and r.luck_draws > 0""", params).fetchone()
    return Luck(row[0], row[1], row[2], row[3])


def _left_out(db: Any, ids: tuple[int, ...], filters: Filters, start: dt.datetime | None,
              end: dt.datetime | None) -> dict[str, int]:
    """The hero's counted hands of the games other than LEAK_GAME, by game, in the records'
    order (games.GAMES), a name no record has last: from the summary tables, or hand by hand
    over a time span."""
    if start is None and end is None:
        rows = _summed(db, ids, filters, f"!{LEAK_GAME}", "s.game, sum(s.hands)", "s.game")
    else:
        scope, params = _scope(ids, filters, start, end, game=None)
        rows = db.execute(f"select f.game, count(*) from hand_facts f where {scope} and f.game != ? "
                          "group by f.game order by f.game", [*params, LEAK_GAME]).fetchall()
    rows.sort(key=lambda row: game_order(row[0]))
    return {game: hands for game, hands in rows if hands}


def hero_leaks(db: Any, ids: tuple[int, ...], filters: Filters = Filters(), start: dt.datetime | None = None,
               end: dt.datetime | None = None) -> Leaks:
    """The leaks of the players `ids` (the hero's names) over their counted Badugi hands
    matching `filters`, started in [start, end) when given; their hands of the other games
    are only counted (Leaks.left_out). Without a time span, read from the summary tables (and
    the snow hands from hand_facts: _snows); over a time span (a session), from the stored read facts
    (store/hand_reads.py), draw_luck and hand_facts: nothing evaluated here. db: a sqlite3
    connection or a sqlite-utils Database. raises ValueError for bad stakes in the filters."""
    scope, params = _scope(ids, filters, start, end)
    base = baselines()
    if start is None and end is None:
        sums, lines, luck = _summary_sums(db, ids, filters, scope, params)
    else:
        source, where, read_params = read_scope(ids, filters, start, end)
        where = f"{where} and r.game = '{LEAK_GAME}'"
        lines = _hand_lines(db, source, where, read_params)
        sums = _sums(db, scope, params)
        luck = _luck(db, source, where, read_params)
    hands, pat_folds, pat_chances, snows, pats = sums
    snow_hands, snow_won, snow_net = _snows(db, scope, params)
    lines.append(LeakLine("call_pat_one_draw", "called or raised a pat player's bet with one draw left, drawing",
                          pat_chances - pat_folds, pat_chances, base["call_pat_one_draw"]))
    lines.append(LeakLine("snow", "pat draws (cards known) that were not a badugi", snows, pats, base["snow"],
                          note=f"snow hands: {snow_hands}, won {snow_won}"))
    z = f", z {luck.z:+.2f}" if luck.z is not None else ""
    lines.append(LeakLine("draw_luck", "one-card draws to a three-card hand that made a badugi",
                          luck.completed, luck.draws, base["draw_luck"],
                          note=f"expected {luck.expected:.2f} badugis{z}",
                          expected=luck.expected / luck.draws if luck.draws else None))
    return Leaks(hands, tuple(lines), snow_hands, snow_won, snow_net, luck, _left_out(db, ids, filters, start, end))
