"""The rules of each game: its record (hhtracker/games.py) with its evaluators as functions.

The game records are plain data at the bottom of the layers; this module maps each record's
`Evaluator`s to our evaluators (`rules_of`), so adding a game is its record plus, for a
new kind of hand, its evaluator here.

What differs by game (and nothing else does: the betting, the blinds and the three draws are
Badugi's):

| game | cards | the Badugi half's ace | the other half |
|---|---|---|---|
| badugi | 4 | low | none: the whole pot to the best Badugi hand |
| badacey | 5 | low | the best A-5 lowball hand |
| badeucey | 5 | high | the best 2-7 lowball hand |
| 27_triple_draw | 5 | (no Badugi half) | none: the whole pot to the best 2-7 lowball hand |
| a5_triple_draw | 5 | (no Badugi half) | none: the whole pot to the best A-5 lowball hand |
| 5_card_draw | 5 (one draw) | (no Badugi half) | none: the whole pot to the best high hand (high.py) |

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

from ..cards import Card
from ..games import GAMES as GAME_RECORDS
from ..games import Evaluator, GameId, GameRecord, Half, game_of
from .badugi import BadugiHand
from .badugi5 import evaluate_badugi
from .high import HighHand, evaluate_high
from .lowball import LowGame, LowHand, evaluate_low

__all__ = ["ACE_TO_FIVE_TRIPLE_DRAW", "FIVE_CARD_DRAW", "BADACEY", "BADEUCEY", "BADUGI", "DEUCE_TO_SEVEN_TRIPLE_DRAW", "GAMES", "GameRules", "Half", "game_rules", "rules_of"]


@dataclass(frozen=True, slots=True)
class GameRules:
    """One game's rules, read from its record (`rules_of`). record: the game's record; name:
    the game as stored ("badugi", "badacey", "badeucey", "27_triple_draw"); hand_size: cards dealt to each
    player (also the most one may discard); ace_high: the ace is high in the Badugi half; low:
    the lowball of the other half, or of the whole pot in a lowball game (None: Badugi); odd_chip_half: the half that takes an odd
    unit (module doc)."""

    record: GameRecord
    name: str
    hand_size: int
    ace_high: bool
    low: LowGame | None
    odd_chip_half: Half
    high: bool = False
    """The whole pot goes to the best five-card high hand (5-Card Draw, high.py)."""

    @property
    def split(self) -> bool:
        """True for the split-pot games."""
        return self.record.split

    @property
    def lowball(self) -> bool:
        """True for a game whose whole pot goes to the best low hand (2-7 Triple Draw): no
        Badugi half; hands are scored by `low_hand` only."""
        return self.low is not None and not self.split

    @property
    def whole_hand(self) -> bool:
        """True for a game whose hands are all five cards scored by one five-card evaluator
        (`five_card_hand`): the lowball games and 5-Card Draw. No Badugi hand."""
        return self.lowball or self.high

    def five_card_hand(self, cards: Sequence[Card]) -> LowHand | HighHand | None:
        """The hand of exactly five cards by the game's whole-hand evaluator (the low of a
        lowball game, the high of 5-Card Draw), None in the Badugi games. raises ValueError for
        another count or a repeated card."""
        if self.high:
            return evaluate_high(cards)
        return self.low_hand(cards) if self.lowball else None

    def badugi(self, cards: Sequence[Card]) -> BadugiHand:
        """The Badugi half's hand of 1 to hand_size cards (badugi5.evaluate_badugi).
        raises ValueError for bad cards."""
        return evaluate_badugi(cards, self.ace_high)

    def low_hand(self, cards: Sequence[Card]) -> LowHand | None:
        """The low half's hand (the whole pot's in a lowball game) of exactly five cards, or None in Badugi. raises ValueError
        for another count or a repeated card."""
        return None if self.low is None else evaluate_low(self.low, cards)

    def halves(self, amount: int) -> dict[Half, int]:
        """A pot of `amount` (int, smallest unit) in two halves, the odd unit to
        odd_chip_half: 101 -> {BADUGI: 50, LOW: 51} under the BARGE rule."""
        small = amount // 2
        other = Half.BADUGI if self.odd_chip_half is Half.LOW else Half.LOW
        return {self.odd_chip_half: amount - small, other: small}


_ACE_HIGH = {Evaluator.BADUGI: False, Evaluator.BADUGI_ACE_HIGH: True}
"""The Badugi evaluators (badugi5.evaluate_badugi) by where they play the ace."""
_LOW = {Evaluator.ACE_TO_FIVE_LOW: LowGame.ACE_TO_FIVE, Evaluator.DEUCE_TO_SEVEN_LOW: LowGame.DEUCE_TO_SEVEN}
"""The lowball evaluators (lowball.evaluate_low) by their LowGame."""


def rules_of(record: GameRecord) -> GameRules:
    """A game's rules from its record: its Badugi half's evaluator and its low half's mapped
    to ours. raises KeyError for a record whose evaluators have no function here (a new kind
    of hand needs its evaluator)."""
    badugi = record.scores(Half.BADUGI)
    low = record.scores(Half.LOW)
    high = record.scores(Half.HIGH)
    if high is not None and high.evaluator is not Evaluator.HIGH:
        raise KeyError(high.evaluator)
    return GameRules(record, record.id.value, record.cards,
                     ace_high=_ACE_HIGH[badugi.evaluator] if badugi is not None else False,
                     low=_LOW[low.evaluator] if low is not None else None,
                     odd_chip_half=record.odd_chip_half, high=high is not None)


GAMES: dict[str, GameRules] = {game.value: rules_of(record) for game, record in GAME_RECORDS.items()}
"""Each game's rules by its stored name."""


def game_rules(game: str) -> GameRules:
    """The rules of a stored game name; an unknown name is Badugi (the parsers make only the
    games of the records)."""
    record = game_of(game)
    return GAMES[record.id] if record is not None else BADUGI


BADUGI = GAMES[GameId.BADUGI]
BADACEY = GAMES[GameId.BADACEY]
BADEUCEY = GAMES[GameId.BADEUCEY]
DEUCE_TO_SEVEN_TRIPLE_DRAW = GAMES[GameId.DEUCE_TO_SEVEN_TRIPLE_DRAW]
ACE_TO_FIVE_TRIPLE_DRAW = GAMES[GameId.ACE_TO_FIVE_TRIPLE_DRAW]
FIVE_CARD_DRAW = GAMES[GameId.FIVE_CARD_DRAW]
