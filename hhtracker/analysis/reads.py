"""Read facts: what the reads (`player NAME --reads`) and the leaks (`leaks`) need of one
dealt-in player's hand, worked out once when the hand is stored (issue 26: they were worked
out again at every read, 9-10 s for a player of 1,000,000 hands), so that reading them is
counting stored rows (store/hand_reads.py, table hand_reads).

The same functions serve the import (from the replay: store/rows.py) and migration m012 (from
the stored actions, draws and final cards), so both store the same facts. Inputs are plain
values (a player is a name or a row id, an action kind its stored text), nothing read twice.

Per player and hand (`ReadFacts`):
- his pre-draw line (`PredrawLine`) and, for the leaks, his first pre-draw decision and whether
  anyone had called, bet or raised before it;
- his most aggressive decision in the betting round after the game's last draw (`Decision`);
- the read of his final cards when known (`CardsRead`): whether they are the game's made hand
  for the reads (a badugi; a made 2-7 or A-5 low; two pair or better in 5-Card Draw), the
  made hand's top card, and the hand's class;
- in Badugi, the leaks' card facts: whether his opening cards met the early-position rule
  (only when that line is an early-position open) and how many draws he held an eight-low
  badugi or better at, and broke.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

from ..cards import Card
from ..games import GameId
from ..model import COUNTING
from ..rules.badugi import BadugiHand
from ..rules.games import GameRules, game_rules
from ..rules.high import evaluate_high
from ..rules.lowball import LowKind
from ..rules.replay import ReplayedHand
from ..stats.five_card import HighClass, counts_below_7, high_class, low_class
from ..stats.leaks import BREAK_TOP_RANK, EARLY_POSITIONS, low_made_badugi, opens_by_the_rule

__all__ = ["CardsRead", "Decision", "PlayerLine", "PredrawLine", "ReadFacts", "hand_lines", "line_of", "read_cards", "read_facts"]


class PredrawLine(StrEnum):
    """A player's pre-draw line, as the reads word it: RAISED_FIRST_IN (his first decision a
    raise or bet, nobody having called or raised before), RAISED (any other raise), LIMPED (his
    first decision a call, nobody in before), CALLED, FOLDED (folded pre-draw without a call or
    raise), CHECKED (none of these: the big blind, or no decision)."""

    RAISED_FIRST_IN = "raised first in"
    RAISED = "raised"
    LIMPED = "limped"
    CALLED = "called"
    FOLDED = "folded"
    CHECKED = "checked"


class Decision(IntEnum):
    """A betting decision by aggressiveness (the most aggressive of a round is the highest)."""

    FOLD = 0
    CHECK = 1
    CALL = 2
    BET = 3
    RAISE = 4


_DECISION: dict[str, Decision] = {"fold": Decision.FOLD, "check": Decision.CHECK, "call": Decision.CALL,
                                  "bet": Decision.BET, "raise": Decision.RAISE}
"""The stored action kinds (rules.results.ActionKind values, or the ActionKinds: StrEnums) that
are decisions."""
_ENTERING = frozenset(("call", "bet", "raise"))
_PREDRAW = 1


def predraw_line(first: str | None, entered_before: bool, raised: bool, called: bool, folded: bool) -> PredrawLine:
    """The pre-draw line from his first pre-draw decision's kind ("raise", "call"... or None),
    whether anyone called, bet or raised before it, whether he bet or raised, called, and
    folded pre-draw."""
    if raised:
        return _RAISED_FIRST_IN if first in ("raise", "bet") and not entered_before else _RAISED
    if called:
        return _LIMPED if first == "call" and not entered_before else _CALLED
    return _FOLDED if folded else _CHECKED


_RAISED_FIRST_IN, _RAISED, _LIMPED, _CALLED, _FOLDED, _CHECKED = PredrawLine  # (read once: this runs per player per hand)


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player's betting line in a hand: first (the kind of his first pre-draw decision:
    "fold", "check", "call", "bet", "raise", None without one); entered_before (someone
    called, bet or raised pre-draw before that decision); raised (he bet or raised pre-draw);
    called (he called pre-draw); after_last_draw (his most aggressive decision in the round
    after the game's last draw, None without one)."""

    first: str | None
    entered_before: bool
    raised: bool
    called: bool
    after_last_draw: Decision | None

    def predraw(self, folded: bool) -> PredrawLine:
        """His pre-draw line (folded: he folded pre-draw)."""
        return predraw_line(self.first, self.entered_before, self.raised, self.called, folded)


_NO_LINE = PlayerLine(None, False, False, False, None)


def hand_lines(actions: Iterable[tuple[int, int, object, str]], last_round: int) -> dict[object, PlayerLine]:
    """Every player's betting line in one hand (players with no decision are absent: `line_of`)
    from its actions (seq, round 1-4, player, kind as stored: "call", "small_blind"...) in seq
    order; last_round: the round after the game's last draw (4 in the triple-draw games, 2 in
    the single-draw games)."""
    lines: dict[object, list[Any]] = {}  # player -> [first, first_seq, raised, called, after_last_draw]
    first_entering: int | None = None
    for seq, round_, player, kind in actions:
        decision = _DECISION.get(kind)
        if decision is None:
            continue
        line = lines.get(player)
        if line is None:
            line = lines[player] = [None, None, False, False, None]
        if round_ == _PREDRAW:
            if line[0] is None:
                line[0], line[1] = kind, seq
            if decision >= Decision.CALL:
                if first_entering is None:
                    first_entering = seq
                if decision is Decision.CALL:
                    line[3] = True
                else:
                    line[2] = True
        elif round_ == last_round and (line[4] is None or decision > line[4]):
            line[4] = decision
    return {player: PlayerLine(None if first is None else str(first),
                               first_seq is not None and first_entering is not None and first_entering < first_seq,
                               raised, called, after)
            for player, (first, first_seq, raised, called, after) in lines.items()}


def line_of(lines: dict[object, PlayerLine], player: object) -> PlayerLine:
    """A player's line from `hand_lines` (no decision at all: no first decision, nothing done)."""
    return lines.get(player, _NO_LINE)


@dataclass(frozen=True, slots=True)
class CardsRead:
    """The read of a player's final cards. made: the game's made hand for the reads (a badugi in
    the Badugi games, the Badugi half's; a made low in the 2-7 and A-5 games; two pair or better
    in 5-Card Draw); top: the made hand's top card (1-14, 14 an ace played high), None when not
    made or in 5-Card Draw; hand_class: the class value (badugi.HandClass, five_card.LowClass
    or five_card.HighClass)."""

    made: bool
    top: int | None
    hand_class: str


def read_cards(rules: GameRules, cards: Sequence[Card], evaluated: BadugiHand | None = None) -> CardsRead | None:
    """The read of final cards in the game `rules`; None when they cannot be read (a lowball or
    5-Card Draw hand not of five different cards, bad cards). evaluated: the Badugi hand of the
    cards when the replay has it (the same as rules.badugi(cards))."""
    if rules.high:
        if len(cards) != 5 or len(set(cards)) != 5:
            return None
        shown = high_class(evaluate_high(cards))
        return CardsRead(shown is not HighClass.PAIR_OR_WORSE, None, shown.value)
    if rules.lowball:
        if len(cards) != 5 or len(set(cards)) != 5:
            return None
        low = rules.low_hand(cards)
        if low is None:
            return None
        made = low.kind is LowKind.HIGH_CARD
        return CardsRead(made, low.ranks[0] if made else None, low_class(low, counts_below_7(rules.name)).value)
    try:
        hand = evaluated if evaluated is not None else rules.badugi(cards)
    except ValueError:
        return None
    made = hand.size == 4
    return CardsRead(made, hand.ranks[0] if made else None, hand.hand_class.value)


@dataclass(frozen=True, slots=True)
class ReadFacts:
    """One dealt-in player's read facts in one hand (see the module doc). first_decision /
    entered_before: the leaks' raise first in; predraw: his pre-draw line; after_last_draw: his
    most aggressive decision after the last draw (None: none); cards: the read of his final
    cards (None: unknown or unreadable); known: his final cards are known; early_open: in
    Badugi, whether his opening cards (at draw 1, else his final cards when he never drew) met
    the early-position rule, only when his first pre-draw decision was a call, bet or raise from
    an early position with nobody in before and those cards are known (else None);
    eight_low_held / eight_low_broken: in Badugi, draws with known cards he held an eight-low
    badugi or better at / of them, those he discarded at."""

    first_decision: str | None
    entered_before: bool
    predraw: PredrawLine
    after_last_draw: Decision | None
    known: bool
    cards: CardsRead | None
    early_open: bool | None
    eight_low_held: int
    eight_low_broken: int


def _eight_low(cards: Sequence[Card]) -> bool:
    """Whether four cards are an eight-low badugi or better (stats.leaks.low_made_badugi), the
    cheap test first: every rank 8 or lower."""
    return (len(cards) == 4 and all(c.rank.value_low <= BREAK_TOP_RANK for c in cards)
            and low_made_badugi(cards))


def read_facts(rules: GameRules, line: PlayerLine, position: str | None, folded_round: int | None,
               final_cards: Sequence[Card] | None, cards: CardsRead | None,
               draws: Sequence[tuple[int | None, Sequence[Card] | None]]) -> ReadFacts:
    """One player's read facts. line: his betting line (`line_of`); final_cards: his final
    cards when known; cards: their read (`read_cards`; None: unknown or unreadable); draws:
    (cards discarded or None when not reached, the cards held before it when known) at draws
    1, 2, 3 in order."""
    first = line.first
    entered = line.entered_before
    early_open: bool | None = None
    held = broken = 0
    if rules.name == GameId.BADUGI:
        if first in _ENTERING and not entered and position in EARLY_POSITIONS:
            discarded, before = draws[0] if draws else (None, None)
            opening = before if before is not None else final_cards if discarded is None else None
            if opening:
                early_open = opens_by_the_rule(opening)
        for discarded, before in draws:
            if discarded is not None and before is not None and _eight_low(before):
                held += 1
                broken += discarded > 0
    return ReadFacts(first, entered, line.predraw(folded_round == _PREDRAW), line.after_last_draw,
                     bool(final_cards), cards, early_open, held, broken)


def hand_read_facts(replayed: ReplayedHand) -> tuple[ReadFacts, ...]:
    """The read facts of every dealt-in player of a replayed hand, in seat order (the
    players whose `dealt_in` is true); none for a hand that does not count (status error).
    Computed in the analysis stage (analysis.analyze), which the store formats into
    hand_reads rows (store/hand_reads.read_rows)."""
    if replayed.status not in COUNTING:
        return ()
    hand = replayed.hand
    rules = game_rules(hand.game)
    lines = hand_lines([(a.seq, a.round, a.player, a.kind) for a in replayed.actions], rules.record.draws + 1)
    by_draw = {(d.player, d.draw): d for d in replayed.draws}
    found: list[ReadFacts] = []
    for player in replayed.players:
        if not player.dealt_in:
            continue
        name = player.player
        draws = (by_draw.get((name, 1)), by_draw.get((name, 2)), by_draw.get((name, 3)))
        final = player.final_cards
        found.append(read_facts(rules, line_of(lines, name), player.position, player.folded_round, final,
                                read_cards(rules, final, player.final_hand) if final else None,
                                [(d.discarded, d.cards_before) if d else (None, None) for d in draws]))
    return tuple(found)
