"""Make legal 5-Card Draw hand histories in PokerStars' text format, for tests and benchmarks.

generate.py's hand maker with five cards and one draw (its hooks): the deal, the betting, the
pots and the summary are Badugi's, as PokerStars writes both games alike (the real file
PokerStars__5CD_FL_cash_201106_sidepot.txt): "*** DEALING HANDS ***", then the pre-draw
betting, then the draw with **no street marker** ("Player3: discards 2 cards", "Hero: discards
2 cards [7h Th]" and "Dealt to Hero [Qd 6c 6h] [4h Td]"), the betting after it, and at the
showdown the high hand in PokerStars' words ("(a pair of Kings)", "won ($0.53) with a pair of
Kings"). Hands are scored by our high evaluator (rules/high.py), so a round trip through the
parser and the replay gives back the generator's winners.

Not seen in a sample: the summary words of a player who folds after the draw. The hands
written here say "folded after the 1st Draw", as the triple-draw games do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .cards import Card, format_cards
from .games import GameId
from .generate import GeneratedHand, _HandMaker, generate_files, generate_hands
from .rules.high import HighHand, HighKind, evaluate_high

__all__ = ["FiveCardDrawMaker", "generate_draw_files", "generate_draw_hands", "stars_words"]

_NAMES = {2: "Deuce", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", 10: "Ten",
          11: "Jack", 12: "Queen", 13: "King", 14: "Ace", 1: "Ace"}


def _plural(rank: int) -> str:
    return "Sixes" if rank == 6 else _NAMES[rank] + "s"


def stars_words(hand: HighHand) -> str:
    """PokerStars' words for a five-card high hand, as in its hold'em and draw files: "high
    card Ace", "a pair of Kings", "two pair, Kings and Fives", "three of a kind, Queens", "a
    straight, Seven to Jack", "a flush, Ace high", "a full house, Kings full of Fives", "four
    of a kind, Aces", "a straight flush, Nine to King", "a Royal Flush"."""
    ranks = hand.ranks
    match hand.kind:
        case HighKind.HIGH_CARD:
            return f"high card {_NAMES[ranks[0]]}"
        case HighKind.ONE_PAIR:
            return f"a pair of {_plural(ranks[0])}"
        case HighKind.TWO_PAIR:
            return f"two pair, {_plural(ranks[0])} and {_plural(ranks[2])}"
        case HighKind.TRIPS:
            return f"three of a kind, {_plural(ranks[0])}"
        case HighKind.STRAIGHT:
            return f"a straight, {_NAMES[ranks[4]]} to {_NAMES[ranks[0]]}"
        case HighKind.FLUSH:
            return f"a flush, {_NAMES[ranks[0]]} high"
        case HighKind.FULL_HOUSE:
            return f"a full house, {_plural(ranks[0])} full of {_plural(ranks[3])}"
        case HighKind.QUADS:
            return f"four of a kind, {_plural(ranks[0])}"
    if ranks[0] == 14:
        return "a Royal Flush"
    return f"a straight flush, {_NAMES[ranks[4]]} to {_NAMES[ranks[0]]}"


_KIND_WORTH = {HighKind.HIGH_CARD: 0.05, HighKind.ONE_PAIR: 0.3, HighKind.TWO_PAIR: 0.6, HighKind.TRIPS: 0.75}


class FiveCardDrawMaker(_HandMaker):
    """One 5-Card Draw hand at a PokerStars table (fixed limit): five cards, one draw."""

    cards_dealt = 5
    draws = 1

    def strength(self, name: str, draws_left: int) -> float:
        hand = evaluate_high(self.cards[name])
        worth = _KIND_WORTH.get(hand.kind, 0.9)
        return worth + 0.02 * (hand.ranks[0] - 8) + (0.05 if draws_left and hand.kind is HighKind.ONE_PAIR else 0.0)

    def rate(self, cards: list[Card]) -> Any:
        return evaluate_high(cards)

    def shown_words(self, hand: Any) -> str:
        return stars_words(hand)

    def won_words(self, hand: Any) -> str:
        return stars_words(hand)

    def draw_marker(self, number: int) -> str | None:
        return None  # PokerStars prints no marker for the one draw (FORMATS.md 1.7)

    def draw(self, name: str, number: int) -> None:
        """Keep the cards that make the hand (a pair or better: the paired ranks; a straight
        or better: all five), else the two highest; now and then throw all five."""
        hand = self.cards[name]
        rated = evaluate_high(hand)
        counts = Counter(card.rank for card in hand)
        if rated.kind in (HighKind.STRAIGHT, HighKind.FLUSH, HighKind.FULL_HOUSE, HighKind.QUADS, HighKind.STRAIGHT_FLUSH):
            keep = list(hand)
        elif rated.kind is HighKind.HIGH_CARD:
            keep = sorted(hand, key=lambda c: 14 if c.rank.value_low == 1 else c.rank.value_low, reverse=True)[:2]
        else:
            keep = [c for c in hand if counts[c.rank] >= 2]
        discard = [c for c in hand if c not in keep]
        if self.rng.random() < 0.03:
            discard = list(hand)
        self.table.verify_draw(name, len(discard))
        self.table.draw(name, len(discard))
        if not discard:
            if name == self.hero:
                self.lines.append(f"{name}: stands pat on [{format_cards(hand)}]")
            else:
                self.lines.append(f"{name}: stands pat ")
            return
        kept = [c for c in hand if c not in set(discard)]
        self.deck.muck.extend(discard)
        new = self.deck.take(len(discard))
        self.cards[name] = kept + new
        word = "card" if len(discard) == 1 else "cards"
        if name == self.hero:
            self.lines.append(f"{name}: discards {len(discard)} {word} [{format_cards(discard)}]")
            if kept:
                self.lines.append(f"Dealt to {name} [{format_cards(kept)}] [{format_cards(new)}]")
            else:  # a draw of five: PokerStars prints the new hand in one bracket (the 8-Game file)
                self.lines.append(f"Dealt to {name} [{format_cards(new)}]")
        else:
            self.lines.append(f"{name}: discards {len(discard)} {word}")


def generate_draw_hands(**options: Any) -> Iterator[GeneratedHand]:
    """generate.generate_hands for 5-Card Draw (same options, `game` and `maker` set)."""
    return generate_hands(**options, game=GameId.FIVE_CARD_DRAW, maker=FiveCardDrawMaker)


def generate_draw_files(out: Path, **options: Any) -> list[Path]:
    """generate.generate_files for 5-Card Draw: one PokerStars file per table. Returns the
    files written."""
    return generate_files(out, **options, game=GameId.FIVE_CARD_DRAW, maker=FiveCardDrawMaker)
