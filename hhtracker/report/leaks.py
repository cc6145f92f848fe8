"""The hero's leaks read from the database (issue 19): SQL over hand_facts, actions, draws
and draw_luck, never the hand text. Each figure is a `stats.leaks.LeakLine` beside its
baseline (hhtracker/stats/baselines.json). Hands counted: those of `hand_facts` (status ok
or warning, dealt in) of the hero's player ids, matching the filters and, for a session
report, started in [start, end).

Badugi hands only: the baselines are Badugi's (its opening hands, its eight-low badugi, its
draw odds), so a Badacey or Badeucey hand is never read against them; those hands are
counted apart (`Leaks.left_out`) and the renderers say so.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from ..filters import Filters
from ..games import GameId
from ..money import Money
from ..stats.leaks import (
    EARLY_POSITIONS,
    RFI_POSITIONS,
    LeakLine,
    baselines,
    low_made_badugi,
    opens_by_the_rule,
)
from ..stats.values import Luck

_DECISIONS = "('fold', 'check', 'call', 'bet', 'raise')"
_ENTERING = "('call', 'bet', 'raise')"
_LOW_RANKS = "('A', '2', '3', '4', '5', '6', '7', '8')"
"""The ranks of an eight-low, as the first letter of a card in draws.cards_before ("8s")."""


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


def _first_decisions(db: Any, scope: str, params: list[Any]) -> list[tuple[Any, ...]]:
    """Per hero hand: position, players dealt in, the kind of his first pre-draw decision,
    whether someone called, bet or raised before it, and his starting cards when known (at
    draw 1, else his final cards when he never drew: the hand ended before draw 1)."""
    rows: list[tuple[Any, ...]] = db.execute(
        f"""with mine as (
              select f.hand_id, f.player_id, f.position, f.players_dealt,
                (select min(a.seq) from actions a where a.hand_id = f.hand_id and a.player_id = f.player_id
                   and a.round = 1 and a.kind in {_DECISIONS}) as seq
              from hand_facts f where {scope})
            select m.position, m.players_dealt, a.kind,
              exists(select 1 from actions b where b.hand_id = m.hand_id and b.round = 1 and b.seq < m.seq
                     and b.kind in {_ENTERING}) as entered,
              coalesce(d.cards_before, case when d.discarded is null then hp.final_cards end) as dealt
            from mine m
            join actions a on a.hand_id = m.hand_id and a.seq = m.seq
            join hand_players hp on hp.hand_id = m.hand_id and hp.player_id = m.player_id
            left join draws d on d.hand_id = m.hand_id and d.player_id = m.player_id and d.draw = 1""",
        params).fetchall()
    return rows


def _rfi_and_opens(rows: list[tuple[Any, ...]]) -> list[LeakLine]:
    base = baselines()
    chances = {p: [0, 0] for p in RFI_POSITIONS}
    opens = [0, 0]
    for position, dealt, kind, entered, cards in rows:
        if entered:
            continue
        raised = kind in ("raise", "bet")
        if dealt == 6 and position in chances:
            chances[position][0] += raised
            chances[position][1] += 1
        if position in EARLY_POSITIONS and kind in ("call", "bet", "raise") and cards:
            opens[0] += opens_by_the_rule(cards)
            opens[1] += 1
    lines = [LeakLine(f"raise_first_in/{p}", f"raise first in, {p}, six-handed", done, opp,
                      base[f"raise_first_in/{p}"]) for p, (done, opp) in chances.items()]
    lines.append(LeakLine("early_open", "opens from early position that were a badugi or a three-card 7-low",
                          opens[0], opens[1], base["early_open"]))
    return lines


def _breaks(db: Any, scope: str, params: list[Any]) -> LeakLine:
    low = " and ".join(f"substr(d.cards_before, {i}, 1) in {_LOW_RANKS}" for i in (1, 4, 7, 10))
    rows = db.execute(  # only four cards of rank 8 or lower can be an eight-low badugi: the rest left in SQL
        f"""select d.cards_before, d.discarded from hand_facts f
            join draws d on d.hand_id = f.hand_id and d.player_id = f.player_id
            where {scope} and d.cards_before is not null and d.discarded is not null and {low}""", params).fetchall()
    held = [discarded for cards, discarded in rows if low_made_badugi(cards)]
    return LeakLine("break_eight_low", "draws holding an eight-low badugi or better that broke it",
                    sum(1 for d in held if d > 0), len(held), baselines()["break_eight_low"])


def _sums(db: Any, scope: str, params: list[Any]) -> tuple[Any, ...]:
    row: tuple[Any, ...] = db.execute(
        f"""select count(*), coalesce(sum(fold_to_pat_d2_done), 0), coalesce(sum(fold_to_pat_d2_opp), 0),
              coalesce(sum(snow_known_done), 0), coalesce(sum(snow_known_opp), 0),
              coalesce(sum(snow_known_done > 0), 0), coalesce(sum(snow_known_done > 0 and net > 0), 0)
            from hand_facts f where {scope}""", params).fetchone()
    return row


def _snow_net(db: Any, scope: str, params: list[Any]) -> tuple[Money, ...]:
    rows = db.execute(
        f"""select currency, sum(net) from hand_facts f where {scope} and snow_known_done > 0
            group by currency order by currency = 'chips', currency""", params).fetchall()
    return tuple(Money(net, currency) for currency, net in rows)


def _luck(db: Any, scope: str, params: list[Any]) -> Luck:
    row = db.execute(
        f"""select count(*), coalesce(sum(dl.completed), 0), coalesce(sum(dl.outs * 1.0 / dl.unseen), 0),
              coalesce(sum((dl.outs * 1.0 / dl.unseen) * (1 - dl.outs * 1.0 / dl.unseen)), 0)
            from hand_facts f join draw_luck dl on dl.hand_id = f.hand_id and dl.player_id = f.player_id
            where {scope}""", params).fetchone()
    return Luck(row[0], row[1], row[2], row[3])


def _left_out(db: Any, ids: tuple[int, ...], filters: Filters, start: dt.datetime | None,
              end: dt.datetime | None) -> dict[str, int]:
    """The hero's counted hands of the games other than LEAK_GAME, by game."""
    scope, params = _scope(ids, filters, start, end, game=None)
    rows = db.execute(f"select f.game, count(*) from hand_facts f where {scope} and f.game != ? "
                      "group by f.game order by f.game", [*params, LEAK_GAME]).fetchall()
    return {game: hands for game, hands in rows}


def hero_leaks(db: Any, ids: tuple[int, ...], filters: Filters = Filters(), start: dt.datetime | None = None,
               end: dt.datetime | None = None) -> Leaks:
    """The leaks of the players `ids` (the hero's names) over their counted Badugi hands
    matching `filters`, started in [start, end) when given; their hands of the other games
    are only counted (Leaks.left_out). db: a sqlite3 connection or a sqlite-utils
    Database. raises ValueError for bad stakes in the filters."""
    scope, params = _scope(ids, filters, start, end)
    base = baselines()
    lines = _rfi_and_opens(_first_decisions(db, scope, params))
    lines.append(_breaks(db, scope, params))
    hands, pat_folds, pat_chances, snows, pats, snow_hands, snow_won = _sums(db, scope, params)
    lines.append(LeakLine("call_pat_one_draw", "called or raised a pat player's bet with one draw left, drawing",
                          pat_chances - pat_folds, pat_chances, base["call_pat_one_draw"]))
    snow_net = _snow_net(db, scope, params)
    lines.append(LeakLine("snow", "pat draws (cards known) that were not a badugi", snows, pats, base["snow"],
                          note=f"snow hands: {snow_hands}, won {snow_won}"))
    luck = _luck(db, scope, params)
    z = f", z {luck.z:+.2f}" if luck.z is not None else ""
    lines.append(LeakLine("draw_luck", "one-card draws to a three-card hand that made a badugi",
                          luck.completed, luck.draws, base["draw_luck"],
                          note=f"expected {luck.expected:.2f} badugis{z}",
                          expected=luck.expected / luck.draws if luck.draws else None))
    return Leaks(hands, tuple(lines), snow_hands, snow_won, snow_net, luck, _left_out(db, ids, filters, start, end))
