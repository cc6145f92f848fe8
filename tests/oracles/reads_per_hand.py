"""The reads and the leaks' hand-by-hand figures counted the way hhtracker did before the read
facts were stored (session 5's report/reads.py and report/leaks.py): SQL over hand_facts,
actions and draws with correlated subqueries, every hand's final cards evaluated again when
read. A second implementation, independent of analysis/reads.py and the hand_reads table, that
tests/report/test_stored_reads.py compares the stored facts' counts with.

Shared with the program: the evaluators (rules/), the stored rows, and the rules that
classify one hand's cards (stats.leaks' low_made_badugi and opens_by_the_rule, stats.five_card's
classes; their values are tested on their own in tests/stats/test_leaks.py and
test_split_games.py), so what this oracle checks is the counting, not those rules. The lines
(first decision, entered before, pre-draw line, most aggressive decision after the last draw)
are worked out here in SQL, as they were. 5-Card Draw's reads (new with the stored facts) are counted here
too: its one draw, its line in round 2, two pair or better as made, five_card.HighClass.
"""

from __future__ import annotations

import sqlite3
import statistics
from collections import Counter, defaultdict
from typing import Any

from hhtracker.cards import parse_cards
from hhtracker.rules.games import game_rules
from hhtracker.rules.high import evaluate_high
from hhtracker.rules.lowball import LowKind
from hhtracker.stats.five_card import HighClass, counts_below_7, high_class, low_class
from hhtracker.stats.leaks import EARLY_POSITIONS, RFI_POSITIONS, low_made_badugi, opens_by_the_rule

RANKS = "A23456789TJQK"
_LAST = {4: "raised", 3: "bet", 2: "called", 1: "checked", 0: "folded", None: "no decision"}


def _pattern(d1: Any, d2: Any, d3: Any) -> str:
    reached = [d for d in (d1, d2, d3) if d is not None]
    if not reached:
        return "no draw"
    kept = len(reached)
    while kept and reached[kept - 1] == 0:
        kept -= 1
    words = ["pat" if d == 0 else f"drew {d}" for d in reached[:kept]]
    if kept < len(reached):
        words.append(f"{'then ' if words else ''}pat from draw {kept + 1}")
    if len(reached) < 3:
        words.append(f"no draw {len(reached) + 1}")
    return ", ".join(words)


def _predraw(first: Any, entered: bool, raised: bool, called: bool, folded: bool) -> str:
    if raised:
        return "raised first in" if first in ("raise", "bet") and not entered else "raised"
    if called:
        return "limped" if first == "call" and not entered else "called"
    return "folded" if folded else "checked"


def _read(game: str, text: str) -> tuple[bool, int | None, str] | None:
    """(made, top, class) of final cards, as the old reader evaluated them."""
    rules = game_rules(game)
    cards = parse_cards(text)
    if rules.high or rules.lowball:
        if len(cards) != 5 or len(set(cards)) != 5:
            return None
        if rules.high:
            shown = high_class(evaluate_high(cards))
            return shown is not HighClass.PAIR_OR_WORSE, None, shown.value
        low = rules.low_hand(cards)
        assert low is not None
        made = low.kind is LowKind.HIGH_CARD
        return made, low.ranks[0] if made else None, low_class(low, counts_below_7(game)).value
    hand = rules.badugi(cards)
    return hand.size == 4, hand.ranks[0] if hand.size == 4 else None, hand.hand_class.value


def reads(db: sqlite3.Connection, name: str, scope: str = "1",
          params: tuple[object, ...] = ()) -> dict[tuple[str, str], dict[tuple[str, str], dict[str, Any]]]:
    """(site, game) -> (grouping, label) -> {"hands", "made", "tops" (sorted), "classes"} of
    `name`'s counted hands with known final cards, those matching `scope` (a condition over
    hand_facts f, with `params`) only."""
    rows = db.execute(
        f"""select f.site, f.game, f.position, hp.final_cards,
              (select discarded from draws d where d.hand_id = f.hand_id and d.player_id = f.player_id and d.draw = 1),
              (select discarded from draws d where d.hand_id = f.hand_id and d.player_id = f.player_id and d.draw = 2),
              (select discarded from draws d where d.hand_id = f.hand_id and d.player_id = f.player_id and d.draw = 3),
              a.kind,
              exists(select 1 from actions b where b.hand_id = f.hand_id and b.round = 1 and b.seq < a.seq
                     and b.kind in ('call', 'bet', 'raise')),
              exists(select 1 from actions r where r.hand_id = f.hand_id and r.player_id = f.player_id
                     and r.round = 1 and r.kind in ('bet', 'raise')),
              exists(select 1 from actions c where c.hand_id = f.hand_id and c.player_id = f.player_id
                     and c.round = 1 and c.kind = 'call'),
              (select max(case l.kind when 'raise' then 4 when 'bet' then 3 when 'call' then 2 when 'check' then 1
                                      when 'fold' then 0 end)
                 from actions l where l.hand_id = f.hand_id and l.player_id = f.player_id and l.round = 4),
              (select max(case l.kind when 'raise' then 4 when 'bet' then 3 when 'call' then 2 when 'check' then 1
                                      when 'fold' then 0 end)
                 from actions l where l.hand_id = f.hand_id and l.player_id = f.player_id and l.round = 2),
              hp.folded_round
            from hand_facts f
            join hand_players hp on hp.hand_id = f.hand_id and hp.player_id = f.player_id
            left join actions a on a.hand_id = f.hand_id and a.seq = (
              select min(x.seq) from actions x where x.hand_id = f.hand_id and x.player_id = f.player_id
                and x.round = 1 and x.kind in ('fold', 'check', 'call', 'bet', 'raise'))
            where f.player = ? and hp.final_cards is not null and ({scope})""", [name, *params]).fetchall()
    out: dict[tuple[str, str], dict[tuple[str, str], dict[str, Any]]] = defaultdict(
        lambda: defaultdict(lambda: {"hands": 0, "made": 0, "tops": [], "classes": Counter()}))
    for site, game, position, cards, d1, d2, d3, first, entered, raised, called, last4, last2, folded in rows:
        single = game_rules(game).record.draws == 1  # (5-Card Draw, 2-7 Single Draw: the one draw, then round 2)
        labels = [("draw pattern", ("no draw" if d1 is None else "pat" if d1 == 0 else f"drew {d1}") if single
                   else _pattern(d1, d2, d3))]
        drew_last, after, where = (d1, last2, "the draw") if single else (d3, last4, "the last draw")
        if drew_last is not None:
            labels.append(("last draw and bet",
                           f"{'pat' if drew_last == 0 else f'drew {drew_last}'} at {where}, then {_LAST[after]}"))
        labels.append(("pre-draw action",
                       f"{_predraw(first, bool(entered), bool(raised), bool(called), folded == 1)}, {position}"))
        read = _read(game, cards)
        for label in labels:
            group = out[site, game][label]
            if read is None:
                continue
            made, top, shown = read
            group["hands"] += 1
            group["made"] += made
            if top is not None:
                group["tops"].append(top)
            group["classes"][shown] += 1
    for groups in out.values():
        for group in groups.values():
            group["tops"].sort()
    return out


def median_letter(tops: list[int]) -> str | None:
    """The lower middle top card as a letter (None without one)."""
    return RANKS[(statistics.median_low(tops) - 1) % 13] if tops else None


def leak_counts(db: sqlite3.Connection, ids: tuple[int, ...], within: str = "1",
                params: tuple[object, ...] = ()) -> dict[str, tuple[int, int]]:
    """key -> (done, opportunities) of raise first in per position, early opens and eight-low
    breaks over the players' counted Badugi hands (those matching `within`, a condition over
    hand_facts f, with `params`), as the old leaks read them."""
    marks = ", ".join("?" for _ in ids)
    scope = f"f.player_id in ({marks}) and f.game = 'badugi' and ({within})"
    args = [*ids, *params]  # (the parameters of `scope`)
    rows = db.execute(
        f"""with mine as (
              select f.hand_id, f.player_id, f.position, f.players_dealt,
                (select min(a.seq) from actions a where a.hand_id = f.hand_id and a.player_id = f.player_id
                   and a.round = 1 and a.kind in ('fold', 'check', 'call', 'bet', 'raise')) as seq
              from hand_facts f where {scope})
            select m.position, m.players_dealt, a.kind,
              exists(select 1 from actions b where b.hand_id = m.hand_id and b.round = 1 and b.seq < m.seq
                     and b.kind in ('call', 'bet', 'raise')),
              coalesce(d.cards_before, case when d.discarded is null then hp.final_cards end)
            from mine m
            join actions a on a.hand_id = m.hand_id and a.seq = m.seq
            join hand_players hp on hp.hand_id = m.hand_id and hp.player_id = m.player_id
            left join draws d on d.hand_id = m.hand_id and d.player_id = m.player_id and d.draw = 1""",
        args).fetchall()
    counts = {f"raise_first_in/{p}": [0, 0] for p in RFI_POSITIONS} | {"early_open": [0, 0], "break_eight_low": [0, 0]}
    for position, dealt, kind, entered, cards in rows:
        if entered:
            continue
        if dealt == 6 and position in RFI_POSITIONS:
            counts[f"raise_first_in/{position}"][0] += kind in ("raise", "bet")
            counts[f"raise_first_in/{position}"][1] += 1
        if position in EARLY_POSITIONS and kind in ("call", "bet", "raise") and cards:
            counts["early_open"][0] += opens_by_the_rule(cards)
            counts["early_open"][1] += 1
    for cards, discarded in db.execute(
            f"""select d.cards_before, d.discarded from hand_facts f
                join draws d on d.hand_id = f.hand_id and d.player_id = f.player_id
                where {scope} and d.cards_before is not null and d.discarded is not null""", args):
        if low_made_badugi(cards):
            counts["break_eight_low"][0] += discarded > 0
            counts["break_eight_low"][1] += 1
    return {key: (done, opp) for key, (done, opp) in counts.items()}
