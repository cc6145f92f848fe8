"""Make legal Badacey, Badeucey and A-5 Triple Draw hand histories in KingsClub's text format
(the one site we know writes the first two, and A-5 Triple Draw's real file is KingsClub's:
FORMATS.md section 3), for tests and benchmarks.

As generate.py does for Badugi: every hand is dealt five cards a player from a real shuffled
deck (the discards shuffled back when the stub runs short), played through the rules
engine's state machine (rules/table.py, five-card draws) choosing only what its `can_*`
allow, and settled by the game's rules (rules/games.py): each pot in two halves, the odd unit
to the low half, ties split from the button (A-5 Triple Draw: the whole pot to the best low). Everyone left at the end shows. KingsClub
prints no uncalled-bet line: a bet nobody matched comes back silently at the end of its
round, as the replay does. Deterministic for a seed.

`generate_split_hands(game=..., ...)` yields generate.GeneratedHand (text and what happened).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .cards import Card, format_cards
from .generate import LEAVE_CHANCE, STYLES, GeneratedHand, Lobby, Schedule, _Deck, _Seat, check_numbers, first_number, new_file
from .model import BettingStructure, BlindKind, Round, Site, Stakes
from .rules.games import GAMES, GameRules, Half
from .rules.lowball import LowGame
from .rules.pots import build_pots, split_amount
from .rules.table import Table

_ORDINAL = ("1ST", "2ND", "3RD", "4TH")


def _header_words(game: GameRules) -> str:
    """What KingsClub writes for the game (its record's spelling there): "Badacey"."""
    words = game.record.words_on(Site.KINGSCLUB)
    if words is None:
        raise KeyError(game.name)
    return words


def _amount(value: int) -> str:
    """KingsClub money from hundredths: 128500 -> "1,285", 92825 -> "928.25"."""
    whole, cents = divmod(value, 100)
    return f"{whole:,}" if cents == 0 else f"{whole:,}.{cents:02d}"


def _net(value: int) -> str:
    """"+298.25", "-30", "0"."""
    if value == 0:
        return "0"
    return ("+" if value > 0 else "-") + _amount(abs(value))


def _low_value(card: Card, game: GameRules) -> int:
    """A card's value for the low half: the ace is 1 in A-5, 14 in 2-7."""
    value = card.rank.value_low
    return 14 if value == 1 and game.low is LowGame.DEUCE_TO_SEVEN else value


class _SplitHand:
    """Plays one split-pot hand at a table and writes its KingsClub text."""

    def __init__(self, rng: random.Random, game: GameRules, seats: list[_Seat], button: int, stakes: Stakes,
                 hand_id: str, when: dt.datetime, table_name: str, hero: str) -> None:
        self.rng, self.game, self.seats, self.button, self.stakes, self.hero = rng, game, seats, button, stakes, hero
        self.hand_id = hand_id
        self.lines = [f"#{hand_id}: Limit {_header_words(game)} - {_amount(stakes.small_bet)}/{_amount(stakes.big_bet)}",
                      when.strftime("%Y-%m-%d %H:%M:%S"), f"Table '{table_name}' Seat {button} is the button"]
        self.deck = _Deck(rng)
        self.cards: dict[str, list[Card]] = {}
        self.style = {s.name: s.style for s in seats}

    def play(self) -> GeneratedHand:
        table = self.table = Table([(s.name, s.seat, s.stack) for s in self.seats], button_seat=self.button,
                                   structure=BettingStructure.FIXED_LIMIT, stakes=self.stakes,
                                   big_blind=self.stakes.small_bet, hand_size=self.game.hand_size)
        self.lines += [f"Seat {s.seat}: {s.name} ({_amount(s.stack)})" for s in self.seats]
        self.lines.append("*** 1ST BETTING ROUND ***")
        order = table.clockwise_after(self.button)
        small, big = (order[-1], order[0]) if len(order) == 2 else (order[0], order[1])
        for name, kind, words, amount in ((small, BlindKind.SMALL, "the small blind", self.stakes.small_bet // 2),
                                          (big, BlindKind.BIG, "the big blind", self.stakes.small_bet)):
            amount = min(amount, table.players[name].stack)
            table.post(name, kind, amount)
            self.lines.append(f"{name}: posts {words} {_amount(amount)}{self._all_in(name)}")
        self.deck.shuffle()
        for name in order:
            self.cards[name] = self.deck.take(self.game.hand_size)
            shown = format_cards(self.cards[name]) if name == self.hero else " ".join("X" * self.game.hand_size)
            self.lines.append(f"Dealt to {name}: [{shown}]")
        table.start_predraw()
        self.betting(Round.PREDRAW)
        for number in (1, 2, 3):
            if table.hand_over:
                break
            self.lines.append(f"*** {_ORDINAL[number - 1]} DRAW ***")
            table.start_draw(number)
            for name in list(table.to_draw):
                self.draw(name, number)
            self.lines.append(f"*** {_ORDINAL[number]} BETTING ROUND ***")
            table.start_round(Round(number + 1))
            self.betting(Round(number + 1))
        return self.finish()

    def _all_in(self, name: str) -> str:
        return " and is all in" if self.table.players[name].all_in else ""

    def value(self, name: str) -> float:
        """A rough 0-1 worth of a hand (decisions only): the better of its two halves."""
        cards = self.cards[name]
        tops = sorted({_low_value(c, self.game) for c in cards})
        low = 0.9 - 0.08 * (tops[-1] - 7) if len(tops) == 5 else 0.1
        if self.game.lowball:  # (A-5 Triple Draw: the low is the whole hand)
            return low + self.rng.uniform(-0.15, 0.15)
        badugi = self.game.badugi(cards)
        return max(0.2 * badugi.size - 0.02 * badugi.ranks[0], low) + self.rng.uniform(-0.15, 0.15)

    def betting(self, round_: Round) -> None:
        table = self.table
        unit = self.stakes.small_bet if round_ <= Round.AFTER_DRAW_1 else self.stakes.big_bet
        while table.actor is not None:
            name = table.actor
            player = table.players[name]
            style = self.style[name]
            worth = self.value(name)
            aggressive = worth > 0.65 - 0.25 * style.aggression and self.rng.random() < style.aggression
            to = min(table.level + unit, player.in_round + player.behind)
            if table.level == 0 and aggressive and table.can_bet(name, min(unit, player.behind)):
                table.bet(name, min(unit, player.behind))
                self.lines.append(f"{name} bets {_amount(player.in_round)}{self._all_in(name)}")
            elif table.level and aggressive and table.can_raise(name, to):
                table.raise_to(name, to)
                self.lines.append(f"{name} raises to {_amount(player.in_round)}{self._all_in(name)}")
            elif table.level == 0 or table.can_check(name):
                table.check(name)
                self.lines.append(f"{name} checks")
            elif worth + style.looseness > 0.7 or table.call_amount(name) * 8 < table.pot:
                table.call(name)
                self.lines.append(f"{name} calls {_amount(player.in_round)}{self._all_in(name)}")
            else:
                table.fold(name)
                self.lines.append(f"{name} folds")
                self.deck.muck.extend(self.cards[name])
        ranked = sorted(table.players.values(), key=lambda p: p.in_round, reverse=True)
        if len(ranked) >= 2 and ranked[0].in_round > ranked[1].in_round:  # no line: KingsClub prints none
            table.return_uncalled(ranked[0].name, ranked[0].in_round - ranked[1].in_round)

    def draw(self, name: str, number: int) -> None:
        """Keep the cards of the hand's best badugi and low unpaired cards; now and then
        throw everything, or stand pat on nothing (a snow)."""
        hand = self.cards[name]
        keep = set() if self.game.lowball else set(self.game.badugi(hand).cards)
        seen: set[int] = set()
        for card in sorted(hand, key=lambda c: _low_value(c, self.game)):
            value = _low_value(card, self.game)
            if value not in seen and value <= 8:
                keep.add(card)
            seen.add(value)
        discard = [c for c in hand if c not in keep]
        roll = self.rng.random()
        if roll < 0.04:
            discard = list(hand)
        elif roll < 0.08 and number == 3:
            discard = []
        self.table.verify_draw(name, len(discard))
        self.table.draw(name, len(discard))
        if not discard:
            self.lines.append(f"{name} stands pat")
            return
        kept = [c for c in hand if c not in set(discard)]
        self.deck.muck.extend(discard)
        new = self.deck.take(len(discard))
        self.cards[name] = kept + new
        if name == self.hero:
            self.lines.append(f"{name} discards [{format_cards(discard)}] draws [{format_cards(new)}]")
        else:
            self.lines.append(f"{name} draws {len(discard)}")

    def finish(self) -> GeneratedHand:
        table, game = self.table, self.game
        players = table.players
        live = table.live()
        put = {n: players[n].put for n in players}
        layers = build_pots(put, live, {n for n in live if players[n].all_in})
        reached_draw = any(line.endswith("DRAW ***") for line in self.lines)
        rake = min(sum(put.values()) // 50, 300) if reached_draw else 0  # 2%, at most 3.00
        left, taken = rake, []
        for layer in layers:  # the rake from the main pot first
            cut = min(left, layer.amount)
            taken.append(layer.amount - cut)
            left -= cut
        from_button = table.clockwise_after(self.button)
        shares: list[dict[str, int]] = []
        winners: list[tuple[str, ...]] = []
        for layer, amount in zip(layers, taken):
            share: dict[str, int] = {}
            for half, part in (game.halves(amount) if game.split else {Half.LOW: amount}).items():
                best = self._best(half, layer.eligible)
                for n, won in split_amount(part, [n for n in from_button if n in best]).items():
                    share[n] = share.get(n, 0) + won
            shares.append(share)
            winners.append(tuple(n for n in layer.eligible if n in share))
        if len(live) >= 2:
            for name in from_button:
                if name in live:
                    self.lines.append(f"{name} shows [{format_cards(self.cards[name])}]")
        collected = dict.fromkeys(players, 0)
        for share in shares:
            for n, won in share.items():
                collected[n] += won
        self.lines.append("*** SUMMARY ***")
        for s in sorted(self.seats, key=lambda s: s.seat):
            net = collected[s.name] - put[s.name]
            self.lines.append(f"Seat {s.seat}: {s.name} ({_amount(s.stack + net)}) {_net(net)}")
        self.lines.append(f"Rake {_amount(rake)}")
        for index, share in enumerate(shares):
            where = "pot" if len(layers) == 1 else "main pot" if index == 0 else f"side pot {index}"
            if len(layers) == 1 and len(share) == 1:
                self.lines.append(f"{next(iter(share))} wins pot ({_amount(taken[0])})")
                continue
            for n, won in share.items():
                self.lines.append(f"{n} wins ({_amount(won)}) from {where}")
        return GeneratedHand(self.hand_id, "", "\n".join(self.lines), put, collected, rake, tuple(winners))

    def _best(self, half: Half, eligible: tuple[str, ...]) -> tuple[str, ...]:
        if len(eligible) == 1:
            return eligible
        rate = self.game.badugi if half is Half.BADUGI else self.game.low_hand
        hands = {n: rate(self.cards[n]) for n in eligible}
        top = max(hands.values())  # type: ignore[type-var]
        return tuple(n for n in eligible if hands[n] == top)


def generate_split_hands(*, game: str, hands: int, seed: int, players: int = 12, tables: int = 1,
                         hero: str = "Hero", first_hand_id: int | None = None,
                         start: dt.datetime = dt.datetime(2026, 11, 1, 12, 0, 0)) -> Iterator[GeneratedHand]:
    """`hands` hands of `game` ("badacey", "badeucey" or a whole-hand lowball game written on
    KingsClub, "a5_triple_draw") over `tables` six-seat tables played
    at once from a pool of `players` (the hero at every table), in sessions with breaks
    (generate.Schedule: each session seats the tables afresh; players come and go), limit
    10/20 (amounts in hundredths), blinds 5/10; a quarter of the stacks short, so all-ins
    and side pots come up. Hand numbers from first_hand_id (default first_number(game,
    seed): games and seeds never share a number, so every set imports into one database).
    raises KeyError for another game, ValueError for numbers that do not fit."""
    rules = GAMES[game]
    if not rules.split and not rules.lowball:
        raise KeyError(game)
    first = first_number(game, seed) if first_hand_id is None else first_hand_id
    check_numbers(hands, first)
    rng = random.Random(seed)
    pool = [f"{rng.choice(['Ace', 'Deuce', 'Wheel', 'Rain', 'Pat'])}{rng.choice(['y', 'man', '_7', ' Bo'])}{i}" for i in range(players)]
    styles = {name: rng.choice(STYLES) for name in pool}
    stakes = Stakes(1000, 2000)

    def buy_in() -> int:
        return rng.randint(1000, 16000) if rng.random() < 0.25 else rng.randint(20000, 100000)

    lobby = Lobby(rng, pool)

    def seat(leaving: list[_Seat]) -> list[_Seat]:
        for gone in leaving:
            lobby.back(gone.name)
        chosen: list[str] = []
        for _ in range(min(len(pool), 5)):
            chosen.append(lobby.take(set(chosen)) or "")  # never "": fewer seats than the pool
        return [_Seat(1, hero, STYLES[1], 50000)] + [_Seat(i + 2, n, styles[n], buy_in()) for i, n in enumerate(chosen)]

    table_seats: list[list[_Seat]] = []
    for _ in range(tables):
        table_seats.append(seat([]))
    buttons = [1] * tables
    schedule = Schedule(rng, tables, start)
    for number in range(hands):
        t, clock, new_session = schedule.deal()
        if new_session:
            for k in range(tables):
                table_seats[k] = seat(table_seats[k][1:])
        elif rng.random() < LEAVE_CHANCE:
            seated = table_seats[t]
            leaving = rng.randrange(1, len(seated))
            comer = lobby.take({s.name for s in seated})
            if comer is not None:  # else the whole pool sits here: nobody to come
                lobby.back(seated[leaving].name)
                seated[leaving] = _Seat(seated[leaving].seat, comer, styles[comer], buy_in())
        seats = table_seats[t]
        occupied = [s.seat for s in seats]
        buttons[t] = next((x for x in occupied if x > buttons[t]), occupied[0])
        made = _SplitHand(rng, rules, seats, buttons[t], stakes, str(first + number), clock,
                          f"Generated {t + 1}", hero).play()
        for s in seats:
            s.stack += made.collected[s.name] - made.put_in[s.name]
            if s.stack < stakes.small_bet:
                s.stack = buy_in()
        yield GeneratedHand(made.hand_id, f"Generated {t + 1}", made.text, made.put_in, made.collected, made.rake, made.winners)


def generate_split_files(out: Path, *, game: str, **options: Any) -> list[Path]:
    """Write generated Badacey, Badeucey or A-5 Triple Draw hands to `out`, one KingsClub text file per table
    (ASCII, LF, hands apart by blank lines), each under a new name (generate.new_file).
    Returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    texts: dict[str, list[str]] = {}
    for hand in generate_split_hands(game=game, **options):
        texts.setdefault(hand.table, []).append(hand.text)
    paths = []
    for table, hands in texts.items():
        path, handle = new_file(out / f"KingsClub {table} - Limit {_header_words(GAMES[game])} 10-20.txt", "ascii")
        with handle:
            handle.write("\n\n\n".join(hands) + "\n")
        paths.append(path)
    return paths
