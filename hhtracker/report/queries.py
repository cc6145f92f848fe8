"""Read-only SQL for the session review. Every function reads, none writes; each returns
frozen dataclasses. Money is an int in the smallest unit of its currency (cents; chips when
the currency is "chips"). Hands whose replay found an error are left out (as in the
`hand_facts` view), except where a function says otherwise.

Lists of hand ids reach SQL as one JSON parameter (`json_each`), so a session of any size
is one query.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from ..store.repository import Luck, Ratio


@dataclass(frozen=True, slots=True)
class HeroHand:
    """One hand of the hero (one row of `hand_facts` for him).

    hand_id: the database row id; site_hand_id: the site's hand number; start_time: UTC;
    currency: "USD"... or "chips"; small_bet, big_bet, big_blind, net, collected: ints in the
    smallest unit; showdown: he was in at showdown; showdown_class: his hand's class there;
    status: "ok" | "warning"; snows, breaks: his snow_known / break_known counts (0-3)."""

    hand_id: int
    site: str
    site_hand_id: str
    player: str
    start_time: dt.datetime
    table: str
    structure: str
    currency: str
    small_bet: int
    big_bet: int
    big_blind: int
    position: str | None
    net: int
    collected: int
    showdown: bool
    showdown_class: str | None
    status: str
    snows: int
    breaks: int
    players_dealt: int

    @property
    def big_bets(self) -> float:
        """net in big bets (BB) of this hand's stakes."""
        return self.net / self.big_bet

    @property
    def big_blinds(self) -> float:
        """net in big blinds (bb) of this hand's stakes."""
        return self.net / self.big_blind


@dataclass(frozen=True, slots=True)
class IssueRow:
    """A stored validation issue: code, severity ("error" | "warning"), message, line."""

    code: str
    severity: str
    message: str
    line: int | None


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A stored hand's raw text and what the import recorded about it. status: "ok",
    "warning", "error" or "rejected" (did not parse); path, line: where it was read."""

    hand_id: int
    site: str
    site_hand_id: str
    status: str
    path: str
    line: int
    text: str
    issues: tuple[IssueRow, ...]


def _ids(values: Iterable[int]) -> str:
    return json.dumps(list(values))


def hero_names(db: Database) -> dict[str, str]:
    """site -> the hero remembered for that site: the player whose cards the files show
    (`hands.hero`) in most of the site's hands (ties: the one seen most recently). Hands with
    a replay error are counted too: who the files were written for does not depend on them."""
    found: dict[str, str] = {}
    for site, hero in db.execute(
        """select site, hero from hands where hero is not null
           group by site, hero order by site, count(*) desc, max(start_time) desc"""
    ).fetchall():
        found.setdefault(site, hero)
    return found


def player_ids(db: Database, names_by_site: dict[str, str] | None = None, name: str | None = None) -> tuple[int, ...]:
    """The players.id of a hero: one per site from names_by_site, or every site's player
    called `name`."""
    if name is not None:
        rows = db.execute("select id from players where name = ? order by id", [name]).fetchall()
    else:
        rows = [
            row
            for site, hero in sorted((names_by_site or {}).items())
            for row in db.execute("select id from players where site = ? and name = ?", [site, hero]).fetchall()
        ]
    return tuple(r[0] for r in rows)


def hero_hands(db: Database, ids: Sequence[int]) -> list[HeroHand]:
    """Every counted hand (status ok or warning) of the players `ids`, oldest first (ties by
    row id, i.e. import order)."""
    rows = db.execute(
        """select hf.hand_id, hf.site, hf.site_hand_id, hf.player, hf.start_time, h.table_name,
                  hf.structure, hf.currency, hf.small_bet, hf.big_bet, hf.big_blind, hf.position,
                  hf.net, hf.collected, hf.showdown, hf.showdown_class, h.status,
                  hf.snow_known_done, hf.break_known_done, hf.players_dealt
           from hand_facts hf join hands h on h.id = hf.hand_id
           where hf.player_id in (select value from json_each(?))
           order by hf.start_time, hf.hand_id""",
        [_ids(ids)],
    ).fetchall()
    return [
        HeroHand(
            hand_id=r[0], site=r[1], site_hand_id=r[2], player=r[3],
            start_time=dt.datetime.fromisoformat(r[4]).astimezone(dt.UTC), table=r[5] or "",
            structure=r[6], currency=r[7], small_bet=r[8], big_bet=r[9], big_blind=r[10],
            position=r[11], net=r[12], collected=r[13] or 0, showdown=bool(r[14]),
            showdown_class=r[15], status=r[16], snows=r[17] or 0, breaks=r[18] or 0,
            players_dealt=r[19],
        )
        for r in rows
    ]


def stat_totals(db: Database, ids: Sequence[int], keys: Sequence[str], hand_ids: Sequence[int] | None = None) -> dict[str, Ratio]:
    """key -> Ratio(sum of <key>_done, sum of <key>_opp) over the players' counted hands, all
    of them (lifetime) or only `hand_ids`. keys must be STATS.md keys (columns of hand_facts)."""
    sums = ", ".join(f"coalesce(sum({k}_done), 0), coalesce(sum({k}_opp), 0)" for k in keys)
    where = "player_id in (select value from json_each(?))"
    params: list[object] = [_ids(ids)]
    if hand_ids is not None:
        where += " and hand_id in (select value from json_each(?))"
        params.append(_ids(hand_ids))
    row = db.execute(f"select {sums} from hand_facts where {where}", params).fetchone()
    return {key: Ratio(row[2 * i], row[2 * i + 1]) for i, key in enumerate(keys)}


def luck_totals(db: Database, ids: Sequence[int], hand_ids: Sequence[int] | None = None) -> Luck:
    """Draw luck (STATS.md): one-card draws to a three-card hand of the players in their
    counted hands (all, or only `hand_ids`): draws, completed, expected = sum of outs/unseen,
    variance = sum of p(1 - p)."""
    where = "dl.player_id in (select value from json_each(?)) and h.status in ('ok', 'warning')"
    params: list[object] = [_ids(ids)]
    if hand_ids is not None:
        where += " and dl.hand_id in (select value from json_each(?))"
        params.append(_ids(hand_ids))
    row = db.execute(
        f"""select count(*), coalesce(sum(dl.completed), 0), coalesce(sum(dl.outs * 1.0 / dl.unseen), 0.0),
                   coalesce(sum((dl.outs * 1.0 / dl.unseen) * (1 - dl.outs * 1.0 / dl.unseen)), 0.0)
            from draw_luck dl join hands h on h.id = dl.hand_id where {where}""",
        params,
    ).fetchone()
    return Luck(row[0], row[1], row[2], row[3])


def issues_of(db: Database, hand_ids: Sequence[int]) -> dict[int, tuple[IssueRow, ...]]:
    """hand row id -> its stored validation issues, in line order (hands without any are absent)."""
    found: dict[int, list[IssueRow]] = {}
    for hand_id, code, severity, message, line in db.execute(
        """select hand_id, code, severity, message, line from validation_issues
           where hand_id in (select value from json_each(?)) order by hand_id, line, id""",
        [_ids(hand_ids)],
    ).fetchall():
        found.setdefault(hand_id, []).append(IssueRow(code, severity, message, line))
    return {k: tuple(v) for k, v in found.items()}


def error_hands(db: Database, ids: Sequence[int], start: dt.datetime, end: dt.datetime) -> tuple[str, ...]:
    """Site hand numbers of the players' hands between start and end (UTC, inclusive) that
    are left out of every figure because their replay found an error."""
    rows = db.execute(
        """select distinct h.site_hand_id from hands h join hand_players hp on hp.hand_id = h.id
           where h.status = 'error' and hp.player_id in (select value from json_each(?))
             and h.start_time >= ? and h.start_time <= ? order by h.start_time""",
        [_ids(ids), start.isoformat(), end.isoformat()],
    ).fetchall()
    return tuple(r[0] for r in rows)


def stored_hands(db: Database, site_hand_id: str, site: str | None = None) -> list[StoredHand]:
    """Every stored hand with this site hand number (one per site; only `site`'s if given),
    with its raw text and issues; rejected hands included."""
    params: list[object] = [site_hand_id]
    where = "h.site_hand_id = ?"
    if site is not None:
        where += " and h.site = ?"
        params.append(site)
    rows = db.execute(
        f"""select h.id, h.site, h.site_hand_id, h.status, r.path, r.line, r.text
            from hands h join raw_hands r on r.hand_id = h.id where {where} order by h.site""",
        params,
    ).fetchall()
    issues = issues_of(db, [r[0] for r in rows])
    return [StoredHand(r[0], r[1], r[2], r[3], r[4] or "", r[5] or 0, r[6], issues.get(r[0], ())) for r in rows]
