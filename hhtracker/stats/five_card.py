"""Statistics of the five-card games (Badacey, Badeucey): snow and break for the Badugi half,
and the showdown classes of the low half.

Choice (docs/statistics.md, "Snow and break in Badacey and Badeucey"): with five cards a
player can hold a badugi and still throw a card away without breaking it (the fifth card,
kept for the low half or not). So, with the cards known at the moment of the draw (the
hero's own, as in Badugi):

- **snow**: standing pat on five cards among which there is no badugi (no four cards of four
  ranks and four suits): the Badugi half is bluffed, whatever the low half holds.
- **break**: holding a badugi among the five and discarding so that the cards kept hold
  none: a badugi given up. Throwing only cards that are not part of any badugi kept is not a
  break. When the thrown cards are not known (a count only), it is not counted.

The ace's place (high in Badeucey) does not change whether four cards are a badugi.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum, unique
from itertools import combinations

from ..cards import Card
from ..games import GameId, MadeHand, game_of
from ..rules.high import HighHand, HighKind
from ..rules.lowball import LowHand, LowKind, evaluate_27, evaluate_a5

__all__ = ["MADE_LOW", "HighClass", "LowClass", "high_class", "holds_badugi", "low_class", "low_classes_of", "made_27_low",
           "made_a5_low", "snow_and_break", "snow_and_break_low"]


def holds_badugi(cards: tuple[Card, ...]) -> bool:
    """Whether some four of the cards are four ranks and four suits (a badugi)."""
    return any(
        len({c.rank for c in four}) == 4 and len({c.suit for c in four}) == 4 for four in combinations(cards, 4)
    )


def snow_and_break(cards_before: tuple[Card, ...], discarded: int,
                   discarded_cards: tuple[Card, ...] | None) -> tuple[bool | None, bool | None]:
    """(snow, broke) of one five-card draw with known cards: each None when there was no
    opportunity (snow: he stood pat; break: he held a badugi and the thrown cards are known),
    else whether he did it. Expects five distinct cards (the caller checks)."""
    held = holds_badugi(cards_before)
    snow = (not held) if discarded == 0 else None
    if not held:
        return snow, None
    if discarded == 0:
        return snow, False
    if discarded_cards is None or len(discarded_cards) != discarded:
        return snow, None
    thrown = set(discarded_cards)
    kept = tuple(c for c in cards_before if c not in thrown)
    return snow, not holds_badugi(kept)


# --- 2-7 Triple Draw: the whole hand is the low -----------------------------------------------

def made_27_low(cards: tuple[Card, ...]) -> bool:
    """Whether five distinct cards are a made 2-7 low: no pair, no straight, no flush (the ace
    high). STATS.md, "The other draw games". raises ValueError for another count."""
    return evaluate_27(cards).kind is LowKind.HIGH_CARD


def made_a5_low(cards: tuple[Card, ...]) -> bool:
    """Whether five distinct cards are a made A-5 low: five different ranks (straights and
    flushes do not count, the ace low). STATS.md, "The other draw games". raises ValueError
    for another count."""
    return evaluate_a5(cards).kind is LowKind.HIGH_CARD


MADE_LOW: dict[MadeHand, Callable[[tuple[Card, ...]], bool]] = {
    MadeHand.DEUCE_TO_SEVEN_LOW: made_27_low, MadeHand.ACE_TO_FIVE_LOW: made_a5_low}
"""The test of a made hand of each whole-hand lowball game's record (games.MadeHand)."""


def snow_and_break_low(cards_before: tuple[Card, ...], discarded: int,
                       made_hand: MadeHand = MadeHand.DEUCE_TO_SEVEN_LOW) -> tuple[bool | None, bool | None]:
    """(snow, broke) of one draw of a whole-hand lowball game (2-7 or A-5 Triple Draw, by
    `made_hand`) with the five cards known (STATS.md, "The other draw games": snow, stood pat
    on a hand that is not made; break, discarded from a made hand): each None when there was
    no opportunity (snow: he drew; break: the hand was not made). All five cards make the low,
    so any discard from a made hand breaks it."""
    made = MADE_LOW[made_hand](cards_before)
    snow = (not made) if discarded == 0 else None
    return snow, (discarded >= 1) if made else None


# --- showdown classes of the low half ---------------------------------------------------------

@unique
class LowClass(StrEnum):
    """The showdown class of a low half's hand (Badacey: A-5, Badeucey: 2-7), best first: a
    hand with no pair (and, in 2-7, no straight or flush) is classed by its top card, 7 or
    better up to ace-high (2-7 only: the ace is high there); any pair or worse hand (in 2-7
    straights and flushes too) is PAIRED_OR_WORSE. The same cut as the Badugi classes
    (badugi.HandClass: seven-high or better, then one class per top card)."""

    LOW_5 = "low_5"  # (A-5 Triple Draw only: the wheel, 5-4-3-2-A)
    LOW_6 = "low_6"  # (A-5 Triple Draw only)
    LOW_7 = "low_7"
    LOW_8 = "low_8"
    LOW_9 = "low_9"
    LOW_T = "low_t"
    LOW_J = "low_j"
    LOW_Q = "low_q"
    LOW_K = "low_k"
    LOW_A = "low_a"
    PAIRED_OR_WORSE = "paired_or_worse"


_LOW_BY_TOP = {**{top: LowClass.LOW_7 for top in range(5, 8)}, 8: LowClass.LOW_8, 9: LowClass.LOW_9,
               10: LowClass.LOW_T, 11: LowClass.LOW_J, 12: LowClass.LOW_Q, 13: LowClass.LOW_K, 14: LowClass.LOW_A}


def low_class(hand: LowHand, below_7: bool = False) -> LowClass:
    """The LowClass of a low hand: by its top card when it is a no-pair hand (LowKind
    HIGH_CARD), else PAIRED_OR_WORSE. below_7: the 5- and 6-lows are classes of their own
    (A-5 Triple Draw, STATS.md: "5-low (wheel), 6-, 7-, 8-, 9-low or worse"), else they are
    7-lows."""
    if hand.kind is not LowKind.HIGH_CARD:
        return LowClass.PAIRED_OR_WORSE
    top = hand.ranks[0]
    if below_7 and top == 5:
        return LowClass.LOW_5
    if below_7 and top == 6:
        return LowClass.LOW_6
    return _LOW_BY_TOP[top]


def counts_below_7(game: str) -> bool:
    """Whether a stored game's low hands count the 5- and 6-low as classes of their own: the
    whole-pot A-5 games (made hand: five different ranks; STATS.md lists A-5 Triple Draw's
    "5-low (wheel), 6-, 7-, ..."; A-5 Single Draw has the same hands). Not Badacey, whose A-5
    half is counted like the other halves."""
    record = game_of(game)
    return record is not None and record.made_hand is MadeHand.ACE_TO_FIVE_LOW


def low_classes_of(game: GameId) -> tuple[LowClass, ...]:
    """The low classes a game's hands are counted in, best first: the A-5 games' begin with
    the 5- and 6-low (`counts_below_7`), the other games' with 7-low or better."""
    if counts_below_7(game):
        return tuple(LowClass)
    return tuple(c for c in LowClass if c not in (LowClass.LOW_5, LowClass.LOW_6))


# --- showdown classes of 5-Card Draw (a high hand) ------------------------------------------

@unique
class HighClass(StrEnum):
    """The showdown class of a 5-Card Draw hand (STATS.md, "The other draw games": "pair or
    worse, two pair, trips, straight or better"), weakest first."""

    PAIR_OR_WORSE = "pair_or_worse"
    TWO_PAIR = "two_pair"
    TRIPS = "trips"
    STRAIGHT_OR_BETTER = "straight_or_better"


def high_class(hand: HighHand) -> HighClass:
    """The HighClass of a five-card high hand (rules/high.py)."""
    if hand.kind <= HighKind.ONE_PAIR:
        return HighClass.PAIR_OR_WORSE
    if hand.kind is HighKind.TWO_PAIR:
        return HighClass.TWO_PAIR
    if hand.kind is HighKind.TRIPS:
        return HighClass.TRIPS
    return HighClass.STRAIGHT_OR_BETTER
