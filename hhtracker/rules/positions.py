"""Table positions, from the button and the players dealt in.

rule (../shared/STATS.md, "Reporting rules"): BTN, SB, BB, then UTG, UTG+1, MP, HJ, CO
counted back from the button for the number of players dealt in; heads-up the button is
the small blind. Choice: with a dead or empty button seat, the button is the last player
dealt in before the button seat going clockwise, and the blinds are the next two.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import ParsedHand

# The seats between the big blind and the button, named from the button backwards.
_MIDDLE = ("UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO")
_MIDDLE_BY_COUNT = {
    0: (),
    1: ("CO",),
    2: ("HJ", "CO"),
    3: ("MP", "HJ", "CO"),
    4: ("UTG+1", "MP", "HJ", "CO"),
    5: ("UTG", "UTG+1", "MP", "HJ", "CO"),
    6: _MIDDLE,
}


def positions(hand: ParsedHand, dealt_in: Sequence[str]) -> dict[str, str]:
    """player -> position name for the players dealt in (others are absent)."""
    seat_of = {seat.player: seat.seat for seat in hand.seats}
    button = hand.button_seat
    # Clockwise from the seat after the button; the button player (if any) comes last.
    order = sorted(dealt_in, key=lambda p: (seat_of[p] - button - 1) % 1000)
    count = len(order)
    if count == 0:
        return {}
    if count == 1:
        return {order[0]: "BB"}
    if count == 2:  # heads-up: the button posts the small blind
        return {order[-1]: "BTN", order[0]: "BB"}
    middle = count - 3
    if middle in _MIDDLE_BY_COUNT:
        names = _MIDDLE_BY_COUNT[middle]
    else:  # more than nine players: UTG, UTG+1, UTG+2 ... then MP, HJ, CO
        names = tuple(f"UTG+{i}" if i else "UTG" for i in range(middle - 3)) + _MIDDLE[-3:]
    return dict(zip(order, ("SB", "BB", *names, "BTN"), strict=True))
