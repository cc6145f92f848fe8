"""The end of a replay: the pots settled by our evaluator beside what the site printed and
who collected (`settle`), and the cards checked (`check_cards`: a card in two hands, a
discard back before the deck could have run out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from .badugi import BadugiHand
from .deck import reshuffle_draws
from .lowball import LowHand
from .issues import Code
from .pots import PotLayer, split_amount
from .results import PotResult

if TYPE_CHECKING:  # pragma: no cover
    from .replay import _Replay


def settle(r: _Replay, layers: tuple[PotLayer, ...], live: list[str], showdown: bool) -> tuple[PotResult, ...]:
    """Our pots beside the printed ones; winners by our evaluator; checks both."""
    summary = r.hand.summary
    printed: list[int | None] = list(summary.pots) if summary.pots else [None] * len(layers)
    if summary.pots and len(summary.pots) != len(layers):
        r.issue(Code.POTS_MISMATCH, f"the site prints {len(summary.pots)} pots, the contributions make {len(layers)}", summary.line)
    elif not summary.pots and len(layers) > 1:
        r.issue(Code.POTS_MISMATCH, f"the site prints one pot, the contributions make {len(layers)} (side pots)", summary.line)
    elif summary.pots:
        for index, (layer, printed_amount) in enumerate(zip(layers, summary.pots)):
            if printed_amount > layer.amount:
                r.issue(Code.POTS_MISMATCH, f"pot {index}: the site prints {printed_amount}, more than the {layer.amount} put in", summary.line)
    results = []
    left_of_button = r.clockwise_from_button()
    for index, layer in enumerate(layers):
        site_amount = printed[index] if index < len(printed) else None
        taken = dict(r.collected.get(index, {}))
        if site_amount is not None and taken and sum(taken.values()) != site_amount:
            r.issue(Code.POTS_MISMATCH, f"pot {index}: collected {sum(taken.values())}, the site prints {site_amount}", r.collect_line or summary.line)
        contenders = [p for p in layer.eligible if p not in r.mucked] or list(layer.eligible)
        if r.game.split:  # Badacey, Badeucey: two halves (split_pot.py)
            from .split_pot import settle_halves

            winners, halves = settle_halves(r, index, contenders, taken, left_of_button)
            results.append(PotResult(index, layer.amount, site_amount, layer.eligible, winners, taken, halves))
            continue
        winners = ()
        if len(contenders) == 1:
            winners = (contenders[0],)
        else:
            hands: dict[str, BadugiHand | LowHand] = {}
            for player in contenders:
                cards = r.shown.get(player)
                if cards is None and player == r.hero:
                    cards = r.hero_cards
                if cards is None:
                    break
                if r.game.lowball:  # 2-7 Triple Draw: the whole pot to the best low (rules/games.py)
                    if len(cards) != r.game.hand_size or len(set(cards)) != len(cards):
                        break
                    low = r.game.low_hand(cards)
                    assert low is not None
                    hands[player] = low
                    continue
                hands[player] = r.evaluate(cards)
            else:
                best = max(hands.values())
                winners = tuple(p for p in contenders if hands[p] == best)
            if not winners:
                r.issue(Code.SHOWDOWN_UNKNOWN, f"pot {index}: the cards of {', '.join(p for p in contenders if p not in hands)} are not known; the site's winner is taken as is", r.collect_line or summary.line)
        if winners and taken and set(taken) != set(winners):
            r.issue(
                Code.SHOWDOWN_WINNER_MISMATCH,
                f"pot {index}: the site gives it to {', '.join(sorted(taken))}, our evaluator to {', '.join(winners)}",
                r.collect_line or summary.line,
            )
        elif winners and len(winners) > 1 and taken:
            ordered = [p for p in left_of_button if p in winners]
            expected = split_amount(sum(taken.values()), ordered)
            if expected != taken:
                r.issue(Code.SPLIT_AMOUNTS, f"pot {index}: split {taken}, expected {expected} (odd chip left of the button)", r.collect_line)
        results.append(PotResult(index, layer.amount, site_amount, layer.eligible, winners, taken))
    extra = set(r.collected) - set(range(len(layers)))
    if extra:
        r.issue(Code.POTS_MISMATCH, f"chips collected from pots {sorted(extra)} that the contributions do not make", r.collect_line)
    return tuple(results)


def check_cards(r: _Replay, live: list[str]) -> None:
    """No card in two hands at once; a discarded card back only after a reshuffle."""
    holders: dict[Card, str] = {}
    final = dict(r.shown)
    if r.hero is not None and r.hero_cards is not None and r.hero not in final and r.hero not in r.folded:
        final[r.hero] = r.hero_cards
    for player, cards in final.items():
        for card in cards:
            other = holders.get(card)
            if other is not None and other != player:
                line = r.shown_line.get(player) or r.shown_line.get(other)
                r.issue(Code.CARD_DUPLICATED, f"{card} is in the hands of both {other} and {player}", line)
            holders[card] = player
    reshuffles = reshuffle_draws(len(r.dealt), r.draws, r.game.hand_size)
    for when, card in r.hero_discarded:
        owner = holders.get(card)
        if owner is None or owner == r.hero:
            continue
        # A card the hero threw away at draw k (or folded after draw k) is live again
        # only if the discards may have been reshuffled at draw k or later (the stub may
        # first run out at any draw between the earliest, with burns, and the latest).
        came_back = any(r >= max(when, 1) for r in reshuffles)
        if not came_back:
            r.issue(
                Code.DISCARD_REUSED,
                f"{card}, thrown away by {r.hero}, is shown by {owner}, but the deck could not have run out after that",
                r.shown_line.get(owner),
            )
