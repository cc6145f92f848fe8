"""The hand_reads table: one row per dealt-in player of every counted hand (status ok or
warning) with the facts the reads and the leaks count (analysis/reads.py), written by the
import with the hand (prepare_hand) and, for the hands stored before, by migration m012 from
the stored actions, draws, final cards and draw_luck rows (`backfill`).

Columns: player_id, hand_id (the key: a player's rows are read together); game, position,
players_dealt (as hands and hand_players have them: the reads and leaks read a player's rows
without joining those wide tables unless a filter needs them); d1, d2, d3 (cards discarded
at draws 1-3, NULL: not reached; as the draws table); first_decision ("fold", "check",
"call", "bet", "raise" or NULL: his first pre-draw decision), entered_before (0/1: someone
called, bet or raised pre-draw before it); predraw (analysis.reads.PredrawLine value);
after_last_draw (analysis.reads.Decision, 0 fold ... 4 raise: his most aggressive decision
in the round after the game's last draw, NULL: none); known (0/1: his final cards are
known); made (0/1), made_top (1-14), read_class (the class value) of those cards, NULL when
unknown or unreadable; early_open (0/1, NULL: no such opportunity), eight_low_held,
eight_low_broken (Badugi only, 0 elsewhere); luck_draws (his draw_luck rows in the hand);
start_time, structure, currency, game_type, small_bet, big_bet (the hand's, as hands and
hand_facts have them: FILTER_COLUMNS; m016 added them) so that every filter and a session's
time span are read on hand_reads alone (read_scope), from the index hand_reads_read.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..analysis import AnalyzedHand
from ..analysis.reads import CardsRead, PlayerLine, ReadFacts, hand_lines, line_of, read_cards, read_facts
from ..cards import Card, parse_cards
from ..filters import Filters
from ..model import COUNTING_SQL
from ..rules.games import GameRules, game_rules
from .summary import TABLE_SIZE_SQL, game_type_of

if TYPE_CHECKING:
    from sqlite_utils import Database

TABLE = "hand_reads"
COLUMNS: tuple[str, ...] = (
    "player_id", "hand_id", "game", "position", "players_dealt", "d1", "d2", "d3", "first_decision", "entered_before",
    "predraw", "after_last_draw", "known", "made", "made_top", "read_class", "early_open", "eight_low_held",
    "eight_low_broken", "luck_draws", "start_time", "structure", "currency", "game_type", "small_bet", "big_bet",
)
FILTER_COLUMNS: tuple[str, ...] = ("start_time", "structure", "currency", "game_type", "small_bet", "big_bet")
"""The hand's columns the filters read (Filters.where), copied from hands (m016): with game,
position and players_dealt, every filter is answered on hand_reads alone."""
_TYPES = {"game": "text", "position": "text", "first_decision": "text", "predraw": "text", "read_class": "text",
          "start_time": "text", "structure": "text", "currency": "text", "game_type": "text"}


def create_table(db: Database, indexes: bool = True) -> None:
    """Create hand_reads (keyed by player, then hand: a player's rows lie together) and, with
    `indexes`, its indexes (create_indexes), when missing."""
    columns = ",\n  ".join(
        f"[{c}] {_TYPES.get(c, 'integer')}" + (" not null references players(id)" if c == "player_id" else
                                              " not null references hands(id)" if c == "hand_id" else "")
        for c in COLUMNS)
    db.execute(f"create table if not exists {TABLE} (\n  {columns},\n  primary key (player_id, hand_id)\n) without rowid")
    if indexes:
        create_indexes(db)


def create_indexes(db: Database) -> None:
    """hand_reads' index on hand_id (a hand's rows are deleted with it) and the reads'
    (hand_reads_read: READ_INDEX), when missing."""
    db.execute(f"create index if not exists {TABLE}_hand on {TABLE}(hand_id)")
    db.execute(f"create index if not exists {TABLE}_read on {TABLE}({', '.join(READ_INDEX)})")


READ_GROUP: tuple[str, ...] = ("player_id", "known", "game", "position", "d1", "d2", "d3", "predraw", "after_last_draw",
                               "made", "made_top", "read_class")
"""The columns of the index hand_reads_read, in the order of the reads' GROUP BY (a player's
known hands counted by group without sorting them: 8.4 s -> 1.6 s for 1,000,000 rows of one
player in a trial table)."""

READ_INDEX: tuple[str, ...] = (*READ_GROUP, "players_dealt", *FILTER_COLUMNS)
"""The columns of the index hand_reads_read: READ_GROUP, then every column a filter reads
(read_scope), so that a filtered read is counted from the index alone, in its order (m016)."""

_COMPUTED = {"date": "substr(r.start_time, 1, 10)",
             "table_size": TABLE_SIZE_SQL.replace("h.players_dealt", "r.players_dealt")}
"""The hand_facts columns hand_reads computes (Filters.where's `computed`), over `hand_reads r`."""


def exists(db: Any) -> bool:
    """Whether hand_reads exists (m012 has run). db: a sqlite3 connection or a sqlite-utils Database."""
    return db.execute(f"select 1 from sqlite_master where name = '{TABLE}'").fetchone() is not None


def _values(facts: ReadFacts) -> list[object]:
    """The columns from first_decision to eight_low_broken."""
    cards = facts.cards
    return [
        facts.first_decision, int(facts.entered_before), facts.predraw.value,
        int(facts.after_last_draw) if facts.after_last_draw is not None else None, int(facts.known),
        int(cards.made) if cards else None, cards.top if cards else None, cards.hand_class if cards else None,
        int(facts.early_open) if facts.early_open is not None else None, facts.eight_low_held, facts.eight_low_broken,
    ]


READ_ROW_COLUMNS: tuple[str, ...] = ("hand_id", *COLUMNS[:1], *COLUMNS[2:])
"""The columns of read_rows' rows: hand_id first (None: the writer numbers it), then
player_id (the player's name until the writer numbers him) and the rest of COLUMNS."""


def read_rows(analyzed: AnalyzedHand, hand: Mapping[str, object]) -> list[list[object]]:
    """The hand_reads rows of an analysed hand (its read facts, computed by the analysis
    stage: AnalyzedHand.reads), values in READ_ROW_COLUMNS order (as prepare_hand makes every
    table's rows), none for a hand that does not count (status error). hand: its hands row
    (a dict, as prepare_hand makes it), for FILTER_COLUMNS."""
    if not analyzed.reads:
        return []
    replayed = analyzed.replayed
    game = replayed.hand.game
    discarded = {(d.player, d.draw): d.discarded for d in replayed.draws}
    luck = {facts.player: len(facts.luck) for facts in analyzed.facts if facts.luck}
    dealt = [p for p in replayed.players if p.dealt_in]
    count = len(dealt)
    filtered = _filter_values(hand)
    return [[None, player.player, game, player.position, count, *(discarded.get((player.player, n)) for n in (1, 2, 3)),
             *_values(facts), luck.get(player.player, 0), *filtered]
            for player, facts in zip(dealt, analyzed.reads, strict=True)]


def _filter_values(hand: Mapping[str, object]) -> list[object]:
    """FILTER_COLUMNS' values of a hands row (a dict or a row with the hands columns)."""
    return [hand["start_time"], hand["structure"], hand["currency"], game_type_of(hand), hand["small_bet"],
            hand["big_bet"]]


def read_scope(ids: Sequence[int], filters: Filters = Filters(), start: dt.datetime | None = None,
               end: dt.datetime | None = None) -> tuple[str, str, list[object]]:
    """(the FROM clause, an SQL condition, its parameters) picking the hand_reads rows (as `r`)
    of the players `ids` in the hands matching `filters` (the hand_facts view's sense: its
    Filters.where), started in [start, end) when given: read on hand_reads alone (its
    FILTER_COLUMNS, no join; the site from the player ids), from the index hand_reads_read;
    a [start, end) span (a session) lists its hands once from hands' start_time index and
    reads each player's row by its key. raises ValueError for bad stakes."""
    marks = ", ".join("?" for _ in ids)
    parts = [f"r.player_id in ({marks})"]
    params: list[object] = list(ids)
    if filters.site is not None:
        parts.append("r.player_id in (select id from players where site = ?)")
        params.append(filters.site)
    where, more = replace(filters, site=None).where("r", _COMPUTED)
    parts.append(where)
    params.extend(more)
    if start is not None and end is not None:
        # a session's span: its hands found by their start time (hands' index), then each
        # player's row by its key, rather than every row of the player read for its time
        parts.append("r.hand_id in (select id from hands where start_time >= ? and start_time < ?)")
        params.extend([start.isoformat(), end.isoformat()])
    elif start is not None:
        parts.append("r.start_time >= ?")
        params.append(start.isoformat())
    elif end is not None:
        parts.append("r.start_time < ?")
        params.append(end.isoformat())
    return f"{TABLE} r", " and ".join(parts), params


@lru_cache(maxsize=65536)
def _cards_read(game: str, text: str) -> CardsRead | None:
    """read_cards of stored final cards (text), cached: the backfill meets the same hands often."""
    try:
        cards = parse_cards(text)
    except ValueError:
        return None
    return read_cards(game_rules(game), cards)


@lru_cache(maxsize=65536)
def _cards(text: str) -> tuple[Card, ...] | None:
    try:
        return parse_cards(text)
    except ValueError:
        return None


def _chunks(db: Database, size: int) -> Iterator[tuple[int, int]]:
    """(first, last) hand ids of consecutive runs of about `size` counted hands."""
    last = 0
    while True:
        row = db.execute(f"select max(id), count(*) from (select id from hands h where id > ? and {COUNTING_SQL}"
                         " order by id limit ?)", [last, size]).fetchone()
        if not row[1]:
            return
        yield last + 1, row[0]
        last = row[0]


BACKFILL_HANDS = 20_000
"""Hands per run of the backfill (m012): about 9 s of work at 1,000,000 hands
(benchmarks/RESULTS.md: 441 s in all), each run's progress told to on_chunk."""


_HAND_COLUMNS = ("id", "game", "players_dealt", "start_time", "structure", "currency", "tournament_id", "small_bet",
                 "big_bet")


def backfill(db: Database, size: int | None = None,
             on_chunk: Callable[[int, int], None] | None = None) -> int:
    """Fill hand_reads for every counted hand stored (m012), from hands, hand_players,
    actions, draws and draw_luck, a run of `size` hands at a time (BACKFILL_HANDS);
    on_chunk(done, total) is called before the first run (done 0) and after each, with
    the counted hands done and in all. Returns the rows written."""
    written = 0
    total = done = 0
    if on_chunk is not None:
        total = db.execute(f"select count(*) from hands h where {COUNTING_SQL}").fetchone()[0]
        on_chunk(0, total)
    for first, last in _chunks(db, size or BACKFILL_HANDS):
        span = [first, last]
        hands = {row[0]: (row[1], row[2], _filter_values(dict(zip(_HAND_COLUMNS, row)))) for row in db.execute(
            f"select {', '.join(_HAND_COLUMNS)} from hands h where id between ? and ? and {COUNTING_SQL}", span)}
        actions: dict[int, list[tuple[int, int, object, str]]] = defaultdict(list)
        for hand_id, seq, round_, player_id, kind in db.execute(
                "select hand_id, seq, round, player_id, kind from actions where hand_id between ? and ? order by hand_id, seq", span):
            actions[hand_id].append((seq, round_, player_id, kind))
        draws: dict[tuple[int, int], list[Any]] = {}
        for hand_id, player_id, draw, discarded, before in db.execute(
                "select hand_id, player_id, draw, discarded, cards_before from draws where hand_id between ? and ?", span):
            if 1 <= draw <= 3:
                draws.setdefault((hand_id, player_id), [None, None, None])[draw - 1] = (discarded, before)
        luck = {(hand_id, player_id): count for hand_id, player_id, count in db.execute(
            "select hand_id, player_id, count(*) from draw_luck where hand_id between ? and ? group by 1, 2", span)}
        rows: list[list[object]] = []
        lines_of: dict[int, dict[object, PlayerLine]] = {}
        rules_of: dict[str, GameRules] = {}
        for hand_id, player_id, position, folded_round, final_cards in db.execute(
                "select hand_id, player_id, position, folded_round, final_cards from hand_players"
                " where hand_id between ? and ? and dealt_in = 1 order by hand_id, player_id", span):
            found = hands.get(hand_id)
            if found is None:
                continue
            game, dealt, filtered = found
            rules = rules_of.get(game)
            if rules is None:
                rules = rules_of[game] = game_rules(game)
            lines = lines_of.get(hand_id)
            if lines is None:
                lines = lines_of[hand_id] = hand_lines(actions.get(hand_id, ()), rules.record.draws + 1)
            held = draws.get((hand_id, player_id)) or [None, None, None]
            by_draw: list[tuple[int | None, Sequence[Card] | None]] = [
                (d[0], _cards(d[1]) if d[1] else None) if d else (None, None) for d in held]
            cards = _cards(final_cards) if final_cards else None
            facts = read_facts(rules, line_of(lines, player_id), position, folded_round, cards,
                               _cards_read(game, final_cards) if final_cards and cards else None, by_draw)
            rows.append([player_id, hand_id, game, position, dealt, *(d[0] for d in by_draw), *_values(facts),
                         luck.get((hand_id, player_id), 0), *filtered])
        db.conn.executemany(
            f"insert or replace into {TABLE} ({', '.join(COLUMNS)}) values ({', '.join('?' for _ in COLUMNS)})", rows)
        written += len(rows)
        if on_chunk is not None:
            done += len(hands)
            on_chunk(done, total)
    return written
