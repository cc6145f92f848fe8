"""The showdown of a hand run twice (KingsClub's run it twice): each pot in two runs.

After an all-in the site deals the draw twice; each pot is cut in two, one part per run, and
each part goes to the best hand of its run (rule: the sites' run-it-twice option, as
KingsClub's files show it: in ../shared/corpus-draw/KingsClub__27SD_NL_cash_202103_RIT.txt
two players each win one run and each takes half of every pot). A player who stood pat holds
the same hand in both runs; a player who drew holds another hand in the second run, which the
site shows (`Run 2: X shows [..]`), gives as the hero's second cards (`draws [8c] [Qs]`), or
does not show at all (the 2021-03 file: replay.py says which hands are known).

The site prints one amount per player and pot, not which run it came from, so the check is
each player's total from each pot: the pot as collected (after rake) is cut in two, the odd
unit to either run (no sample shows an odd unit: both ways are accepted), each run's part
divided among its winners (pots.split_amount: odd units from the button). A run whose hands
are not all shown is settled among the hands it shows, as a pot is among the hands that were
not mucked; when the site gives that run's part to a player whose hand of it is not shown,
that is taken as it is, with a warning.

Called by showdown.settle when the hand's `runs` is 2 (games not split); the issues are
returned.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..cards import Card
from .badugi import BadugiHand
from .games import GameRules
from .issues import Code, ValidationIssue
from .lowball import LowHand
from .pots import shares_text, split_amount
from .results import RunResult

__all__ = ["RunTwicePot", "settle_runs"]


@dataclass(frozen=True, slots=True)
class RunTwicePot:
    """One pot of a hand run twice, settled. winners: who wins either run (contenders'
    order); runs: the first run then the second; issues: what was found wrong, in order."""

    winners: tuple[str, ...]
    runs: tuple[RunResult, ...]
    issues: tuple[ValidationIssue, ...]


def _strength(game: GameRules, cards: tuple[Card, ...],
              evaluate: Callable[[tuple[Card, ...]], BadugiHand]) -> BadugiHand | LowHand | None:
    """The hand's strength in the game (the whole pot's evaluator), None for cards that are
    not a hand of the game."""
    if len(set(cards)) != len(cards) or len(cards) > game.hand_size:
        return None
    if game.lowball:
        return game.low_hand(cards) if len(cards) == game.hand_size else None
    return evaluate(cards)


def settle_runs(
    game: GameRules, index: int, contenders: list[str], taken: Mapping[str, int], from_button: tuple[str, ...],
    cards_by_run: tuple[Mapping[str, tuple[Card, ...]], Mapping[str, tuple[Card, ...]]],
    evaluate: Callable[[tuple[Card, ...]], BadugiHand], line: int,
    money: Callable[[int], str],
) -> RunTwicePot:
    """Pot `index` of a hand run twice in its two runs. contenders: who can win it (not
    mucked), in seat order; taken: player -> int, what the site says he took from it;
    from_button: every player clockwise from the first left of the button; cards_by_run: per
    run, player -> the cards he is known to hold in it; evaluate: the game's Badugi
    evaluation (GameRules.badugi, cached); line: the line issues point at; money: an
    amount as the messages write it (the hand's money, Replay.money). Pure: the issues
    (other winners, other amounts, a run's winner whose hand is not shown) are returned."""
    issues: list[ValidationIssue] = []
    total = sum(taken.values())
    parts = (total - total // 2, total // 2)
    winners_of: list[tuple[str, ...]] = []
    unknown_of: list[tuple[str, ...]] = []
    for cards in cards_by_run:
        if len(contenders) == 1:
            winners_of.append((contenders[0],))
            unknown_of.append(())
            continue
        hands = {p: h for p in contenders if p in cards and (h := _strength(game, cards[p], evaluate)) is not None}
        unknown_of.append(tuple(p for p in contenders if p not in hands))
        if hands:
            best = max(hands.values())
            winners_of.append(tuple(p for p in contenders if p in hands and hands[p] == best))
        else:
            winners_of.append(())
    ordered = [[p for p in from_button if p in winners] for winners in winners_of]
    expected_ways = []
    for first, second in (parts, parts[::-1]):
        expected: dict[str, int] = defaultdict(int)
        for amount, winners in ((first, ordered[0]), (second, ordered[1])):
            for player, share in (split_amount(amount, winners) if winners and total else {}).items():
                expected[player] += share
        expected_ways.append(dict(expected))
    everyone = tuple(p for p in contenders if any(p in w for w in winners_of))
    runs = tuple(RunResult(run + 1, winners_of[run], parts[run] if total else 0,
                           split_amount(parts[run], ordered[run]) if ordered[run] and total else {}, unknown_of[run])
                 for run in range(2))
    if taken and dict(taken) not in expected_ways:
        beyond = sorted(p for p in taken if p not in everyone)
        unshown = [p for p in beyond if any(p in unknown for unknown in unknown_of)]
        if beyond and unshown == beyond:
            issues.append(ValidationIssue.of(
                Code.SHOWDOWN_UNKNOWN, f"pot {index}: the site gives part of it to {', '.join(unshown)}, whose hand of a run "
                "is not shown; the site's winners are taken as they are", line))
        elif set(taken) != set(everyone):
            issues.append(ValidationIssue.of(
                Code.SHOWDOWN_WINNER_MISMATCH, f"pot {index}, run twice: the site gives it to {', '.join(sorted(taken))}, "
                f"our evaluator to {_said(runs, money)}", line))
        else:
            issues.append(ValidationIssue.of(
                Code.SPLIT_AMOUNTS, f"pot {index}, run twice: taken {shares_text(taken, money)}, expected {shares_text(expected_ways[0], money)}"
                f" ({_said(runs, money)};"
                " odd units from the button)", line))
    return RunTwicePot(everyone, runs, tuple(issues))


def _said(runs: tuple[RunResult, ...], money: Callable[[int], str]) -> str:
    return "; ".join(f"run {r.run} {money(r.amount)} to {', '.join(r.winners) or 'no shown hand'}" for r in runs)
