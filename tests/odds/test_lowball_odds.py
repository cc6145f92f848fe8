"""Exact 2-7 draw odds (odds/lowball.py): keeps worked out by hand, and every count against
plain enumeration of every draw (tests/oracles/lowball_odds.py)."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from hhtracker.cards import DECK, parse_cards
from hhtracker.odds.lowball import ACE_TO_FIVE, LOW_TARGETS, LowTarget, all_low_keeps, low_odds

from tests.oracles.lowball_odds import brute_low_odds, brute_low_odds_by_last

SEVEN, EIGHT, NINE = LowTarget.SEVEN_LOW, LowTarget.EIGHT_LOW, LowTarget.NINE_LOW


@pytest.mark.parametrize(("hand", "keep", "seen", "expected"), [
    # keep 7-5-3-2 of four suits, 47 unseen: a 4 or a 6 (4 of each) makes a 7-low; an 8
    # adds 4 for an 8-low, a 9 4 more for a 9-low (no straight, no flush possible)
    ("7c 5d 3h 2s Kc", "7c 5d 3h 2s", "", (Fraction(8, 47), Fraction(12, 47), Fraction(16, 47))),
    # keep 6-5-4-3: a 2 or a 7 is a straight, so no 7-low; an 8 (4 cards) an 8-low, a 9 too
    ("6c 5d 4h 3s Kc", "6c 5d 4h 3s", "", (Fraction(0), Fraction(4, 47), Fraction(8, 47))),
    # keep four hearts 7-5-3-2: the 4h and 6h make a flush: 6 cards for a 7-low; the 8s
    # but the 8h: 3 more; the 9s but the 9h: 3 more
    ("7h 5h 3h 2h Kc", "7h 5h 3h 2h", "", (Fraction(6, 47), Fraction(9, 47), Fraction(12, 47))),
    # the same keep having thrown two 4s and a 6 earlier: 45 unseen, 2 fours and 3 sixes
    ("7c 5d 3h 2s Kc", "7c 5d 3h 2s", "4c 4d 6h", (Fraction(5, 44), Fraction(9, 44), Fraction(13, 44))),
    # keep nothing, 45 unseen (9c 9d seen too): the 7-lows are 2-3-4-5-7, 2-3-4-6-7,
    # 2-3-5-6-7, 2-4-5-6-7 (2-3-4-5-6 and 3-4-5-6-7 are straights) with 3, 3, 4, 3, 4, 3
    # unseen 2s .. 7s: 324 + 432 + 324 + 432 = 1,512 ways, less 2 flushes (2d 3d 4d 6d 7d,
    # 2h 4h 5h 6h 7h): 1,510 of C(45, 5) = 1,221,759
    ("7c 5d 3h 2s Kc", "", "9c 9d", (Fraction(1510, 1221759), None, None)),
    # pat on 7-6-4-3-2 (a 7-low) and on a pair, a straight, a flush
    ("7c 6d 4h 3s 2c", "7c 6d 4h 3s 2c", "", (Fraction(1), Fraction(1), Fraction(1))),
    ("7c 7d 4h 3s 2c", "7c 7d 4h 3s 2c", "", (Fraction(0), Fraction(0), Fraction(0))),
    ("6c 5d 4h 3s 2c", "6c 5d 4h 3s 2c", "", (Fraction(0), Fraction(0), Fraction(0))),
    ("8c 6c 4c 3c 2c", "8c 6c 4c 3c 2c", "", (Fraction(0), Fraction(0), Fraction(0))),
    # an ace is high in 2-7: keeping it never makes these lows
    ("Ac 5d 3h 2s Kc", "Ac 5d 3h 2s", "", (Fraction(0), Fraction(0), Fraction(0))),
])
def test_keeps_by_hand(hand, keep, seen, expected):
    known = parse_cards(hand) + (parse_cards(seen) if seen else ())
    kept = parse_cards(keep) if keep else ()
    for target, value in zip(LOW_TARGETS, expected):
        if value is not None:
            assert low_odds(kept, known, target) == value, target


def test_against_every_draw_enumerated():
    """Random hands and keeps of 2 to 5 cards (draws of up to 3 cards: every draw listed),
    with and without earlier discards, each target, against the oracle."""
    rng = random.Random(27)
    deck = list(DECK)
    low_cards = [c for c in deck if 2 <= c.rank.value_low <= 9]
    checked = 0
    for _ in range(60):
        hand = tuple(rng.sample(low_cards, 4) + [rng.choice([c for c in deck if c.rank.value_low in (1, 10, 11, 12, 13)])])
        if len(set(hand)) != 5:
            continue
        others = [c for c in deck if c not in hand]
        seen = tuple(rng.sample(others, rng.choice((0, 2, 5))))
        keep = tuple(rng.sample(hand[:4], rng.choice((2, 3, 4))))
        if rng.random() < 0.3:  # all of one suit sometimes: the flush case
            suit = hand[0].suit
            keep = tuple(c for c in low_cards if c.suit is suit and c not in seen)[:rng.choice((2, 3, 4))]
            hand = keep + tuple(c for c in others if c not in keep and c not in seen)[: 5 - len(keep)]
        known = hand + seen
        for target in LOW_TARGETS:
            assert low_odds(keep, known, target) == brute_low_odds(keep, known, target.top_rank), (hand, keep, seen, target)
            checked += 1
    assert checked >= 150


def test_all_keeps_orders_and_counts():
    hand = parse_cards("7c 5d 3h 2s Kc")
    keeps = all_low_keeps(hand, ())
    assert len(keeps) == 32 and keeps[0].keep == hand and keeps[-1].keep == ()
    by_keep = {k.keep: k for k in keeps}
    assert by_keep[parse_cards("7c 5d 3h 2s")].odds(SEVEN) == Fraction(8, 47)
    with pytest.raises(ValueError):
        all_low_keeps(hand[:4], ())
    with pytest.raises(ValueError):
        low_odds(parse_cards("7c 7c"), hand, NINE)


@pytest.mark.parametrize("draws", [1, 2, 3])
def test_drawing_one_by_the_last_draw_by_hand(draws):
    # keep 7-5-3-2 of four suits, 47 unseen, 8 outs for a 7-low (the fours and sixes): he
    # misses when every draw brings one of the 39 others, 1 - C(39, n) / C(47, n); for the
    # 8-low 12 outs, for the 9-low 16
    hand = parse_cards("7c 5d 3h 2s Kc")
    keep = hand[:4]
    for target, outs in ((SEVEN, 8), (EIGHT, 12), (NINE, 16)):
        expected = 1 - Fraction(comb(47 - outs, draws), comb(47, draws))
        assert low_odds(keep, hand, target, draws) == expected, target


@pytest.mark.parametrize(("hand", "keep", "seen", "draws"), [
    ("7c 5d 3h 2s Kc", "7c 5d 3h 2s", "", 3),  # one card, three draws: every one of 97,290 orders
    ("7h 5h 3h 2h Kc", "7h 5h 3h 2h", "9c 9d", 3),  # a flush draw's keep: the 4h and 6h do not count
    # two cards to draw, two draws: a deck thinned by 27 seen cards (20 unseen) to list them all
    ("8c 6d 2h Ks Qs", "8c 6d 2h", "Ac Ad Ah As Kc Kd Kh Qc Qd Qh Jd Jh Js Tc Td Th Ts 9c 9d 3c 3d 4c", 2),
    ("7s 4s 2s Kd Qd", "7s 4s 2s", "Ac Ad Ah As Kc Kh Ks Qc Qh Qs Jd Jh Js Tc Td Th Ts 9c 9d 9h 3c 5c", 2),
    # keeping nothing (any suit's flush), two draws of five from 15 unseen cards
    ("Kc Kd Kh Ks Qc", "", "Ac Ad Ah As Qd Qh Qs Jc Jd Jh Js Tc Td Th Ts 9c 9d 9h 9s 8c 8d 8h 7c 7d 7h 7s 6c 6d 6h 6s 5c 5d", 2),
    # three draws of three cards (a keep of one suit: its flush excluded), 17 and 16 unseen
    ("7h 5h Kd Qd Jc", "7h 5h", "Ac Ad Ah As Kc Kh Ks Qc Qh Qs Jd Jh Js Tc Td Th Ts 9c 9d 9h 3c 5c 8s 8c 2d 2c 6s 4c 6c 7d", 3),
    ("8c 6d Ks Qs Jc", "8c 6d", "Ac Ad Ah As Kc Kd Kh Qc Qd Qh Jd Jh Js Tc Td Th Ts 9c 9d 3c 3d 4c 7h 7s 2c 5s 5h 6h 9s", 3),
    # keeping nothing, three draws of five from 15 unseen cards
    ("Kc Kd Kh Ks Qc", "", "Ac Ad Ah As Qd Qh Qs Jc Jd Jh Js Tc Td Th Ts 9c 9d 9h 9s 8c 8d 8h 7c 7d 7h 7s 6c 6d 6h 6s 5c 5d", 3),
    # three cards to draw, two draws, 25 unseen
    ("9c 8d Qh Ks Jc", "9c 8d", "Ac Ad Ah As Kc Kd Kh Qc Qd Qs Jd Jh Js Tc Td Th Ts 6c 6d 6h 6s 5h", 2),
])
def test_by_the_last_draw_against_every_order_enumerated(hand, keep, seen, draws):
    known = parse_cards(hand) + (parse_cards(seen) if seen else ())
    kept = parse_cards(keep) if keep else ()
    for target in LOW_TARGETS:
        assert low_odds(kept, known, target, draws) == brute_low_odds_by_last(kept, known, target.top_rank, draws), target


# A-5 lowball (rules=ACE_TO_FIVE): the ace low, only a pair spoils a low


@pytest.mark.parametrize(("hand", "keep", "seen", "expected"), [
    # keep A-2-3-4 of four suits, 47 unseen: a 5, 6 or 7 (4 of each) makes a 7-low or better
    # (5-4-3-2-A is the best low: no straights in A-5); an 8 adds 4 for an 8-low, a 9 4 more
    ("Ac 2d 3h 4s Kc", "Ac 2d 3h 4s", "", (Fraction(12, 47), Fraction(16, 47), Fraction(20, 47))),
    # the same having thrown 5c 5d 7h earlier: 44 unseen, 2 fives, 4 sixes, 3 sevens
    ("Ac 2d 3h 4s Kc", "Ac 2d 3h 4s", "5c 5d 7h", (Fraction(9, 44), Fraction(13, 44), Fraction(17, 44))),
    # four hearts: a flush is a plain low in A-5, the 5h (a straight flush) too: 12 outs
    ("Ah 2h 3h 4h Kc", "Ah 2h 3h 4h", "", (Fraction(12, 47), Fraction(16, 47), Fraction(20, 47))),
    # keep 6-5-4-3: an ace, a 2 or a 7 makes a 7-low (no straights): 12 outs, 8s and 9s 4 more each
    ("6c 5d 4h 3s Kc", "6c 5d 4h 3s", "", (Fraction(12, 47), Fraction(16, 47), Fraction(20, 47))),
    # keep nothing, no low card seen (47 unseen): five of the ranks A..7, C(7, 5) = 21 rank
    # sets, 4 ** 5 = 1,024 ways each, of C(47, 5) = 1,533,939 draws; for the 8-low C(8, 5) = 56
    # rank sets, for the 9-low C(9, 5) = 126
    ("Kc Kd Kh Ks Qc", "", "", (Fraction(21 * 1024, 1533939), Fraction(56 * 1024, 1533939),
                                Fraction(126 * 1024, 1533939))),
    # pat on a suited wheel (a low in A-5), on 7-6-5-4-2, on a pair of aces, on a king
    ("5h 4h 3h 2h Ah", "5h 4h 3h 2h Ah", "", (Fraction(1), Fraction(1), Fraction(1))),
    ("7c 6d 5h 4s 2c", "7c 6d 5h 4s 2c", "", (Fraction(1), Fraction(1), Fraction(1))),
    ("Ac Ad 4h 3s 2c", "Ac Ad 4h 3s 2c", "", (Fraction(0), Fraction(0), Fraction(0))),
    ("Kc 5d 4h 3s 2c", "Kc 5d 4h 3s 2c", "", (Fraction(0), Fraction(0), Fraction(0))),
    # an 8 kept: no 7-low; the 8-low needs a 4, 5, 6 or 7 (16 outs), the 9-low a 9 too (20)
    ("Ac 2d 3h 8s Kc", "Ac 2d 3h 8s", "", (Fraction(0), Fraction(16, 47), Fraction(20, 47))),
])
def test_a5_keeps_by_hand(hand, keep, seen, expected):
    known = parse_cards(hand) + (parse_cards(seen) if seen else ())
    kept = parse_cards(keep) if keep else ()
    for target, value in zip(LOW_TARGETS, expected):
        assert low_odds(kept, known, target, rules=ACE_TO_FIVE) == value, target


@pytest.mark.parametrize("draws", [1, 2, 3])
def test_a5_drawing_one_by_the_last_draw_by_hand(draws):
    # keep A-2-3-4, 47 unseen, 12 outs for a 7-low (5s, 6s, 7s), 16 for the 8-low, 20 for
    # the 9-low: 1 - C(47 - outs, n) / C(47, n)
    hand = parse_cards("Ac 2d 3h 4s Kc")
    for target, outs in ((SEVEN, 12), (EIGHT, 16), (NINE, 20)):
        expected = 1 - Fraction(comb(47 - outs, draws), comb(47, draws))
        assert low_odds(hand[:4], hand, target, draws, ACE_TO_FIVE) == expected, target


def test_a5_against_every_draw_enumerated():
    """Random A-5 hands (aces among the low cards) and keeps of 2 to 5 cards, with and
    without earlier discards, each target, one draw, against the oracle."""
    rng = random.Random(15)
    deck = list(DECK)
    low_cards = [c for c in deck if c.rank.value_low <= 9]
    checked = 0
    for _ in range(50):
        hand = tuple(rng.sample(low_cards, 4) + [rng.choice([c for c in deck if c.rank.value_low >= 10])])
        others = [c for c in deck if c not in hand]
        seen = tuple(rng.sample(others, rng.choice((0, 2, 5))))
        keep = tuple(rng.sample(hand, rng.choice((2, 3, 4, 5))))
        known = hand + seen
        for target in LOW_TARGETS:
            expected = brute_low_odds(keep, known, target.top_rank, a5=True)
            assert low_odds(keep, known, target, rules=ACE_TO_FIVE) == expected, (hand, keep, seen, target)
            checked += 1
    assert checked == 150


def _seen_but(hand: str, unseen: str) -> str:
    """Every card but the hand's and the unseen ones: a thinned deck small enough to list
    every order of the draws."""
    kept_out = set(parse_cards(hand)) | set(parse_cards(unseen))
    return " ".join(str(c) for c in DECK if c not in kept_out)


@pytest.mark.parametrize(("hand", "keep", "unseen", "draws"), [
    # one card, three draws, the full deck (47 unseen)
    ("Ac 2d 3h 4s Kc", "Ac 2d 3h 4s", None, 3),
    # two cards to draw, two draws, 20 unseen with aces, low cards and a few high ones
    ("Ah 5s 3d Ks Qs", "Ah 5s 3d", "Ac Ad 2c 2h 4c 4d 6s 6h 7c 7d 8h 8s 9c 9d Tc Jd Qh Kd 5c 3s", 2),
    # keeping nothing, two and three draws of five from 15 unseen cards
    ("Kc Kd Kh Ks Qc", "", "Ac Ad 2c 3h 4s 5c 5d 6h 7s 8c 9d 9h Th Jh Qd", 2),
    ("Kc Kd Kh Ks Qc", "", "Ac Ad 2c 3h 4s 5c 5d 6h 7s 8c 9d 9h Th Jh Qd", 3),
    # three cards to draw, three draws, 16 unseen
    ("Ah 2h Kd Qd Jc", "Ah 2h", "Ac 2c 3c 3h 4d 5s 6c 6d 7h 8s 8d 9c Tc Ts Jd Qh", 3),
])
def test_a5_by_the_last_draw_against_every_order_enumerated(hand, keep, unseen, draws):
    cards = parse_cards(hand)
    known = cards + (parse_cards(_seen_but(hand, unseen)) if unseen else ())
    kept = parse_cards(keep) if keep else ()
    for target in LOW_TARGETS:
        expected = brute_low_odds_by_last(kept, known, target.top_rank, draws, a5=True)
        assert low_odds(kept, known, target, draws, ACE_TO_FIVE) == expected, target


def test_a5_all_keeps():
    hand = parse_cards("Ac 2d 3h 4s Kc")
    keeps = all_low_keeps(hand, (), rules=ACE_TO_FIVE)
    assert len(keeps) == 32 and keeps[0].keep == hand and keeps[-1].keep == ()
    by_keep = {k.keep: k for k in keeps}
    assert by_keep[hand[:4]].odds(SEVEN) == Fraction(12, 47)
    # the same keep in 2-7 (the default): the ace is high, no 7-low
    assert {k.keep: k for k in all_low_keeps(hand, ())}[hand[:4]].odds(NINE) == 0
