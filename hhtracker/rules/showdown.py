"""The end of a replay, as pure functions of frozen inputs: the pots settled by our
evaluator beside what the site printed and who collected (`settle(Showdown) ->
Settlement`), and the cards checked (`check_cards(CardCheck) -> issues`: a card in two
hands, a discard back before the deck could have run out). replay.py builds the inputs from
its state at the end of the hand and adds the issues to the hand's, in the order returned."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..cards import Card
from .badugi import BadugiHand
from .deck import reshuffle_draws
from .games import GameRules
from .issues import Code, ValidationIssue
from .high import HighHand
from .lowball import LowHand
from .pots import PotLayer, split_amount
from .results import DrawAction, PotResult
from .run_twice import settle_runs
from .pots import in_chips, shares_text
from .split_pot import settle_halves

__all__ = ["CardCheck", "Settlement", "Showdown", "check_cards", "settle"]


@dataclass(frozen=True, slots=True)
class Showdown:
    """What settling the pots reads, frozen at the end of the hand.

    game: the game's rules (split or not, hand size, the low evaluator); layers: the main
    pot then the side pots from the contributions (pots.build_pots); printed: the site's
    amounts per pot after rake (empty when it printed only a total); collected: pot index ->
    player -> int, what the site says each took from each pot (the pots not awarded for a
    cash out already counted); mucked: who mucked; cards: player -> the cards he is known to
    hold at the end (shown, and the hero's unless he folded); from_button: every dealt
    player clockwise from the first left of the button; summary_line, collect_line: lines
    the issues point at (collect_line 0 when nothing was collected); evaluate: the game's
    Badugi evaluation of some cards (GameRules.badugi, cached for the hand); second_run
    (below)."""

    game: GameRules
    layers: tuple[PotLayer, ...]
    printed: tuple[int, ...]
    collected: Mapping[int, Mapping[str, int]]
    mucked: frozenset[str]
    cards: Mapping[str, tuple[Card, ...]]
    from_button: tuple[str, ...]
    summary_line: int
    collect_line: int
    evaluate: Callable[[tuple[Card, ...]], BadugiHand]
    second_run: Mapping[str, tuple[Card, ...]] | None = None
    """In a hand run twice, player -> the cards he is known to hold in the second run (the
    first run's are `cards`); None for a hand run once."""
    money: Callable[[int], str] = in_chips
    """An amount of the hand as the messages write it, in its money ("$2.55") or chips
    ("255 chips"), never bare cents (replay.Replay.money)."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """The pots settled: pots (index order, results.PotResult) and the issues found, in the
    order they were found."""

    pots: tuple[PotResult, ...]
    issues: tuple[ValidationIssue, ...]


@dataclass(frozen=True, slots=True)
class CardCheck:
    """What the card checks read. cards: player -> cards known at the end (as in
    Showdown.cards, the shown hands first in the order shown); shown_line: player -> the
    line he first showed on; hero: the player dealt face up, or None; hero_discarded: (draw,
    card) the hero threw away (or folded) at each draw, in order; dealt: how many players were
    dealt in; draws: every player's draws; hand_size: cards dealt to each."""

    cards: Mapping[str, tuple[Card, ...]]
    shown_line: Mapping[str, int]
    hero: str | None
    hero_discarded: tuple[tuple[int, Card], ...]
    dealt: int
    draws: tuple[DrawAction, ...]
    hand_size: int


def _printed_pots(s: Showdown, issues: list[ValidationIssue]) -> None:
    """The site's pots against ours: how many, and none holding more than was put in."""
    layers, printed = s.layers, s.printed
    if printed and len(printed) != len(layers):
        issues.append(ValidationIssue.of(
            Code.POTS_MISMATCH, f"the site prints {len(printed)} pots, the contributions make {len(layers)}", s.summary_line))
    elif not printed and len(layers) > 1:
        issues.append(ValidationIssue.of(
            Code.POTS_MISMATCH, f"the site prints one pot, the contributions make {len(layers)} (side pots)", s.summary_line))
    elif printed:
        for index, (layer, printed_amount) in enumerate(zip(layers, printed)):
            if printed_amount > layer.amount:
                issues.append(ValidationIssue.of(
                    Code.POTS_MISMATCH, f"pot {index}: the site prints {s.money(printed_amount)}, more than the {s.money(layer.amount)} put in",
                    s.summary_line))


def _settle_pot(s: Showdown, index: int, layer: PotLayer, site_amount: int | None,
                issues: list[ValidationIssue]) -> PotResult:
    """One pot of a game that is not split: the best Badugi hand of the contenders wins it."""
    taken = dict(s.collected.get(index, {}))
    if site_amount is not None and taken and sum(taken.values()) != site_amount:
        issues.append(ValidationIssue.of(Code.POTS_MISMATCH, f"pot {index}: collected {s.money(sum(taken.values()))}, the site prints {s.money(site_amount)}",
                                         s.collect_line or s.summary_line))
    contenders = [p for p in layer.eligible if p not in s.mucked] or list(layer.eligible)
    if s.second_run is not None and not s.game.split:  # run twice (run_twice.py)
        twice = settle_runs(s.game, index, contenders, taken, s.from_button, (s.cards, s.second_run), s.evaluate,
                            s.collect_line or s.summary_line, s.money)
        issues.extend(twice.issues)
        return PotResult(index, layer.amount, site_amount, layer.eligible, twice.winners, taken, runs=twice.runs)
    if s.game.split:  # Badacey, Badeucey: two halves (split_pot.py)
        split = settle_halves(s.game, index, contenders, taken, s.from_button, s.cards, s.evaluate,
                              s.collect_line or s.summary_line, s.money)
        issues.extend(split.issues)
        return PotResult(index, layer.amount, site_amount, layer.eligible, split.winners, taken, split.halves)
    winners: tuple[str, ...] = ()
    if len(contenders) == 1:
        winners = (contenders[0],)
    else:
        hands: dict[str, BadugiHand | LowHand | HighHand] = {}
        for player in contenders:
            cards = s.cards.get(player)
            if cards is None:
                break
            if s.game.whole_hand:  # 2-7 and A-5 Triple Draw, 5-Card Draw: the whole pot to the best five cards (rules/games.py)
                if len(cards) != s.game.hand_size or len(set(cards)) != len(cards):
                    break
                five = s.game.five_card_hand(cards)
                assert five is not None
                hands[player] = five
                continue
            hands[player] = s.evaluate(cards)
        else:
            best = max(hands.values())
            winners = tuple(p for p in contenders if hands[p] == best)
        if not winners:
            issues.append(ValidationIssue.of(
                Code.SHOWDOWN_UNKNOWN, f"pot {index}: the cards of {', '.join(p for p in contenders if p not in hands)} are not known; "
                "the site's winner is taken as is", s.collect_line or s.summary_line))
    if winners and taken and set(taken) != set(winners):
        issues.append(ValidationIssue.of(
            Code.SHOWDOWN_WINNER_MISMATCH,
            f"pot {index}: the site gives it to {', '.join(sorted(taken))}, our evaluator to {', '.join(winners)}",
            s.collect_line or s.summary_line))
    elif winners and len(winners) > 1 and taken:
        ordered = [p for p in s.from_button if p in winners]
        expected = split_amount(sum(taken.values()), ordered)
        if expected != taken:
            issues.append(ValidationIssue.of(
                Code.SPLIT_AMOUNTS, f"pot {index}: split {shares_text(taken, s.money)}, expected {shares_text(expected, s.money)}"
                " (odd chip left of the button)", s.collect_line))
    return PotResult(index, layer.amount, site_amount, layer.eligible, winners, taken)


def settle(s: Showdown) -> Settlement:
    """Our pots beside the printed ones; winners by our evaluator(s); both checked. Pure:
    the input is not changed; every problem is an issue of the result."""
    issues: list[ValidationIssue] = []
    _printed_pots(s, issues)
    printed: list[int | None] = list(s.printed) if s.printed else [None] * len(s.layers)
    pots = tuple(_settle_pot(s, index, layer, printed[index] if index < len(printed) else None, issues)
                 for index, layer in enumerate(s.layers))
    extra = set(s.collected) - set(range(len(s.layers)))
    if extra:
        issues.append(ValidationIssue.of(
            Code.POTS_MISMATCH, f"chips collected from pots {sorted(extra)} that the contributions do not make", s.collect_line))
    return Settlement(pots, tuple(issues))


def check_cards(c: CardCheck) -> tuple[ValidationIssue, ...]:
    """No card in two hands at once; a discarded card back only after a reshuffle. Returns
    the issues found, in order."""
    issues: list[ValidationIssue] = []
    holders: dict[Card, str] = {}
    for player, cards in c.cards.items():
        for card in cards:
            other = holders.get(card)
            if other is not None and other != player:
                line = c.shown_line.get(player) or c.shown_line.get(other)
                issues.append(ValidationIssue.of(Code.CARD_DUPLICATED, f"{card} is in the hands of both {other} and {player}", line))
            holders[card] = player
    reshuffles = reshuffle_draws(c.dealt, c.draws, c.hand_size)
    for when, card in c.hero_discarded:
        owner = holders.get(card)
        if owner is None or owner == c.hero:
            continue
        # A card the hero threw away at draw k (or folded after draw k) is live again
        # only if the discards may have been reshuffled at draw k or later (the stub may
        # first run out at any draw between the earliest, with burns, and the latest).
        came_back = any(r >= max(when, 1) for r in reshuffles)
        if not came_back:
            issues.append(ValidationIssue.of(
                Code.DISCARD_REUSED,
                f"{card}, thrown away by {c.hero}, is shown by {owner}, but the deck could not have run out after that",
                c.shown_line.get(owner)))
    return tuple(issues)

