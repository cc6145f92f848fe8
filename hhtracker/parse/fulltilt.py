"""Full Tilt Poker text -> ParsedHand (grammars/fulltilt.lark). Builds values, checks no rule.

Translations made here, once (FORMATS.md section 2):

- `raises to $0.20` prints only the total: `Raise(player, by=None, to=20)`.
- `Uncalled bet of $X returned to Y`, `, and is all in`, `wins the pot ($X)` / `ties for
  the pot ($X)` (a `Collect`; `side pot #N` is pot N).
- `posts a dead small blind of $X` is dead money: a `PostAnte` (it does not count toward
  the player's bet); `posts $X` (a new player's post) is a big blind.
- `X is dealt 2 cards` repeats the discard count and carries nothing: dropped. Table noise
  (`has 20 seconds left to act`, `has requested TIME`, `adds $1`, `is feeling ...`) is
  dropped; connections, returns, sit-outs, sit-downs and stand-ups become `TableNote`s.
- A player the hand says is sitting out (`, is sitting out` on his seat line, an `X is
  sitting out` line before the cards, or `Seat N: X is sitting out` in the summary) gets
  `Seat.sitting_out`.
- Summary oddities: two seat lines fused into one are split; a seat line with no result
  (`Seat 4: Gamboul (big blind)`) gets outcome "unknown".
- Refused with a HandSyntaxError: a "(partial)" hand (Full Tilt wrote its summary only) and
  a dead hand (blinds posted, `Total pot $0`: the site voided it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from lark import Token
from lark.visitors import Transformer, v_args  # its own module: what mypyc's build imports

from ..cards import Card, parse_cards
from ..errors import HandSyntaxError
from .detect import game_id_of
from ..model import (
    CHIPS,
    Bet,
    BettingStructure,
    BlindKind,
    Call,
    Chat,
    Check,
    Collect,
    DealtCards,
    Discard,
    Event,
    Fold,
    Muck,
    NoteKind,
    OutcomeFields,
    ParsedHand,
    PostAnte,
    PostBlind,
    Raise,
    Round,
    Seat,
    Show,
    Site,
    SourceText,
    Stakes,
    StandPat,
    Street,
    StreetStart,
    Summary,
    SummaryOutcome,
    SummarySeat,
    TableNote,
    Tournament,
    UncalledBetReturned,
)
from ..money import CURRENCY_OF_SIGN
from .builders import ante as _ante, bet as _bet, blind as _blind, check as _check, fold as _fold
from .builders import raise_to as _raise_to, stand_pat as _stand_pat
from .amounts import parse_amount
from .grammar import Piece, SiteParser, read_wall_clock, site_time_to_utc, token_line
from .read import RawHand

_STRUCTURES = {
    "FL": BettingStructure.FIXED_LIMIT,
    "Limit": BettingStructure.FIXED_LIMIT,
    "Fixed Limit": BettingStructure.FIXED_LIMIT,
    "PL": BettingStructure.POT_LIMIT,
    "Pot Limit": BettingStructure.POT_LIMIT,
    "NL": BettingStructure.NO_LIMIT,
    "No Limit": BettingStructure.NO_LIMIT,
    "HPL": BettingStructure.HALF_POT_LIMIT,
    "Half Pot Limit": BettingStructure.HALF_POT_LIMIT,
}
_STREETS = {
    "*** FIRST DRAW ***": Street.FIRST_DRAW,
    "*** DRAW ***": Street.FIRST_DRAW,  # the one draw of a single-draw game (5-Card Draw)
    "*** SECOND DRAW ***": Street.SECOND_DRAW,
    "*** THIRD DRAW ***": Street.THIRD_DRAW,
    "*** SHOW DOWN ***": Street.SHOWDOWN,
}
# Notes kept as TableNote; any other " has ..." / " adds ..." / " is feeling ..." is dropped.
_NOTES = {
    " is sitting out": NoteKind.IS_SITTING_OUT,
    " sits out": NoteKind.SITS_OUT,
    " sits down": NoteKind.JOINS,
    " stands up": NoteKind.LEAVES,
    " has returned": NoteKind.RETURNED,
    " has been disconnected": NoteKind.DISCONNECTED,
    " has reconnected": NoteKind.CONNECTED,
    " has timed out": NoteKind.TIMED_OUT,
}
_TOURNAMENT_TABLE = re.compile(r"^(?P<name>.*?) ?\((?P<id>\d+)\), Table (?P<table>.+)$")
_MAX_SEATS = re.compile(r" \((?P<seats>\d+) max\)")
_FUSED = re.compile(r"^(?P<first>.+?) Seat (?P<seat>\d+): (?P<second>.+)$")
_POT_NUMBER = re.compile(r"#?(\d+) \($")




# What a player line's verb part builds: given the player's name and the file line, the
# event(s) the line stands for (None for a line that carries nothing).
Build = Callable[[str, int], "Event | list[Event] | None"]
# A summary seat's outcome: its kind and the SummarySeat fields it sets.
Outcome = tuple[SummaryOutcome, OutcomeFields]


# The builders a player line's verb part returns (Build), named (not lambdas) so that mypyc
# compiles this module: the values read from the line first, then the player and the line.




def _call(value: int, all_in: bool, player: str, line: int) -> Event:
    return Call(player, value, all_in, line=line)




def _discard(number: int, known: tuple[Card, ...] | None, player: str, line: int) -> Event:
    return Discard(player, number, known, line=line)



def _show(known: tuple[Card, ...], description: str | None, player: str, line: int) -> Event:
    return Show(player, known, description, line=line)


def _muck(player: str, line: int) -> Event:
    return Muck(player, line=line)


def _show_and_muck(known: tuple[Card, ...], player: str, line: int) -> list[Event]:
    return [Show(player, known, None, line=line), Muck(player, line=line)]


def _collect(value: int, pot: int, player: str, line: int) -> Event:
    return Collect(player, value, pot, line=line)


def _chat(message: str, player: str, line: int) -> Event:
    return Chat(player, message, line=line)


def _note(kind: NoteKind, player: str, line: int) -> Event:
    return TableNote(player, kind, line=line)


def _nothing(player: str, line: int) -> None:
    return None


def _description(token: Token | None, prefix: str) -> str | None:
    if token is None:
        return None
    text = str(token)
    return text[len(prefix):] if text.startswith(prefix) else text.strip()


@v_args(inline=True)
class FullTiltTransformer(Transformer[Token, object]):
    """Builds a ParsedHand's pieces while the LALR parser runs (inline: no tree is built).

    `offset` is set before each parse to the hand's first line minus one.
    """

    offset = 0

    def _line(self, token: Token) -> int:
        return self.offset + token_line(token)

    # ---- header -------------------------------------------------------------------------

    def header(self, hand_id: Token, table_part: Token, game_info: tuple[BettingStructure, Stakes, str], clock: Token, _partial: Token | None) -> Piece:
        return Piece("header", (str(hand_id), str(table_part), game_info, str(clock)))

    def header_game(self, first: Token, second: Token) -> tuple[BettingStructure, Stakes, str]:
        stakes, game = (first, second) if first.type == "STAKES" else (second, first)
        structure = _STRUCTURES[max((s for s in _STRUCTURES if str(game).startswith(s + " ")), key=len)]
        blinds = str(stakes).split(" Ante ")[0]
        small, big = blinds.split("/")
        money = small[0] in "$€£"
        currency = CURRENCY_OF_SIGN.get(small[0], CHIPS)
        return (structure, Stakes(parse_amount(small), parse_amount(big)), currency if money else CHIPS)

    # ---- seats --------------------------------------------------------------------------

    def seat(self, number: Token, name: Token, stack: Token, sitting_out: Token | None) -> Seat:
        return Seat(int(number), str(name), parse_amount(stack), sitting_out is not None, line=self._line(number))

    # ---- lines --------------------------------------------------------------------------

    def player_line(self, player: Token, build: Build) -> Event | list[Event] | None:
        return build(str(player), self._line(player))

    def post(self, kind: Token, amount: Token, all_in: Token | None) -> Build:
        value, flag = parse_amount(amount), all_in is not None
        text = str(kind)
        if "dead small" in text:
            return partial(_ante, value, flag)
        blind = BlindKind.SMALL if "small blind" in text else BlindKind.BIG
        return partial(_blind, blind, value, flag)

    def ante(self, amount: Token, all_in: Token | None) -> Build:
        value, flag = parse_amount(amount), all_in is not None
        return partial(_ante, value, flag)

    def fold(self) -> Build:
        return _fold

    def check(self) -> Build:
        return _check

    def call(self, amount: Token, all_in: Token | None) -> Build:
        value, flag = parse_amount(amount), all_in is not None
        return partial(_call, value, flag)

    def bet(self, amount: Token, all_in: Token | None) -> Build:
        value, flag = parse_amount(amount), all_in is not None
        return partial(_bet, value, flag)

    def raise_(self, to: Token, all_in: Token | None) -> Build:
        value, flag = parse_amount(to), all_in is not None
        return partial(_raise_to, value, flag)

    def discard(self, count: Token, _word: Token, cards: Token | None) -> Build:
        number = int(count)
        known = parse_cards(cards) if cards is not None else None
        return partial(_discard, number, known)

    def dealt_count(self, _count: Token, _word: Token) -> Build:
        return _nothing  # "X is dealt 2 cards": the discard line said it already

    def stand_pat(self, cards: Token | None) -> Build:
        known = parse_cards(cards) if cards is not None else None
        return partial(_stand_pat, known)

    def show(self, cards: Token, description: Token | None) -> Build:
        known = parse_cards(cards)
        text = _description(description, " ")
        return partial(_show, known, text)

    def muck(self, _word: Token, cards: Token | None) -> Build:
        if cards is None:
            return _muck
        known = parse_cards(cards)
        return partial(_show_and_muck, known)

    def win(self, words: Token, amount: Token, _description: Token | None) -> Build:
        match = _POT_NUMBER.search(str(words))
        pot = int(match.group(1)) if match else (1 if "side pot" in str(words) else 0)
        value = parse_amount(amount)
        return partial(_collect, value, pot)

    def chat(self, text: Token) -> Build:
        message = str(text)[2:]
        return partial(_chat, message)

    def note(self, text: Token) -> Build:
        kind = _NOTES.get(str(text))
        if kind is None:
            return _nothing  # "has 20 seconds left to act", "adds $1"...
        return partial(_note, kind)

    def other_line(self, event: Event | Piece | None) -> Event | Piece | None:  # (button: a Piece)
        return event

    def hole_cards(self) -> None:
        return None

    def dealt(self, name: Token, cards: Token, new: Token | None) -> DealtCards:
        known = parse_cards(cards)
        return DealtCards(str(name), known, parse_cards(new) if new is not None else None, line=self._line(name))

    def street(self, marker: Token, _pot_note: Token | None) -> StreetStart:
        return StreetStart(_STREETS[str(marker)], line=self._line(marker))

    def uncalled(self, amount: Token, name: Token) -> UncalledBetReturned:
        return UncalledBetReturned(str(name), parse_amount(amount), line=self._line(amount))

    def button(self, seat: Token) -> Piece:
        return Piece("button", int(seat))

    # ---- summary ------------------------------------------------------------------------

    def summary(self, _duration: Token | None, total: tuple[int, int, tuple[int, ...], int], *seats: list[SummarySeat]) -> Piece:
        total_pot, rake, pots, line = total
        flat: list[SummarySeat] = []
        for item in seats:
            flat.extend(item)
        return Piece("summary", Summary(total_pot, rake, pots, tuple(flat), line=line))

    def total_pot(self, total: Token, main: int | None, *rest: Token | int | None) -> tuple[int, int, tuple[int, ...], int]:
        *sides, rake = rest
        assert isinstance(rake, Token)  # the grammar ends the line with the rake
        pots = () if main is None else (main, *sides)
        return (parse_amount(total), parse_amount(rake), tuple(p for p in pots if isinstance(p, int)), self._line(total))

    def main_pot(self, amount: Token) -> int:
        return parse_amount(amount)

    def side_pot(self, _name: Token | None, amount: Token) -> int:
        return parse_amount(amount)

    def summary_seat(self, number: Token, name: Token, *rest: Token | Outcome | None) -> list[SummarySeat]:
        *_positions, outcome = rest
        kind, values = outcome if isinstance(outcome, tuple) else (SummaryOutcome.UNKNOWN, {})
        line = self._line(number)
        text = str(name)
        fused = _FUSED.match(text)
        if fused:  # "Seat 3: Player4 Seat 4: Player1 (big blind) collected ($0.50)"
            return [
                SummarySeat(int(number), fused.group("first"), SummaryOutcome.UNKNOWN, line=line),
                SummarySeat(int(fused.group("seat")), fused.group("second"), kind, line=line, **values),
            ]
        return [SummarySeat(int(number), text, kind, line=line, **values)]

    def folded_before(self, _word: Token, didnt_bet: Token | None) -> Outcome:
        return (SummaryOutcome.FOLDED, {"folded_round": Round.PREDRAW, "didnt_bet": didnt_bet is not None})

    def folded_after(self, draw: Token | None, _ordinal: Token | None, _word: Token) -> Outcome:
        # "after the 2nd Draw": round 3; "after the Draw" (a single-draw game): round 2
        return (SummaryOutcome.FOLDED, {"folded_round": Round((int(draw) if draw is not None else 1) + 1)})

    def didnt_bet(self) -> Outcome:
        return (SummaryOutcome.FOLDED, {"folded_round": Round.PREDRAW, "didnt_bet": True})

    def showed_won(self, cards: Token, amount: Token, description: Token | None) -> Outcome:
        return (SummaryOutcome.SHOWED_WON, {"cards": parse_cards(cards), "won": parse_amount(amount),
                               "description": _description(description, " with ")})

    def showed_lost(self, cards: Token, description: Token | None) -> Outcome:
        return (SummaryOutcome.SHOWED_LOST, {"cards": parse_cards(cards), "description": _description(description, " with ")})

    def mucked(self, cards: Token | None, description: Token | None) -> Outcome:
        if cards is None:
            return (SummaryOutcome.MUCKED, {})
        return (SummaryOutcome.MUCKED, {"cards": parse_cards(cards), "description": _description(description, " - ")})

    def collected(self, amount: Token, _mucked: Token | None) -> Outcome:
        return (SummaryOutcome.COLLECTED, {"won": parse_amount(amount)})

    def seat_sitting_out(self) -> Outcome:
        return (SummaryOutcome.SITTING_OUT, {})

    # ---- the whole hand -----------------------------------------------------------------

    def start(self, header: Piece, *items: object) -> tuple[Piece, tuple[object, ...]]:
        return (header, items)


class FullTiltParser(SiteParser):
    """Parses Full Tilt Badugi hands. Not thread-safe (one inline transformer per process).

    parse(raw) -> ParsedHand; raises HandSyntaxError with the file line and what is wrong.
    """

    grammar = "fulltilt"
    transformer = FullTiltTransformer

    def parse(self, raw: RawHand) -> ParsedHand:
        first = raw.text.split("\n", 1)[0].rstrip()
        if first.endswith("(partial)"):
            raise HandSyntaxError(
                "partial hand: Full Tilt wrote only part of it (header ends '(partial)'); nothing to import",
                path=raw.path, line=raw.line, code="partial",
            )
        header, items = self.run(raw)
        hand_id, table_part, (structure, stakes, currency), clock = header.value
        seats: list[Seat] = []
        events: list[Event] = []
        summary: Summary | None = None
        button: int | None = None
        sitting_out: set[str] = set()
        dealt = False
        for item in items:
            if item is None:
                continue
            if isinstance(item, list):
                events.extend(e for e in item if e is not None)
            elif isinstance(item, Seat):
                seats.append(item)
            elif isinstance(item, Piece):
                if item.kind == "button":
                    button = item.value  # type: ignore[assignment]
                else:
                    summary = item.value  # type: ignore[assignment]
            else:
                if isinstance(item, DealtCards):
                    dealt = True
                if isinstance(item, TableNote) and item.kind is NoteKind.IS_SITTING_OUT and not dealt:
                    sitting_out.add(item.player)
                events.append(item)
        assert summary is not None  # the grammar requires the summary block
        sitting_out |= {s.player for s in summary.seats if s.outcome == SummaryOutcome.SITTING_OUT}
        seats = [
            Seat(s.seat, s.player, s.stack, True, line=s.line) if s.player in sitting_out and not s.sitting_out else s
            for s in seats
        ]
        if summary.total_pot == 0 and any(isinstance(e, (PostBlind, PostAnte)) and e.amount for e in events):
            raise HandSyntaxError(
                "dead hand: blinds were posted but the total pot is 0 (the site voided this hand)",
                path=raw.path, line=summary.line or raw.line, code="dead_hand",
            )
        if button is None:
            raise HandSyntaxError("no 'The button is in seat #N' line", path=raw.path, line=raw.line, code="syntax")
        table, max_seats, tournament = _table(table_part)
        if tournament is not None:
            currency = CHIPS
        clock_text, _, date_text = clock.partition(" - ")
        time_text, zone = clock_text.split(" ")
        stamp = read_wall_clock(f"{date_text} {time_text}", "%Y/%m/%d %H:%M:%S", raw, raw.line)
        return ParsedHand(
            site=Site.FULL_TILT,
            hand_id=hand_id,
            game=game_id_of(raw.text),
            structure=structure,
            stakes=stakes,
            currency=currency,
            tournament=tournament,
            table=table,
            max_seats=max_seats,
            button_seat=button,
            start_time=site_time_to_utc(stamp, zone, raw),
            local_time=f"{stamp:%Y/%m/%d %H:%M:%S} {zone}",
            seats=tuple(seats),
            events=tuple(events),
            summary=summary,
            source=SourceText(raw.path, raw.line, raw.text),
        )


def _table(text: str) -> tuple[str, int | None, Tournament | None]:
    """'Table Clackers (New to the Game)' -> name, max seats (from '(6 max)'), tournament
    ('$10 Heads-Up Sit & Go (243560420), Table 1')."""
    tournament = None
    match = _TOURNAMENT_TABLE.match(text)
    if match and not text.startswith("Table "):
        tournament = Tournament(match.group("id"), match.group("name").strip(), None)
        text = match.group("table")
    elif text.startswith("Table "):
        text = text[len("Table "):]
    seats = _MAX_SEATS.search(text)
    max_seats = int(seats.group("seats")) if seats else None
    if seats:
        text = (text[: seats.start()] + text[seats.end():]).strip()
    return text, max_seats, tournament
