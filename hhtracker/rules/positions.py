"""Table positions, from the button and the players dealt in.

rule (../shared/STATS.md, "Reporting rules", Positions, PokerTracker's reading): SB and BB
are the blinds; the others dealt in are named back from the button, BTN, CO, HJ, MP, UTG+1,
UTG+2, and whenever five or more are dealt in the first of them to act pre-draw is named UTG
instead. So 8 dealt in: UTG, UTG+1, MP, HJ, CO, BTN, SB, BB; 7: UTG, MP, HJ, CO, BTN, SB,
BB; 6: UTG, HJ, CO, BTN, SB, BB; 5: UTG, CO, BTN, SB, BB; 4: CO, BTN, SB, BB; 3: BTN, SB,
BB; heads-up the button is the small blind (BTN) against the BB.
Choice: with a dead or empty button seat, the button is the last player dealt in before the
button seat going clockwise, and the blinds are the next two. Choice (STATS.md names no more
than eight): nine or more dealt in are UTG, UTG+1, UTG+2, ... then MP, HJ, CO.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..model import ParsedHand

# The seats between the big blind and the button, named back from the button (STATS.md).
_BACK_FROM_BUTTON = ("CO", "HJ", "MP", "UTG+1", "UTG+2")


def middle_names(middle: int) -> tuple[str, ...]:
    """The names of the `middle` seats between the big blind and the button, in the order
    they act pre-draw (first to act first)."""
    if middle <= len(_BACK_FROM_BUTTON):
        names = list(reversed(_BACK_FROM_BUTTON[:middle]))
        if middle >= 2:  # five or more dealt in: the first to act is UTG
            names[0] = "UTG"
        return tuple(names)
    return ("UTG", *(f"UTG+{i}" for i in range(1, middle - 3)), "MP", "HJ", "CO")


def seat_positions(button_seat: int, seats: Iterable[int]) -> dict[int, str]:
    """seat -> position name for the seats dealt in, the button at `button_seat`."""
    # Clockwise from the seat after the button; the button's seat (if dealt in) comes last.
    order = sorted(seats, key=lambda seat: (seat - button_seat - 1) % 1000)
    count = len(order)
    if count == 0:
        return {}
    if count == 1:
        return {order[0]: "BB"}
    if count == 2:  # heads-up: the button posts the small blind
        return {order[-1]: "BTN", order[0]: "BB"}
    return dict(zip(order, ("SB", "BB", *middle_names(count - 3), "BTN"), strict=True))


def positions(hand: ParsedHand, dealt_in: Sequence[str]) -> dict[str, str]:
    """player -> position name for the players dealt in (others are absent)."""
    seat_of = {seat.player: seat.seat for seat in hand.seats}
    by_seat = seat_positions(hand.button_seat, (seat_of[p] for p in dealt_in))
    return {player: by_seat[seat_of[player]] for player in dealt_in}
