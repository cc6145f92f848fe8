"""One hand's rows for every table, built once in their final form (column names and value
lists, cheap to send between processes), with the players named and no ids yet: the writer
numbers them (store/writer.py)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter, itemgetter

from ..analysis import AnalyzedHand
from ..analysis.keys import raw_hand_key as raw_hand_key  # re-exported: the key a rejected hand is stored under
from ..cards import Card, format_cards
from ..model import FinishTournament
from ..stats.facts import DRAW_KEYS, STAT_KEYS, PlayerHandStats
from . import summary
from .decisions import decision_rows
from .hand_reads import READ_ROW_COLUMNS, read_rows


@dataclass(frozen=True, slots=True)
class TableRows:
    """Rows of one table: the column names, and each row's values in that order (lists, so
    the writer can fill in ids; far cheaper to send between processes than dicts)."""

    columns: tuple[str, ...]
    rows: list[list[object]]


@dataclass(frozen=True, slots=True)
class PreparedHand:
    """One hand's rows, ready to store: rows maps a table to its TableRows. The first
    column is the hand's row id ("id" in hands, then "file_id"; "hand_id" elsewhere), left
    None, and "player_id" holds the player's name: the writer puts the ids in."""

    site: str
    site_hand_id: str
    status: str
    rows: dict[str, TableRows]


def _table_rows(table: str, rows: list[dict[str, object]]) -> TableRows:
    """A table's row dicts (all with the same keys) as TableRows, with the id columns first
    (None) and "player" renamed "player_id"."""
    keys = tuple(rows[0])
    values = itemgetter(*keys) if len(keys) > 1 else (lambda row: (row[keys[0]],))
    names = tuple("player_id" if key == "player" else key for key in keys)
    if table == "hands":
        return TableRows(("id", "file_id", *names), [[None, None, *values(row)] for row in rows])
    return TableRows(("hand_id", *names), [[None, *values(row)] for row in rows])


def prepare_hand(analyzed: AnalyzedHand) -> PreparedHand:
    """The rows of one analysed hand for every table (its replay, facts and the hero's
    decisions formatted, nothing computed), with players named (not yet numbered) and no
    hand id: pure, so worker processes can build them (import --jobs)."""
    replayed, stats = analyzed.replayed, analyzed.facts
    out: dict[str, list[dict[str, object]]] = {}

    def queue(table: str, rows: Iterable[dict[str, object]]) -> None:
        out.setdefault(table, []).extend(rows)

    hand = replayed.hand
    site = hand.site.value
    tournament = hand.tournament
    queue("hands", [
        {
            "site": site,
            "site_hand_id": hand.hand_id,
            "status": replayed.status,
            "game": hand.game,
            "structure": hand.structure.value,
            "currency": hand.currency,
            "tournament_id": tournament.tournament_id if tournament else None,
            "buy_in": tournament.buy_in if tournament else None,
            "level": tournament.level if tournament else None,
            "small_bet": hand.stakes.small_bet,
            "big_bet": hand.stakes.big_bet,
            "big_blind": replayed.big_blind,
            "table_name": hand.table,
            "max_seats": hand.max_seats,
            "button_seat": hand.button_seat,
            "players_dealt": sum(1 for p in replayed.players if p.dealt_in),
            "start_time": hand.start_time.isoformat(),
            "local_time": hand.local_time,
            "total_pot": replayed.total_pot,
            "rake": replayed.rake,
            "showdown": int(replayed.showdown),
            "walk": int(replayed.walk),
            "hero": replayed.hero,
            "line": hand.source.line,
        }
    ])
    stats_by_player = {s.player: s for s in stats}
    ids = {p.player: p.player for p in replayed.players}
    player_rows = []
    for player in replayed.players:
        facts = stats_by_player.get(player.player)
        player_rows.append([
            None,  # hand_id
            ids[player.player],  # the name: the writer puts the player_id in
            player.seat,
            player.position,
            player.stack,
            int(player.dealt_in),
            player.contributed,
            player.collected,
            player.net,
            player.rake,
            int(player.folded_round) if player.folded_round else None,
            int(player.all_in),
            player.reached_draw,
            int(player.showdown),
            format_cards(player.final_cards) if player.final_cards else None,
            player.final_hand.hand_class.value if player.final_hand else None,
            player.final_hand.description if player.final_hand else None,
            *(_fact_values(facts) if facts is not None else _NO_FACT_VALUES),
        ])
    queue("draw_luck", (
        {**{k: v for k, v in row.items() if k not in ("hand_id", "player_id")}, "player": facts.player}
        for facts in stats_by_player.values() for row in luck_rows(0, 0, facts)
    ))
    queue("actions", (
        {
            "seq": action.seq,
            "round": int(action.round),
            "player": ids[action.player],
            "kind": action.kind.value,
            "amount": action.amount,
            "to_amount": action.to,
            "all_in": int(action.all_in),
            "line": action.line,
        }
        for action in replayed.actions
    ))
    by_draw = {(d.player, d.draw): d for d in replayed.draws}
    draw_rows: list[dict[str, object]] = []
    for player in replayed.players:
        if not player.dealt_in:
            continue
        for number in (1, 2, 3):
            draw = by_draw.get((player.player, number))
            draw_rows.append(
                {
                    "player": ids[player.player],
                    "draw": number,
                    "discarded": draw.discarded if draw else None,
                    "cards_before": _cards(draw.cards_before) if draw else None,
                    "discarded_cards": _cards(draw.discarded_cards) if draw else None,
                    "new_cards": _cards(draw.new_cards) if draw else None,
                    "line": draw.line if draw else None,
                }
            )
    queue("draws", draw_rows)
    if tournament is not None:  # finish lines are rare: only tournament hands are looked at
        queue("tournament_finishes", (
            {"player": e.player, "place": e.place, "prize": e.prize, "prize_currency": e.prize_currency, "line": e.line}
            for e in hand.events if type(e) is FinishTournament
        ))
    queue("draw_decisions", decision_rows(analyzed.decisions, replayed.hero))
    queue("raw_hands", [{"path": hand.source.path, "line": hand.source.line, "text": hand.source.text}])
    queue("validation_issues", (
        {"code": i.code.value, "severity": i.severity.value, "message": i.message, "line": i.line}
        for i in replayed.issues
    ))
    hand_row = out["hands"][0]
    tables = {"hands": _table_rows("hands", out.pop("hands")), "hand_players": TableRows(HAND_PLAYER_COLUMNS, player_rows)}
    tables.update((table, _table_rows(table, rows)) for table, rows in out.items() if rows)
    reads = read_rows(analyzed, hand_row)
    if reads:
        tables["hand_reads"] = TableRows(READ_ROW_COLUMNS, reads)
    return PreparedHand(site, hand.hand_id, replayed.status, tables)



def _cards(cards: tuple[Card, ...] | None) -> str | None:
    return format_cards(cards) if cards is not None else None


_STAT_GETTER = attrgetter(*STAT_KEYS)
_DRAW_GETTER = attrgetter(*DRAW_KEYS)


_DONE_AND_OPPORTUNITY = attrgetter("done", "opportunity")


def _fact_values(facts: PlayerHandStats) -> list[object]:
    """The values of FACT_COLUMNS for one player's facts, in that order (a list, not a dict:
    this runs for every player of every imported hand). A Fact's bools are stored as the
    integers 0 and 1 (SQLite stores a bool as its int)."""
    values: list[object] = list(chain.from_iterable(map(_DONE_AND_OPPORTUNITY, _STAT_GETTER(facts))))
    values.extend(_DRAW_GETTER(facts))
    values.append(facts.showdown_class)
    return values


FACT_COLUMNS: tuple[str, ...] = (*summary.STAT_COLUMNS, *DRAW_KEYS, "showdown_class")
"""The hand_players columns of a player's facts: `<key>_done`, `<key>_opp` (ints) per
STATS.md key, cards_drawn_d1..3 and showdown_class."""


def fact_columns(facts: PlayerHandStats) -> dict[str, object]:
    """One player's facts as FACT_COLUMNS -> value."""
    return dict(zip(FACT_COLUMNS, _fact_values(facts), strict=True))


_NO_FACT_VALUES: tuple[object, ...] = (0,) * len(summary.STAT_COLUMNS) + (None,) * (len(DRAW_KEYS) + 1)
"""The facts columns of a player not dealt in."""

HAND_PLAYER_COLUMNS: tuple[str, ...] = (
    "hand_id", "player_id", "seat", "position", "stack", "dealt_in", "contributed", "collected", "net", "rake",
    "folded_round", "all_in", "reached_draw", "showdown", "final_cards", "hand_class", "hand_description",
    *FACT_COLUMNS,
)
"""The hand_players columns prepare_hand() fills, in order ("player_id" holds the name
until the writer numbers the player)."""


def luck_rows(hand_id: int, player_id: int, facts: PlayerHandStats) -> list[dict[str, object]]:
    """The draw_luck rows of one player in one hand."""
    return [
        {"hand_id": hand_id, "player_id": player_id, "draw": d.draw, "outs": d.outs,
         "unseen": d.unseen, "completed": int(d.completed)}
        for d in facts.luck
    ]


# --- reading -----------------------------------------------------------------------------
