"""Replay a ParsedHand: money, pots, draws, cards and the showdown, checked as we go.

`replay(hand) -> ReplayedHand`. Nothing is raised for a bad hand: every problem becomes a
`ValidationIssue` (issues.py) on the result, with the line it points at, so the importer can
store the hand with its raw text and decide by severity whether it counts.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import Card, format_cards
from ..model import (
    Bet,
    BettingCapped,
    BettingStructure,
    BlindKind,
    Call,
    CashOut,
    Check,
    Collect,
    DealtCards,
    Discard,
    Fold,
    Muck,
    ParsedHand,
    PlayerEvent,
    PostAnte,
    PostBlind,
    Raise,
    Round,
    Seat,
    SecondRunDealt,
    Show,
    StandPat,
    Street,
    StreetStart,
    UncalledBetReturned,
)
from ..money import format_money
from .badugi import BadugiHand
from .descriptions import read_description, read_high_description, read_low_description
from .games import game_rules
from .high import evaluate_high
from .lowball import LowKind
from .results import (  # (re-exported, __all__: the replay's results are imported from here too)
    CAP_BETS,
    VOLUNTARY,
    Action,
    ActionKind,
    DrawAction,
    PlayerResult,
    PotResult,
    ReplayedHand,
)
from .issues import Code, ValidationIssue
from .positions import positions
from .showdown import CardCheck, Showdown, check_cards, settle
from .pots import PotLayer, build_pots, proportional_shares
from .structures import SITE_RULES, LimitRules, SiteRules
from .table import IllegalAction, Table

__all__ = ["CAP_BETS", "VOLUNTARY", "Action", "ActionKind", "DrawAction", "PlayerResult", "PotResult", "ReplayedHand",
           "read_description", "replay"]

_DEALT_IN_EVENTS = (PostBlind, PostAnte, Fold, Check, Call, Bet, Raise, Discard, StandPat, Show, Muck,
                    UncalledBetReturned, Collect, CashOut, DealtCards)
_BLIND_KIND = {
    BlindKind.SMALL: ActionKind.SMALL_BLIND,
    BlindKind.BIG: ActionKind.BIG_BLIND,
    BlindKind.SMALL_AND_BIG: ActionKind.DEAD_BLIND,
}

_LETTER = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T", 1: "A"}
"""Rank letters of the evaluators' rank values (the ace 14, or 1 when it plays low in A-5)."""

_STREET_ROUND = {
    Street.FIRST_DRAW: Round.AFTER_DRAW_1,
    Street.SECOND_DRAW: Round.AFTER_DRAW_2,
    Street.THIRD_DRAW: Round.AFTER_DRAW_3,
}


class _Replay:
    """The mutable state of one replay; `run()` returns the frozen result. Betting goes
    through the table state machine (table.py); cards, pots and the showdown are here."""

    def __init__(self, hand: ParsedHand, rules: SiteRules) -> None:
        self.hand = hand
        self.rules = rules
        self.game = game_rules(hand.game)
        self.issues: list[ValidationIssue] = []
        self.seat_of: dict[str, Seat] = {}
        taken: set[int] = set()
        for seat in hand.seats:
            if seat.player in self.seat_of or seat.seat in taken:
                self.issues.append(ValidationIssue.of(
                    Code.DUPLICATE_SEAT, f"seat {seat.seat} ({seat.player}) is listed twice", seat.line))
                continue
            self.seat_of[seat.player] = seat
            taken.add(seat.seat)
        if hand.time_note is not None:
            self.issues.append(ValidationIssue.of(Code.START_TIME, hand.time_note, hand.source.line))
        self.order = list(self.seat_of)
        self.dealt = list(self.seat_of)
        if any(s.sitting_out for s in self.seat_of.values()):  # (rare) dealt in only if he acts
            actors = {e.player for e in hand.events if isinstance(e, _DEALT_IN_EVENTS)}
            self.dealt = [p for p, s in self.seat_of.items() if not s.sitting_out or p in actors]
        big_blind = hand.stakes.small_bet if hand.structure is BettingStructure.FIXED_LIMIT else hand.stakes.big_bet
        self.big_blind = big_blind
        self.table = Table(
            [(p, self.seat_of[p].seat, self.seat_of[p].stack) for p in self.dealt],
            button_seat=hand.button_seat,
            structure=hand.structure,
            stakes=hand.stakes,
            big_blind=big_blind,
            limit_rules=rules.limit,
            hand_size=self.game.hand_size,
            draws=self.game.record.draws,
            money=self.money,
        )
        self.folded: dict[str, Round] = {}
        self.round = Round.PREDRAW
        self.round_open = False
        self.callers = 0
        self.actions: list[Action] = []
        self.draws: list[DrawAction] = []
        self.draw = 0
        self.draws_reached: dict[str, int] = {}
        self.hero: str | None = None
        self.hero_cards: tuple[Card, ...] | None = None
        self.hero_discarded: list[tuple[int, Card]] = []  # (draw, card)
        self.shown: dict[str, tuple[Card, ...]] = {}
        self.second_run: dict[str, tuple[Card, ...] | None] = {}  # run twice: the second run's hands (None: not known)
        self.shown_line: dict[str, int] = {}
        self.mucked: set[str] = set()
        self.collected: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        self.collect_line = 0
        self.cash_outs: dict[str, int] = defaultdict(int)  # player -> paid less fee (all-in cash out)
        self.pending_discard: Discard | None = None
        self.evaluated: dict[tuple[Card, ...], BadugiHand] = {}

    # ---- helpers --------------------------------------------------------------------------

    def money(self, amount: int, signed: bool = False) -> str:
        """An amount of the hand in messages as money ("$3.60", "360 chips"), never bare
        cents; signed: "+$3.60" for a positive one."""
        text = format_money(amount, self.hand.currency)
        return f"+{text}" if signed and amount > 0 else text

    def issue(self, code: Code, message: str, line: int | None) -> None:
        self.issues.append(ValidationIssue.of(code, message, line))

    def evaluate(self, cards: tuple[Card, ...]) -> BadugiHand:
        """The game's Badugi hand of the cards (games.GameRules.badugi), worked out once per hand for the same cards (a shown hand
        is read for its description, the summary's, the pots and the final hand)."""
        hand = self.evaluated.get(cards)
        if hand is None:
            hand = self.evaluated[cards] = self.game.badugi(cards)
        return hand

    def known(self, event: PlayerEvent) -> bool:
        if event.player in self.table.players:
            return True
        where = "has no seat in this hand" if event.player not in self.seat_of else "is not dealt in"
        self.issue(Code.UNKNOWN_PLAYER, f"{event.player!r} {where}", event.line)
        return False

    def attempt(self, verify: Callable[..., object], *args: object, line: int) -> None:
        """Run a table verify_*; an IllegalAction becomes an issue (the action still applies)."""
        try:
            verify(*args)
        except IllegalAction as error:
            self.issue(error.code, error.message, line)

    def open_round(self) -> None:
        """The first betting action of a round: the table starts it (turn order from here)."""
        if self.round_open:
            return
        self.round_open = True
        if self.round is Round.PREDRAW:
            self.table.start_predraw()
        else:
            if self.table.to_draw:
                self.issue(Code.DRAW_GLITCH, f"no draw line for {', '.join(self.table.to_draw)} at draw {self.draw}", None)
            self.table.start_round(self.round)

    def betting(self, event: PlayerEvent, kind: ActionKind, all_in_flag: bool, apply: Callable[[], object]) -> None:
        """A betting action (its legality already checked by a verify_*): turn order, then record()."""
        self.open_round()
        table = self.table
        player = table.players[event.player]
        if table.actor != event.player and not (kind is ActionKind.FOLD and player.all_in):
            # Out of turn (verify_turn says how). PokerStars prints a fold for an all-in
            # player who sat out: he forfeits the pot, out of turn but harmless.
            self.attempt(table.verify_turn, event.player, line=event.line)
        self.record(event, kind, all_in_flag, apply, self.callers)

    def record(self, event: PlayerEvent, kind: ActionKind, all_in_flag: bool, apply: Callable[[], object], callers: int) -> None:
        """Apply a post or betting action to the table, check the site's all-in flag against
        the chips left, and keep the Action (with the state of the round before it)."""
        table = self.table
        player = table.players[event.player]
        facing, bets_before, put_before = table.level, table.bets, player.put
        apply()
        added = player.put - put_before
        if added and all_in_flag != player.all_in and player.put <= player.stack:
            said = "says all-in but has chips left" if all_in_flag else "has no chips left but is not marked all-in"
            self.issue(Code.ALL_IN_FLAG, f"{event.player} {said}", event.line)
        self.actions.append(
            Action(len(self.actions), self.round, event.player, kind, added, player.in_round, facing,
                   bets_before, callers, player.all_in, event.line)
        )

    # ---- events ---------------------------------------------------------------------------

    def run(self) -> ReplayedHand:
        table = self.table
        for event in self.hand.events:
            match event:
                case StreetStart(street=street):
                    self.on_street(street)
                case BettingCapped():
                    cap = table.cap()
                    if cap is not None and table.full_bets != cap:
                        self.issue(Code.CAP_MARKER, f"'Betting is capped' after {table.full_bets} bets (the cap is {cap})", event.line)
                case PlayerEvent() if isinstance(event, _DEALT_IN_EVENTS) and not self.known(event):
                    continue
                case PostBlind(kind=kind, amount=amount, all_in=flag):
                    self.attempt(table.verify_post, event.player, kind, amount, line=event.line)
                    self.record(event, _BLIND_KIND[kind], flag, lambda: table.post(event.player, kind, amount), 0)
                case PostAnte(amount=amount, all_in=flag):
                    self.attempt(table.verify_post, event.player, None, amount, line=event.line)
                    self.record(event, ActionKind.ANTE, flag, lambda: table.post(event.player, None, amount), 0)
                case DealtCards():
                    self.on_dealt(event)
                case Fold():
                    self.attempt(table.verify_fold, event.player, line=event.line)
                    self.betting(event, ActionKind.FOLD, False, lambda: table.fold(event.player))
                    self.folded[event.player] = self.round
                    if event.player == self.hero and self.hero_cards is not None:
                        # A folded hand goes to the muck: like a discard, its cards can
                        # come back only if the stub runs out.
                        self.hero_discarded.extend((self.draw, card) for card in self.hero_cards)
                case Check():
                    self.attempt(table.verify_check, event.player, line=event.line)
                    self.betting(event, ActionKind.CHECK, False, lambda: table.check(event.player))
                case Call(amount=printed, all_in=flag, to=to):
                    # (None: the site printed the total, "calls 90" = to 90)
                    amount = printed if printed is not None else (to or 0) - table.players[event.player].in_round
                    self.open_round()  # (pre-draw the level is set when the betting opens: a short big blind)
                    self.attempt(table.verify_call, event.player, amount, line=event.line)
                    self.betting(event, ActionKind.CALL, flag, lambda: table.call(event.player, amount))
                    self.callers += 1
                case Bet(amount=amount, all_in=flag):
                    self.open_round()
                    self.attempt(table.verify_bet, event.player, amount, line=event.line)
                    self.betting(event, ActionKind.BET, flag, lambda: table.bet(event.player, amount))
                    self.callers = 0
                case Raise(by=by, to=to, all_in=flag):
                    self.open_round()
                    if by is not None and to - table.level != by:
                        self.issue(Code.RAISE_INCREMENT, f"{event.player} raises {self.money(by)} to {self.money(to)} but the bet was {self.money(table.level)}", event.line)
                    self.attempt(table.verify_raise, event.player, to, line=event.line)
                    self.betting(event, ActionKind.RAISE, flag, lambda: table.raise_to(event.player, to))
                    self.callers = 0
                case Discard():
                    self.on_discard(event)
                case StandPat(cards=cards):
                    self.on_draw(event, 0, cards, (), ())
                case Show(cards=cards, run=2):
                    if len(cards) == self.game.hand_size and len(set(cards)) == len(cards):
                        self.second_run[event.player] = cards
                        self.check_description(event.player, cards, event.description, event.line)
                    else:
                        self.issue(Code.TOO_MANY_CARDS, f"{event.player} shows [{format_cards(cards)}] in the second run", event.line)
                case Show(cards=cards):
                    self.on_show(event.player, cards, event.description, event.line)
                case SecondRunDealt(cards=cards):
                    self.on_second_run(event.player, cards)
                case Muck():
                    self.mucked.add(event.player)
                case UncalledBetReturned(amount=amount):
                    self.on_uncalled(event, amount)
                case Collect(amount=amount, pot=pot):
                    self.collected[pot][event.player] += amount
                    self.collect_line = self.collect_line or event.line
                case CashOut(paid=paid, fee=fee):
                    self.cash_outs[event.player] += paid - fee
        return self.finish()

    def end_round(self) -> None:
        """Where the site prints no uncalled-bet line, a bet nobody matched goes back when its
        round ends."""
        if self.rules.prints_uncalled_bets:
            return
        ranked = sorted(self.table.players.values(), key=lambda p: p.in_round, reverse=True)
        if len(ranked) >= 2 and ranked[0].in_round > ranked[1].in_round:
            self.table.return_uncalled(ranked[0].name, ranked[0].in_round - ranked[1].in_round)

    def on_street(self, street: Street) -> None:
        if street is Street.SHOWDOWN:
            return
        self.open_round()
        self.end_round()  # a round nobody bet in (everyone all-in) still opens and closes
        if self.table.pending and not self.table.hand_over:
            self.issue(Code.OUT_OF_TURN, f"the betting ended before {', '.join(self.table.pending)} acted", None)
        self.round = _STREET_ROUND[street]
        self.draw = self.round - 1
        self.round_open = False
        self.callers = 0
        for player in self.dealt:
            if player not in self.folded:
                self.draws_reached[player] = self.draw
        self.table.start_draw(self.draw)

    def on_uncalled(self, event: UncalledBetReturned, amount: int) -> None:
        player = self.table.players[event.player]
        if amount > player.in_round:
            self.issue(Code.UNCALLED_TOO_LARGE, f"{self.money(amount)} returned to {event.player}, who has {self.money(player.in_round)} in this round", event.line)
            amount = min(amount, player.put)
        self.table.return_uncalled(event.player, amount)

    # ---- cards ----------------------------------------------------------------------------

    def on_dealt(self, event: DealtCards) -> None:
        pending = self.pending_discard
        if (event.new is None and pending is not None and pending.player == event.player
                and pending.count == len(event.cards) and self.hero_cards is not None):
            # a draw of the whole hand: PokerStars prints the new cards alone, in one bracket
            # ("discards 5 cards [..]" then "Dealt to Hero [6h Td 2c 5h 3s]"): nothing kept
            event = DealtCards(event.player, (), event.cards, line=event.line)
        if event.new is None:
            if self.hero is None:
                self.hero = event.player
            size = self.game.hand_size
            if len(event.cards) != size or len(set(event.cards)) != size:
                self.issue(Code.TOO_MANY_CARDS, f"{event.player} is dealt {len(event.cards)} cards: {format_cards(event.cards)}", event.line)
                self.hero_cards = None  # not a hand: never evaluated (an error already)
                return
            self.hero_cards = event.cards
            return
        pending = self.pending_discard
        self.pending_discard = None
        kept, new = event.cards, event.new
        after = kept + new
        if pending is None or pending.player != event.player:
            self.issue(Code.DRAW_GLITCH, f"'Dealt to {event.player}' after a draw with no discard line before it", event.line)
            return
        before = self.hero_cards
        size = self.game.hand_size
        if pending.cards is None or len(kept) == size:
            # The site's known glitch (../shared/formats 1.7): "discards 2 cards []" then the
            # whole hand printed in both brackets, or a discard of a card never held followed
            # by "[whole hand] [card]". A warning: keep the hand the site shows as kept.
            self.issue(Code.DRAW_GLITCH, f"garbled draw printed by the site: discards {pending.count} "
                       f"[{format_cards(pending.cards or ())}], dealt [{format_cards(kept)}] [{format_cards(new)}]", event.line)
            if self.hero is not None:
                self.hero_discarded = [(d, c) for d, c in self.hero_discarded if c not in set(kept)]
            self.hero_cards = kept if len(set(kept)) == size else before
            self.on_draw(pending, pending.count, before, None, None)
            return
        if len(after) != size or len(set(after)) != size:
            self.issue(Code.TOO_MANY_CARDS, f"{event.player} holds {format_cards(after)} after the draw", event.line)
        if before is not None and set(kept) | set(pending.cards) != set(before):
            self.issue(Code.BAD_DISCARD, f"kept [{format_cards(kept)}] and discarded [{format_cards(pending.cards)}] are not the hand held [{format_cards(before)}]", event.line)
        if len(new) != pending.count:
            self.issue(Code.BAD_DISCARD, f"{event.player} discards {pending.count} but gets {len(new)} new cards", event.line)
        self.hero_cards = after if len(after) == size and len(set(after)) == size else None  # (else an error already)
        self.on_draw(pending, pending.count, before, pending.cards, new)

    def on_discard(self, event: Discard) -> None:
        if event.player == self.hero and self.hero is not None:
            # The draw happens here, in turn; its cards come on the next "Dealt to" line
            # (after the other players' discards on some sites).
            self.attempt(self.table.verify_draw, event.player, event.count, line=event.line)
            self.table.draw(event.player, event.count)
            self.pending_discard = event
            if event.cards is not None:
                for card in event.cards:
                    self.hero_discarded.append((self.draw, card))
            return
        self.on_draw(event, event.count, None, event.cards, None)

    def on_draw(self, event: PlayerEvent, count: int, before: tuple[Card, ...] | None,
                discarded: tuple[Card, ...] | None, new: tuple[Card, ...] | None) -> None:
        player = event.player
        if not (isinstance(event, Discard) and player == self.hero):  # (the hero's is checked at his discard line)
            self.attempt(self.table.verify_draw, player, count, line=event.line)
            self.table.draw(player, count)
        if count == 0 and isinstance(event, StandPat) and event.cards is not None:
            before = event.cards
            if self.hero_cards is not None and player == self.hero and set(event.cards) != set(self.hero_cards):
                self.issue(Code.BAD_DISCARD, f"{player} stands pat on [{format_cards(event.cards)}] but holds [{format_cards(self.hero_cards)}]", event.line)
        after = None
        if before is not None:
            thrown = set(discarded or ())
            after = before if count == 0 else tuple(c for c in before if c not in thrown) + tuple(new or ())
        if count == 0 and player == self.hero:
            before = after = self.hero_cards
        if any(done.draw == self.draw and done.player == player for done in self.draws):
            return  # drew twice in one draw: an error already (bad_discard); one DrawAction a draw each
        self.draws.append(DrawAction(self.draw, player, count, before, discarded, new, after, event.line))

    def on_second_run(self, player: str, new: tuple[Card, ...] | None) -> None:
        """A hand run twice: the new cards `player` drew in the second run (None: the site
        does not say which). His second-run hand is what he kept plus them, when known."""
        draw = next((d for d in reversed(self.draws) if d.player == player), None)
        if player in self.second_run:
            return  # (a "Run 2:" show says it already)
        if new is None or draw is None or draw.cards_before is None or draw.discarded_cards is None:
            self.second_run[player] = None
            return
        kept = tuple(c for c in draw.cards_before if c not in draw.discarded_cards)
        self.second_run[player] = kept + new

    def second_run_hands(self, known: dict[str, tuple[Card, ...]]) -> dict[str, tuple[Card, ...]] | None:
        """In a hand run twice, player -> his hand in the second run where known: as shown
        for it, the hero's kept cards and second-run cards, or, for a player who drew no
        card at the last draw, his one hand (`known`); None for a hand run once."""
        if self.hand.runs != 2:
            return None
        hands = {p: cards for p, cards in self.second_run.items() if cards is not None}
        for player, cards in known.items():
            drew = any(d.player == player and d.draw == self.draw and d.discarded for d in self.draws)
            if player not in self.second_run and not drew:
                hands[player] = cards
        return hands

    def on_show(self, player: str, cards: tuple[Card, ...], description: str | None, line: int) -> None:
        if len(cards) > self.game.hand_size or len(set(cards)) != len(cards):
            self.issue(Code.TOO_MANY_CARDS, f"{player} shows [{format_cards(cards)}]", line)
            return
        self.shown[player] = cards
        self.shown_line.setdefault(player, line)
        self.check_description(player, cards, description, line)

    def check_description(self, player: str, cards: tuple[Card, ...], description: str | None, line: int) -> None:
        """The site's words for a hand ("Badugi: 8,4,3,A", "a 3-Card: 7, 2, A",
        "Three Cards, Q-J-2") against our evaluation: same number of cards, same ranks."""
        if description is None:
            return
        if self.game.lowball:
            self.check_low_description(player, cards, description, line)
            return
        if self.game.high:
            self.check_high_description(player, cards, description, line)
            return
        ours = self.evaluate(cards)
        said = read_description(description)
        if said is None or said != (ours.size, tuple(card.rank.value for card in ours.cards)):
            self.issue(Code.DESCRIPTION_MISMATCH, f"{player}: the site says ({description}), our evaluator ({ours.description})", line)

    def check_low_description(self, player: str, cards: tuple[Card, ...], description: str, line: int) -> None:
        """A lowball game's words for a hand ("Lo: 9,7,6,4,2", "a pair of Fives") against our
        low evaluation of its five cards: the same five ranks, or a pair of the same rank."""
        said = read_low_description(description)
        if said is None or len(cards) != self.game.hand_size:
            return  # (words we do not read, or not five cards: reported as such elsewhere)
        ours = self.game.low_hand(cards)
        assert ours is not None  # (a lowball game has its low evaluator)
        ranks = tuple(_LETTER.get(rank, str(rank)) for rank in ours.ranks)
        paired, words = said
        same = (ours.kind is LowKind.ONE_PAIR and ranks[0] == words[0]) if paired else (
            ours.kind in (LowKind.HIGH_CARD, LowKind.STRAIGHT, LowKind.FLUSH, LowKind.STRAIGHT_FLUSH) and ranks == words)
        if not same:
            self.issue(Code.DESCRIPTION_MISMATCH, f"{player}: the site says ({description}), our evaluator ({ours.description})", line)

    def check_high_description(self, player: str, cards: tuple[Card, ...], description: str, line: int) -> None:
        """5-Card Draw's words for a hand ("a pair of Kings", "a straight, Seven to Jack")
        against our high evaluation of its five cards: the same kind led by the same rank."""
        said = read_high_description(description)
        if said is None or len(cards) != self.game.hand_size:
            return  # (words we do not read, or not five cards: reported as such elsewhere)
        ours = evaluate_high(cards)
        if said != (ours.kind.name.lower(), _LETTER.get(ours.ranks[0], str(ours.ranks[0]))):
            self.issue(Code.DESCRIPTION_MISMATCH, f"{player}: the site says ({description}), our evaluator ({ours.description})", line)

    # ---- the end ----------------------------------------------------------------------------
    # finish() in its steps: the summary's cards, the money put in and the pots, the totals
    # checked, the pots settled and the cards checked (showdown.py, pure), what each player
    # won checked against the summary, each player's result, the walk.

    def finish(self) -> ReplayedHand:
        self.end_round()
        self.reveal_summary_cards()
        live = [p for p in self.dealt if p not in self.folded]
        money = self.money_in(live)
        not_awarded = self.pots_not_awarded(money.layers)
        self.check_totals(money.total)
        known = self.known_cards()
        settlement = settle(Showdown(
            game=self.game, layers=money.layers, printed=self.hand.summary.pots, collected=self.collected,
            mucked=frozenset(self.mucked), cards=known, from_button=tuple(self.table.clockwise_after(self.hand.button_seat)),
            summary_line=self.hand.summary.line, collect_line=self.collect_line, evaluate=self.evaluate,
            second_run=self.second_run_hands(known), money=self.money))
        self.issues.extend(settlement.issues)
        self.issues.extend(check_cards(CardCheck(
            cards=known, shown_line=self.shown_line, hero=self.hero, hero_discarded=tuple(self.hero_discarded),
            dealt=len(self.dealt), draws=tuple(self.draws), hand_size=self.game.hand_size)))
        collected = self.check_winnings(money.put)
        for player, amount in not_awarded.items():  # his pot went to the site, which paid him instead
            collected[player] -= amount
        for player, amount in self.cash_outs.items():
            collected[player] += amount
        showdown = len(live) >= 2
        summary = self.hand.summary
        return ReplayedHand(
            hand=self.hand,
            players=self.player_results(live, money, collected, showdown),
            actions=tuple(self.actions),
            draws=tuple(self.draws),
            pots=settlement.pots,
            total_pot=money.total,
            rake=summary.rake,
            big_blind=self.big_blind,
            hero=self.hero,
            showdown=showdown,
            walk=self.is_walk(live),
            draws_reached=self.draw,
            issues=tuple(self.issues),
        )

    def reveal_summary_cards(self) -> None:
        """Cards revealed in the summary ("mucked [..]", "showed [..]"): shown if not shown
        before, else checked against the showdown's."""
        for seat in self.hand.summary.seats:
            if seat.cards is not None and seat.player not in self.shown:
                self.on_show(seat.player, seat.cards, seat.description, seat.line)
            elif seat.cards is not None:
                if set(seat.cards) != set(self.shown[seat.player]) or len(seat.cards) != len(self.shown[seat.player]):
                    self.issue(Code.CARDS_MISMATCH, f"{seat.player}: the summary shows [{format_cards(seat.cards)}], "
                               f"the showdown [{format_cards(self.shown[seat.player])}]", seat.line)
                else:
                    self.check_description(seat.player, seat.cards, seat.description, seat.line)

    def money_in(self, live: list[str]) -> _MoneyIn:
        """What each seated player put in, who is all-in, the total and the pots."""
        players = self.table.players
        put = {p: players[p].put if p in players else 0 for p in self.order}
        all_in = frozenset(p for p in live if players[p].all_in)
        return _MoneyIn(put, all_in, sum(put.values()), build_pots(put, live, all_in))

    def pots_not_awarded(self, layers: tuple[PotLayer, ...]) -> dict[str, int]:
        """The pots PokerStars did not award because their winner took the all-in cash out
        ("won ($9.87) ... (pot not awarded as player cashed out)", no `collected` line):
        counted as taken by him from the pot they came from (the pot checks, the chips' sum),
        and returned (player -> amount) so that his result is what he was paid instead. The
        pot is the one of the printed amount, else the first he could win that nobody took."""
        summary = self.hand.summary
        taken: dict[str, int] = defaultdict(int)
        for seat in summary.seats:
            if not seat.cashed_out or not seat.won or any(seat.player in by for by in self.collected.values()):
                continue  # (a pot he collected is his, cash out or not)
            free = [i for i, layer in enumerate(layers) if seat.player in layer.eligible and not self.collected.get(i)]
            printed = [i for i in free if i < len(summary.pots) and summary.pots[i] == seat.won]
            index = (printed or free or [0])[0]
            self.collected[index][seat.player] += seat.won
            taken[seat.player] += seat.won
        return taken

    def check_totals(self, total: int) -> None:
        """The site's total pot and rake against what was put in and collected."""
        summary = self.hand.summary
        collected_total = sum(sum(by_player.values()) for by_player in self.collected.values())
        if total != summary.total_pot:
            self.issue(Code.TOTAL_POT_MISMATCH, f"players put in {self.money(total)} but the site's total pot is {self.money(summary.total_pot)}", summary.line)
        if not 0 <= summary.rake <= summary.total_pot:
            self.issue(Code.RAKE_INVALID, f"rake {self.money(summary.rake)} is not between 0 and the pot {self.money(summary.total_pot)}", summary.line)
        if collected_total + summary.rake != total:
            self.issue(Code.CHIPS_NOT_CONSERVED, f"put in {self.money(total)}, collected {self.money(collected_total)} + rake {self.money(summary.rake)} = {self.money(collected_total + summary.rake)}", summary.line)

    def known_cards(self) -> dict[str, tuple[Card, ...]]:
        """Player -> the cards he is known to hold at the end: the hands shown (in the order
        shown), then the hero's unless he folded."""
        known = dict(self.shown)
        if self.hero is not None and self.hero_cards is not None and self.hero not in known and self.hero not in self.folded:
            known[self.hero] = self.hero_cards
        return known

    def check_winnings(self, put: dict[str, int]) -> dict[str, int]:
        """What each player collected from the pots (player -> int), checked against the
        summary's "won"/"collected" and KingsClub's net."""
        collected: dict[str, int] = defaultdict(int)
        for by_player in self.collected.values():
            for player, amount in by_player.items():
                collected[player] += amount
        for seat in self.hand.summary.seats:  # "won ($5.45)" / "collected ($0.20)": every pot he took
            if seat.won is not None and seat.won != collected.get(seat.player, 0):
                self.issue(Code.WON_MISMATCH, f"{seat.player}: the summary says {self.money(seat.won)} won, "
                           f"but he collected {self.money(collected.get(seat.player, 0))} from the pots", seat.line)
            ours = collected.get(seat.player, 0) - put.get(seat.player, 0)
            if seat.net is not None and seat.net != ours:  # KingsClub: "(end stack) +net"
                self.issue(Code.WON_MISMATCH, f"{seat.player}: the summary says net {self.money(seat.net, signed=True)}, "
                           f"the replay makes {self.money(ours, signed=True)}", seat.line)
        return collected

    def player_results(self, live: list[str], money: _MoneyIn, collected: dict[str, int],
                       showdown: bool) -> tuple[PlayerResult, ...]:
        """Each seated player's result, in seat order (collected: after cash outs)."""
        put = money.put
        players = self.table.players
        rake_shares = proportional_shares(self.hand.summary.rake, put)
        position_of = positions(self.hand, self.dealt)
        results = []
        for player in self.order:
            seated = self.seat_of[player]
            cards = self.shown.get(player)
            if cards is None and player == self.hero:  # his own cards are known, folded or not
                cards = self.hero_cards
            final_hand = (self.evaluate(cards) if cards and len(cards) <= self.game.hand_size and len(set(cards)) == len(cards)
                          and not self.game.whole_hand else None)  # (a lowball game's classes: store/split_classes.py)
            results.append(
                PlayerResult(
                    player=player,
                    seat=seated.seat,
                    stack=seated.stack,
                    dealt_in=player in self.dealt,
                    position=position_of.get(player),
                    contributed=put[player],
                    by_round=tuple(players[player].by_round) if player in players else (0, 0, 0, 0),  # type: ignore[arg-type]
                    collected=collected.get(player, 0),
                    net=collected.get(player, 0) - put[player],
                    rake=rake_shares.get(player, 0),
                    folded_round=self.folded.get(player),
                    all_in=player in money.all_in,
                    reached_draw=self.draws_reached.get(player, 0),
                    showdown=showdown and player in live,
                    final_cards=cards,
                    final_hand=final_hand,
                )
            )
        return tuple(results)

    def is_walk(self, live: list[str]) -> bool:
        """Everyone folded to the big blind pre-draw, who did nothing but post."""
        bb_actions = [a for a in self.actions if a.kind is ActionKind.BIG_BLIND]
        return (
            len(live) == 1
            and self.draw == 0
            and bool(bb_actions)
            and live[0] == bb_actions[0].player
            and not any(a.player == live[0] and a.kind not in (ActionKind.BIG_BLIND, ActionKind.ANTE) for a in self.actions)
        )


@dataclass(frozen=True, slots=True)
class _MoneyIn:
    """The money at the end of the hand. put: player -> int, what each seated player put in
    (uncalled bets returned; 0 when not dealt in); all_in: live players with no chips left;
    total: int, the sum; layers: the main pot then side pots (pots.build_pots)."""

    put: dict[str, int]
    all_in: frozenset[str]
    total: int
    layers: tuple[PotLayer, ...]


def replay(hand: ParsedHand, limit_rules: LimitRules | None = None) -> ReplayedHand:
    """Replay one parsed hand under its site's rules (structures.SITE_RULES); limit_rules
    overrides the fixed-limit cap rules (e.g. SEED_LIMIT). Never raises for bad hands: see
    ReplayedHand.issues."""
    rules = SITE_RULES.get(hand.site, SiteRules())
    if limit_rules is not None:
        rules = SiteRules(limit_rules, rules.prints_uncalled_bets)
    return _Replay(hand, rules).run()
