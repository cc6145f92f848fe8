"""The deck during the draws: when the stub runs out."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class _Draw(Protocol):
    @property
    def draw(self) -> int: ...
    @property
    def discarded(self) -> int: ...


def first_reshuffle(players_dealt: int, draws: Iterable[_Draw], hand_size: int = 4, burns: int = 1) -> int | None:
    """The first draw (1-3) at which the stub could not cover the cards asked for, so the
    discards were shuffled back; None if the deck never ran out. players_dealt: players
    dealt in; draws: every player's draws (draw number, cards discarded).
    Conservative: `burns` cards (one by default) are assumed burnt before each draw, so a
    reshuffle is never ruled out wrongly. hand_size: cards dealt to each (5 in Badacey and Badeucey). rule: seeds/001 "Card Deck" (shuffle the discards back when cards run low)."""
    asked_by_draw = {1: 0, 2: 0, 3: 0}
    for action in draws:
        asked_by_draw[action.draw] = asked_by_draw.get(action.draw, 0) + action.discarded
    stub = 52 - hand_size * players_dealt
    asked = 0
    for number in (1, 2, 3):
        asked += asked_by_draw[number]
        if asked + burns * number > stub:
            return number
    return None


def reshuffle_draws(players_dealt: int, draws: Iterable[_Draw], hand_size: int = 4) -> range:
    """Every draw at which the stub may first have run out: from the earliest (a card burnt
    before each draw) to the latest (no card burnt; the last draw when even then the stub
    lasts). Empty when the stub covered every draw even with burns. Whether a card thrown
    away at draw k could be live again is whether one of these is k or later."""
    draws = list(draws)
    earliest = first_reshuffle(players_dealt, draws, hand_size)
    if earliest is None:
        return range(0)
    latest = first_reshuffle(players_dealt, draws, hand_size, burns=0)
    return range(earliest, (latest if latest is not None else 3) + 1)
