"""Writing hands to the database and reading player statistics back.

One transaction per file (`HandWriter` is used inside `db.atomic()` by the importer), so a
file is stored whole or not at all; UNIQUE (site, site_hand_id) makes a re-import add
nothing. Every value from a file reaches SQL as a parameter.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sqlite_utils import Database

from ..cards import format_cards
from ..parse.read import RawHand
from ..rules.issues import ValidationIssue
from ..rules.replay import ReplayedHand
from ..stats.per_hand import DRAW_KEYS, STAT_KEYS, PlayerHandStats
from .migrations import migrate


def open_database(path: Path | str) -> Database:
    """Open (creating if needed) a tracker database: WAL mode, a busy timeout, the schema
    brought up to date."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), timeout=30, isolation_level=None)
    db = Database(conn)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA foreign_keys=ON")
    migrate(db)
    return db


def file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


_HAND_NUMBER = re.compile(r"#(\d+)")


def raw_hand_key(raw: RawHand) -> str:
    """A hand number for a hand that did not parse: the first `#digits` of its first line,
    else a digest of its text (so a re-import of the same text is still a duplicate)."""
    match = _HAND_NUMBER.search(raw.text.split("\n", 1)[0])
    if match:
        return match.group(1)
    return "sha1:" + hashlib.sha1(raw.text.encode()).hexdigest()[:20]


class HandWriter:
    """Adds hands to an open transaction. Not thread-safe."""

    def __init__(self, db: Database, file_id: int) -> None:
        self.db = db
        self.file_id = file_id
        self._players: dict[tuple[str, str], int] = {}

    def stored(self, site: str, site_hand_id: str) -> tuple[int, str] | None:
        """(row id, status) of the stored hand with this site and number, or None."""
        row = self.db.execute(
            "select id, status from hands where site = ? and site_hand_id = ?", [site, site_hand_id]
        ).fetchone()
        return (row[0], row[1]) if row else None

    def delete(self, hand_row_id: int) -> None:
        """Remove a stored hand and everything hanging from it (to store a better copy)."""
        for table in ("validation_issues", "draws", "actions", "hand_players", "raw_hands"):
            self.db.execute(f"delete from {table} where hand_id = ?", [hand_row_id])
        self.db.execute("delete from hands where id = ?", [hand_row_id])

    def player_id(self, site: str, name: str) -> int:
        key = (site, name)
        found = self._players.get(key)
        if found is None:
            found = self.db["players"].lookup({"site": site, "name": name})
            self._players[key] = found
        return found

    def add_rejected(self, site: str, raw: RawHand, issue: ValidationIssue) -> None:
        """A hand that could not be parsed: its raw text and why, status "rejected"."""
        hand_id = self.db["hands"].insert(
            {"site": site, "site_hand_id": raw_hand_key(raw), "status": "rejected",
             "file_id": self.file_id, "line": raw.line}
        ).last_pk
        self._raw_and_issues(hand_id, raw.path, raw.line, raw.text, [issue])

    def add(self, replayed: ReplayedHand, stats: Iterable[PlayerHandStats]) -> None:
        """A parsed and replayed hand with its statistics facts."""
        hand = replayed.hand
        site = hand.site.value
        tournament = hand.tournament
        hand_id = self.db["hands"].insert(
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
                "file_id": self.file_id,
                "line": hand.source.line,
            }
        ).last_pk
        stats_by_player = {s.player: s for s in stats}
        ids = {p.player: self.player_id(site, p.player) for p in replayed.players}
        rows = []
        for player in replayed.players:
            row = {
                "hand_id": hand_id,
                "player_id": ids[player.player],
                "seat": player.seat,
                "position": player.position,
                "stack": player.stack,
                "dealt_in": int(player.dealt_in),
                "contributed": player.contributed,
                "collected": player.collected,
                "net": player.net,
                "rake": player.rake,
                "folded_round": int(player.folded_round) if player.folded_round else None,
                "all_in": int(player.all_in),
                "reached_draw": player.reached_draw,
                "showdown": int(player.showdown),
                "final_cards": format_cards(player.final_cards) if player.final_cards else None,
                "hand_class": player.final_hand.hand_class.value if player.final_hand else None,
                "hand_description": player.final_hand.description if player.final_hand else None,
            }
            facts = stats_by_player.get(player.player)
            for key in STAT_KEYS:
                fact = getattr(facts, key) if facts else None
                row[f"{key}_done"] = int(fact.done) if fact else 0
                row[f"{key}_opp"] = int(fact.opportunity) if fact else 0
            for key in DRAW_KEYS:
                row[key] = getattr(facts, key) if facts else None
            rows.append(row)
        self.db["hand_players"].insert_all(rows)
        self.db["actions"].insert_all(
            {
                "hand_id": hand_id,
                "seq": action.seq,
                "round": int(action.round),
                "player_id": ids[action.player],
                "kind": action.kind.value,
                "amount": action.amount,
                "to_amount": action.to,
                "all_in": int(action.all_in),
                "line": action.line,
            }
            for action in replayed.actions
        )
        by_draw = {(d.player, d.draw): d for d in replayed.draws}
        draw_rows = []
        for player in replayed.players:
            if not player.dealt_in:
                continue
            for number in (1, 2, 3):
                draw = by_draw.get((player.player, number))
                draw_rows.append(
                    {
                        "hand_id": hand_id,
                        "player_id": ids[player.player],
                        "draw": number,
                        "discarded": draw.discarded if draw else None,
                        "cards_before": _cards(draw.cards_before) if draw else None,
                        "discarded_cards": _cards(draw.discarded_cards) if draw else None,
                        "new_cards": _cards(draw.new_cards) if draw else None,
                        "line": draw.line if draw else None,
                    }
                )
        self.db["draws"].insert_all(draw_rows)
        self._raw_and_issues(hand_id, hand.source.path, hand.source.line, hand.source.text, replayed.issues)

    def _raw_and_issues(self, hand_id: int, path: str, line: int, text: str, issues: Iterable[ValidationIssue]) -> None:
        self.db["raw_hands"].insert({"hand_id": hand_id, "path": path, "line": line, "text": text})
        self.db["validation_issues"].insert_all(
            {"hand_id": hand_id, "code": i.code.value, "severity": i.severity.value, "message": i.message, "line": i.line}
            for i in issues
        )


def _cards(cards) -> str | None:
    return format_cards(cards) if cards is not None else None


# --- reading -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ratio:
    """done / opportunities for one statistic over a set of hands."""

    done: int
    opportunities: int

    @property
    def percent(self) -> float | None:
        return 100.0 * self.done / self.opportunities if self.opportunities else None


@dataclass(frozen=True, slots=True)
class Money:
    """amount: int, in the smallest unit of `currency` ("" = chips)."""

    amount: int
    currency: str


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's statistics over the hands matched (hands with an error are left out).

    net: one Money per currency (cash in cents, tournament chips apart); bb_per_100 and
    big_bets_per_100 are averaged over hands in each hand's own big blind / big bet."""

    player: str
    site: str
    hands: int
    stats: dict[str, Ratio]
    distributions: dict[str, dict[str, int]]
    net: tuple[Money, ...]
    bb_per_100: float | None
    big_bets_per_100: float | None


_SORTS = {"hands", "net", "player", *STAT_KEYS}


def player_stats(db: Database, name: str | None = None, *, min_hands: int = 0, with_distributions: bool = True) -> list[PlayerStats]:
    """Statistics for one player (exact name) or, with name None, for every player."""
    ratio_sql = ", ".join(f"sum(hp.{k}_done), sum(hp.{k}_opp)" for k in STAT_KEYS)
    where = "h.status in ('ok', 'warning') and hp.dealt_in = 1"
    params: list[object] = []
    if name is not None:
        where += " and p.name = ?"
        params.append(name)
    rows = db.execute(
        f"""
        select p.id, p.site, p.name, count(*),
               sum(hp.net * 1.0 / h.big_blind), sum(hp.net * 1.0 / h.big_bet),
               {ratio_sql}
        from hand_players hp join hands h on h.id = hp.hand_id join players p on p.id = hp.player_id
        where {where}
        group by p.id having count(*) >= ?
        order by count(*) desc, p.name
        """,
        [*params, min_hands],
    ).fetchall()
    result = []
    for row in rows:
        player_id, site, player, hands, in_bb, in_big_bets = row[:6]
        values = row[6:]
        stats = {key: Ratio(values[2 * i] or 0, values[2 * i + 1] or 0) for i, key in enumerate(STAT_KEYS)}
        net = tuple(
            Money(amount, currency)
            for currency, amount in db.execute(
                """select h.currency, sum(hp.net) from hand_players hp join hands h on h.id = hp.hand_id
                   where hp.player_id = ? and h.status in ('ok', 'warning') and hp.dealt_in = 1
                   group by h.currency order by h.currency desc""",
                [player_id],
            ).fetchall()
        )
        distributions: dict[str, dict[str, int]] = {}
        if with_distributions:
            for key in DRAW_KEYS:
                counts = {str(n): 0 for n in range(5)}
                for value, count in db.execute(
                    f"""select hp.{key}, count(*) from hand_players hp join hands h on h.id = hp.hand_id
                        where hp.player_id = ? and h.status in ('ok', 'warning') and hp.{key} is not null
                        group by hp.{key}""",
                    [player_id],
                ).fetchall():
                    counts[str(value)] = count
                distributions[key] = counts
        result.append(
            PlayerStats(
                player=player,
                site=site,
                hands=hands,
                stats=stats,
                distributions=distributions,
                net=net,
                bb_per_100=100.0 * in_bb / hands if hands else None,
                big_bets_per_100=100.0 * in_big_bets / hands if hands else None,
            )
        )
    return result


def sort_players(players: list[PlayerStats], key: str) -> list[PlayerStats]:
    """Players sorted by a column: "hands", "net", "player" or a stat key (by percentage)."""
    if key not in _SORTS:
        raise ValueError(f"cannot sort by {key!r}; choose from {', '.join(sorted(_SORTS))}")
    if key == "player":
        return sorted(players, key=lambda p: p.player.lower())
    if key == "hands":
        return sorted(players, key=lambda p: -p.hands)
    if key == "net":
        return sorted(players, key=lambda p: -sum(m.amount for m in p.net))
    return sorted(players, key=lambda p: -(p.stats[key].percent or -1.0))
