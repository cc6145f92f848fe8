"""Make legal Badugi hand histories in PokerStars' text format, for tests and benchmarks.

Every hand is dealt from a real shuffled 52-card deck (the discards are shuffled back when
the stub cannot cover a draw) and played through the rules engine's state machine
(rules/table.py), choosing only actions its `can_*` allow, so every hand is legal by
construction. Players have styles (tight or loose, passive or aggressive), draw to their
best Badugi, stand pat on badugis, sometimes snow or break. Deterministic for a seed.

`generate_files(...)` writes one file per table; `generate_hands(...)` yields `GeneratedHand`s
(the text and what the generator knows happened: who put in what, who won what).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from .cards import DECK, Card, format_cards
from .games import BADUGI, GAMES, GameId
from .model import BettingStructure, BlindKind, Round, Site, Stakes
from .rules.badugi import BadugiHand, evaluate
from .rules.pots import build_pots, split_amount
from .rules.table import PlayerState, Table

_HEADER_GAME = f"{BADUGI.words_on(Site.POKERSTARS)} Limit"
"""The game as PokerStars writes it in a header (its record's spelling, fixed limit)."""

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


@dataclass(frozen=True, slots=True)
class Style:
    """How a generated player plays. looseness: how weak a hand he plays (0-1);
    aggression: how often he bets or raises when he likes his hand (0-1)."""

    name: str
    looseness: float
    aggression: float


STYLES = (
    Style("tight-passive", 0.15, 0.25),
    Style("tight-aggressive", 0.2, 0.7),
    Style("loose-passive", 0.5, 0.2),
    Style("loose-aggressive", 0.55, 0.75),
)


@dataclass(frozen=True, slots=True)
class GeneratedHand:
    """One generated hand: text (PokerStars format, no trailing blank lines); hand_id;
    put_in / collected: player -> int (cents, chips in tournaments); rake: int;
    winners: per pot, the players who won it."""

    hand_id: str
    table: str
    text: str
    put_in: dict[str, int]
    collected: dict[str, int]
    rake: int
    winners: tuple[tuple[str, ...], ...]


@dataclass
class _Seat:
    seat: int
    name: str
    style: Style
    stack: int


@dataclass
class _Deck:
    rng: random.Random
    stub: list[Card] = field(default_factory=list)
    muck: list[Card] = field(default_factory=list)

    def shuffle(self) -> None:
        self.stub = list(DECK)
        self.rng.shuffle(self.stub)
        self.muck = []

    def take(self, count: int) -> list[Card]:
        """`count` cards from the stub; when it runs short, the muck (discards and folded
        hands) is shuffled back first (rule: seeds/001, "Card Deck")."""
        if count > len(self.stub):
            self.rng.shuffle(self.muck)
            self.stub.extend(self.muck)
            self.muck = []
        taken, self.stub = self.stub[:count], self.stub[count:]
        return taken


SEED_BLOCK = 1_000_000
"""Hand numbers kept for one game and seed: the most hands one `generate` writes."""

SEED_SLOTS = 100_000
"""Seeds with their own block of numbers (seed modulo this)."""

FIRST_NUMBER_BASE: dict[GameId, int] = {
    GameId.BADUGI: 300_000_000_000, GameId.BADACEY: 400_000_000_000, GameId.BADEUCEY: 500_000_000_000,
    GameId.DEUCE_TO_SEVEN_SINGLE_DRAW: 710_000_000_000,
    GameId.ACE_TO_FIVE_TRIPLE_DRAW: 600_000_000_000, GameId.FIVE_CARD_DRAW: 900_000_000_000,
}
"""Where each game's numbers start: the blocks of the games never overlap (test_generate), so sets of
different games and seeds import into one database without a duplicate (KingsClub numbers
are unique per site, and Badacey and Badeucey are both KingsClub)."""

SESSION_MINUTES = (90, 240)
"""How long the hero plays before a break (a uniform choice, minutes)."""

BREAK_MINUTES = (120, 1200)
"""How long a break lasts (minutes): longer than a report's 30-minute session gap."""

HAND_SECONDS = (40, 110)
"""Time from one hand's start to the next at one table (seconds)."""

LEAVE_CHANCE = 1 / 40
"""The chance, each hand of a cash table, that one opponent leaves and another sits down."""


class Lobby:
    """The pool's players not seated at one of the hero's tables, longest-waiting first: a
    seat goes to the first of them, so over a long set every player of the pool plays. When
    the lobby is empty (a pool smaller than the seats), a player of the pool not at that
    table sits at a second table."""

    def __init__(self, rng: random.Random, pool: list[str]) -> None:
        self.rng = rng
        self.pool = pool
        order = list(pool)
        rng.shuffle(order)
        self.waiting = order

    def take(self, at_table: set[str]) -> str | None:
        """A player for a seat at a table where `at_table` sit (not one of them); None when
        the whole pool sits there."""
        for index, name in enumerate(self.waiting):
            if name not in at_table:
                return self.waiting.pop(index)
        free = [name for name in self.pool if name not in at_table]
        return self.rng.choice(free) if free else None

    def back(self, name: str) -> None:
        """A player who left a table waits again (once, however many tables he left)."""
        if name not in self.waiting and name in self.pool:
            self.waiting.append(name)


def first_number(game: str, seed: int) -> int:
    """The first hand number of a generated set: its game's base plus the seed's block
    (FIRST_NUMBER_BASE + (seed mod SEED_SLOTS) x SEED_BLOCK), so two sets of different games
    or seeds never share a number. game: a GameId's value; raises KeyError for another game."""
    base = next((number for known, number in FIRST_NUMBER_BASE.items() if known == game), None)
    if base is None:
        raise KeyError(game)
    return base + (seed % SEED_SLOTS) * SEED_BLOCK


def check_numbers(hands: int, first: int) -> None:
    """raises ValueError when the numbers would not fit (1 to 10**15). More than SEED_BLOCK
    hands run into the next seed's numbers: `generate` refuses them (api.generate); a
    benchmark that asks for an endless stream and stops early may."""
    if first < 1 or first + hands > 10**15:
        raise ValueError(f"--first-number {first}: give a number from 1 to {10**15 - hands:,}")


class Schedule:
    """When each generated hand is dealt: every table on its own clock (a hand every
    HAND_SECONDS), the next hand at the table whose clock is earliest, and the hero's
    sessions of SESSION_MINUTES with breaks of BREAK_MINUTES between them (all tables stop
    together). Deterministic for the random generator given."""

    def __init__(self, rng: random.Random, tables: int, start: dt.datetime) -> None:
        self.rng = rng
        self.next = [start + dt.timedelta(seconds=rng.randint(0, 60)) for _ in range(tables)]
        self.session_end = start + dt.timedelta(minutes=rng.randint(*SESSION_MINUTES))

    def deal(self) -> tuple[int, dt.datetime, bool]:
        """(table index, start time, whether a new session begins with this hand)."""
        new_session = False
        table = min(range(len(self.next)), key=lambda t: self.next[t])
        if self.next[table] > self.session_end:
            resume = self.session_end + dt.timedelta(minutes=self.rng.randint(*BREAK_MINUTES))
            self.next = [resume + dt.timedelta(seconds=self.rng.randint(0, 60)) for _ in self.next]
            self.session_end = resume + dt.timedelta(minutes=self.rng.randint(*SESSION_MINUTES))
            new_session = True
            table = min(range(len(self.next)), key=lambda t: self.next[t])
        when = self.next[table]
        self.next[table] = when + dt.timedelta(seconds=self.rng.randint(*HAND_SECONDS))
        return table, when, new_session


def _money(amount: int, cash: bool) -> str:
    if not cash:
        return str(amount)
    whole, cents = divmod(amount, 100)
    return f"${whole}" if cents == 0 else f"${whole}.{cents:02d}"


def _strength(hand: BadugiHand, draws_left: int) -> float:
    """A rough 0-1 value of a hand with `draws_left` draws to come (for decisions only)."""
    top = hand.ranks[0]
    if hand.size == 4:
        return 0.95 - (top - 4) * 0.04
    if hand.size == 3:
        return max(0.05, 0.35 + 0.1 * draws_left - (top - 3) * 0.035)
    if hand.size == 2:
        return 0.05 + 0.06 * draws_left
    return 0.02


class _HandMaker:
    """Plays one hand at a table and writes its text. A Badugi hand; generate_draw.py's
    subclass plays 5-Card Draw through the hooks (cards_dealt, draws, strength, rate,
    shown_words, won_words, draw_marker, draw)."""

    cards_dealt = 4
    draws = 3

    def __init__(self, rng: random.Random, seats: list[_Seat], button: int, stakes: Stakes,
                 hand_id: str, header: str, table_line: str, cash: bool, hero: str) -> None:
        self.rng = rng
        self.seats = seats
        self.button = button
        self.stakes = stakes
        self.hand_id = hand_id
        self.cash = cash
        self.hero = hero
        self.lines = [header, table_line]
        self.big_blind = stakes.small_bet
        self.small_blind = stakes.small_bet * 2 // 5 if cash else stakes.small_bet // 2
        self.deck = _Deck(rng)
        self.cards: dict[str, list[Card]] = {}
        self.style = {s.name: s.style for s in seats}
        self.last_aggressor: str | None = None
        self.folded_round: dict[str, Round] = {}
        self.voluntary: set[str] = set()

    def m(self, amount: int) -> str:
        return _money(amount, self.cash)

    def strength(self, name: str, draws_left: int) -> float:
        """A rough 0-1 value of the player's hand (decisions only)."""
        return _strength(evaluate(self.cards[name]), draws_left)

    def rate(self, cards: list[Card]) -> Any:
        """The hand that plays at the showdown (greater is better): the Badugi hand."""
        return evaluate(cards)

    def shown_words(self, hand: Any) -> str:
        """The site's words for a shown hand, in brackets after its cards."""
        return str(hand.description)

    def won_words(self, hand: Any) -> str:
        """The summary's words after "won ($1) with" / "lost with"."""
        return f"a {hand.description}"

    def draw_marker(self, number: int) -> str | None:
        """The street line of draw `number` (None: the site prints none)."""
        return f"*** {('FIRST', 'SECOND', 'THIRD')[number - 1]} DRAW ***"

    def play(self) -> GeneratedHand:
        seats = self.seats
        for s in seats:
            self.lines.append(f"Seat {s.seat}: {s.name} ({self.m(s.stack)} in chips) ")
        table = Table([(s.name, s.seat, s.stack) for s in seats], button_seat=self.button,
                      structure=BettingStructure.FIXED_LIMIT, stakes=self.stakes, big_blind=self.big_blind,
                      hand_size=self.cards_dealt, draws=self.draws)
        self.table = table
        order = table.clockwise_after(self.button)
        if len(order) == 2:
            small, big = order[-1], order[0]
        else:
            small, big = order[0], order[1]
        self.blinds = {small: "small blind", big: "big blind"}
        for name, kind, amount in ((small, BlindKind.SMALL, self.small_blind), (big, BlindKind.BIG, self.big_blind)):
            amount = min(amount, table.players[name].stack)
            table.post(name, kind, amount)
            allin = " and is all-in" if table.players[name].all_in else ""
            label = "small blind" if kind is BlindKind.SMALL else "big blind"
            self.lines.append(f"{name}: posts {label} {self.m(amount)}{allin}")
        self.lines.append("*** DEALING HANDS ***")
        self.deck.shuffle()
        for name in order:
            self.cards[name] = self.deck.take(self.cards_dealt)
        self.lines.append(f"Dealt to {self.hero} [{format_cards(self.cards[self.hero])}]")
        table.start_predraw()
        self.betting(Round.PREDRAW)
        reached = 0
        for number in range(1, self.draws + 1):
            if table.hand_over:
                break
            reached = number
            marker = self.draw_marker(number)
            if marker is not None:
                self.lines.append(marker)
            table.start_draw(number)
            for name in list(table.to_draw):
                self.draw(name, number)
            table.start_round(Round(number + 1))
            self.betting(Round(number + 1))
        return self.finish(reached)

    # ---- betting ---------------------------------------------------------------------------

    def betting(self, round_: Round) -> None:
        table = self.table
        draws_left = self.draws + 1 - round_
        # fixed limit: the small bet in the first half of the rounds, the big bet after (a
        # single-draw game's round 2: rules/structures.bet_unit)
        unit = self.stakes.small_bet if round_ <= (self.draws + 1) // 2 else self.stakes.big_bet
        while table.actor is not None:
            name = table.actor
            player = table.players[name]
            style = self.style[name]
            value = self.strength(name, draws_left) + self.rng.uniform(-0.15, 0.15)
            wants_in = value + style.looseness > 0.75
            wants_raise = value > 0.6 - 0.25 * style.aggression and self.rng.random() < style.aggression
            to = min(table.level + unit, player.in_round + player.behind)
            if table.level == 0 or table.can_check(name):
                if wants_raise and table.level == 0 and table.can_bet(name, min(unit, player.behind)):
                    amount = min(unit, player.behind)
                    table.bet(name, amount)
                    self.say(name, f"bets {self.m(amount)}", player)
                    self.after_raise(name)
                elif wants_raise and table.level and table.can_raise(name, to):
                    self.raise_(name, to, player)
                else:
                    table.check(name)
                    self.lines.append(f"{name}: checks ")
            elif wants_raise and table.can_raise(name, to):
                self.raise_(name, to, player)
            elif wants_in or (table.call_amount(name) * 8 < table.pot and value > 0.2):
                amount = table.call_amount(name)
                table.call(name)
                self.voluntary.add(name)
                self.say(name, f"calls {self.m(amount)}", player)
            else:
                table.fold(name)
                self.folded_round[name] = round_
                self.lines.append(f"{name}: folds ")
                self.deck.muck.extend(self.cards[name])
        self.return_uncalled()

    def return_uncalled(self) -> None:
        """A bet or raise nobody matched (all folded, or called all-in for less) comes back
        at the end of the round: "Uncalled bet ($0.15) returned to X"."""
        players = self.table.players
        ranked = sorted(players.values(), key=lambda p: p.in_round, reverse=True)
        if len(ranked) < 2:
            return
        extra = ranked[0].in_round - ranked[1].in_round
        if extra > 0:
            self.table.return_uncalled(ranked[0].name, extra)
            self.lines.append(f"Uncalled bet ({self.m(extra)}) returned to {ranked[0].name}")

    def raise_(self, name: str, to: int, player: PlayerState) -> None:
        level = self.table.level
        self.table.raise_to(name, to)
        self.voluntary.add(name)
        self.say(name, f"raises {self.m(to - level)} to {self.m(to)}", player)
        self.after_raise(name)

    def after_raise(self, name: str) -> None:
        self.last_aggressor = name
        self.voluntary.add(name)
        cap = self.table.cap()
        if cap is not None and self.table.full_bets >= cap:
            self.lines.append("Betting is capped")

    def say(self, name: str, what: str, player: PlayerState) -> None:
        self.lines.append(f"{name}: {what}{' and is all-in' if player.all_in else ''}")

    # ---- draws -----------------------------------------------------------------------------

    def draw(self, name: str, number: int) -> None:
        hand = self.cards[name]
        playing = evaluate(hand)
        style = self.style[name]
        discard = [c for c in hand if c not in set(playing.cards)]
        if playing.size == 4 and playing.ranks[0] >= 11 and number < 3 and self.rng.random() < 0.3:
            discard = [playing.cards[0]]  # break a weak badugi
        if playing.size == 3 and number == 3 and self.rng.random() < 0.1 * style.aggression:
            discard = []  # snow
        self.table.verify_draw(name, len(discard))
        self.table.draw(name, len(discard))
        if not discard:
            if name == self.hero:
                self.lines.append(f"{name}: stands pat on [{format_cards(hand)}]")
            else:
                self.lines.append(f"{name}: stands pat ")
            return
        kept = [c for c in hand if c not in set(discard)]
        self.deck.muck.extend(discard)
        new = self.deck.take(len(discard))
        self.cards[name] = kept + new
        word = "card" if len(discard) == 1 else "cards"
        if name == self.hero:
            self.lines.append(f"{name}: discards {len(discard)} {word} [{format_cards(discard)}]")
            self.lines.append(f"Dealt to {name} [{format_cards(kept)}] [{format_cards(new)}]")
        else:
            self.lines.append(f"{name}: discards {len(discard)} {word}")

    # ---- the end ---------------------------------------------------------------------------

    def finish(self, reached: int) -> GeneratedHand:
        table = self.table
        players = table.players
        live = table.live()
        put = {n: players[n].put for n in players}
        total = sum(put.values())
        all_in = {n for n in live if players[n].all_in}
        layers = build_pots(put, live, all_in)
        rake = 0
        if self.cash and reached >= 1:
            rake = min(total * 5 // 100 // 5 * 5, 300)
        printed = [layer.amount for layer in layers]
        left = rake
        for i in range(len(printed)):
            take = min(left, printed[i])
            printed[i] -= take
            left -= take
        showdown = len(live) >= 2
        from_button = table.clockwise_after(self.button)
        hands = {n: self.rate(self.cards[n]) for n in live}
        pot_winners: list[tuple[str, ...]] = []
        shares: list[dict[str, int]] = []
        for layer, amount in zip(layers, printed):
            if len(layer.eligible) == 1:
                winners: tuple[str, ...] = layer.eligible
            else:
                best = max(hands[n] for n in layer.eligible)
                winners = tuple(n for n in layer.eligible if hands[n] == best)
            pot_winners.append(winners)
            shares.append(split_amount(amount, [n for n in from_button if n in winners]))
        collected: dict[str, int] = dict.fromkeys(players, 0)
        for share in shares:
            for n, amount in share.items():
                collected[n] += amount
        shown: dict[str, bool] = {}
        if showdown:
            self.lines.append("*** SHOW DOWN ***")
            winners_all = {n for w in pot_winners for n in w}
            order = ([self.last_aggressor] if self.last_aggressor in live else []) + [n for n in from_button if n in live and n != self.last_aggressor]
            everyone_shows = bool(all_in)
            for index, name in enumerate(order):
                if index == 0 or everyone_shows or name in winners_all:
                    shown[name] = True
                    self.lines.append(f"{name}: shows [{format_cards(self.cards[name])}] ({self.shown_words(hands[name])})")
                else:
                    shown[name] = False
                    self.lines.append(f"{name}: mucks hand ")
        pot_names = self._pot_names(len(layers))
        for index in reversed(range(len(layers))):  # side pots are collected first
            for name, amount in shares[index].items():
                self.lines.append(f"{name} collected {self.m(amount)} from {pot_names[index]}")
        if not showdown and live:
            self.lines.append(f"{live[0]}: doesn't show hand ")
        self.lines.append("*** SUMMARY ***")
        if len(layers) > 1:
            pots = f" Main pot {self.m(printed[0])}." + "".join(
                f" {'Side pot' if len(layers) == 2 else f'Side pot-{i}'} {self.m(printed[i])}." for i in range(1, len(layers)))
        else:
            pots = ""
        self.lines.append(f"Total pot {self.m(total)}{pots} | Rake {self.m(rake)} ")
        for s in sorted(self.seats, key=lambda s: s.seat):
            name = s.name
            tags = ""
            if s.seat == self.button:
                tags += " (button)"
            if name in self.blinds:
                tags += f" ({self.blinds[name]})"
            if name in self.folded_round:
                r = self.folded_round[name]
                if r is Round.PREDRAW:
                    didnt = " (didn't bet)" if name not in self.blinds and name not in self.voluntary else ""
                    outcome = f"folded before the Draw{didnt}"
                else:
                    outcome = f"folded after the {ORDINAL[r - 1]} Draw"
            elif showdown and shown.get(name):
                h = hands[name]
                if collected[name]:
                    outcome = f"showed [{format_cards(self.cards[name])}] and won ({self.m(collected[name])}) with {self.won_words(h)}"
                else:
                    outcome = f"showed [{format_cards(self.cards[name])}] and lost with {self.won_words(h)}"
            elif showdown:
                outcome = f"mucked [{format_cards(self.cards[name])}]"
            else:
                outcome = f"collected ({self.m(collected[name])})"
            self.lines.append(f"Seat {s.seat}: {name}{tags} {outcome}")
        return GeneratedHand(
            hand_id=self.hand_id,
            table="",
            text="\n".join(self.lines),
            put_in=put,
            collected=collected,
            rake=rake,
            winners=tuple(pot_winners),
        )

    @staticmethod
    def _pot_names(count: int) -> list[str]:
        if count == 1:
            return ["pot"]
        if count == 2:
            return ["main pot", "side pot"]
        return ["main pot"] + [f"side pot-{i}" for i in range(1, count)]


def generate_hands(
    *,
    hands: int,
    seed: int,
    players: int = 12,
    tables: int = 1,
    seats_per_table: int = 6,
    tournament: bool = False,
    hero: str = "Hero",
    first_hand_id: int | None = None,
    start: dt.datetime = dt.datetime(2026, 11, 1, 12, 0, 0),
    game: str = GameId.BADUGI,
    maker: type[_HandMaker] | None = None,
) -> Iterator[GeneratedHand]:
    """`hands` hands over `tables` tables of up to `seats_per_table` played at once (the
    hero at every table) from a pool of `players` regulars, in sessions with breaks
    (Schedule): each session seats the tables afresh, and at cash tables players come and
    go (LEAVE_CHANCE). Hand numbers from first_hand_id (default first_number(GameId.BADUGI,
    seed)), one more per hand in the order they are dealt. Deterministic for a seed. Cash:
    $0.25/$0.50 fixed limit, blinds $0.10/$0.25. Tournament: chips, Level I (20/40), a new
    tournament (its own number) when one ends or a session begins. game: the game its header
    names (its record's PokerStars words); maker: the hand maker that plays it (default
    _HandMaker, Badugi; generate_draw.FiveCardDrawMaker for 5-Card Draw). raises ValueError
    for numbers that do not fit, KeyError for a game not read on PokerStars."""
    maker_of = maker or _HandMaker
    header_game = _header_game(game)
    first = first_number(game, seed) if first_hand_id is None else first_hand_id
    check_numbers(hands, first)
    rng = random.Random(seed)
    pool = [f"{rng.choice(['Ace', 'Deuce', 'Trey', 'Snow', 'Pat', 'Rain', 'Suit'])}{rng.choice(['y', 'man', 'fish', 'shark', '_77', '.Jr', ' Bo'])}{i}" for i in range(players)]
    styles = {name: rng.choice(STYLES) for name in pool}
    stakes = Stakes(25, 50) if not tournament else Stakes(20, 40)
    start_stack = 1000 if not tournament else 1500
    tournaments = 0
    tournament_of = [0] * tables

    def buy_in() -> int:
        """A cash stack: a quarter of the players are short (all-ins and side pots)."""
        if tournament:
            return start_stack
        if rng.random() < 0.25:
            return rng.randint(stakes.small_bet, 8 * stakes.big_bet)
        return rng.randint(start_stack // 5, start_stack * 2)

    lobby = Lobby(rng, pool)

    def seat(t: int, leaving: list[_Seat]) -> list[_Seat]:
        """A table seated afresh: the hero in seat 1, opponents from the lobby (a new
        tournament); the players of `leaving` wait again."""
        nonlocal tournaments
        tournaments += 1
        tournament_of[t] = tournaments
        for gone in leaving:
            lobby.back(gone.name)
        chosen: list[str] = []
        for _ in range(min(len(pool), seats_per_table - 1)):
            chosen.append(lobby.take(set(chosen)) or "")  # never "": fewer seats than the pool
        return [_Seat(1, hero, STYLES[1], start_stack)] + [_Seat(i + 2, name, styles[name], buy_in())
                                                          for i, name in enumerate(chosen)]

    table_seats: list[list[_Seat]] = []
    for t in range(tables):
        table_seats.append(seat(t, []))
    buttons = [1] * tables
    schedule = Schedule(rng, tables, start)
    for number in range(hands):
        t, clock, new_session = schedule.deal()
        if new_session:
            for k in range(tables):
                table_seats[k] = seat(k, table_seats[k][1:])
        elif not tournament and len(table_seats[t]) > 1 and rng.random() < LEAVE_CHANCE:
            seated = table_seats[t]
            leaving = rng.randrange(1, len(seated))
            comer = lobby.take({s.name for s in seated})
            if comer is not None:  # else the whole pool sits here: nobody to come
                lobby.back(seated[leaving].name)
                seated[leaving] = _Seat(seated[leaving].seat, comer, styles[comer], buy_in())
        seats = [s for s in table_seats[t] if s.stack > 0]
        if len(seats) < 2 or seats[0].name != hero:  # a tournament is over: a new one starts
            table_seats[t] = seat(t, table_seats[t][1:])
            seats = table_seats[t]
        occupied = sorted(s.seat for s in seats)
        buttons[t] = next((x for x in occupied if x > buttons[t]), occupied[0])
        hand_id = str(first + number)
        eastern = clock.strftime("%Y/%m/%d %H:%M:%S")
        if tournament:
            number_of = first // 10 + tournament_of[t]
            header = (f"PokerStars Game #{hand_id}: Tournament #{number_of}, $1.00+$0.20 USD {header_game}"
                      f" - Level I (20/40) - {eastern} ET")
            table_line = f"Table '{number_of} 1' {len(table_seats[t])}-max Seat #{buttons[t]} is the button"
        else:
            header = f"PokerStars Game #{hand_id}:  {header_game} ($0.25/$0.50 USD) - {eastern} ET"
            table_line = f"Table 'Generated {t + 1}' {len(table_seats[t])}-max Seat #{buttons[t]} is the button"
        playing = maker_of(rng, seats, buttons[t], stakes, hand_id, header, table_line, not tournament, hero)
        made = playing.play()
        for s in seats:
            s.stack += made.collected[s.name] - made.put_in[s.name]
            if not tournament and s.stack < stakes.small_bet:
                s.stack = buy_in()  # a cash player who busts buys in again
        yield GeneratedHand(made.hand_id, f"Generated {t + 1}", made.text, made.put_in, made.collected, made.rake, made.winners)


def _header_game(game: str) -> str:
    """The game as PokerStars heads it, with the betting: "Badugi Limit", "5 Card Draw Limit"."""
    words = GAMES[GameId(game)].words_on(Site.POKERSTARS) if game in GAMES else None
    if words is None:
        raise KeyError(game)
    return f"{words} Limit"


def new_file(path: Path, encoding: str) -> tuple[Path, TextIO]:
    """A file made new for writing (LF line ends): `path`, or when a file of that name is
    there, `name (2).txt`, `name (3).txt`... (the first name free): a hand history is never
    overwritten, not even with --force (opened with "x", so not even one written meanwhile
    by another program). Returns the name taken and the open file."""
    number = 1
    while True:
        name = path if number == 1 else path.with_name(f"{path.stem} ({number}){path.suffix}")
        try:
            return name, open(name, "x", encoding=encoding, newline="\n")
        except FileExistsError:
            number += 1


def generate_files(out: Path, **options: Any) -> list[Path]:
    """Write generated hands to `out`, one file per table, hands separated by blank lines as
    PokerStars does (UTF-8 with a BOM, LF), each under a new name (new_file). Returns the
    files written."""
    out.mkdir(parents=True, exist_ok=True)
    handles: dict[str, TextIO] = {}
    paths: list[Path] = []
    try:
        for hand in generate_hands(**options):
            handle = handles.get(hand.table)
            if handle is None:
                path, handle = new_file(out / f"HH {hand.table} - $0.25-$0.50 - USD {_header_game(options.get('game', GameId.BADUGI))}.txt",
                                        "utf-8-sig")
                handles[hand.table] = handle
                paths.append(path)
            handle.write(hand.text + "\n\n\n\n")
    finally:
        for handle in handles.values():
            handle.close()
    return paths
