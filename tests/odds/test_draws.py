"""The draw odds (hhtracker.odds.draws): the seeds' table exactly, and a brute-force
enumeration of the drawing process (tests/oracles/draws.py) on random situations."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from hhtracker.cards import DECK, parse_cards
from hhtracker.odds.draws import TARGETS, Target, all_keeps, keep_odds, target_probability

from tests.oracles.draws import brute_force_probability

A23 = parse_cards("As 2h 3d Ks")  # seeds/002 section 3: "You are dealt A♠2♥3♦K♠"


def test_seed_002_one_draw_is_10_of_48():
    assert keep_odds(A23[:3], A23, 1).badugi == Fraction(10, 48)
    assert keep_odds(A23[:3], A23, 1).eight_high == Fraction(5, 48)
    assert keep_odds(A23[:3], A23, 1).seven_high == Fraction(4, 48)


# Worked by hand from the seed's counts (10, 5 and 4 hits of 48): the draw misses when each
# card drawn is one of the others, one fewer unseen card at each draw.
SEED_TABLE = {
    Target.BADUGI: (Fraction(10, 48), 1 - Fraction(38 * 37, 48 * 47), 1 - Fraction(38 * 37 * 36, 48 * 47 * 46)),
    Target.EIGHT_HIGH: (Fraction(5, 48), 1 - Fraction(43 * 42, 48 * 47), 1 - Fraction(43 * 42 * 41, 48 * 47 * 46)),
    Target.SEVEN_HIGH: (Fraction(4, 48), 1 - Fraction(44 * 43, 48 * 47), 1 - Fraction(44 * 43 * 42, 48 * 47 * 46)),
}
SEED_PERCENT = {  # the seed's printed figures, to one decimal
    Target.BADUGI: ("20.8", "37.7", "51.2"),
    Target.EIGHT_HIGH: ("10.4", "19.9", "28.6"),
    Target.SEVEN_HIGH: ("8.3", "16.1", "23.4"),
}


@pytest.mark.parametrize("target", list(Target))
@pytest.mark.parametrize("draws_left", [1, 2, 3])
def test_seed_002_table(target, draws_left):
    odds = target_probability(A23[:3], A23, draws_left, target)
    assert odds == SEED_TABLE[target][draws_left - 1]
    assert f"{float(odds) * 100:.1f}" == SEED_PERCENT[target][draws_left - 1]


def test_seed_002_miss_on_the_last_draw_is_38_of_48():
    assert 1 - keep_odds(A23[:3], A23, 1).badugi == Fraction(38, 48)  # seed section 5


def test_keeping_the_wrong_duplicate_loses_the_low_badugis():
    # A♠ and K♠ share a suit: keeping 2-3-K has the same 10 outs for any badugi (clubs but
    # the 2, 3 and K) and none for eight-high or better.
    wrong = keep_odds(parse_cards("2h 3d Ks"), A23, 1)
    assert (wrong.badugi, wrong.eight_high, wrong.seven_high) == (Fraction(10, 48), 0, 0)


def test_pat_and_impossible_keeps():
    badugi = parse_cards("As 2h 3d 9c")
    odds = {o.keep: o for o in all_keeps(badugi, (), 2)}
    assert odds[badugi].as_tuple == (1, 0, 0)  # nine-high: made, but not eight-high
    assert odds[parse_cards("As 2h 3d")].eight_high == 1 - Fraction(43 * 42, 48 * 47)
    paired = parse_cards("As Ah 3d 9c")
    assert {o.keep: o for o in all_keeps(paired, (), 3)}[paired[:2]].as_tuple == (0, 0, 0)
    assert len(all_keeps(badugi, (), 1)) == 16


def test_seen_cards_are_not_outs():
    # The hero threw away 4c and 5c earlier: 8 clubs complete A-2-3 now, of 46 unseen.
    seen = parse_cards("4c 5c")
    assert keep_odds(A23[:3], [*A23, *seen], 1).badugi == Fraction(8, 46)
    assert keep_odds(A23[:3], [*A23, *seen], 1).eight_high == Fraction(3, 46)


def test_bad_arguments():
    with pytest.raises(ValueError):
        all_keeps(A23[:3], (), 1)
    with pytest.raises(ValueError):
        target_probability(A23[:3], A23, 4, Target.BADUGI)
    with pytest.raises(ValueError):
        target_probability(parse_cards("Qc"), A23, 1, Target.BADUGI)


def _deal(rng: random.Random, unseen_count: int, keep_sizes: list[int]):
    """A random situation: (hand, keep, unseen cards, the other seen cards), the first
    unseen_count cards after the hand unseen and the rest seen."""
    deck = list(DECK)
    rng.shuffle(deck)
    hand = tuple(deck[:4])
    keep = tuple(rng.sample(hand, rng.choice(keep_sizes)))
    return hand, keep, deck[4:4 + unseen_count], deck[4 + unseen_count:]


def test_brute_force_enumeration_on_random_situations():
    """300 random situations: a hand, enough other seen cards to leave 5 to 10 unseen (so
    the enumeration stays small), 1 to 3 draws left, a random keep, every target."""
    rng = random.Random(18)
    checked = 0
    for _ in range(300):
        hand, keep, unseen, seen = _deal(rng, rng.randint(5, 10), [0, 1, 2, 2, 3, 3, 3, 4])
        draws_left = rng.randint(1, 3)
        odds = keep_odds(keep, [*hand, *seen], draws_left)
        for target in TARGETS:
            assert odds.odds(target) == brute_force_probability(keep, unseen, draws_left, target), (hand, keep, seen, draws_left, target)
            checked += odds.odds(target) > 0
    assert checked > 100  # most situations are not trivially zero


def test_brute_force_with_a_full_stub():
    """40 situations with only the hand seen (48 unseen): one or two cards replaced."""
    rng = random.Random(1818)
    for _ in range(40):
        hand, keep, unseen, _ = _deal(rng, 48, [2, 3])
        draws_left = 1 if len(keep) == 2 else rng.randint(1, 2)
        odds = keep_odds(keep, hand, draws_left)
        for target in TARGETS:
            assert odds.odds(target) == brute_force_probability(keep, unseen, draws_left, target), (hand, keep, draws_left, target)


def test_quality_ladder_against_brute_force():
    """Every quality (badugi no higher than K ... 4) on 60 random small situations."""
    from types import SimpleNamespace

    from hhtracker.odds.draws import LADDER, quality_ladder

    rng = random.Random(4)
    for _ in range(60):
        hand, keep, unseen, seen = _deal(rng, 8, [2, 3])
        draws_left = rng.randint(1, 3)
        ladder = quality_ladder(keep, [*hand, *seen], draws_left)
        assert ladder == tuple(brute_force_probability(keep, unseen, draws_left, SimpleNamespace(top_rank=top)) for top in LADDER)
