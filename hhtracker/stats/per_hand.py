"""Per-hand statistics facts: pure functions of a ReplayedHand.

Every statistic is a ratio done / opportunities (../shared/STATS.md); here each player gets,
per hand, a `Fact(done, opportunity)` per statistic, so any subset of hands can be summed in
SQL. Choices where STATS.md is silent are marked "Choice:".
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..model import Round
from ..rules.replay import CAP_BETS, VOLUNTARY, Action, ActionKind, ReplayedHand


@dataclass(frozen=True, slots=True)
class Fact:
    """done: the player did it; opportunity: he could have. done implies opportunity."""

    done: bool = False
    opportunity: bool = False


NO = Fact()


@dataclass(frozen=True, slots=True)
class PlayerHandStats:
    """One dealt-in player's statistics facts for one hand (keys as in STATS.md).

    cards_drawn_d1..3: int 0-4, or None when the draw was not reached.
    """

    player: str
    vpip: Fact
    pfr: Fact
    three_bet: Fact
    steal: Fact
    pat_d1: Fact
    pat_d2: Fact
    pat_d3: Fact
    wtsd: Fact
    wsd: Fact
    won_reached_d1: Fact
    cards_drawn_d1: int | None
    cards_drawn_d2: int | None
    cards_drawn_d3: int | None


STAT_KEYS: tuple[str, ...] = tuple(f.name for f in fields(PlayerHandStats) if f.type == "Fact")
"""The ratio statistics, in the order they are shown and stored."""

DRAW_KEYS = ("cards_drawn_d1", "cards_drawn_d2", "cards_drawn_d3")

_STEAL_POSITIONS = frozenset({"CO", "BTN", "SB"})


def per_hand_stats(replayed: ReplayedHand) -> tuple[PlayerHandStats, ...]:
    """The facts of every player dealt in, in seat order."""
    predraw = [a for a in replayed.actions if a.round is Round.PREDRAW]
    drawn: dict[tuple[str, int], int] = {(d.player, d.draw): d.discarded for d in replayed.draws}
    result = []
    for player in replayed.players:
        if not player.dealt_in:
            continue
        name = player.player
        mine = [a for a in predraw if a.player == name]
        voluntary = [a for a in mine if a.kind in VOLUNTARY]
        # Choice: a walk removes the opportunity of the big blind only (PokerTracker's
        # convention); the players who folded to him had a decision.
        walked = replayed.walk and player.folded_round is None
        can_vpip = not walked
        vpip = Fact(bool(voluntary) and can_vpip, can_vpip)
        pfr = Fact(any(a.kind is ActionKind.RAISE for a in mine) and can_vpip, can_vpip)
        three_bet = _three_bet(mine)
        steal = _steal(player.position, mine)
        draws = []
        pats = []
        for draw in (1, 2, 3):
            reached = player.reached_draw >= draw
            count = drawn.get((name, draw)) if reached else None
            draws.append(count)
            pats.append(Fact(count == 0, count is not None))
        reached_d1 = player.reached_draw >= 1
        won = player.collected > 0
        wtsd = Fact(reached_d1 and player.showdown, reached_d1)
        wsd = Fact(player.showdown and won, player.showdown)
        result.append(
            PlayerHandStats(
                player=name,
                vpip=vpip,
                pfr=pfr,
                three_bet=three_bet,
                steal=steal,
                pat_d1=pats[0],
                pat_d2=pats[1],
                pat_d3=pats[2],
                wtsd=wtsd,
                wsd=wsd,
                won_reached_d1=Fact(reached_d1 and won, reached_d1),
                cards_drawn_d1=draws[0],
                cards_drawn_d2=draws[1],
                cards_drawn_d3=draws[2],
            )
        )
    return tuple(result)


def _decisions(mine: list[Action]) -> list[Action]:
    """The player's own pre-draw decisions (blind and ante posts are not decisions)."""
    return [a for a in mine if a.kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)]


def _three_bet(mine: list[Action]) -> Fact:
    """Opportunity: the player acted pre-draw facing exactly one raise over the blinds (two
    bets: the big blind and the raise) while a raise was still allowed. Done: he re-raised
    at that decision. Choice: only his first such decision counts."""
    for action in _decisions(mine):
        if action.bets_before == 2 and action.bets_before < CAP_BETS:
            return Fact(action.kind is ActionKind.RAISE, True)
    return NO


def _steal(position: str | None, mine: list[Action]) -> Fact:
    """Opportunity: cut-off, button or small blind, first decision with only the blinds in
    (no raise, no caller). Done: he raised there."""
    if position not in _STEAL_POSITIONS:
        return NO
    decisions = _decisions(mine)
    if not decisions:
        return NO
    first = decisions[0]
    if first.bets_before == 1 and first.callers_before == 0:
        return Fact(first.kind is ActionKind.RAISE, True)
    return NO
