"""Tournaments read back from the database (`hhtracker tournaments`), PokerStars summary files
stored, and the hero's accounts (`hhtracker hero`).

A tournament row is built when read, from the hands (tournament_id, buy_in, start_time:
nothing per hand beyond what the import already stored), the finish lines
(tournament_finishes) and the summary files (tournament_summaries, _places); see
hhtracker/tournaments.py for the money rules.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from sqlite_utils import Database

from ..filters import Filters
from ..model import Site
from ..parse.stars_summary import TournamentSummary
from ..tournaments import BuyIn, TournamentResult, parse_buy_in


def store_summary(db: Database, summary: TournamentSummary, site: str = Site.POKERSTARS) -> None:
    """Store (or replace) one tournament summary file and its places. Call inside a write
    transaction."""
    key = [site, summary.tournament_id]
    db.execute("delete from tournament_summary_places where site = ? and tournament_id = ?", key)
    db.table("tournament_summaries").insert(
        {"site": site, "tournament_id": summary.tournament_id, "game": summary.game, "buy_in": summary.buy_in_text,
         "entrants": summary.entrants, "prize_pool": summary.prize_pool, "path": summary.path}, replace=True)
    db.table("tournament_summary_places").insert_all(
        ({"site": site, "tournament_id": summary.tournament_id, "place": p.place, "player": p.player, "prize": p.prize,
          "prize_currency": p.prize_currency, "finished": int(p.finished)} for p in summary.places),
        replace=True)


def tournament_results(db: Database, player_ids: Sequence[int] | None, filters: Filters = Filters()) -> list[TournamentResult]:
    """One TournamentResult per tournament and player (of `player_ids`; None: every
    player) over the counted hands the filters match, oldest first. raises ValueError for
    bad stakes."""
    where, params = filters.where("f")
    if player_ids is not None:
        where += f" and f.player_id in ({', '.join('?' for _ in player_ids)})"
        params = [*params, *player_ids]
    # `f.hand_id in (...)` says the same as `h.tournament_id is not null`, but lets SQLite start
    # from the tournament hands (one pass over hands) instead of from every hand of the players
    # (1,000,000 hands of a cash player, none in a tournament: 0.57 s -> 0.06 s; a player of
    # tournament hands only pays ~30% more: 4.3 -> 5.6 ms on 5,000). An index on
    # hands(tournament_id) would serve both.
    rows = db.execute(
        f"""select h.site, h.tournament_id, f.player_id, f.player, f.game, f.structure, max(h.buy_in),
                   count(*), min(f.start_time), max(f.start_time)
            from hand_facts f join hands h on h.id = f.hand_id
            where h.tournament_id is not null and {where}
              and f.hand_id in (select id from hands where tournament_id is not null)
            group by h.site, h.tournament_id, f.player_id
            order by min(f.start_time), h.tournament_id, f.player""",
        params,
    ).fetchall()
    if not rows:
        return []
    finishes = {
        (site, tid, pid): (place, prize, currency)
        for site, tid, pid, place, prize, currency in db.execute(
            """select h.site, h.tournament_id, t.player_id, t.place, t.prize, t.prize_currency
               from tournament_finishes t join hands h on h.id = t.hand_id order by h.start_time""").fetchall()
    }
    summaries = {(site, tid): (buy_in, entrants) for site, tid, buy_in, entrants in db.execute(
        "select site, tournament_id, buy_in, entrants from tournament_summaries").fetchall()}
    places = {(site, tid, player): (place, prize, currency) for site, tid, player, place, prize, currency in db.execute(
        "select site, tournament_id, player, place, prize, prize_currency from tournament_summary_places where finished = 1"
    ).fetchall()}
    results = []
    for site, tid, pid, player, game, structure, buy_in_text, hands, first, last in rows:
        summary = summaries.get((site, tid))
        buy = parse_buy_in(buy_in_text)
        if buy.buy_in is None and summary is not None:
            buy = parse_buy_in(summary[0])
        finish = finishes.get((site, tid, pid))
        source: str | None = "hand"
        if finish is None or finish[0] is None:
            finish, source = places.get((site, tid, player)), "summary"
        place, prize, prize_currency = finish if finish is not None else (None, None, None)
        if place is None:
            prize, source = None, None
        elif prize is None:
            prize = 0  # a finish line without "and received": no prize
        results.append(TournamentResult(
            site, tid, player, game, structure, buy, summary[1] if summary else None, hands, first, last,
            place, prize, prize_currency or (buy.currency if place is not None else None), source))
    return results


# --- the hero's accounts -------------------------------------------------------------------


def hero_accounts(db: Database | sqlite3.Connection) -> list[tuple[str, str]]:
    """(site, name) of every configured account, site "" for every site; sorted."""
    return [tuple(r) for r in db.execute("select site, name from hero_accounts order by name, site").fetchall()]


def add_hero_account(db: Database, name: str, site: str | None) -> bool:
    """Remember `name` as the user's (on `site`, None: every site). False when it was already."""
    key = [site or "", name]
    if db.execute("select 1 from hero_accounts where site = ? and name = ?", key).fetchone():
        return False
    db.execute("insert into hero_accounts (site, name) values (?, ?)", key)
    return True


def remove_hero_account(db: Database, name: str, site: str | None) -> int:
    """Forget `name` (on `site` only, or on every site entry when None); how many were removed."""
    if site is None:
        return db.execute("delete from hero_accounts where name = ?", [name]).rowcount
    return db.execute("delete from hero_accounts where site = ? and name = ?", [site, name]).rowcount


def configured_hero_ids(db: Database | sqlite3.Connection) -> dict[str, list[tuple[str, int]]]:
    """site -> [(name, players.id)] of the configured accounts that have hands stored."""
    found: dict[str, list[tuple[str, int]]] = {}
    for site, name in hero_accounts(db):
        sql = "select site, name, id from players where name = ?" + (" and site = ?" if site else "") + " order by site"
        for player_site, player_name, player_id in db.execute(sql, [name, site] if site else [name]).fetchall():
            found.setdefault(player_site, []).append((player_name, player_id))
    return found


__all__ = ["BuyIn", "add_hero_account", "configured_hero_ids", "hero_accounts", "remove_hero_account",
           "store_summary", "tournament_results"]
