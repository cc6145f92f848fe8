"""What the hero kept at each draw, against the other keeps (issue 18).

For a draw with known cards (the hero's), the 16 keeps of his four cards are priced by
`odds.draws` with the draws left counting this one (draw 1: 3, draw 2: 2, draw 3: 1) and
the cards he has seen being his hand and his discards at the earlier draws of the hand.

**Dominated**: his keep K is dominated when another keep J of the same number of cards is at
least as likely as K to make a badugi of every quality, and strictly more likely for at least
one. The qualities are the badugis no higher than each top card: K (any badugi), Q, J, T, 9,
8, 7, 6, 5, 4 (odds.draws.LADDER; the three targets shown are K, 8 and 7). Keeps of other
sizes never dominate (a one-card and a two-card draw are different plans; the comparison is
the seeds' "keeping the wrong duplicate", seeds/002 section 6). Standing pat and drawing four
are never dominated: each is the only keep of its size. A keep that ties another at every
quality is not dominated by it.

**Best alternative** for a target: among the 15 other keeps, the one most likely to meet
the target; on a tie, the one keeping more cards, then the first in `all_keeps` order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol
from fractions import Fraction

from ..cards import Card, format_cards
from .draws import DRAWS, TARGETS, KeepOdds, Target, all_keeps, quality_ladder

__all__ = ["DrawDecision", "decide", "hero_decisions", "dominates", "fraction_text"]


def dominates(better: Sequence[Fraction], worse: Sequence[Fraction]) -> bool:
    """`better` is at least as likely at every quality and strictly more at one (two
    sequences of probabilities, quality by quality)."""
    pairs = list(zip(better, worse))
    return all(b >= w for b, w in pairs) and any(b > w for b, w in pairs)


@dataclass(frozen=True, slots=True)
class DrawDecision:
    """One draw of the hero. draw: 1..3; draws_left: this one and those after (3..1);
    hand: his four cards before it; seen: his earlier discards this hand; chosen: the odds
    of what he kept; best: the best alternative per target, in TARGETS order (badugi,
    eight_high, seven_high); dominated_by: the best keep of his size that dominates his (by
    any badugi, then eight-high, then seven-high), None when his keep is not dominated."""

    draw: int
    draws_left: int
    hand: tuple[Card, ...]
    seen: tuple[Card, ...]
    chosen: KeepOdds
    best: tuple[KeepOdds, KeepOdds, KeepOdds]
    dominated_by: KeepOdds | None

    @property
    def kept(self) -> tuple[Card, ...]:
        return self.chosen.keep

    @property
    def discarded(self) -> tuple[Card, ...]:
        return tuple(c for c in self.hand if c not in self.chosen.keep)

    @property
    def dominated(self) -> bool:
        return self.dominated_by is not None

    def best_for(self, target: Target) -> KeepOdds:
        return self.best[TARGETS.index(target)]

    def as_json(self) -> dict[str, object]:
        """{"draw", "draws_left", "hand", "kept", "discarded", "seen", "odds": {target:
        "p/q"}, "best": {target: {"keep", "odds"}}, "dominated", "dominated_by": {"keep",
        "odds": {target: "p/q"}} or null}; odds are exact fractions as text."""
        def odds(k: KeepOdds) -> dict[str, str]:
            return {t.value: fraction_text(k.odds(t)) for t in TARGETS}

        return {
            "draw": self.draw, "draws_left": self.draws_left, "hand": format_cards(self.hand),
            "kept": format_cards(self.kept), "discarded": format_cards(self.discarded), "seen": format_cards(self.seen),
            "odds": odds(self.chosen),
            "best": {t.value: {"keep": format_cards(b.keep), "odds": fraction_text(b.odds(t))} for t, b in zip(TARGETS, self.best)},
            "dominated": self.dominated,
            "dominated_by": None if self.dominated_by is None else {"keep": format_cards(self.dominated_by.keep),
                                                                     "odds": odds(self.dominated_by)},
        }


def fraction_text(value: Fraction) -> str:
    """"425/1128", "0", "1": an exact probability as text."""
    return str(value)


def _by_odds(target: Target) -> Callable[[tuple[int, KeepOdds]], tuple[Fraction, int, int]]:
    """The max() key ranking (-order, keep) pairs by the odds of `target`, then the cards
    kept, then the order (the first wins a tie)."""
    return lambda pair: (pair[1].odds(target), len(pair[1].keep), pair[0])


def decide(hand: Sequence[Card], discarded: Iterable[Card], seen: Iterable[Card], draw: int) -> DrawDecision:
    """The decision at draw `draw` (1..3) of a player holding `hand` (four distinct cards)
    who threw away `discarded` (some of them), having seen `seen` before. raises ValueError
    when a discarded card is not in the hand, the hand is not four distinct cards or the
    draw is not 1..3."""
    hand = tuple(hand)
    thrown = set(discarded)
    if not thrown <= set(hand):
        raise ValueError(f"discarded {[str(c) for c in thrown - set(hand)]} not in the hand {format_cards(hand)}")
    if not 1 <= draw <= DRAWS:
        raise ValueError(f"draw must be 1..{DRAWS}, not {draw}")
    seen = tuple(c for c in dict.fromkeys(seen) if c not in hand)
    keeps = all_keeps(hand, seen, DRAWS + 1 - draw)
    kept = tuple(c for c in hand if c not in thrown)
    chosen = next(k for k in keeps if k.keep == kept)
    others = [(-order, k) for order, k in enumerate(keeps) if k is not chosen]  # -order: the first wins a tie
    badugi, eight_high, seven_high = (max(others, key=_by_odds(t))[1] for t in TARGETS)
    best = (badugi, eight_high, seven_high)  # in TARGETS order
    # Only a keep at least as likely for the three targets can dominate: the whole ladder
    # of qualities is priced for those alone.
    rivals = [o for o in others if len(o[1].keep) == len(kept)
              and all(b >= w for b, w in zip(o[1].as_tuple, chosen.as_tuple))]
    dominating: list[tuple[tuple[Fraction, ...], int, KeepOdds]] = []
    if rivals:
        known = (*hand, *seen)
        mine = quality_ladder(kept, known, DRAWS + 1 - draw)
        for order, rival in rivals:
            ladder = quality_ladder(rival.keep, known, DRAWS + 1 - draw)
            if dominates(ladder, mine):
                dominating.append((ladder, order, rival))
    dominated_by = max(dominating, key=lambda d: (d[2].as_tuple, d[0], d[1]))[2] if dominating else None
    return DrawDecision(draw, DRAWS + 1 - draw, hand, seen, chosen, best, dominated_by)


class SeenDraw(Protocol):
    """What hero_decisions reads of a draw: rules.replay.DrawAction (player: a name) or a
    draw read back from the store (player: an id)."""

    @property
    def draw(self) -> int: ...
    @property
    def player(self) -> object: ...
    @property
    def cards_before(self) -> tuple[Card, ...] | None: ...
    @property
    def discarded_cards(self) -> tuple[Card, ...] | None: ...


def hero_decisions(draws: Iterable[SeenDraw], hero: object) -> tuple[DrawDecision, ...]:
    """Every draw of `hero` with known cards, in order, from a replay's DrawActions
    (rules.replay.DrawAction: draw, player, cards_before, discarded_cards). A draw whose
    cards do not make sense (not four distinct cards, a discard not among them: a site's
    glitch, reported by the replay) is left out, and its discards still count as seen."""
    out: list[DrawDecision] = []
    seen: list[Card] = []
    for action in sorted((d for d in draws if d.player == hero), key=lambda d: d.draw):
        before, thrown = action.cards_before, action.discarded_cards
        if before is None or thrown is None:
            continue
        try:
            out.append(decide(before, thrown, seen, action.draw))
        except ValueError:
            pass
        seen.extend(thrown)
    return tuple(out)
