"""The deck during the draws: when the stub runs out."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class _Draw(Protocol):
    @property
    def draw(self) -> int: ...
    @property
    def discarded(self) -> int: ...


def first_reshuffle(players_dealt: int, draws: Iterable[_Draw], hand_size: int = 4) -> int | None:
    """The first draw (1-3) at which the stub could not cover the cards asked for, so the
    discards were shuffled back; None if the deck never ran out. players_dealt: players
    dealt in; draws: every player's draws (draw number, cards discarded).
    Conservative: one burn card is assumed before each draw, so a reshuffle is never ruled
    out wrongly. hand_size: cards dealt to each (5 in Badacey and Badeucey). rule: seeds/001 "Card Deck" (shuffle the discards back when cards run low)."""
    asked_by_draw = {1: 0, 2: 0, 3: 0}
    for action in draws:
        asked_by_draw[action.draw] = asked_by_draw.get(action.draw, 0) + action.discarded
    stub = 52 - hand_size * players_dealt
    asked = 0
    for number in (1, 2, 3):
        asked += asked_by_draw[number]
        if asked + number > stub:
            return number
    return None
