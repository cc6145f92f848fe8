"""The showdown of the split-pot games (Badacey, Badeucey): each pot in two halves.

For every pot (main and side pots alike) the contenders' hands are read twice: the Badugi
half goes to the best Badugi hand (games.GameRules.badugi), the low half to the best lowball
hand of all five cards (games.GameRules.low_hand). A player can win both (a scoop); ties in a
half split that half again. What the site says each player took from the pot is then
checked against our halves: the pot as collected (after rake) is cut in two, the odd unit to
the half games.GameRules.odd_chip_half names, and each half divided among its winners with
odd units to the first winners clockwise from the button (pots.split_amount). The sites print
one amount per player and pot (KingsClub: "X wins (N) from pot"), not which half it came from,
so the check is each player's total from each pot.

Called by replay.py for games whose GameRules.split is true; issues go on the replay.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cards import Card
from .games import Half
from .issues import Code
from .pots import split_amount

if TYPE_CHECKING:  # pragma: no cover
    from .replay import _Replay

__all__ = ["HalfResult", "settle_halves"]


@dataclass(frozen=True, slots=True)
class HalfResult:
    """One half of one pot. half: Half.BADUGI or Half.LOW; winners: who our evaluators say
    win it (empty when the cards are not known); amount: int, the half of what the site says
    was taken from the pot (after rake; 0 when nothing was taken); shares: player -> int, that
    amount divided among the winners (odd units from the button)."""

    half: Half
    winners: tuple[str, ...]
    amount: int
    shares: dict[str, int] = field(hash=False)


def _cards_of(replay: _Replay, player: str) -> tuple[Card, ...] | None:
    cards = replay.shown.get(player)
    if cards is None and player == replay.hero:
        cards = replay.hero_cards
    return cards


def _best(values: Mapping[str, object], contenders: list[str]) -> tuple[str, ...]:
    top = max(values.values())  # type: ignore[type-var]
    return tuple(p for p in contenders if values[p] == top)


def settle_halves(
    replay: _Replay, index: int, contenders: list[str], taken: dict[str, int], from_button: list[str]
) -> tuple[tuple[str, ...], tuple[HalfResult, ...]]:
    """(winners of either half, the two halves) of pot `index`. contenders: who can win it
    (not mucked), in seat order; taken: player -> amount the site says he took from it;
    from_button: every player clockwise from the first left of the button. Issues (unknown
    cards, other winners, other amounts) are added to `replay`."""
    game = replay.game
    line = replay.collect_line or replay.hand.summary.line
    total = sum(taken.values())
    amounts = game.halves(total)
    winners_by_half: dict[Half, tuple[str, ...]] = {}
    if len(contenders) == 1:
        winners_by_half = {Half.BADUGI: (contenders[0],), Half.LOW: (contenders[0],)}
    else:
        badugi, low, unknown = {}, {}, []
        for player in contenders:
            cards = _cards_of(replay, player)
            if cards is None or len(cards) != game.hand_size or len(set(cards)) != len(cards):
                unknown.append(player)
                continue
            badugi[player] = replay.evaluate(cards)
            low[player] = game.low_hand(cards)
        if unknown:
            replay.issue(Code.SHOWDOWN_UNKNOWN, f"pot {index}: the {game.hand_size} cards of {', '.join(unknown)} "
                         "are not known; the site's winners are taken as they are", line)
        else:
            winners_by_half = {Half.BADUGI: _best(badugi, contenders), Half.LOW: _best(low, contenders)}
    halves = []
    expected: dict[str, int] = defaultdict(int)
    for half in (Half.BADUGI, Half.LOW):
        winners = winners_by_half.get(half, ())
        shares = split_amount(amounts[half], [p for p in from_button if p in winners]) if winners and total else {}
        for player, amount in shares.items():
            expected[player] += amount
        halves.append(HalfResult(half, winners, amounts[half] if total else 0, shares))
    everyone = tuple(p for p in contenders if any(p in w for w in winners_by_half.values()))
    if winners_by_half and taken:
        if set(taken) != set(everyone):
            replay.issue(Code.SHOWDOWN_WINNER_MISMATCH, f"pot {index}: the site gives it to {', '.join(sorted(taken))}, "
                         f"our evaluators to {_said(halves)}", line)
        elif dict(expected) != taken:
            replay.issue(Code.SPLIT_AMOUNTS, f"pot {index}: taken {taken}, expected {dict(expected)} from the halves "
                         f"({_said(halves)}; odd unit to the {game.odd_chip_half} half, then from the button)", line)
    return everyone, tuple(halves)


def _said(halves: list[HalfResult]) -> str:
    return "; ".join(f"{h.half} half {h.amount} to {', '.join(h.winners)}" for h in halves)
