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

Called by showdown.settle for games whose GameRules.split is true; the issues are returned.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..cards import Card
from .badugi import BadugiHand
from .games import GameRules, Half
from .issues import Code, ValidationIssue
from .pots import shares_text, split_amount
from .results import HalfResult

__all__ = ["HalfResult", "SplitPot", "settle_halves"]


@dataclass(frozen=True, slots=True)
class SplitPot:
    """One pot of a split-pot game settled. winners: who wins either half (contenders'
    order); halves: the Badugi half then the low half; issues: what was found wrong, in
    order."""

    winners: tuple[str, ...]
    halves: tuple[HalfResult, ...]
    issues: tuple[ValidationIssue, ...]


def _best(values: Mapping[str, object], contenders: list[str]) -> tuple[str, ...]:
    top = max(values.values())  # type: ignore[type-var]
    return tuple(p for p in contenders if values[p] == top)


def settle_halves(
    game: GameRules, index: int, contenders: list[str], taken: Mapping[str, int], from_button: tuple[str, ...],
    cards: Mapping[str, tuple[Card, ...]], evaluate: Callable[[tuple[Card, ...]], BadugiHand], line: int,
    money: Callable[[int], str],
) -> SplitPot:
    """Pot `index` of a split-pot game in its two halves. game: its rules (GameRules.split
    true); contenders: who can win it (not mucked), in seat order; taken: player -> int, the
    amount the site says he took from it; from_button: every player clockwise from the first
    left of the button; cards: player -> the cards known at the end; evaluate: the game's
    Badugi evaluation (GameRules.badugi, cached); line: the line issues point at; money: an
    amount as the messages write it (the hand's money, Replay.money). Pure: the
    issues (unknown cards, other winners, other amounts) are returned."""
    issues: list[ValidationIssue] = []
    total = sum(taken.values())
    amounts = game.halves(total)
    winners_by_half: dict[Half, tuple[str, ...]] = {}
    if len(contenders) == 1:
        winners_by_half = {Half.BADUGI: (contenders[0],), Half.LOW: (contenders[0],)}
    else:
        badugi, low, unknown = {}, {}, []
        for player in contenders:
            held = cards.get(player)
            if held is None or len(held) != game.hand_size or len(set(held)) != len(held):
                unknown.append(player)
                continue
            badugi[player] = evaluate(held)
            low[player] = game.low_hand(held)
        if unknown:
            issues.append(ValidationIssue.of(Code.SHOWDOWN_UNKNOWN, f"pot {index}: the {game.hand_size} cards of {', '.join(unknown)} "
                                             "are not known; the site's winners are taken as they are", line))
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
            issues.append(ValidationIssue.of(Code.SHOWDOWN_WINNER_MISMATCH, f"pot {index}: the site gives it to {', '.join(sorted(taken))}, "
                                             f"our evaluators to {_said(halves, money)}", line))
        elif dict(expected) != taken:
            issues.append(ValidationIssue.of(Code.SPLIT_AMOUNTS, f"pot {index}: taken {shares_text(taken, money)}, expected {shares_text(expected, money)}"
                                             f" from the halves ({_said(halves, money)}; odd unit to the {game.odd_chip_half} half, then from the button)", line))
    return SplitPot(everyone, tuple(halves), tuple(issues))


def _said(halves: list[HalfResult], money: Callable[[int], str]) -> str:
    return "; ".join(f"{h.half} half {money(h.amount)} to {', '.join(h.winners)}" for h in halves)
