"""The games hhtracker replays, as data: Badugi and its split-pot siblings Badacey and Badeucey.

What differs by game (and nothing else does: the betting, the blinds and the three draws are
Badugi's):

| game | cards | the Badugi half's ace | the other half |
|---|---|---|---|
| badugi | 4 | low | none: the whole pot to the best Badugi hand |
| badacey | 5 | low | the best A-5 lowball hand |
| badeucey | 5 | high | the best 2-7 lowball hand |

rule: seeds/001 "Variants" ("Badacey: A split-pot mixed game: best Badugi hand wins half,
best A-5 lowball hand wins the other half"; "Badeucey: Split pot between best Badugi and best
2-7 lowball hand"); seeds/002 section 2 (the ace "is low here and in Badacey, and high in
Badeucey"); five cards dealt: FORMATS.md section 3 (KingsClub), and every rules page on the
games (a player may use four of the five cards for the Badugi half and all five for the low).

**Odd chips** (`odd_chip_half`): when a pot does not divide evenly between the halves, the
extra smallest unit (a cent, or a chip) goes to the low half. Source: the BARGE rulebook,
"Ties & Odd Chips": "In split games that involve a five-card hand and a four-card hand, the
five-card hand is treated as the high hand. ... an odd chip in Badacey would be awarded to
the player with the best A-5 lowball hand, not the best badugi hand" (the TDA's high-low rule,
odd chip to the high hand, applied to these games). Within a half split by a tie, odd chips go
to the first winners clockwise from the button (the same rulebook and the TDA; pots.split_amount).
KingsClub, the one site seen writing these games, prints no rule and no sample with an odd
chip: BARGE's rule is taken for it and checked like every other amount.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum, unique

from ..cards import Card
from .badugi import BadugiHand
from .badugi5 import evaluate_badugi
from .lowball import LowGame, LowHand, evaluate_low

__all__ = ["GAMES", "BADUGI", "BADACEY", "BADEUCEY", "GameRules", "Half", "game_rules"]


@unique
class Half(StrEnum):
    """A half of a split pot: the best Badugi hand's, or the best lowball hand's."""

    BADUGI = "badugi"
    LOW = "low"


@dataclass(frozen=True, slots=True)
class GameRules:
    """One game's rules. name: the game as stored ("badugi", "badacey", "badeucey");
    hand_size: cards dealt to each player (also the most one may discard); ace_high: the
    ace is high in the Badugi half; low: the lowball of the other half (None: no split);
    odd_chip_half: the half that takes an odd unit (module doc for the source)."""

    name: str
    hand_size: int
    ace_high: bool
    low: LowGame | None
    odd_chip_half: Half = Half.LOW

    @property
    def split(self) -> bool:
        """True for the split-pot games."""
        return self.low is not None

    def badugi(self, cards: Sequence[Card]) -> BadugiHand:
        """The Badugi half's hand of 1 to hand_size cards (badugi5.evaluate_badugi).
        raises ValueError for bad cards."""
        return evaluate_badugi(cards, self.ace_high)

    def low_hand(self, cards: Sequence[Card]) -> LowHand | None:
        """The low half's hand of exactly five cards, or None in Badugi. raises ValueError
        for another count or a repeated card."""
        return None if self.low is None else evaluate_low(self.low, cards)

    def halves(self, amount: int) -> dict[Half, int]:
        """A pot of `amount` (int, smallest unit) in two halves, the odd unit to
        odd_chip_half: 101 -> {BADUGI: 50, LOW: 51} under the BARGE rule."""
        small = amount // 2
        other = Half.BADUGI if self.odd_chip_half is Half.LOW else Half.LOW
        return {self.odd_chip_half: amount - small, other: small}


BADUGI = GameRules("badugi", 4, ace_high=False, low=None)
BADACEY = GameRules("badacey", 5, ace_high=False, low=LowGame.ACE_TO_FIVE)
BADEUCEY = GameRules("badeucey", 5, ace_high=True, low=LowGame.DEUCE_TO_SEVEN)
GAMES: dict[str, GameRules] = {game.name: game for game in (BADUGI, BADACEY, BADEUCEY)}


def game_rules(game: str) -> GameRules:
    """The rules of a stored game name; an unknown name is Badugi (the parsers only make
    these three)."""
    return GAMES.get(game, BADUGI)
