"""What a replay gives: the actions with their betting context, the draws, the pots with our
winners, each player's result, and the hand's validation issues (`ReplayedHand`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..cards import Card
from ..model import HandStatus, ParsedHand, Round
from .badugi import BadugiHand
from .games import Half
from .issues import Severity, ValidationIssue
from .structures import POKERSTARS_LIMIT


CAP_BETS = POKERSTARS_LIMIT.cap
"""Bets per fixed-limit round on PokerStars (structures.POKERSTARS_LIMIT), for the
statistics that ask whether a raise was still allowed."""


class ActionKind(StrEnum):
    """A betting action (blinds and antes included). Draws are not betting actions."""

    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    DEAD_BLIND = "dead_blind"
    ANTE = "ante"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


VOLUNTARY = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})


@dataclass(frozen=True, slots=True)
class Action:
    """One betting action as replayed. seq: 0-based order in the hand; amount: int, chips
    added by this action; to: the player's total bet this round after it; facing: the bet
    level (highest total bet this round) before it; bets_before: how many bets and raises
    (the big blind counting as one pre-draw) the round had before it; players_in_before:
    players who had put voluntary money in this round before it."""

    seq: int
    round: Round
    player: str
    kind: ActionKind
    amount: int
    to: int
    facing: int
    bets_before: int
    callers_before: int
    all_in: bool
    line: int


@dataclass(frozen=True, slots=True)
class DrawAction:
    """One player's action at draw k (1..3): discarded: int, 0 = stood pat; cards_before /
    discarded_cards / new_cards / cards_after: known only for the hero (None otherwise)."""

    draw: int
    player: str
    discarded: int
    cards_before: tuple[Card, ...] | None
    discarded_cards: tuple[Card, ...] | None
    new_cards: tuple[Card, ...] | None
    cards_after: tuple[Card, ...] | None
    line: int


@dataclass(frozen=True, slots=True)
class HalfResult:
    """One half of one pot in the split-pot games (split_pot.py). half: Half.BADUGI or
    Half.LOW; winners: who our evaluators say win it (empty when the cards are not known);
    amount: int, the half of what the site says was taken from the pot (after rake; 0 when
    nothing was taken); shares: player -> int, that amount divided among the winners (odd
    units from the button)."""

    half: Half
    winners: tuple[str, ...]
    amount: int
    shares: dict[str, int] = field(hash=False)


@dataclass(frozen=True, slots=True)
class RunResult:
    """One run of one pot in a hand run twice (run_twice.py). run: 1 or 2; winners: who our
    evaluator says wins it among the hands known for that run (empty when none is known);
    amount: int, that run's part of what the site says was taken from the pot; shares:
    player -> int, what each winner takes of it (empty when the run's winner was taken from
    the site, its hands not all known); unknown: the contenders whose hand of that run the
    site does not show."""

    run: int
    winners: tuple[str, ...]
    amount: int
    shares: dict[str, int] = field(hash=False)
    unknown: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PotResult:
    """A pot after the replay. index: 0 main (or the only pot), k = side pot k; amount: int,
    before rake; printed: the site's amount after rake (None when only a total was printed);
    eligible: who could win it; winners: who our evaluator says wins it (empty when it cannot
    tell); collected: player -> amount the site says each took from it; halves: in the
    split-pot games, the Badugi and the low half (HalfResult), else empty; runs: in a hand run
    twice, its two runs (RunResult), else empty."""

    index: int
    amount: int
    printed: int | None
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    collected: dict[str, int] = field(hash=False)
    halves: tuple[HalfResult, ...] = ()
    runs: tuple[RunResult, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One seated player's hand. Money in the hand's unit (cents or chips).

    contributed: total put in after uncalled bets came back; by_round: the same per round
    (4 entries, blinds and antes in round 1); collected: taken from the pots; net =
    collected - contributed; rake: his share of the rake, in proportion to what he put in;
    folded_round: the round he folded in, None if he did not; reached_draw: how many draws he
    was still in for (0-3); showdown: he was in at showdown; final_cards / final_hand: when
    known (hero, shown or revealed); position: "BTN", "SB", "BB", "UTG"... or None when not
    dealt in.
    """

    player: str
    seat: int
    stack: int
    dealt_in: bool
    position: str | None
    contributed: int
    by_round: tuple[int, int, int, int]
    collected: int
    net: int
    rake: int
    folded_round: Round | None
    all_in: bool
    reached_draw: int
    showdown: bool
    final_cards: tuple[Card, ...] | None
    final_hand: BadugiHand | None


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """A ParsedHand replayed. hero: the player whose cards were dealt face up, or None;
    showdown: 2+ players reached the end; walk: everyone folded to the big blind pre-draw."""

    hand: ParsedHand
    players: tuple[PlayerResult, ...]
    actions: tuple[Action, ...]
    draws: tuple[DrawAction, ...]
    pots: tuple[PotResult, ...]
    total_pot: int
    rake: int
    big_blind: int
    hero: str | None
    showdown: bool
    walk: bool
    draws_reached: int
    issues: tuple[ValidationIssue, ...]

    @property
    def status(self) -> HandStatus:
        """ERROR if any issue is an error, WARNING if any warning, else OK."""
        if any(issue.severity is Severity.ERROR for issue in self.issues):
            return HandStatus.ERROR
        return HandStatus.WARNING if self.issues else HandStatus.OK

    def player(self, name: str) -> PlayerResult:
        for result in self.players:
            if result.player == name:
                return result
        raise KeyError(name)
