"""Make legal no-limit 2-7 Single Draw hand histories in PokerStars' text format, for tests
and benchmarks (issue 25).

As generate.py does for Badugi: five cards a player dealt from a real shuffled deck, every
action chosen among what the rules engine's state machine allows (rules/table.py: no limit,
five-card hands, one draw), each pot to the best 2-7 low (rules/games.py), ties split from
the button. The lines are those of the real PokerStars file
(../shared/corpus-draw/PokerStars__27SD_NL_cash_201106_allin.txt): the header's "Single Draw
2-7 Lowball No Limit", no street marker for the draw (the discards come straight after the
first round), `Lo: T,6,5,3,2` / `Lo: a pair of Eights` at the showdown, and the summary's
"folded before Flop". Choices where no real file shows the line: a fold after the draw is
written "folded after the 1st Draw" (the Badugi wording), hands other than no-pair and one
pair are shown without words. Everyone left at the showdown shows. Deterministic for a seed.

`generate_single_hands(...)` yields generate.GeneratedHand; `generate_single_files(...)`
writes one file per table.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from .cards import Card, format_cards
from .games import DEUCE_TO_SEVEN_SINGLE_DRAW, GameId
from .generate import LEAVE_CHANCE, STYLES, GeneratedHand, Lobby, Schedule, _Deck, _money, _Seat, check_numbers, first_number, new_file
from .model import BettingStructure, BlindKind, Round, Site, Stakes
from .rules.games import GAMES
from .rules.lowball import LowHand, LowKind
from .rules.pots import build_pots, split_amount
from .rules.table import PlayerState, Table

_GAME = GAMES[GameId.DEUCE_TO_SEVEN_SINGLE_DRAW]
_HEADER_GAME = f"{DEUCE_TO_SEVEN_SINGLE_DRAW.words_on(Site.POKERSTARS)} No Limit"
"""The game as PokerStars writes it in a header ("Single Draw 2-7 Lowball No Limit")."""
_LETTER = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}
_PLURAL = {2: "Deuces", 3: "Threes", 4: "Fours", 5: "Fives", 6: "Sixes", 7: "Sevens", 8: "Eights", 9: "Nines",
           10: "Tens", 11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces"}


def _value(card: Card) -> int:
    """A card's rank in 2-7: the ace high (14)."""
    value = card.rank.value_low
    return 14 if value == 1 else value


def low_words(hand: LowHand) -> str | None:
    """PokerStars' words for a 2-7 hand: "Lo: T,6,5,3,2" (no pair, straights and flushes
    too), "Lo: a pair of Eights"; None for the other kinds (no real file shows their words)."""
    if hand.kind in (LowKind.HIGH_CARD, LowKind.STRAIGHT, LowKind.FLUSH, LowKind.STRAIGHT_FLUSH):
        return "Lo: " + ",".join(_LETTER.get(rank, str(rank)) for rank in hand.ranks)
    if hand.kind is LowKind.ONE_PAIR:
        return f"Lo: a pair of {_PLURAL[hand.ranks[0]]}"
    return None


class _SingleDrawHand:
    """Plays one no-limit 2-7 Single Draw hand at a table and writes its PokerStars text."""

    def __init__(self, rng: random.Random, seats: list[_Seat], button: int, stakes: Stakes, hand_id: str,
                 when: dt.datetime, table_name: str, hero: str) -> None:
        self.rng, self.seats, self.button, self.stakes, self.hero, self.hand_id = rng, seats, button, stakes, hero, hand_id
        self.lines = [f"PokerStars Game #{hand_id}:  {_HEADER_GAME} ({_money(stakes.small_bet, True)}/{_money(stakes.big_bet, True)}"
                      f" USD) - {when.strftime('%Y/%m/%d %H:%M:%S')} ET",
                      f"Table '{table_name}' 6-max Seat #{button} is the button"]
        self.deck = _Deck(rng)
        self.cards: dict[str, list[Card]] = {}
        self.style = {s.name: s.style for s in seats}
        self.folded_round: dict[str, Round] = {}
        self.voluntary: set[str] = set()

    def m(self, amount: int) -> str:
        return _money(amount, True)

    def play(self) -> GeneratedHand:
        table = self.table = Table([(s.name, s.seat, s.stack) for s in self.seats], button_seat=self.button,
                                   structure=BettingStructure.NO_LIMIT, stakes=self.stakes, big_blind=self.stakes.big_bet,
                                   hand_size=_GAME.hand_size, draws=_GAME.record.draws)
        self.lines += [f"Seat {s.seat}: {s.name} ({self.m(s.stack)} in chips) " for s in self.seats]
        order = table.clockwise_after(self.button)
        small, big = (order[-1], order[0]) if len(order) == 2 else (order[0], order[1])
        self.blinds = {small: "small blind", big: "big blind"}
        for name, kind, amount in ((small, BlindKind.SMALL, self.stakes.small_bet), (big, BlindKind.BIG, self.stakes.big_bet)):
            amount = min(amount, table.players[name].stack)
            table.post(name, kind, amount)
            self.say(name, f"posts {self.blinds[name]} {self.m(amount)}", table.players[name])
        self.lines.append("*** DEALING HANDS ***")
        self.deck.shuffle()
        for name in order:
            self.cards[name] = self.deck.take(_GAME.hand_size)
        self.lines.append(f"Dealt to {self.hero} [{format_cards(self.cards[self.hero])}]")
        table.start_predraw()
        self.betting(Round.PREDRAW)
        reached = False
        if not table.hand_over:  # the one draw: no marker line on PokerStars
            reached = True
            table.start_draw(1)
            for name in list(table.to_draw):
                self.draw(name)
            table.start_round(Round.AFTER_DRAW_1)
            self.betting(Round.AFTER_DRAW_1)
        return self.finish(reached)

    def say(self, name: str, what: str, player: PlayerState) -> None:
        self.lines.append(f"{name}: {what}{' and is all-in' if player.all_in else ''}")

    def worth(self, name: str, draws_left: int) -> float:
        """A rough 0-1 worth of a hand (decisions only): a made low by its top card, else
        what a draw to the low cards held may make."""
        hand = _GAME.low_hand(tuple(self.cards[name]))
        assert hand is not None
        if hand.kind is LowKind.HIGH_CARD:
            value = 0.95 - (hand.ranks[0] - 7) * 0.08
        else:
            low = len({_value(c) for c in self.cards[name] if _value(c) <= 8})
            value = 0.08 * low * draws_left
        return value + self.rng.uniform(-0.15, 0.15)

    def betting(self, round_: Round) -> None:
        table = self.table
        draws_left = 1 if round_ is Round.PREDRAW else 0
        while table.actor is not None:
            name = table.actor
            player = table.players[name]
            style = self.style[name]
            value = self.worth(name, draws_left)
            wants_in = value + style.looseness > 0.75
            wants_raise = value > 0.6 - 0.25 * style.aggression and self.rng.random() < style.aggression
            limits = table.limits(name)
            most = player.in_round + player.behind
            size = table.pot + table.level  # about a pot
            to = max(limits.min_to, min(most, table.level + size if self.rng.random() < 0.8 else most))
            to = min(to, most)
            if table.level == 0 or table.can_check(name):
                if wants_raise and table.level == 0 and table.can_bet(name, to):
                    table.bet(name, to)
                    self.voluntary.add(name)
                    self.say(name, f"bets {self.m(to)}", player)
                elif wants_raise and table.level and table.can_raise(name, to):
                    self.raise_(name, to, player)
                else:
                    table.check(name)
                    self.lines.append(f"{name}: checks ")
            elif wants_raise and table.can_raise(name, to):
                self.raise_(name, to, player)
            elif table.can_call(name) and (wants_in or (table.call_amount(name) * 6 < table.pot and value > 0.2)):
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

    def raise_(self, name: str, to: int, player: PlayerState) -> None:
        level = self.table.level
        self.table.raise_to(name, to)
        self.voluntary.add(name)
        self.say(name, f"raises {self.m(to - level)} to {self.m(to)}", player)

    def return_uncalled(self) -> None:
        """A bet nobody matched comes back at the end of the round: "Uncalled bet ($1) returned to X"."""
        ranked = sorted(self.table.players.values(), key=lambda p: p.in_round, reverse=True)
        if len(ranked) >= 2 and ranked[0].in_round > ranked[1].in_round:
            extra = ranked[0].in_round - ranked[1].in_round
            self.table.return_uncalled(ranked[0].name, extra)
            self.lines.append(f"Uncalled bet ({self.m(extra)}) returned to {ranked[0].name}")

    def draw(self, name: str) -> None:
        """Stand pat on a made low of ten or better; else keep the lowest cards of different
        ranks up to an eight (the ace is high in 2-7) and draw to them; now and then snow."""
        hand = self.cards[name]
        low = _GAME.low_hand(tuple(hand))
        assert low is not None
        seen: set[int] = set()
        keep: list[Card] = []
        for card in sorted(hand, key=_value):
            if _value(card) <= 8 and _value(card) not in seen:
                keep.append(card)
            seen.add(_value(card))
        discard = [c for c in hand if c not in keep]
        if low.kind is LowKind.HIGH_CARD and low.ranks[0] <= 10:
            discard = []
        elif self.rng.random() < 0.05 * self.style[name].aggression:
            discard = []  # a snow
        self.table.verify_draw(name, len(discard))
        self.table.draw(name, len(discard))
        if not discard:
            self.lines.append(f"{name}: stands pat on [{format_cards(hand)}]" if name == self.hero else f"{name}: stands pat ")
            return
        kept = [c for c in hand if c not in set(discard)]
        self.deck.muck.extend(discard)
        new = self.deck.take(len(discard))
        self.cards[name] = kept + new
        word = "card" if len(discard) == 1 else "cards"
        if name == self.hero:
            self.lines.append(f"{name}: discards {len(discard)} {word} [{format_cards(discard)}]")
            self.lines.append(f"Dealt to {name} [{format_cards(kept)}] [{format_cards(new)}]" if kept
                              else f"Dealt to {name} [{format_cards(new)}]")
        else:
            self.lines.append(f"{name}: discards {len(discard)} {word}")

    def finish(self, reached: bool) -> GeneratedHand:
        table = self.table
        players = table.players
        live = table.live()
        put = {n: players[n].put for n in players}
        total = sum(put.values())
        layers = build_pots(put, live, {n for n in live if players[n].all_in})
        rake = min(total * 5 // 100, 300) if reached else 0  # 5%, at most $3, no draw no rake
        printed, left = [], rake
        for layer in layers:  # the rake from the main pot first
            cut = min(left, layer.amount)
            printed.append(layer.amount - cut)
            left -= cut
        from_button = table.clockwise_after(self.button)
        hands = {n: _GAME.low_hand(tuple(self.cards[n])) for n in live}
        shares: list[dict[str, int]] = []
        winners: list[tuple[str, ...]] = []
        for layer, amount in zip(layers, printed):
            if len(layer.eligible) == 1:
                best: tuple[str, ...] = layer.eligible
            else:
                top = max(h for n, h in hands.items() if n in layer.eligible and h is not None)
                best = tuple(n for n in layer.eligible if hands[n] == top)
            winners.append(best)
            shares.append(split_amount(amount, [n for n in from_button if n in best]))
        collected = dict.fromkeys(players, 0)
        for share in shares:
            for n, won in share.items():
                collected[n] += won
        showdown = len(live) >= 2
        words: dict[str, str | None] = {}
        if showdown:
            self.lines.append("*** SHOW DOWN ***")
            for name in from_button:
                if name in live:
                    hand = hands[name]
                    assert hand is not None
                    words[name] = low_words(hand)
                    said = f" ({words[name]})" if words[name] else ""
                    self.lines.append(f"{name}: shows [{format_cards(self.cards[name])}]{said}")
        names = ["pot"] if len(layers) == 1 else ["main pot", "side pot"] if len(layers) == 2 else \
            ["main pot"] + [f"side pot-{i}" for i in range(1, len(layers))]
        for index in reversed(range(len(layers))):  # side pots are collected first
            for name, won in shares[index].items():
                self.lines.append(f"{name} collected {self.m(won)} from {names[index]}")
        if not showdown and live:
            self.lines.append(f"{live[0]}: doesn't show hand ")
        self.lines.append("*** SUMMARY ***")
        pots = ""
        if len(layers) > 1:
            pots = f" Main pot {self.m(printed[0])}." + "".join(
                f" {'Side pot' if len(layers) == 2 else f'Side pot-{i}'} {self.m(printed[i])}." for i in range(1, len(layers)))
        self.lines.append(f"Total pot {self.m(total)}{pots} | Rake {self.m(rake)} ")
        for s in sorted(self.seats, key=lambda s: s.seat):
            name = s.name
            tags = (" (button)" if s.seat == self.button else "") + (f" ({self.blinds[name]})" if name in self.blinds else "")
            if name in self.folded_round:
                if self.folded_round[name] is Round.PREDRAW:
                    didnt = " (didn't bet)" if name not in self.blinds and name not in self.voluntary else ""
                    outcome = f"folded before Flop{didnt}"
                else:
                    outcome = "folded after the 1st Draw"
            elif showdown:
                said = f" with {words[name]}" if words.get(name) else ""
                result = f"won ({self.m(collected[name])})" if collected[name] else "lost"
                outcome = f"showed [{format_cards(self.cards[name])}] and {result}{said}"
            else:
                outcome = f"collected ({self.m(collected[name])})"
            self.lines.append(f"Seat {s.seat}: {name}{tags} {outcome}")
        return GeneratedHand(self.hand_id, "", "\n".join(self.lines), put, collected, rake, tuple(winners))


def generate_single_hands(*, hands: int, seed: int, players: int = 12, tables: int = 1, hero: str = "Hero",
                          first_hand_id: int | None = None,
                          start: dt.datetime = dt.datetime(2026, 11, 1, 12, 0, 0)) -> Iterator[GeneratedHand]:
    """`hands` no-limit 2-7 Single Draw hands ($0.25/$0.50 blinds, cents) over `tables`
    six-seat tables played at once from a pool of `players` (the hero at every table), in
    sessions with breaks (generate.Schedule); a quarter of the stacks short, so all-ins and
    side pots come up. Hand numbers from first_hand_id (default first_number of the game and
    seed). raises ValueError for numbers that do not fit."""
    first = first_number(GameId.DEUCE_TO_SEVEN_SINGLE_DRAW, seed) if first_hand_id is None else first_hand_id
    check_numbers(hands, first)
    rng = random.Random(seed)
    pool = [f"{rng.choice(['Deuce', 'Seven', 'Pat', 'Rough', 'Smooth'])}{rng.choice(['y', 'man', '_27', ' Bo'])}{i}" for i in range(players)]
    styles = {name: rng.choice(STYLES) for name in pool}
    stakes = Stakes(25, 50)

    def buy_in() -> int:
        return rng.randint(200, 1500) if rng.random() < 0.25 else rng.randint(2000, 10000)

    lobby = Lobby(rng, pool)

    def seat(leaving: list[_Seat]) -> list[_Seat]:
        for gone in leaving:
            lobby.back(gone.name)
        chosen: list[str] = []
        for _ in range(min(len(pool), 5)):
            chosen.append(lobby.take(set(chosen)) or "")  # never "": fewer seats than the pool
        return [_Seat(1, hero, STYLES[1], 5000)] + [_Seat(i + 2, n, styles[n], buy_in()) for i, n in enumerate(chosen)]

    table_seats = [seat([]) for _ in range(tables)]
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
        made = _SingleDrawHand(rng, seats, buttons[t], stakes, str(first + number), clock, f"Generated {t + 1}", hero).play()
        for s in seats:
            s.stack += made.collected[s.name] - made.put_in[s.name]
            if s.stack < stakes.big_bet:
                s.stack = buy_in()  # a player who busts buys in again
        yield GeneratedHand(made.hand_id, f"Generated {t + 1}", made.text, made.put_in, made.collected, made.rake, made.winners)


def generate_single_files(out: Path, **options: Any) -> list[Path]:
    """Write generated 2-7 Single Draw hands to `out`, one PokerStars text file per table
    (UTF-8 with a BOM, LF, hands apart by blank lines), each under a new name
    (generate.new_file). Returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    handles: dict[str, TextIO] = {}
    paths: list[Path] = []
    try:
        for hand in generate_single_hands(**options):
            handle = handles.get(hand.table)
            if handle is None:
                path, handle = new_file(out / f"HH {hand.table} - $0.25-$0.50 - USD {_HEADER_GAME}.txt", "utf-8-sig")
                handles[hand.table] = handle
                paths.append(path)
            handle.write(hand.text + "\n\n\n\n")
    finally:
        for handle in handles.values():
            handle.close()
    return paths
