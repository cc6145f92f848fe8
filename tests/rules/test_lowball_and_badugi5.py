"""The evaluators of the split-pot Badugi games: A-5 and 2-7 lowball (rules/lowball.py) and
the five-card Badugi half, ace low (Badacey) or high (Badeucey) (rules/badugi5.py).

Layers, as for the Badugi evaluator (tests/rules/test_badugi.py): the orderings the seeds and each
game's usual rules publish; an exhaustive comparison over every rank pattern against a plain
reference (tests/oracles/lowball.py); large random comparisons against the reference; a differential test
against pokerkit (RegularLowHand = A-5, StandardLowHand = 2-7, BadugiHand = ace-low badugi;
pokerkit has no ace-high badugi, so Badeucey's half is checked against the reference only).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement, product

import pytest

from hhtracker.cards import DECK, Card, Rank, Suit, parse_cards
from hhtracker.rules.badugi5 import evaluate_badugi
from hhtracker.rules.lowball import LowKind, evaluate_27, evaluate_a5

from tests.oracles.lowball import ref_a5, ref_badugi, ref_high

SUITS = list(Suit)
RANKS = list(Rank)  # ace first


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def cmp(a, b) -> int:
    return (a > b) - (a < b)


# --------------------------------------------------------------------------------------------
# 1. Published orderings
# --------------------------------------------------------------------------------------------

# Each list is strongest first; every hand must beat the next one.
A5_ORDER = [
    "5c 4d 3h 2s Ac",  # the wheel: best A-5 hand (straights and flushes ignored)
    "5c 4c 3c 2c Ac",  # the same wheel suited: equal (tested below), so listed for the flush
    "6c 4d 3h 2s Ac",  # 6-4: rank by the top card
    "6c 5d 3h 2s Ac",  # 6-5 loses to 6-4
    "6c 5d 4h 2s Ac",
    "6c 5d 4h 3s 2c",  # 6-5-4-3-2 (a straight, ignored) loses to 6-5-4-2-A
    "Kc Qd Jh Ts 8c",  # the worst no-pair hand...
    "Ac Ad 2h 3s 4c",  # ...beats the best pair (pair of aces)
    "Kc Kd Qh Js Tc",  # the worst one pair...
    "Ac Ad 2h 2s 3c",  # ...beats the best two pair
    "Ac Ad Ah 2s 3c",  # trips
    "Ac Ad Ah 2s 2c",  # full house
    "Ac Ad Ah As 2c",  # four of a kind
    "Kc Kd Kh Ks Qc",  # the worst A-5 hand
]

D27_ORDER = [
    "7c 5d 4h 3s 2c",  # the best 2-7 hand (seeds' "usual rules": 7-5-4-3-2 of several suits)
    "7c 6d 4h 3s 2c",
    "8c 5d 4h 3s 2c",
    "Kc Qd Jh Ts 8c",
    "Ac 5d 4h 3s 2c",  # A-2-3-4-5 is ace-high, not a straight: worse than any king-high
    "Ac Kd Qh Js 9c",  # the worst no-pair hand
    "2c 2d 3h 4s 5c",  # the best pair
    "Ac Ad Kh Qs Jc",
    "2c 2d 3h 3s 4c",  # two pair
    "2c 2d 2h 3s 4c",  # trips
    "6c 5d 4h 3s 2c",  # the lowest straight loses to any trips
    "Ac Kd Qh Js Tc",  # the highest straight
    "7c 5c 4c 3c 2c",  # a flush loses to a straight
    "2c 2d 2h 3s 3c",  # full house
    "2c 2d 2h 2s 3c",  # four of a kind
    "6c 5c 4c 3c 2c",  # straight flush
    "Ac Kc Qc Jc Tc",  # royal flush: the worst
]


def test_a5_published_order() -> None:
    hands = [evaluate_a5(cards(text)) for text in A5_ORDER]
    assert hands[0] == hands[1]  # flushes do not count in A-5
    rest = hands[1:]
    for better, worse in zip(rest, rest[1:]):
        assert better > worse, (better, worse)
    assert evaluate_a5(cards("Ac Ad Ah As 2c")).kind is LowKind.QUADS


def test_27_published_order() -> None:
    hands = [evaluate_27(cards(text)) for text in D27_ORDER]
    for better, worse in zip(hands, hands[1:]):
        assert better > worse, (better, worse)
    assert evaluate_27(cards("Ac 5d 4h 3s 2c")).kind is LowKind.HIGH_CARD
    assert evaluate_27(cards("6c 5d 4h 3s 2c")).kind is LowKind.STRAIGHT
    assert evaluate_27(cards("7c 5d 4h 3s 2c")).description == "7-5-4-3-2"
    assert evaluate_a5(cards("8c 8d 4h 3s Ac")).description == "pair: 8-8-4-3-A"


def test_lowball_ties_ignore_suits() -> None:
    assert evaluate_a5(cards("8c 6d 4h 3s 2c")) == evaluate_a5(cards("8d 6h 4s 3c 2d"))
    assert evaluate_27(cards("8c 6d 4h 3s 2c")) == evaluate_27(cards("8d 6h 4s 3c 2d"))
    # ... but in 2-7 a flush is not a tie with the same ranks unsuited
    assert evaluate_27(cards("8c 6d 4h 3s 2c")) > evaluate_27(cards("8c 6c 4c 3c 2c"))


def test_lowball_rejects_bad_hands() -> None:
    with pytest.raises(ValueError):
        evaluate_a5(cards("Ac 2d 3h 4s"))
    with pytest.raises(ValueError):
        evaluate_27(cards("Ac Ac 3h 4s 5d"))


def test_badacey_seed_examples() -> None:
    low = lambda text: evaluate_badugi(cards(text), ace_high=False)  # noqa: E731
    assert low("As 2h 3d 4c Kc").description == "Badugi: 4,3,2,A"
    assert low("As 5s 2h 3d 9s").description == "3-card: 3,2,A"
    # five ranks in four suits: the king is dropped, Q-J-T-9 is the lower badugi
    assert low("Kc Qh Jd Tc 9s").description == "Badugi: Q,J,T,9"
    # seeds/002: "A♠2♥3♦4♣ beats 2♠3♥4♦5♣" and "K♠Q♥J♦10♣ beats A♠2♥3♦3♣".
    assert low("As 2h 3d 4c") > low("2s 3h 4d 5c")
    assert low("Ks Qh Jd Tc") > low("As 2h 3d 3c")


def test_badeucey_ace_is_high() -> None:
    high = lambda text: evaluate_badugi(cards(text), ace_high=True)  # noqa: E731
    # seeds/002 section 2: "high in Badeucey, where 2-3-4-5 is the best badugi".
    best = high("2s 3h 4d 5c")
    assert best > high("As 2h 3d 4c")
    assert high("As 2h 3d 4c 5s").description == "Badugi: 5,4,3,2"
    # seeds/002 section 6: "There it is the highest card": A-high badugi is the worst badugi,
    # still better than any three-card hand.
    assert high("Ks Qh Jd Tc") > high("As Qh Jd Tc") > high("2s 3h 4d 4c")
    assert high("As Qh Jd Tc").hand_class.value == "badugi_k"
    assert high("As 2s 3h 4d 5c").ranks == (5, 4, 3, 2)
    assert high("Ah As 2h").ranks == (14, 2)  # the ace of spades with the two of hearts


# --------------------------------------------------------------------------------------------
# 2. Reference implementations (tests/oracles/lowball.py) and exhaustive / random comparisons
# --------------------------------------------------------------------------------------------


def _hand_of(ranks: tuple[int, ...], suited: bool) -> tuple[Card, ...]:
    """Five cards of the given ace-low ranks: all clubs when suited; else the k-th card of a
    rank takes the k-th suit, and five different ranks get a diamond last (no flush)."""
    if suited:
        return tuple(Card(RANKS[v - 1], SUITS[0]) for v in ranks)
    seen: Counter = Counter()
    hand = []
    for value in ranks:
        hand.append(Card(RANKS[value - 1], SUITS[seen[value]]))
        seen[value] += 1
    if len(set(ranks)) == 5:
        hand[-1] = Card(RANKS[ranks[-1] - 1], SUITS[1])
    return tuple(hand)


def _all_patterns():
    """Every five-card rank multiset (no rank five times), unsuited, plus every suited
    (flush) five distinct ranks: 6,175 + 1,287 hands, every class of both lowball games."""
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        yield _hand_of(ranks, suited=False)
        if len(set(ranks)) == 5:
            yield _hand_of(ranks, suited=True)


def test_lowball_exhaustive_against_reference() -> None:
    hands = list(_all_patterns())
    assert len(hands) == 6175 + 1287
    ours_a5 = sorted(hands, key=lambda h: evaluate_a5(h).strength)
    # the same order: each neighbour pair compares the same way under both
    for a, b in zip(ours_a5, ours_a5[1:]):
        assert cmp(evaluate_a5(a), evaluate_a5(b)) == cmp(ref_a5(b), ref_a5(a)), (a, b)
    ours_27 = sorted(hands, key=lambda h: evaluate_27(h).strength)
    for a, b in zip(ours_27, ours_27[1:]):
        assert cmp(evaluate_27(a), evaluate_27(b)) == cmp(ref_high(b), ref_high(a)), (a, b)
    # distinct classes: A-5 has 6,175 (suits never count), 2-7 has 7,462 (the high-poker count)
    assert len({evaluate_a5(h).strength for h in hands}) == 6175
    assert len({evaluate_27(h).strength for h in hands}) == 7462


def test_random_pairs_against_reference() -> None:
    rng = random.Random(16)
    for _ in range(20000):
        deal = rng.sample(DECK, 10)
        a, b = tuple(deal[:5]), tuple(deal[5:])
        assert cmp(evaluate_a5(a), evaluate_a5(b)) == cmp(ref_a5(b), ref_a5(a)), (a, b)
        assert cmp(evaluate_27(a), evaluate_27(b)) == cmp(ref_high(b), ref_high(a)), (a, b)
        for ace_high in (False, True):
            ours = cmp(evaluate_badugi(a, ace_high), evaluate_badugi(b, ace_high))
            assert ours == cmp(ref_badugi(a, ace_high), ref_badugi(b, ace_high)), (a, b, ace_high)
            assert evaluate_badugi(a, ace_high).size == ref_badugi(a, ace_high)[0]


def test_badugi5_every_hand_of_one_rank_set() -> None:
    """Every five-card hand made of A-2-3-4-5 (all 4**5 suit choices): ace low and high
    against the reference, and the ace-low value equal to the best four-card subset's."""
    for suits in product(SUITS, repeat=5):
        hand = tuple(Card(RANKS[v - 1], s) for v, s in zip(range(1, 6), suits))
        for ace_high in (False, True):
            ours = evaluate_badugi(hand, ace_high)
            ref = ref_badugi(hand, ace_high)
            assert (ours.size, tuple(-r for r in ours.ranks)) == ref, (hand, ace_high)


# --------------------------------------------------------------------------------------------
# 3. Differential test against pokerkit (test-only dependency)
# --------------------------------------------------------------------------------------------


def test_against_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    # RegularLowHand: ace-to-five low, flushes (and straights) ignored; StandardLowHand:
    # deuce-to-seven; BadugiHand.from_game: the strongest badugi of the cards, ace low.
    # All compare greater = stronger, like ours (pokerkit/hands.py).
    rng = random.Random(20261201)
    for _ in range(3000):
        deal = rng.sample(DECK, 10)
        a, b = tuple(deal[:5]), tuple(deal[5:])
        if rng.random() < 0.2:  # same ranks, other suits: ties (and flush/no flush in 2-7)
            relabel = dict(zip(SUITS, rng.sample(SUITS, 4)))
            b = tuple(Card(c.rank, relabel[c.suit]) for c in a)
        ta, tb = "".join(map(str, a)), "".join(map(str, b))
        theirs = cmp(pokerkit.RegularLowHand.from_game(ta), pokerkit.RegularLowHand.from_game(tb))
        assert cmp(evaluate_a5(a), evaluate_a5(b)) == theirs, (a, b)
        theirs = cmp(pokerkit.StandardLowHand.from_game(ta), pokerkit.StandardLowHand.from_game(tb))
        assert cmp(evaluate_27(a), evaluate_27(b)) == theirs, (a, b)
        theirs = cmp(pokerkit.BadugiHand.from_game(ta), pokerkit.BadugiHand.from_game(tb))
        assert cmp(evaluate_badugi(a, False), evaluate_badugi(b, False)) == theirs, (a, b)
