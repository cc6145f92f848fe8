"""The draw_decisions table: one row per draw of the hero with known cards (issue 18).

Columns: hand_id, player_id, draw (1-3), draws_left (3-1), cards_before (his four cards),
kept (the cards he kept, '' for none), discarded (how many), dominated (0/1), dominated_by
(the kept cards of the best keep of his size that dominates his, NULL when none); for each
target (badugi, eight_high, seven_high): `<target>` his keep's probability, `<target>_best`
the best alternative's, `<target>_best_keep` its kept cards, `dominated_by_<target>` the
dominating keep's probability (NULL when none). Probabilities are exact
fractions as text ("425/1128", "0", "1"). hhtracker/odds/decisions.py defines them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlite_utils import Database

from ..cards import Card, format_cards, parse_cards
from ..analysis import draw_decisions
from ..odds.decisions import DrawDecision, fraction_text
from ..odds.draws import TARGETS

TABLE = "draw_decisions"
COLUMNS: dict[str, type] = {
    "hand_id": int, "player_id": int, "draw": int, "draws_left": int, "cards_before": str, "kept": str,
    "discarded": int, "dominated": int, "dominated_by": str,
    **{f"{t.value}{end}": str for t in TARGETS for end in ("", "_best", "_best_keep")},
    **{f"dominated_by_{t.value}": str for t in TARGETS},
}


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
    return row


def decision_rows(decisions: Iterable[DrawDecision], hero: str | None) -> list[dict[str, object]]:
    """The rows of the hero's decisions (AnalyzedHand.decisions), "player" naming the hero."""
    if hero is None:
        return []
    return [{"player": hero, **decision_row(d)} for d in decisions]


def create_table(db: Database) -> None:
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


def backfill(db: Database) -> int:
    """Decisions for the hands stored before the table existed, from the draws table (where
    the hero's cards are kept): no parsing. Returns how many rows were written."""
    rows = db.execute(
        "select hand_id, player_id, draw, cards_before, discarded_cards from draws where cards_before is not null"
        " and discarded_cards is not null order by hand_id, player_id, draw"
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
