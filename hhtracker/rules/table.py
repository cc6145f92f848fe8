"""The table as a state machine: whose turn it is, what each player owes, what is legal.

In the style of pokerkit's `State`: for every action a `verify_<action>()` that raises
`IllegalAction` with a precise reason and a stable code, a `can_<action>()` that answers
yes or no, and the action itself, which applies it. `verify_turn()` is apart so the replay
can report "out of turn" and still apply what the site wrote; a generator calls `can_*`
and the action methods to make legal hands.

Rules (../shared/seeds/002 section 1, seeds/001 "Gameplay"): pre-draw the player left of
the big blind acts first; after each draw the first player left of the button still in the
hand; folded and all-in players are skipped; a round ends when every player who can act has
acted since the last full bet or raise and matched it. An all-in raise smaller than a full
raise does not reopen the betting for players who had already acted; in fixed limit the
site's LimitRules say what an incomplete all-in does (structures.py: the half-bet rule of
Robert's Rules of Poker, and PokerStars' completion to the next level).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..model import BettingStructure, BlindKind, Round, Stakes
from .issues import Code
from .pots import in_chips
from .structures import POKERSTARS_LIMIT, LimitRules, Limits, bet_unit, limits


class IllegalAction(Exception):
    """An action the rules do not allow. code: issues.Code; message: what is wrong."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(slots=True)
class PlayerState:
    """One seat's money this hand. stack: chips at the start; put: total put in (uncalled
    chips returned are taken off); by_round: the same per round; in_round: this round's
    live bet (a dead small blind and antes are not live)."""

    name: str
    seat: int
    stack: int
    put: int = 0
    by_round: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    in_round: int = 0
    folded: bool = False
    all_in: bool = False

    @property
    def behind(self) -> int:
        """Chips not yet put in."""
        return self.stack - self.put


class Table:
    """The state of one hand's betting and drawing.

    players: (name, seat, stack) in seat order for everyone dealt in; button_seat: the
    button's seat number; big_blind: int, the big blind (fixed limit: the small bet);
    hand_size: cards each holds (4, or 5 in Badacey and Badeucey), the most a draw discards;
    draws: the game's number of draws (3, or 1 in the single-draw games); money: writes an
    amount in the messages of IllegalAction ("$280.00", "1,500 chips"): the replay gives its
    hand's (_Replay.money), so no message says bare cents; chips when not given.
    """

    def __init__(
        self,
        players: Sequence[tuple[str, int, int]],
        *,
        button_seat: int,
        structure: BettingStructure,
        stakes: Stakes,
        big_blind: int,
        limit_rules: LimitRules = POKERSTARS_LIMIT,
        hand_size: int = 4,
        draws: int = 3,
        money: Callable[[int], str] = in_chips,
    ) -> None:
        self.money = money
        self.players = {name: PlayerState(name, seat, stack) for name, seat, stack in players}
        self.button_seat = button_seat
        self.structure = structure
        self.stakes = stakes
        self.big_blind = big_blind
        self.limit_rules = limit_rules
        self.hand_size = hand_size  # cards held: a draw discards 0 to hand_size (games.py)
        self.draws = draws  # the game's draws (games.py): where fixed limit's big bet starts
        self.round = Round.PREDRAW
        self.level = 0
        self.bets = 0  # bets and raises this round, all-ins included (the big blind is one)
        self.full_bets = 0  # fixed limit: full bets and raises this round (what the cap counts)
        self.full_level = 0  # fixed limit: the total of the last full bet or raise this round
        self.last_raise = 0
        self.pending: list[str] = []
        self.may_raise: set[str] = set()
        self.acted: set[str] = set()  # who acted since the last full bet or raise
        self.acted_at: dict[str, int] = {}  # their total bet when they last acted
        self.big_blind_player: str | None = None
        self.draw_number = 0
        self.to_draw: list[str] = []
        self.drawn: set[str] = set()  # who drew in this draw (draw_number)
        self.betting_started = False
        self._clockwise: dict[int, tuple[str, ...]] = {}  # seat -> clockwise_after(seat): the seats never change

    # ---- seat order ----------------------------------------------------------------------

    def clockwise_after(self, seat: int) -> list[str]:
        """Players in the hand, clockwise starting with the first seat after `seat`."""
        order = self._clockwise.get(seat)
        if order is None:
            order = self._clockwise[seat] = tuple(
                sorted(self.players, key=lambda name: (self.players[name].seat - seat - 1) % 1000))
        return list(order)

    def live(self) -> list[str]:
        """Players who have not folded, in seat order."""
        return [n for n, p in self.players.items() if not p.folded]

    def can_act_players(self, order: list[str]) -> list[str]:
        return [n for n in order if not self.players[n].folded and not self.players[n].all_in]

    @property
    def pot(self) -> int:
        return sum(p.put for p in self.players.values())

    @property
    def actor(self) -> str | None:
        """Whose turn it is to bet, or None when the round is complete (or not started)."""
        return self.pending[0] if self.pending else None

    @property
    def round_complete(self) -> bool:
        return self.betting_started and not self.pending

    @property
    def hand_over(self) -> bool:
        """Everyone but one player has folded."""
        return self._live_count() <= 1

    def _live_count(self) -> int:
        """len(self.live()), without the list."""
        return sum(not p.folded for p in self.players.values())

    def cap(self) -> int | None:
        if self.structure is not BettingStructure.FIXED_LIMIT:
            return None
        return self.limit_rules.cap_for(self._live_count())

    def limits(self, name: str) -> Limits:
        """What the player may do now (to call, min and max total bet this round)."""
        unit = bet_unit(self.structure, self.stakes, self.round, self.big_blind, self.draws)
        # (fixed-limit sizes do not depend on the pot: it is added up only for the others)
        pot = self.pot if self.structure is not BettingStructure.FIXED_LIMIT else 0
        return limits(self.structure, unit=unit, level=self.level, mine=self.players[name].in_round,
                      last_raise=self.last_raise, pot=pot, full_level=self.full_level)

    # ---- money ---------------------------------------------------------------------------

    def _pay(self, name: str, amount: int, live: int) -> None:
        player = self.players[name]
        player.put += amount
        player.by_round[self.round - 1] += amount
        player.in_round += live
        if player.put >= player.stack:
            player.all_in = True

    def _require_player(self, name: str) -> PlayerState:
        player = self.players.get(name)
        if player is None:
            raise IllegalAction(Code.UNKNOWN_PLAYER, f"{name!r} is not dealt in")
        if player.folded:
            raise IllegalAction(Code.FOLDED_PLAYER_ACTS, f"{name} acts after folding")
        return player

    def _require_chips(self, player: PlayerState, amount: int) -> None:
        if amount > player.behind:
            raise IllegalAction(Code.BET_OVER_STACK, f"{player.name} puts in {self.money(amount)} but has only {self.money(player.behind)} left")

    # ---- forced bets ---------------------------------------------------------------------

    def verify_post(self, name: str, kind: BlindKind | None, amount: int) -> None:
        """A blind (kind) or an ante (kind None) before the cards are dealt."""
        player = self._require_player(name)
        self._require_chips(player, amount)
        if self.betting_started:
            raise IllegalAction(Code.OUT_OF_TURN, f"{name} posts after the betting started")

    def post(self, name: str, kind: BlindKind | None, amount: int) -> None:
        if kind is None:  # an ante is dead money
            self._pay(name, amount, 0)
            return
        live = amount if kind is not BlindKind.SMALL_AND_BIG else min(amount, self.big_blind)
        self._pay(name, amount, live)
        if kind in (BlindKind.BIG, BlindKind.SMALL_AND_BIG):
            self.bets = max(self.bets, 1)
            self.full_bets = max(self.full_bets, 1)
            if self.big_blind_player is None and kind is BlindKind.BIG:
                self.big_blind_player = name
        self.level = max(self.level, self.players[name].in_round)

    def start_predraw(self) -> None:
        """After the blinds: the player left of the big blind acts first (heads-up that is
        the button, who posted the small blind)."""
        anchor = self.players[self.big_blind_player].seat if self.big_blind_player else self.button_seat
        if self.level and self.structure is BettingStructure.FIXED_LIMIT:
            if self.limit_rules.short_big_blind_called_in_full:
                self.level = max(self.level, self.big_blind)  # a short all-in big blind is called in full
            self.full_level = self.big_blind
        self._open_round(self.clockwise_after(anchor))
        self.last_raise = self.big_blind if self.level else 0

    def _open_round(self, order: list[str]) -> None:
        self.betting_started = True
        self.pending = self.can_act_players(order)
        self.may_raise = set(self.pending)
        self.acted = set()
        self.acted_at = {}
        self._settle()

    # ---- turn ----------------------------------------------------------------------------

    def verify_turn(self, name: str) -> None:
        """raises IllegalAction(OUT_OF_TURN) unless it is `name`'s turn to bet."""
        if not self.pending:
            raise IllegalAction(Code.OUT_OF_TURN, f"{name} acts after the betting round was complete")
        if self.pending[0] != name:
            raise IllegalAction(Code.OUT_OF_TURN, f"{name} acts out of turn ({self.pending[0]} was to act)")

    def _done(self, name: str) -> None:
        if name in self.pending:
            self.pending.remove(name)
        self.acted.add(name)
        self.acted_at[name] = self.players[name].in_round
        self._settle()

    def _settle(self) -> None:
        """No one left to bet against: with at most one player able to act, who has matched
        every bet, the round is over (e.g. the big blind after the small blind calls all-in)."""
        # One pass (this runs after every action): the live players' top bet this round, and
        # the first of them who can still act and whether there is a second.
        top: int | None = None
        active: PlayerState | None = None
        for player in self.players.values():
            if player.folded:
                continue
            if top is None or player.in_round > top:
                top = player.in_round
            if not player.all_in:
                if active is not None:
                    return  # two or more can act: the round goes on
                active = player
        if active is None or active.in_round >= (top if top is not None else 0):
            self.pending = []

    # ---- actions -------------------------------------------------------------------------

    def verify_fold(self, name: str) -> None:
        self._require_player(name)

    def can_fold(self, name: str) -> bool:
        return self._can(self.verify_fold, name)

    def fold(self, name: str) -> None:
        self.players[name].folded = True
        self._done(name)
        self.may_raise.discard(name)
        if self._live_count() <= 1:
            self.pending = []

    def verify_check(self, name: str) -> None:
        player = self._require_player(name)
        if player.in_round < self.level:
            raise IllegalAction(Code.CHECK_FACING_BET, f"{name} checks facing a bet of {self.money(self.level)}")

    def can_check(self, name: str) -> bool:
        return self._can(self.verify_check, name)

    def check(self, name: str) -> None:
        self._done(name)

    def call_amount(self, name: str) -> int:
        """What a call costs the player now (less when he has fewer chips)."""
        player = self.players[name]
        return min(max(0, self.level - player.in_round), player.behind)

    def verify_call(self, name: str, amount: int | None = None) -> None:
        """amount: what the site says was added (None: the exact call). The stack is
        checked first: an all-in player who "calls" again puts in more than he has, an
        error (BET_OVER_STACK), whatever else is wrong with the call."""
        player = self._require_player(name)
        if amount is not None:
            if amount < 0:  # "calls 50" (to 50) with 60 in already
                raise IllegalAction(Code.CHIPS_NOT_CONSERVED, f"{name} calls to {self.money(player.in_round + amount)} with {self.money(player.in_round)} in already: chips taken back")
            self._require_chips(player, amount)
        owed = max(0, self.level - player.in_round)
        if owed == 0:
            raise IllegalAction(Code.SHORT_CALL, f"{name} calls with nothing to call")
        if amount is not None:
            if amount < owed and self._against_all_ins_only(name) and amount == self._matched(name) - player.in_round:
                return  # against all-in players only, matching what they put in is enough
            if amount > owed:  # chips no bet asked for (KingsClub would give them back unseen)
                raise IllegalAction(Code.CHIPS_NOT_CONSERVED, f"{name} calls {self.money(amount)}, more than the {self.money(owed)} owed")
            if amount < owed and amount < player.behind:
                raise IllegalAction(Code.SHORT_CALL, f"{name} calls {self.money(amount)} of {self.money(owed)} without being all-in")

    def _matched(self, name: str) -> int:
        """The highest total bet this round of the other players still in."""
        return max((p.in_round for n, p in self.players.items() if n != name and not p.folded), default=0)

    def _against_all_ins_only(self, name: str) -> bool:
        """Every other player still in is all-in (heads-up against a short all-in big blind)."""
        return all(p.all_in for n, p in self.players.items() if n != name and not p.folded)

    def can_call(self, name: str) -> bool:
        return self._can(self.verify_call, name)

    def call(self, name: str, amount: int | None = None) -> int:
        """Applies a call; returns the chips added."""
        added = self.call_amount(name) if amount is None else amount
        self._pay(name, added, added)
        self._done(name)
        return added

    def verify_bet(self, name: str, amount: int) -> None:
        """A first bet this round of `amount` chips."""
        player = self._require_player(name)
        self._require_chips(player, amount)
        if self.level > player.in_round or (self.level and self.round is not Round.PREDRAW):
            raise IllegalAction(Code.BET_SIZE, f"{name} bets facing a bet of {self.money(self.level)}")
        self._check_size(name, player.in_round + amount, all_in=amount == player.behind)

    def can_bet(self, name: str, amount: int) -> bool:
        return self._can(self.verify_bet, name, amount)

    def bet(self, name: str, amount: int) -> None:
        self._raise_to(name, self.players[name].in_round + amount)

    def verify_raise(self, name: str, to: int) -> None:
        """A raise to a total bet of `to` this round."""
        player = self._require_player(name)
        if to < player.in_round:  # a small blind of 500 "raises 100 to 200": chips taken back
            raise IllegalAction(Code.CHIPS_NOT_CONSERVED, f"{name} raises to {self.money(to)} with {self.money(player.in_round)} in already: chips taken back")
        self._require_chips(player, to - player.in_round)
        if self.level == 0:
            raise IllegalAction(Code.BET_SIZE, f"{name} raises with no bet to raise")
        if to <= self.level:
            raise IllegalAction(Code.BET_SIZE, f"{name} raises to {self.money(to)}, not above the bet of {self.money(self.level)}")
        if name not in self.may_raise:
            raise IllegalAction(Code.RAISE_NOT_REOPENED, f"{name} raises, but the betting was not reopened to him (an all-in raise below a full raise)")
        cap = self.cap()
        if cap is not None and self.full_bets >= cap:
            raise IllegalAction(Code.CAP_EXCEEDED, f"{name} raises after the cap of {cap} bets this round")
        self._check_size(name, to, all_in=to - player.in_round == player.behind)

    def can_raise(self, name: str, to: int) -> bool:
        return self._can(self.verify_raise, name, to)

    def raise_to(self, name: str, to: int) -> None:
        self._raise_to(name, to)

    def _check_size(self, name: str, to: int, *, all_in: bool) -> None:
        allowed = self.limits(name)
        if to < allowed.min_to and not all_in:
            raise IllegalAction(Code.BET_SIZE, f"{name} bets or raises to {self.money(to)}; the minimum is {self.money(allowed.min_to)}")
        if allowed.max_to is not None and to > allowed.max_to:
            raise IllegalAction(Code.BET_SIZE, f"{name} bets or raises to {self.money(to)}; the maximum is {self.money(allowed.max_to)}")

    def _raise_to(self, name: str, to: int) -> None:
        player = self.players[name]
        if self.structure is BettingStructure.FIXED_LIMIT:
            self._raise_fixed(name, to)
            return
        increment = to - self.level
        full = increment >= self.limits(name).full_raise
        self._pay(name, to - player.in_round, to - player.in_round)
        others = [n for n in self.clockwise_after(player.seat) if n != name]
        if full:
            self.last_raise = increment
            self.pending = self.can_act_players(others)
            self.may_raise = set(self.pending)
            self.acted = {name}
        else:  # an all-in below a full raise: the others must answer, but those who had
            # already acted since the last full raise may not re-raise.
            self.pending = [n for n in self.can_act_players(others) if self.players[n].in_round < to]
            self.may_raise -= self.acted
            self.acted.add(name)
        self.level = max(self.level, to)
        self.bets += 1
        self.may_raise.discard(name)
        self._settle()

    def _raise_fixed(self, name: str, to: int) -> None:
        """A fixed-limit bet or raise to `to`: full when it reaches the next level (or, under
        LimitRules.all_in_counts_as_full, an all-in of that share of a bet above the last
        full level); an incomplete all-in reopens the betting for a player who has already
        acted only if it raised what he last faced by LimitRules.all_in_reopens of a bet or
        more (rule: Robert's Rules of Poker, "Betting and Raising" 6; structures.py)."""
        player = self.players[name]
        rules = self.limit_rules
        unit = bet_unit(self.structure, self.stakes, self.round, self.big_blind, self.draws)
        above = to - self.full_level
        counts = rules.all_in_counts_as_full
        full = above >= unit or (counts is not None and above * counts.denominator >= counts.numerator * unit)
        self._pay(name, to - player.in_round, to - player.in_round)
        others = [n for n in self.clockwise_after(player.seat) if n != name]
        if full:
            self.full_level = to
            self.full_bets += 1
            self.pending = self.can_act_players(others)
            self.may_raise = set(self.pending)
            self.acted = {name}
        else:
            self.pending = [n for n in self.can_act_players(others) if self.players[n].in_round < to]
            reopens = rules.all_in_reopens
            reopened = {n for n in self.acted if n != name
                        and (to - self.acted_at.get(n, 0)) * reopens.denominator >= reopens.numerator * unit}
            self.may_raise = (self.may_raise - self.acted) | reopened
            self.acted.add(name)
        self.acted_at[name] = to
        self.level = max(self.level, to)
        self.bets += 1
        self.may_raise.discard(name)
        self._settle()

    def return_uncalled(self, name: str, amount: int) -> None:
        """Chips of a bet nobody called going back (printed by the site)."""
        player = self.players[name]
        player.put -= amount
        player.by_round[self.round - 1] -= amount
        player.in_round -= amount
        if player.put < player.stack:
            player.all_in = False
        self.level = max(p.in_round for p in self.players.values())
        self._settle()

    # ---- draws ---------------------------------------------------------------------------

    def start_draw(self, number: int) -> None:
        """Draw 1, 2 or 3: every player still in (all-in ones too) draws once, clockwise from
        the first left of the button."""
        self.draw_number = number
        self.to_draw = [n for n in self.clockwise_after(self.button_seat) if not self.players[n].folded]
        self.drawn = set()
        self.pending = []

    def verify_draw(self, name: str, count: int) -> None:
        """Discard `count` cards (0 = stand pat). raises IllegalAction."""
        self._require_player(name)
        if not 0 <= count <= self.hand_size:
            raise IllegalAction(Code.BAD_DISCARD, f"{name} discards {count} cards (0 to {self.hand_size} allowed)")
        if name in self.drawn:  # an error, not a site's order: one draw each (a draw marker lost?)
            raise IllegalAction(Code.BAD_DISCARD, f"{name} draws twice in draw {self.draw_number}")
        if not self.to_draw or name not in self.to_draw:
            raise IllegalAction(Code.OUT_OF_TURN, f"{name} draws twice or outside a draw")
        if self.to_draw[0] != name:
            raise IllegalAction(Code.OUT_OF_TURN, f"{name} draws out of turn ({self.to_draw[0]} was to draw)")

    def can_draw(self, name: str, count: int) -> bool:
        return self._can(self.verify_draw, name, count)

    def draw(self, name: str, count: int) -> None:
        self.drawn.add(name)
        if name in self.to_draw:
            self.to_draw.remove(name)

    def start_round(self, round_: Round) -> None:
        """A betting round after a draw: the first player left of the button acts first."""
        self.round = round_
        for player in self.players.values():
            player.in_round = 0
        self.level = 0
        self.bets = 0
        self.full_bets = 0
        self.full_level = 0
        self.last_raise = 0
        self._open_round(self.clockwise_after(self.button_seat))

    # ---- helpers -------------------------------------------------------------------------

    @staticmethod
    def _can(verify: Callable[..., object], *args: object) -> bool:
        try:
            verify(*args)
        except IllegalAction:
            return False
        return True
