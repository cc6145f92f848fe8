"""KingsClub text -> ParsedHand (grammars/kingsclub.lark). Builds values, checks no rule.

Choices, where the files are silent (FORMATS.md section 3):

- **Money.** Amounts have no currency sign but do have cents ("928.25", "Rake 1.75"), so they
  are money, kept as integers in hundredths: "1,285" -> 128500, "928.25" -> 92825. The file
  names no currency; hands are recorded with currency "USD" (the unit the public copies of
  these files are filed under, e.g. fpdb's `Badugi-Limit-USD-30-60`). A value with more than
  two decimals is refused.
- **Time.** The date line ("2020-10-30 19:53:19") has no zone: it is taken as UTC and kept
  as written in `local_time`.
- **Totals.** `raises to 60` and `calls 90` are totals for the round:
  `Raise(p, by=None, to=6000)`, `Call(p, amount=None, to=9000)`.
- **Summary.** KingsClub prints no total pot: `total_pot` is what the winners took plus the
  rake (`wins pot (568.25)` + `Rake 1.75` = 570). Side pots (`wins (N) from side pot 1`) make
  `pots` the per-pot sums of what was taken (after rake). Each summary seat line ("(end stack)
  +/-net") becomes a SummarySeat: "collected" (won = what he took) for a winner,
  "showed_lost" for a player who showed, "mucked" or "folded" otherwise.
- **Draws.** `X draws 2` -> `Discard(X, 2)`; the hero's `discards [7h Qc] draws [2h 9s]` ->
  `Discard(hero, 2, cards)` then `DealtCards(hero, kept, new)`, kept being the hero's hand
  (from his deal line and earlier draws) without the discarded cards. Hidden deal lines
  (`Dealt to X: [X X X X]`) carry nothing and are dropped.
- The street markers `*** 1ST DRAW ***`... become StreetStart; the betting-round markers
  carry nothing (the next round starts at the draw). But the markers must come in the
  site's order and each line in its section (`_Sections`): `1ST BETTING ROUND`, `1ST DRAW`,
  `2ND BETTING ROUND`, ... `4TH BETTING ROUND`, each at most once; a betting-round marker
  may be missing only where nobody bets (all in), a draw marker never. Blinds and antes
  come before any draw, bets, calls, checks and folds after a betting-round marker, draws
  after a draw marker. Anything else (`*** 3RD BETTING ROUND ***` before the first draw, a
  raise between `*** 3RD DRAW ***` and `*** 4TH BETTING ROUND ***`) is the hand's syntax
  error, never re-ordered: where a line belongs is what says which round its money is in.
- **Single draw** (2-7 and A-5 Single Draw): the markers stop after `*** 2ND BETTING
  ROUND ***`. A hand with no marker at all (fpdb-3's KingsClub A-5 Single Draw regression
  file) is read as PokerStars' single draw: round 1 from the start, the draw from its first
  draw line (a StreetStart(FIRST_DRAW) at that line), round 2 from the first bet after it.
- **Run it twice** (2-7 Single Draw): after an all-in the draw is dealt twice, and every pot
  is split between the runs (rules/run_twice.py). Two shapes are known. 2021-08 (fpdb-3's
  regression files): `Hero discards [Th] draws [8c] [Qs]` (the second bracket is the second
  run's card: SecondRunDealt) and `Run 1: X shows [..]` / `Run 2: X shows [..]` (Show.run).
  2021-03 (../shared/corpus-draw/KingsClub__27SD_NL_cash_202103_RIT.txt): no discard line;
  after `*** 1ST DRAW ***` each drawing player has a deal line of three groups of as many
  cards as he drew: `Dealt to Player3: [X X X X X X]` (two drawn) and `Dealt to Hero: [6h Ks
  Ks]`, where the hero's first group is his new card of the first run (6h: the hand he
  shows) and the two others are the card he threw (Ks, held before the draw) and once more
  the Ks, which cannot be his second run's card (it is out of the deck): the second run's
  cards are read as not shown (SecondRunDealt(cards=None)), as are a hidden player's. The
  shows carry no run there: the hero's shown hand is his first run's (it holds the 6h), and
  so is every shown hand of a player who drew. ParsedHand.runs is 2 when any of these
  lines is met. A deal line after a draw marker of any other shape is a syntax error.
- There is no uncalled-bet line in the samples; none is invented.
- **Games.** `Limit Badacey` and `Limit Badeucey` are written like Badugi with five cards
  (FORMATS.md section 3); `game` is the record's id (games.py: the game KingsClub spells so). The split pot's winners are
  printed as for a Badugi split (`X wins (N) from pot`, one line per winner, or `X wins pot
  (N)` for a scoop), without saying which half: the replay checks each player's total per
  pot (rules/split_pot.py). The summary's net ("+298.25") is kept and checked. `Limit A-5
  Triple Draw` (with antes, `Player0: posts ante 11`) and `Limit 2-7 Triple Draw` are the
  same format with five cards and the whole pot to the best low (issue 25).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from decimal import Decimal, InvalidOperation
from typing import Literal

from lark import Token
from lark.visitors import Transformer, v_args  # its own module: what mypyc's build imports

from ..cards import Card, parse_cards
from ..errors import HandSyntaxError, excerpt
from ..games import GAMES, GameId, game_spelled
from ..model import (
    Bet,
    BettingStructure,
    BlindKind,
    Call,
    Check,
    Collect,
    DealtCards,
    Discard,
    Event,
    Fold,
    Muck,
    ParsedHand,
    PostAnte,
    PostBlind,
    Raise,
    Seat,
    SecondRunDealt,
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
)
from .builders import ante as _ante, bet as _bet, blind as _blind, check as _check, fold as _fold
from .builders import raise_to as _raise_to, stand_pat as _stand_pat
from .amounts import check_grouping
from .grammar import Piece, SiteParser, read_wall_clock, token_line
from .read import RawHand

CURRENCY = "USD"
"""The currency KingsClub hands are recorded in (the files name none; see the module doc)."""

_STRUCTURES = {
    "Limit": BettingStructure.FIXED_LIMIT,
    "Fixed Limit": BettingStructure.FIXED_LIMIT,
    "Pot Limit": BettingStructure.POT_LIMIT,
    "No Limit": BettingStructure.NO_LIMIT,
    "Half Pot Limit": BettingStructure.HALF_POT_LIMIT,
}
_STRUCTURES_LONGEST_FIRST = sorted(_STRUCTURES, key=len, reverse=True)
_STREETS = {
    "*** 1ST DRAW ***": Street.FIRST_DRAW,
    "*** 2ND DRAW ***": Street.SECOND_DRAW,
    "*** 3RD DRAW ***": Street.THIRD_DRAW,
}
# The markers in the order the site writes them (FORMATS.md section 3): betting round n, then
# draw n, ...; a single-draw hand stops after the 2nd betting round.
_MARKERS = (
    "*** 1ST BETTING ROUND ***", "*** 1ST DRAW ***", "*** 2ND BETTING ROUND ***", "*** 2ND DRAW ***",
    "*** 3RD BETTING ROUND ***", "*** 3RD DRAW ***", "*** 4TH BETTING ROUND ***",
)
_BETTING_EVENTS = (Fold, Check, Call, Bet, Raise)
_DRAW_EVENTS = (Discard, StandPat)
_BLINDS = {
    ": posts the small blind ": BlindKind.SMALL,
    ": posts the big blind ": BlindKind.BIG,
    ": posts blind ": BlindKind.BIG,  # a missed blind posted to come in (2-7 SD file)
}


def parse_money(text: str) -> int:
    """KingsClub money in hundredths: "1,285" -> 128500, "928.25" -> 92825, "-270" -> -27000,
    "+298.25" -> 29825. raises ValueError for more than two decimals or misplaced commas."""
    check_grouping(text)
    try:
        value = Decimal(text.replace(",", "")) * 100
    except InvalidOperation:
        raise ValueError(f"not an amount: {text!r}") from None
    if value != value.to_integral_value():
        raise ValueError(f"more than two decimals: {text!r}")
    return int(value)


def _pot_index(words: str) -> int:
    """"pot" / "main pot" -> 0, "side pot 1" -> 1, "side pot" -> 1."""
    if not words.startswith("side pot"):
        return 0
    digits = "".join(ch for ch in words if ch.isdigit())
    return int(digits) if digits else 1




@dataclass(frozen=True, slots=True)
class Marker:
    """A street marker line (`*** 2ND BETTING ROUND ***`) as written, at its file line."""

    text: str
    line: int


# What a player line's verb part builds: given the player's name and the file line, the
# event(s) the line stands for.
Build = Callable[[str, int], "Event | list[Event]"]
# The summary block's items: a seat line ("seat", seat, player, net, file line), the rake
# line ("rake", rake, file line), a winner's line, or None where the rake line is absent.
SeatLine = tuple[Literal["seat"], int, str, int, int]
RakeLine = tuple[Literal["rake"], int, int]
SummaryItem = SeatLine | RakeLine | Collect | None


# The builders a player line's verb part returns (Build), named (not lambdas) so that mypyc
# compiles this module: the values read from the line first, then the player and the line.




def _call_to(total: int, all_in: bool, player: str, line: int) -> Event:
    return Call(player, None, all_in, to=total, line=line)




def _draws(number: int, player: str, line: int) -> Event:
    return Discard(player, number, line=line)



def _show(known: tuple[Card, ...], player: str, line: int) -> Event:
    return Show(player, known, None, line=line)


def _muck(player: str, line: int) -> Event:
    return Muck(player, line=line)


def _show_and_muck(known: tuple[Card, ...], player: str, line: int) -> list[Event]:
    return [Show(player, known, None, line=line), Muck(player, line=line)]


def _amounts() -> defaultdict[str, int]:
    return defaultdict(int)


@v_args(inline=True)
class KingsClubTransformer(Transformer[Token, object]):
    """Builds a ParsedHand's pieces while the LALR parser runs (inline: no tree is built).

    `offset` is set before each parse to the hand's first line minus one; `reset()` clears
    the hero's hand carried from line to line.
    """

    offset = 0

    def reset(self, offset: int) -> None:
        self.offset = offset
        self.hero_hand: dict[str, tuple[Card, ...]] = {}
        self.drawing = False  # after a draw marker (a deal line there is a draw run twice)

    def _line(self, token: Token) -> int:
        return self.offset + token_line(token)

    # ---- header -------------------------------------------------------------------------

    def header(self, hand_id: Token, game: Token, small: Token, big: Token) -> Piece:
        structure_words = next(w for w in _STRUCTURES_LONGEST_FIRST if str(game).startswith(w + " "))
        record = game_spelled(Site.KINGSCLUB, str(game)[len(structure_words) + 1:])
        if record is None:  # (detection skips such hands before they are parsed)
            raise ValueError(f"not a game hhtracker reads on KingsClub: {excerpt(str(game))}")
        stakes = Stakes(parse_money(small), parse_money(big))
        return Piece("header", (str(hand_id), _STRUCTURES[structure_words], stakes, record.id.value))

    def table(self, name: Token, button: Token) -> Piece:
        return Piece("table", (str(name)[1:-1], int(button)))

    def seat(self, number: Token, name: Token, stack: Token) -> Seat:
        return Seat(int(number), str(name), parse_money(stack), line=self._line(number))

    # ---- lines --------------------------------------------------------------------------

    def player_line(self, run: Token | None, player: Token, build: Build) -> Event | list[Event] | None:
        built = build(str(player), self._line(player))
        if run is None:
            return built
        if not isinstance(built, Show):  # (the grammar lets "Run 1: " stand before any verb)
            raise ValueError(f"{excerpt(str(run) + str(player))}: only a shown hand is said of one run")
        return Show(built.player, built.cards, built.description, run=int(str(run)[4]), line=built.line)

    def post(self, kind: Token, amount: Token, all_in: Token | None) -> Build:
        value, flag = parse_money(amount), all_in is not None
        blind = _BLINDS.get(str(kind))
        if blind is None:  # ante
            return partial(_ante, value, flag)
        return partial(_blind, blind, value, flag)

    def fold(self) -> Build:
        return _fold

    def check(self) -> Build:
        return _check

    def call(self, total: Token, all_in: Token | None) -> Build:
        value, flag = parse_money(total), all_in is not None
        return partial(_call_to, value, flag)

    def bet(self, amount: Token, all_in: Token | None) -> Build:
        value, flag = parse_money(amount), all_in is not None
        return partial(_bet, value, flag)

    def raise_(self, to: Token, all_in: Token | None) -> Build:
        value, flag = parse_money(to), all_in is not None
        return partial(_raise_to, value, flag)

    def draws(self, count: Token) -> Build:
        number = int(count)
        return partial(_draws, number)

    def discards(self, discarded: Token, new: Token, second: Token | None) -> Build:
        return partial(self._discards, parse_cards(discarded), parse_cards(new),
                       parse_cards(second) if second is not None else None)

    def _discards(self, thrown: tuple[Card, ...], drawn: tuple[Card, ...], second: tuple[Card, ...] | None,
                  p: str, line: int) -> list[Event]:
        held = self.hero_hand.get(p, ())
        kept = tuple(card for card in held if card not in thrown)
        self.hero_hand[p] = kept + drawn
        events: list[Event] = [Discard(p, len(thrown), thrown, line=line), DealtCards(p, kept, drawn, line=line)]
        if second is not None:
            events.append(SecondRunDealt(p, second, line=line))
        return events

    def stand_pat(self, cards: Token | None) -> Build:
        known = parse_cards(cards) if cards is not None else None
        return partial(_stand_pat, known)

    def show(self, cards: Token) -> Build:
        known = parse_cards(cards)
        return partial(_show, known)

    def muck(self, _word: Token, cards: Token | None) -> Build:
        if cards is None:
            return _muck
        known = parse_cards(cards)
        return partial(_show_and_muck, known)

    def other_line(self, event: Event | list[Event] | Marker | None) -> Event | list[Event] | Marker | None:
        """(a street marker is one of the other lines: typed so, as the compiled build checks)"""
        return event

    def street(self, marker: Token) -> Marker:
        self.drawing = "DRAW" in str(marker)
        return Marker(str(marker), self._line(marker))

    def dealt(self, name: Token, cards: Token) -> DealtCards | list[Event] | None:
        line = self._line(name)
        if self.drawing:
            return self._run_twice_deal(str(name), cards, line)
        if cards.type == "HIDDEN":
            return None
        known = parse_cards(cards)
        self.hero_hand[str(name)] = known
        return DealtCards(str(name), known, line=line)

    def _run_twice_deal(self, player: str, cards: Token, line: int) -> list[Event]:
        """A deal line after a draw marker: a draw run twice, in the 2021-03 shape (module
        doc, "Run it twice"). raises ValueError for a line of another shape."""
        if cards.type == "HIDDEN":
            count = str(cards).count("X")
            if count % 3:
                raise ValueError(f"a hidden draw of {count} cards run twice (three groups of as many expected)")
            return [Discard(player, count // 3, line=line), SecondRunDealt(player, None, line=line)]
        printed = parse_cards(cards)
        held = self.hero_hand.get(player, ())
        count = len(printed) // 3
        thrown = tuple(dict.fromkeys(card for card in printed if card in held))
        drawn = printed[:count]
        if len(printed) % 3 or not held or len(thrown) != count or any(card in held for card in drawn):
            raise ValueError(f"a draw run twice of no known shape: [{' '.join(map(str, printed))}] from a hand of"
                             f" [{' '.join(map(str, held))}] (the new cards, then as many again twice, expected)")
        rest = list(printed[count:])
        for card in thrown:
            rest.remove(card)
        second = tuple(rest) if not any(card in held or card in drawn for card in rest) else None
        kept = tuple(card for card in held if card not in thrown)
        self.hero_hand[player] = kept + drawn
        return [Discard(player, count, thrown, line=line), DealtCards(player, kept, drawn, line=line),
                SecondRunDealt(player, second, line=line)]

    # ---- summary ------------------------------------------------------------------------

    def summary(self, *items: SummaryItem) -> Piece:
        return Piece("summary", items)

    def summary_seat(self, number: Token, name: Token, stack: Token, net: Token) -> SeatLine:
        return ("seat", int(number), str(name), parse_money(net), self._line(number))

    def rake(self, amount: Token) -> RakeLine:
        return ("rake", parse_money(amount), self._line(amount))

    def result(self, winner: Token, won: tuple[int, int]) -> Collect:
        amount, pot = won
        return Collect(str(winner), amount, pot, line=self._line(winner))

    def wins_pot(self, words: Token, amount: Token) -> tuple[int, int]:
        return (parse_money(amount), _pot_index(str(words)))

    def wins_from(self, amount: Token, words: Token) -> tuple[int, int]:
        return (parse_money(amount), _pot_index(str(words)))

    def start(self, header: Piece, date: Token, table: Piece, *items: object) -> tuple[Piece, str, Piece, tuple[object, ...]]:
        return (header, str(date), table, items)


class KingsClubParser(SiteParser):
    """Parses KingsClub Badugi, Badacey, Badeucey, triple-draw and single-draw hands (the same
    format, five cards in all but Badugi; ParsedHand.game says which). Not thread-safe (one inline transformer per process).

    parse(raw) -> ParsedHand; raises HandSyntaxError with the file line and what is wrong.
    """

    grammar = "kingsclub"
    transformer = KingsClubTransformer

    def parse(self, raw: RawHand) -> ParsedHand:
        header, date, table, items = self.run(raw)
        hand_id, structure, stakes, game = header.value
        table_name, button = table.value
        seats: list[Seat] = []
        events: list[Event] = []
        summary_items: tuple[SummaryItem, ...] = ()
        sections = _Sections(raw)
        # A single-draw hand may have no street marker at all (fpdb-3's KingsClub A-5 Single
        # Draw file): its first draw line starts the draw, as on PokerStars.
        unmarked = GAMES[GameId(game)].draws == 1 and not any(isinstance(item, Marker) for item in items)
        if unmarked:
            sections.last = 0  # (the first betting round from the start)
        for item in items:
            if item is None:
                continue
            first = item[0] if isinstance(item, list) else item
            if unmarked and isinstance(first, Event):
                if sections.last == 0 and isinstance(first, _DRAW_EVENTS):
                    sections.last = 1  # the draw, then the second betting round at its first bet
                    events.append(StreetStart(Street.FIRST_DRAW, line=first.line))
                elif sections.last == 1 and isinstance(first, _BETTING_EVENTS):
                    sections.last = 2
            if isinstance(item, list):
                sections.check(item[0])
                events.extend(item)
            elif isinstance(item, Seat):
                seats.append(item)
            elif isinstance(item, Marker):
                sections.enter(item)
                street = _STREETS.get(item.text)
                if street is not None:
                    events.append(StreetStart(street, line=item.line))
            elif isinstance(item, Piece):
                summary_items = item.value  # type: ignore[assignment]
            else:
                assert isinstance(item, Event)
                sections.check(item)
                events.append(item)
        if not any(isinstance(item, Collect) for item in summary_items):
            last = raw.line + raw.text.count("\n")
            raise HandSyntaxError(
                "hand ends too early (cut off?): no 'X wins pot (N)' line after the summary",
                path=raw.path, line=last, code="truncated",
            )
        summary = _summary(summary_items, events)
        events.extend(item for item in summary_items if isinstance(item, Collect))
        stamp = read_wall_clock(date, "%Y-%m-%d %H:%M:%S", raw, raw.line + 1)  # (the date is the second line)
        return ParsedHand(
            site=Site.KINGSCLUB,
            hand_id=hand_id,
            game=game,
            structure=structure,
            stakes=stakes,
            currency=CURRENCY,
            tournament=None,
            table=table_name,
            max_seats=None,
            button_seat=button,
            start_time=stamp.replace(tzinfo=dt.UTC),
            local_time=date,
            seats=tuple(seats),
            events=tuple(events),
            summary=summary,
            source=SourceText(raw.path, raw.line, raw.text),
            runs=2 if any(isinstance(e, SecondRunDealt) or isinstance(e, Show) and e.run is not None for e in events) else 1,
        )


class _Sections:
    """The street markers met so far, and the section each player line is in (the module
    doc, "the markers must come in the site's order"). enter() and check() raise
    HandSyntaxError (code syntax) at the line out of its place."""

    def __init__(self, raw: RawHand) -> None:
        self.raw = raw
        self.last = -1  # index in _MARKERS of the last marker met (-1: none yet)
        self.last_line = 0

    def _where(self) -> str:
        if self.last < 0:
            return "before any street marker"
        return f"after {_MARKERS[self.last]!r} (line {self.last_line})"

    def _quoted(self, line: int) -> str:
        lines = self.raw.text.split("\n")
        index = line - self.raw.line
        return excerpt(lines[index].rstrip()) if 0 <= index < len(lines) else "a line"

    def _error(self, message: str, line: int) -> HandSyntaxError:
        return HandSyntaxError(message, path=self.raw.path, line=line, code="syntax")

    def enter(self, marker: Marker) -> None:
        """A marker line: the next one of _MARKERS, or a draw's marker right after the
        previous draw's (its betting-round marker skipped: nobody left to bet)."""
        index = _MARKERS.index(marker.text) if marker.text in _MARKERS else None
        skipped_betting = index is not None and self.last % 2 == 1 and index == self.last + 2
        if index is None or not (index == self.last + 1 or skipped_betting):
            expected = _MARKERS[self.last + 1] if self.last + 1 < len(_MARKERS) else None
            wanted = f"{expected!r} comes next" if expected else "no marker comes after the last betting round"
            where = self._where() if self.last >= 0 else "as the first marker"
            raise self._error(f"street marker out of order: {marker.text!r} {where}; {wanted}", marker.line)
        self.last, self.last_line = index, marker.line

    def check(self, event: Event) -> None:
        """A player's line in its section: blinds and antes before the first draw, bets,
        calls, checks and folds after a betting-round marker, draws after a draw marker
        (deals, shows and mucks anywhere)."""
        if isinstance(event, PostBlind | PostAnte):
            if self.last > 0:
                raise self._error(f"{self._quoted(event.line)} {self._where()}: blinds and antes come in the first"
                                  " betting round", event.line)
        elif isinstance(event, _BETTING_EVENTS):
            if self.last % 2 != 0:  # no marker yet (-1) or a draw's (odd)
                raise self._error(f"{self._quoted(event.line)} {self._where()}: a bet, call, check or fold outside a"
                                  " betting round (a line out of its place)", event.line)
        elif isinstance(event, _DRAW_EVENTS) and self.last % 2 != 1:
            raise self._error(f"{self._quoted(event.line)} {self._where()}: a draw outside a draw (a line out of"
                              " its place)", event.line)


def _summary(items: tuple[SummaryItem, ...], events: list[Event]) -> Summary:
    """The Summary from the seat lines, the rake line and the winners' lines (module doc)."""
    rake, line = 0, 0
    wins: dict[int, dict[str, int]] = defaultdict(_amounts)
    seat_lines = []
    for item in items:
        if item is None:  # no "Rake" line
            continue
        if isinstance(item, Collect):
            wins[item.pot][item.player] += item.amount
        elif item[0] == "rake":
            rake, line = item[1], item[2]
        else:
            seat_lines.append(item)
    shown = {e.player: e.cards for e in events if isinstance(e, Show) and e.run != 2}  # (a hand run twice: the first run's)
    mucked = {e.player for e in events if isinstance(e, Muck)}
    won: dict[str, int] = defaultdict(int)
    for by_player in wins.values():
        for player, amount in by_player.items():
            won[player] += amount
    seats = []
    for _kind, number, name, net, seat_line in seat_lines:
        if name in won:
            seats.append(SummarySeat(number, name, SummaryOutcome.COLLECTED, won=won[name], line=seat_line, net=net))
        elif name in shown and name not in mucked:
            seats.append(SummarySeat(number, name, SummaryOutcome.SHOWED_LOST, cards=shown[name], line=seat_line, net=net))
        else:
            seats.append(SummarySeat(number, name, SummaryOutcome.MUCKED if name in mucked else SummaryOutcome.FOLDED, line=seat_line, net=net))
    pots: tuple[int, ...] = ()
    if len(wins) > 1:
        pots = tuple(sum(wins.get(index, {}).values()) for index in range(max(wins) + 1))
    total = sum(won.values()) + rake
    return Summary(total, rake, pots, tuple(seats), line=line or (seat_lines[0][4] if seat_lines else 0))
