"""Helpers shared by the per-hand statistics tests on hand-written hands
(tests/stats/test_per_hand.py, tests/stats/test_per_hand_later_rounds.py,
tests/stats/test_stat_coverage.py): replaying a file, and the checks both files make."""

from __future__ import annotations

from pathlib import Path

from hhtracker.parse.pokerstars import PokerStarsParser
from hhtracker.parse.read import split_hands
from hhtracker.rules.replay import replay
from hhtracker.stats.per_hand import per_hand_stats

# (cards drawn at draws 1-3, None = not reached; showdown class; net; rake), per player
Others = dict[str, tuple[tuple[int | None, int | None, int | None], str | None, int, int]]


def replayed_facts(path: Path) -> dict:
    """hand id -> (its replay, player -> facts) for every hand of a hand-written file; each
    must replay with status ok."""
    parser = PokerStarsParser()
    result = {}
    for raw in split_hands(path):
        replayed = replay(parser.parse(raw))
        assert replayed.status == "ok", replayed.issues
        result[replayed.hand.hand_id] = (replayed, {s.player: s for s in per_hand_stats(replayed)})
    return result


def check_draws_classes_nets_and_rake(facts_by_hand: dict, hand_id: str, others: Others, luck: dict) -> None:
    """The values that are not ratios, for every player of `others` (worked out by hand):
    cards drawn, showdown class, net and rake (cents), and the hero's draw luck (`luck`:
    (hand id, player) -> LuckDraw tuple; absent = no one-card draw)."""
    replayed, facts = facts_by_hand[hand_id]
    for player, (drawn, showdown_class, net, rake) in others.items():
        f = facts[player]
        assert (f.cards_drawn_d1, f.cards_drawn_d2, f.cards_drawn_d3) == drawn, player
        assert f.showdown_class == showdown_class, player
        result = replayed.player(player)
        assert (result.net, result.rake) == (net, rake), player
        assert f.luck == luck.get((hand_id, player), ()), player
