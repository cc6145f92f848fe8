"""Recompute the statistics facts of stored hands from their raw text (used by migrations
that add statistics, so hands imported before still count), and the summary tables from
them."""

from __future__ import annotations

from sqlite_utils import Database

from ..errors import HandHistoryError
from ..parse.read import RawHand
from ..parse.sites import Parsers
from ..pipeline import replay_raw
from ..stats.per_hand import per_hand_stats
from . import summary
from .repository import fact_columns, luck_rows


def recompute_facts(db: Database) -> int:
    """Update every counted hand's facts in hand_players and its draw_luck rows, then
    rebuild the summary tables (when they exist: m002 runs before m003 creates them);
    returns how many hands were recomputed. A hand that no longer parses is left as it was."""
    parsers = Parsers()
    done = 0
    rows = db.execute(
        """select h.id, h.site, r.path, r.line, r.text from hands h join raw_hands r on r.hand_id = h.id
           where h.status in ('ok', 'warning')"""
    ).fetchall()
    for hand_id, site, path, line, text in rows:
        try:
            replayed = replay_raw(RawHand(path, line, text), parsers, site)
        except HandHistoryError:  # no longer parses, or a site this version does not read
            continue
        ids = dict(db.execute("select name, id from players where site = ?", [site]).fetchall())
        db.execute("delete from draw_luck where hand_id = ?", [hand_id])
        for stats in per_hand_stats(replayed):
            player_id = ids.get(stats.player)
            if player_id is None:
                continue
            values = fact_columns(stats)
            assignments = ", ".join(f"{column} = ?" for column in values)
            db.execute(
                f"update hand_players set {assignments} where hand_id = ? and player_id = ?",
                [*values.values(), hand_id, player_id],
            )
            db["draw_luck"].insert_all(luck_rows(hand_id, player_id, stats))
        done += 1
    if summary.exists(db):
        summary.rebuild(db)
    return done
