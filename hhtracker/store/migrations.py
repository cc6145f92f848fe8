"""The database schema, as sqlite-utils migrations. Money columns are integers in the
smallest unit (cents; chips in tournaments); `hands.currency` says which ("chips").

Tables: files, hands, raw_hands, players, hand_players, actions, draws, validation_issues;
view: player_stats (see README.md, "Database").
"""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from ..stats.per_hand import DRAW_KEYS, STAT_KEYS

migrations = Migrations("hhtracker")


@migrations()
def m001_initial(db: Database) -> None:
    db["files"].create(
        {
            "id": int,
            "path": str,
            "size": int,
            "sha256": str,
            "imported_at": str,
            "hands_new": int,
            "hands_duplicate": int,
            "hands_rejected": int,
            "hands_unsupported": int,
        },
        pk="id",
    )
    db["files"].create_index(["sha256"])
    db["hands"].create(
        {
            "id": int,
            "site": str,
            "site_hand_id": str,
            "status": str,  # ok | warning | error (replay found an error) | rejected (did not parse)
            "game": str,
            "structure": str,  # FL, PL, HPL, NL
            "currency": str,  # USD, EUR...; "chips" for tournaments and play money
            "tournament_id": str,
            "buy_in": str,
            "level": str,
            "small_bet": int,
            "big_bet": int,
            "big_blind": int,
            "table_name": str,
            "max_seats": int,
            "button_seat": int,
            "players_dealt": int,
            "start_time": str,  # ISO 8601, UTC
            "local_time": str,  # the site's first time stamp as written
            "total_pot": int,
            "rake": int,
            "showdown": int,
            "walk": int,
            "hero": str,
            "file_id": int,
            "line": int,
        },
        pk="id",
        foreign_keys=[("file_id", "files", "id")],
    )
    db["hands"].create_index(["site", "site_hand_id"], unique=True)
    db["hands"].create_index(["start_time"])
    db["raw_hands"].create(
        {"hand_id": int, "path": str, "line": int, "text": str},
        pk="hand_id",
        foreign_keys=[("hand_id", "hands", "id")],
    )
    db["players"].create({"id": int, "site": str, "name": str}, pk="id")
    db["players"].create_index(["site", "name"], unique=True)
    columns: dict[str, type] = {
        "hand_id": int,
        "player_id": int,
        "seat": int,
        "position": str,
        "stack": int,
        "dealt_in": int,
        "contributed": int,
        "collected": int,
        "net": int,
        "rake": int,
        "folded_round": int,
        "all_in": int,
        "reached_draw": int,
        "showdown": int,
        "final_cards": str,
        "hand_class": str,
        "hand_description": str,
    }
    for key in STAT_KEYS:
        columns[f"{key}_done"] = int
        columns[f"{key}_opp"] = int
    for key in DRAW_KEYS:
        columns[key] = int
    db["hand_players"].create(
        columns,
        pk=("hand_id", "player_id"),
        foreign_keys=[("hand_id", "hands", "id"), ("player_id", "players", "id")],
    )
    db["hand_players"].create_index(["player_id"])
    db["actions"].create(
        {
            "hand_id": int,
            "seq": int,
            "round": int,  # 1 pre-draw ... 4 after the third draw
            "player_id": int,
            "kind": str,
            "amount": int,
            "to_amount": int,
            "all_in": int,
            "line": int,
        },
        pk=("hand_id", "seq"),
        foreign_keys=[("hand_id", "hands", "id"), ("player_id", "players", "id")],
    )
    db["draws"].create(
        {
            "hand_id": int,
            "player_id": int,
            "draw": int,  # 1, 2, 3
            "discarded": int,  # NULL = did not reach the draw, 0 = stood pat
            "cards_before": str,
            "discarded_cards": str,
            "new_cards": str,
            "line": int,
        },
        pk=("hand_id", "player_id", "draw"),
        foreign_keys=[("hand_id", "hands", "id"), ("player_id", "players", "id")],
    )
    db["validation_issues"].create(
        {"id": int, "hand_id": int, "code": str, "severity": str, "message": str, "line": int},
        pk="id",
        foreign_keys=[("hand_id", "hands", "id")],
    )
    db["validation_issues"].create_index(["hand_id"])
    ratio_columns = ",\n  ".join(
        f"sum(hp.{key}_done) as {key}_done, sum(hp.{key}_opp) as {key}_opp" for key in STAT_KEYS
    )
    db.create_view(
        "player_stats",
        f"""
select
  p.site as site, p.name as player, count(*) as hands,
  {ratio_columns},
  sum(hp.net) as net, sum(hp.rake) as rake, h.currency as currency
from hand_players hp
join hands h on h.id = hp.hand_id
join players p on p.id = hp.player_id
where h.status in ('ok', 'warning') and hp.dealt_in = 1
group by p.id, h.currency
""",
    )


def migrate(db: Database) -> None:
    """Bring a database up to the current schema (idempotent)."""
    migrations.apply(db)
