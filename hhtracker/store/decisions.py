"""The draw_decisions table: one row per draw of the hero with known cards (issue 18).

Columns: hand_id, player_id, draw (1-3), draws_left (3-1), cards_before (his four cards),
kept (the cards he kept, '' for none), discarded (how many), dominated (0/1), dominated_by
(the kept cards of the best keep of his size that dominates his, NULL when none); for each
target (badugi, eight_high, seven_high): `<target>` his keep's probability, `<target>_best`
the best alternative's, `<target>_best_keep` its kept cards, `dominated_by_<target>` the
dominating keep's probability (NULL when none); seen (his earlier discards this hand, the
cards the odds count as seen besides his hand) and `<target>_best_<other>` the best keep
for a target's probability of each other target (migration m011: what the hand report
shows, so that it reads the decisions instead of computing them). Probabilities are exact
fractions as text ("425/1128", "0", "1"). hhtracker/odds/decisions.py defines them.
`read_decisions` gives a stored hand's decisions back as odds.decisions.DrawDecision.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from sqlite_utils import Database

from ..cards import Card, format_cards, parse_cards
from ..analysis import draw_decisions
from ..odds.decisions import DrawDecision, fraction_text
from ..odds.draws import TARGETS, KeepOdds

TABLE = "draw_decisions"
COLUMNS: dict[str, type] = {
    "hand_id": int, "player_id": int, "draw": int, "draws_left": int, "cards_before": str, "kept": str,
    "discarded": int, "dominated": int, "dominated_by": str,
    **{f"{t.value}{end}": str for t in TARGETS for end in ("", "_best", "_best_keep")},
    **{f"dominated_by_{t.value}": str for t in TARGETS},
}
ADDED_COLUMNS: dict[str, type] = {  # (m011)
    "seen": str,
    **{f"{t.value}_best_{u.value}": str for t in TARGETS for u in TARGETS if u is not t},
}
COLUMNS.update(ADDED_COLUMNS)


def decision_row(decision: DrawDecision) -> dict[str, object]:
    """One decision as a row (without hand_id and player_id)."""
    row: dict[str, object] = {
        "draw": decision.draw, "draws_left": decision.draws_left, "cards_before": format_cards(decision.hand),
        "kept": format_cards(decision.kept), "discarded": len(decision.discarded), "dominated": int(decision.dominated),
        "dominated_by": format_cards(decision.dominated_by.keep) if decision.dominated_by else None,
    }
    for target, best in zip(TARGETS, decision.best):
        row[target.value] = fraction_text(decision.chosen.odds(target))
        row[f"{target.value}_best"] = fraction_text(best.odds(target))
        row[f"{target.value}_best_keep"] = format_cards(best.keep)
        row[f"dominated_by_{target.value}"] = (fraction_text(decision.dominated_by.odds(target))
                                               if decision.dominated_by else None)
    row["seen"] = format_cards(decision.seen)
    for target, best in zip(TARGETS, decision.best):
        for other in TARGETS:
            if other is not target:
                row[f"{target.value}_best_{other.value}"] = fraction_text(best.odds(other))
    return row


def decision_rows(decisions: Iterable[DrawDecision], hero: str | None) -> list[dict[str, object]]:
    """The rows of the hero's decisions (AnalyzedHand.decisions), "player" naming the hero."""
    if hero is None:
        return []
    return [{"player": hero, **decision_row(d)} for d in decisions]


def create_table(db: Database) -> None:
    """The table with every column (m007 on a database that never had it; m011 adds
    ADDED_COLUMNS to a table made before them)."""
    if not db.table(TABLE).exists():
        db.table(TABLE).create(COLUMNS, pk=("hand_id", "player_id", "draw"),
                         foreign_keys=[("hand_id", "hands", "id"), ("player_id", "players", "id")])
        db.table(TABLE).create_index(["player_id", "dominated"], if_not_exists=True)


@dataclass(frozen=True, slots=True)
class _StoredDraw:
    player: int
    draw: int
    cards_before: tuple[Card, ...] | None
    discarded_cards: tuple[Card, ...] | None


def add_columns(db: Database) -> None:
    """The columns m011 added, on a table made before them (none when they are there)."""
    there = set(db.table(TABLE).columns_dict)
    for name, kind in ADDED_COLUMNS.items():
        if name not in there:
            db.table(TABLE).add_column(name, kind)


def backfill(db: Database, *, missing_only: bool = False) -> int:
    """Decisions for the hands stored before the table existed (missing_only: the hands
    whose rows lack the m011 columns), from the draws table (where the hero's cards are
    kept): no parsing. Returns how many rows were written."""
    only = " and hand_id in (select hand_id from draw_decisions where seen is null)" if missing_only else ""
    rows = db.execute(
        "select hand_id, player_id, draw, cards_before, discarded_cards from draws where cards_before is not null"
        f" and discarded_cards is not null{only} order by hand_id, player_id, draw"
    ).fetchall()
    by_hand: dict[tuple[int, int], list[_StoredDraw]] = {}
    for hand_id, player_id, draw, before, thrown in rows:
        try:
            stored = _StoredDraw(player_id, draw, parse_cards(before), parse_cards(thrown))
        except ValueError:
            continue
        by_hand.setdefault((hand_id, player_id), []).append(stored)
    out = [{"hand_id": hand_id, "player_id": player_id, **decision_row(d)}
           for (hand_id, player_id), draws in by_hand.items() for d in draw_decisions(draws, player_id)]
    db.table(TABLE).insert_all(out, pk=("hand_id", "player_id", "draw"), replace=True)
    return len(out)


def _odds(text: str | None) -> Fraction:
    if text is None:
        raise ValueError("no odds stored")
    return Fraction(text)


def _keep(cards: str | None, odds: dict[str, str | None]) -> KeepOdds:
    """A keep read back: its cards and its odds per target (target name -> stored text)."""
    return KeepOdds(parse_cards(cards or ""), *(_odds(odds[t.value]) for t in TARGETS))


def read_decisions(db: Database, hand_id: int) -> tuple[DrawDecision, ...] | None:
    """The draw decisions stored for a hand (hands.id), in draw order, as
    odds.decisions.DrawDecision (exactly as computed at import: nothing is computed here);
    () when it has none (no hero, no draw with known cards); None when the database does not
    store them whole (made before migration m011, opened read-only) or a stored row cannot
    be read back."""
    if not db.table(TABLE).exists() or not set(ADDED_COLUMNS) <= set(db.table(TABLE).columns_dict):
        return None
    names = list(COLUMNS)
    rows = db.execute(f"select {', '.join(names)} from {TABLE} where hand_id = ? order by player_id, draw",
                      [hand_id]).fetchall()
    out = []
    try:
        for values in rows:
            row = dict(zip(names, values))
            if row["seen"] is None:
                return None
            chosen = _keep(row["kept"], {t.value: row[t.value] for t in TARGETS})
            best = tuple(_keep(row[f"{t.value}_best_keep"], {u.value: row[f"{t.value}_best" if u is t else f"{t.value}_best_{u.value}"]
                                                               for u in TARGETS}) for t in TARGETS)
            dominated_by = (None if row["dominated_by"] is None else
                            _keep(row["dominated_by"], {t.value: row[f"dominated_by_{t.value}"] for t in TARGETS}))
            out.append(DrawDecision(row["draw"], row["draws_left"], parse_cards(row["cards_before"]), parse_cards(row["seen"]),
                                    chosen, (best[0], best[1], best[2]), dominated_by))
    except (ValueError, ZeroDivisionError, TypeError):
        return None
    return tuple(out)
