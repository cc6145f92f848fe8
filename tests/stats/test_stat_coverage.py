"""The hand-written statistics hands as a whole (the six of tests/stats/test_per_hand.py and
the two of tests/stats/test_per_hand_later_rounds.py): every STAT_KEYS entry has a done and a
not-done case among them, and the program's facts keep the rules every statistic obeys
(STATS.md): done <= opportunities (AF apart), a total is the sum of its rounds or draws, on
those hands and on generated ones."""

from __future__ import annotations

from hhtracker.generate import generate_hands
from hhtracker.parse.pokerstars import PokerStarsParser
from hhtracker.parse.read import RawHand
from hhtracker.rules.replay import replay
from hhtracker.stats.per_hand import STAT_KEYS, UNBOUNDED_KEYS, per_hand_stats

from tests.stats.test_per_hand import EXPECTED as FIRST_SIX
from tests.stats.test_per_hand import FACTS as FIRST_SIX_FACTS
from tests.stats.test_per_hand_later_rounds import EXPECTED
from tests.stats.test_per_hand_later_rounds import FACTS as MORE_FACTS

# a total and the three rounds (post-draw rounds 2-4) or draws (1-3) it adds up
TOTALS = (
    ("af", ("af_r2", "af_r3", "af_r4")),
    ("afq", ("afq_r2", "afq_r3", "afq_r4")),
    ("check_raise", ("check_raise_r2", "check_raise_r3", "check_raise_r4")),
    ("fold_to_bet", ("fold_to_bet_r2", "fold_to_bet_r3", "fold_to_bet_r4")),
    ("lead", ("lead_r2", "lead_r3", "lead_r4")),
    ("snow_known", ("snow_known_d1", "snow_known_d2", "snow_known_d3")),
    ("break_known", ("break_known_d1", "break_known_d2", "break_known_d3")),
)


def _coverage_gaps(expected_by_hand: dict[str, dict[str, dict[str, tuple[int, int]]]]) -> dict[str, list[str]]:
    """Keys lacking a done case (done >= 1) or a not-done case (done 0 with 1+
    opportunities) among these hand-worked expectations."""
    gaps: dict[str, list[str]] = {}
    for key in STAT_KEYS:
        cases = [e.get(key, (0, 0)) for players in expected_by_hand.values() for e in players.values()]
        missing = []
        if not any(done >= 1 for done, _ in cases):
            missing.append("done")
        if not any(done == 0 and opportunity >= 1 for done, opportunity in cases):
            missing.append("not done")
        if missing:
            gaps[key] = missing
    return gaps


def test_every_stat_key_has_a_done_and_a_not_done_case() -> None:
    """Coverage cannot regress: across the hand-written hands (worked out by hand) every
    STAT_KEYS entry has a player who did it and a player who had the chance and did not."""
    assert _coverage_gaps({**FIRST_SIX, **EXPECTED}) == {}


def test_coverage_gaps_detects_a_missing_case() -> None:
    # the only check-raise made on round 3 is Dan's in hand 8: without it, a gap
    combined = {**FIRST_SIX, **EXPECTED}
    dan = dict(combined["90000000008"]["Dan"], check_raise_r3=(0, 1))
    combined["90000000008"] = dict(combined["90000000008"], Dan=dan)
    assert _coverage_gaps(combined) == {"check_raise_r3": ["done"]}
    # no hands at all: every key lacks both
    assert _coverage_gaps({}) == {key: ["done", "not done"] for key in STAT_KEYS}


def _inconsistencies(pairs: dict[str, tuple[int, int]]) -> list[tuple]:
    """What breaks the rules every statistic obeys in one player's (done, opportunities) by
    key (absent = (0, 0)): done > opportunities outside UNBOUNDED_KEYS (AF's bets + raises
    may exceed its calls), a total other than the sum of its three rounds or draws."""
    wrong: list[tuple] = []
    for key in STAT_KEYS:
        done, opportunity = pairs.get(key, (0, 0))
        if key not in UNBOUNDED_KEYS and not 0 <= done <= opportunity:
            wrong.append((key, done, opportunity))
    for total, parts in TOTALS:
        sums = tuple(sum(pairs.get(p, (0, 0))[i] for p in parts) for i in (0, 1))
        if sums != pairs.get(total, (0, 0)):
            wrong.append((total, sums, pairs.get(total, (0, 0))))
    return wrong


def _pairs(facts) -> dict[str, tuple[int, int]]:
    return {key: (int(getattr(facts, key).done), int(getattr(facts, key).opportunity)) for key in STAT_KEYS}


def test_facts_are_consistent() -> None:
    """The program's facts keep those rules on the eight hand-written hands and on 300
    generated six-handed hands (all-ins, side pots, caps, showdowns); so do the hand-worked
    tuples, which the other tests compare with the program."""
    parser = PokerStarsParser()
    checked = 0
    for _replayed, facts in (*FIRST_SIX_FACTS.values(), *MORE_FACTS.values()):
        for player, f in facts.items():
            assert _inconsistencies(_pairs(f)) == [], player
            checked += 1
    for hand in generate_hands(hands=300, seed=17, tables=2, seats_per_table=6):
        replayed = replay(parser.parse(RawHand("generated.txt", 1, hand.text)))
        for f in per_hand_stats(replayed):
            assert _inconsistencies(_pairs(f)) == [], (f.player, hand.text)
            checked += 1
    assert checked > 300 * 2  # at least two players a hand were checked
    # and the check can fail: a done above its opportunities, a total off its rounds
    assert _inconsistencies({"vpip": (1, 0)}) == [("vpip", 1, 0)]
    assert _inconsistencies({"af": (3, 1), "af_r2": (3, 1)}) == []  # AF unbounded
    assert _inconsistencies({"lead": (1, 1)}) == [("lead", (0, 0), (1, 1))]
    for players in {**FIRST_SIX, **EXPECTED}.values():
        for player, expected in players.items():
            assert _inconsistencies(expected) == [], player

