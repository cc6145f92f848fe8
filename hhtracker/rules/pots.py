"""Main and side pots, split pots and rake shares: pure arithmetic on integers.

rule: a player can win from each other player at most what he put in himself; every
all-in amount below the top closes a pot (the main pot first, then side pots in order).
Split pots: equal shares, the odd chip(s) to the first winner(s) left of the button
(../shared/DESIGN.md, "Rules engine").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..model import CHIPS
from ..money import format_money


@dataclass(frozen=True, slots=True)
class PotLayer:
    """One pot before rake. amount: int; eligible: the players (not folded) who can win it,
    in seat order."""

    amount: int
    eligible: tuple[str, ...]


def build_pots(
    contributed: Mapping[str, int],
    live: Sequence[str],
    all_in: set[str] | frozenset[str],
) -> tuple[PotLayer, ...]:
    """Main pot then side pots from what each player put in.

    contributed: player -> total put in this hand (uncalled bets already returned), folded
    players included (their chips are dead money); live: players who did not fold, in seat
    order; all_in: live players with no chips left. Layers that hold no chips are dropped.
    """
    live_amounts = [(player, contributed.get(player, 0)) for player in live]
    puts = list(contributed.values())
    top = max([put for _, put in live_amounts], default=0)
    levels = sorted({put for p, put in live_amounts if p in all_in and put < top})
    levels.append(top)
    pots: list[PotLayer] = []
    previous = 0
    for level in levels:
        amount = sum([max(0, min(put, level) - previous) for put in puts])
        eligible = tuple([p for p, put in live_amounts if put >= level])
        if amount > 0:
            if pots and pots[-1].eligible == eligible:
                pots[-1] = PotLayer(pots[-1].amount + amount, eligible)
            else:
                pots.append(PotLayer(amount, eligible))
        previous = level
    # Dead money above the top live contribution (a folded player who put in more than
    # every live player) belongs to the last pot.
    extra = sum([max(0, put - top) for put in puts])
    if extra and pots:
        pots[-1] = PotLayer(pots[-1].amount + extra, pots[-1].eligible)
    return tuple(pots)


def split_amount(amount: int, winners_from_button: Sequence[str]) -> dict[str, int]:
    """Equal shares of `amount`; the odd chips go one each to the first winners in
    `winners_from_button` (the winners ordered clockwise starting left of the button)."""
    count = len(winners_from_button)
    share, odd = divmod(amount, count)
    return {player: share + (1 if index < odd else 0) for index, player in enumerate(winners_from_button)}


def proportional_shares(total: int, weights: Mapping[str, int]) -> dict[str, int]:
    """`total` split in proportion to `weights`, in whole units that add up to `total`
    exactly (largest remainder; ties to the earlier key). Used for rake attribution."""
    weight_sum = sum(weights.values())
    if total == 0 or weight_sum == 0:
        return {player: 0 for player in weights}
    shares = {player: total * weight // weight_sum for player, weight in weights.items()}
    order = {player: index for index, player in enumerate(weights)}
    remainders = sorted(weights, key=lambda p: (-(total * weights[p] % weight_sum), order[p]))
    for player in remainders[: total - sum(shares.values())]:
        shares[player] += 1
    return shares


def shares_text(amounts: Mapping[str, int], money: Callable[[int], str]) -> str:
    """"A $0.51, B $0.50": each player's share of a pot in the hand's money (amounts: cents
    or chips by player)."""
    return ", ".join(f"{player} {money(amount)}" for player, amount in amounts.items())


def in_chips(amount: int) -> str:
    """An amount as the messages write it when the hand's money is not given ("255 chips"):
    the default of Table and Showdown (the replay gives them its own, Replay.money)."""
    return format_money(amount, CHIPS)
