"""PokerStars text -> ParsedHand. The grammar recognises; this module only builds values.

No rule is checked here (turn order, pots, card duplicates are the replay's job): a hand
that parses is a hand whose every line has a known shape.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass

from lark import Token
from lark.visitors import Transformer, v_args  # its own module: what mypyc's build imports

from ..cards import Card, parse_cards
from .detect import game_id_of
from ..errors import HandSyntaxError
from ..games import GAMES
from ..model import (
    CHIPS,
    Bet,
    BettingCapped,
    BettingStructure,
    BlindKind,
    BountyWon,
    Call,
    Chat,
    Check,
    CashOut,
    Collect,
    DealtCards,
    Discard,
    DoesNotShow,
    Event,
    FinishTournament,
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
from .amounts import parse_amount
from .clock import Clock
from .clock import start_time as settle_start_time
from .grammar import ZONES, SiteParser, out_of_range, site_time_to_utc, token_line, wall_clock
from .read import RawHand

_STRUCTURES = {
    "Limit": BettingStructure.FIXED_LIMIT,
    "Pot Limit": BettingStructure.POT_LIMIT,
    "No Limit": BettingStructure.NO_LIMIT,
    "Half Pot Limit": BettingStructure.HALF_POT_LIMIT,
}
_BLINDS = {
    "small blind": BlindKind.SMALL,
    "big blind": BlindKind.BIG,
    "small & big blinds": BlindKind.SMALL_AND_BIG,
}
_NOTES = {
    ": sits out": NoteKind.SITS_OUT,
    " sits out": NoteKind.SITS_OUT,
    ": is sitting out": NoteKind.IS_SITTING_OUT,
    " is sitting out": NoteKind.IS_SITTING_OUT,
    " leaves the table": NoteKind.LEAVES,
    " joins the table at seat #": NoteKind.JOINS,
    " is connected": NoteKind.CONNECTED,
    " is disconnected": NoteKind.DISCONNECTED,
    " has timed out while disconnected": NoteKind.TIMED_OUT_DISCONNECTED,
    " has timed out": NoteKind.TIMED_OUT,
    " has returned": NoteKind.RETURNED,
    " will be allowed to play after the button": NoteKind.ALLOWED_AFTER_BUTTON,
}
_STREETS = {
    "*** FIRST DRAW ***": Street.FIRST_DRAW,
    "*** SECOND DRAW ***": Street.SECOND_DRAW,
    "*** THIRD DRAW ***": Street.THIRD_DRAW,
    "*** SHOW DOWN ***": Street.SHOWDOWN,
}


def _all_in(text: str) -> tuple[str, bool]:
    """("$0.20", True) from "$0.20 and is all-in"."""
    if text.endswith(" and is all-in"):
        return text[:-14], True
    return text, False


def _bracketed(text: str) -> tuple[Card, ...] | None:
    """The cards of the first [..] in text; None for an empty bracket."""
    inner = text[text.index("[") + 1 : text.index("]")]
    return parse_cards(inner) if inner else None


def _with(text: str) -> str | None:
    """The hand description after " with " in a summary line."""
    _, found, description = text.partition(" with ")
    return description if found else None


# The grammar has already checked each line's shape; these only pick the values out.
_HEADER = re.compile(
    r"[^#]*#(?P<hand_id>\d+): +(?:\{[^}]*\} )?"
    r"(?:Tournament #(?P<tournament>\d+), (?P<buy_in>(?:[$€£]?[\d.,]+(?:\+[$€£]?[\d.,]+)*(?: [A-Z]{2,4})?|Freeroll) +|[^\n]*? +(?=(?:[^(\n]+ \()?(?:Badugi|Triple Draw 2-7 Lowball|Single Draw 2-7 Lowball|5 Card Draw) ))?)?"
    r".*?(?:Badugi|Triple Draw 2-7 Lowball|Single Draw 2-7 Lowball|5 Card Draw) (?P<structure>Limit|Pot Limit|No Limit|Half Pot Limit)\)?"
    r"(?: - (?:Match Round [IVXLC]+, )?Level (?P<level>[IVXLC]+))?"
    r" \((?P<small>[^/]+)/(?P<big>[^ )]+)(?: (?P<currency>[A-Z]{3}))?\)"
    r" - (?P<date>\S+ \S+) (?P<zone>[A-Z]+)(?: \[(?P<et_date>\S+ \S+) (?P<et_zone>[A-Z]+)\])?\n"
)
_TABLE = re.compile(r"Table '(?P<name>.*?)'(?: (?P<max_seats>\d+)-max)?(?: \(Play Money\))? Seat #(?P<button>\d+) ")
_SEAT = re.compile(r"Seat (?P<seat>\d+): +(?P<name>.+?) \((?P<stack>[$€£]?[\d.,]+) in chips[^)]*\)(?P<after>.*)")
_SUMMARY_SEAT = re.compile(
    r"Seat (?P<seat>\d+): +(?P<name>.+?)(?: \((?:button|small blind|big blind)\))*"
    r" (?P<outcome>(?:folded |showed \[|mucked \[|collected \(|is sitting out).*)"
)
_SIDE_POT = re.compile(r" Side pot(?:-\d+)? (\S+)\.")


@dataclass(frozen=True, slots=True)
class _Header:
    """The values of a hand's first line. et_stamp/et_zone: the ET clock when printed, else
    the local one (naive wall time and its zone abbreviation)."""

    hand_id: str
    structure: BettingStructure
    stakes: Stakes
    currency: str
    tournament: Tournament | None
    local_time: str
    et_stamp: dt.datetime
    et_zone: str
    other_clock: Clock | None  # the local stamp, when the ET one is printed too


_BUY_IN_AMOUNT = re.compile(r"[$€£]\d[\d,]*(?:\.\d+)?")
"""A money amount of a tournament header's buy-in ("$1.00" of "$1.00+$0.20 USD")."""


def _header(text: str) -> _Header:
    """raises ImpossibleDate (a ValueError) for an impossible date or time ("2010/13/45 31:05:12")."""
    head = _HEADER.match(text)
    assert head is not None  # the grammar checked the line
    small, big = head["small"], head["big"]
    stakes = Stakes(parse_amount(small), parse_amount(big))
    if head["tournament"] is not None:
        buy_in = (head["buy_in"] or "").strip()
        for amount in _BUY_IN_AMOUNT.findall(buy_in):
            parse_amount(amount)  # raises ValueError (the hand's syntax error) for "$1.999": never cut
        tournament: Tournament | None = Tournament(head["tournament"], buy_in, head["level"])
        currency = CHIPS
    else:
        tournament = None
        money = small[0] in "$€£"
        code = head["currency"] or CURRENCY_OF_SIGN.get(small[0], "")
        currency = code if money else CHIPS
    local = wall_clock(head["date"], "%Y/%m/%d %H:%M:%S")
    et_stamp, et_zone = local, head["zone"]
    other = None
    if head["et_date"] is not None:
        et_stamp, et_zone = wall_clock(head["et_date"], "%Y/%m/%d %H:%M:%S"), head["et_zone"]
        other = Clock(local, head["zone"])
    return _Header(head["hand_id"], _STRUCTURES[head["structure"]], stakes, currency, tournament,
                   f"{local:%Y/%m/%d %H:%M:%S} {head['zone']}", et_stamp, et_zone, other)


def _player(text: str, verb: str) -> tuple[str, str]:
    """(name, rest) of a player's line around its verb. The rest (amounts, cards) cannot hold
    the verb, so the last occurrence splits it, as the grammar's shortest name would."""
    name, _, rest = text.rpartition(verb)
    return name, rest


def _post(text: str, line: int) -> Event:
    player, body = _player(text, ": posts ")
    body, all_in = _all_in(body)
    kind, amount = body.rsplit(" ", 1)
    if kind == "the ante":
        return PostAnte(player, parse_amount(amount), all_in, line=line)
    return PostBlind(player, _BLINDS[kind], parse_amount(amount), all_in, line=line)


def _call(text: str, line: int) -> Event:
    player, body = _player(text, ": calls ")
    amount, all_in = _all_in(body)
    return Call(player, parse_amount(amount), all_in, line=line)


def _bet(text: str, line: int) -> Event:
    player, body = _player(text, ": bets ")
    amount, all_in = _all_in(body)
    return Bet(player, parse_amount(amount), all_in, line=line)


def _raise(text: str, line: int) -> Event:
    player, body = _player(text, ": raises ")
    body, all_in = _all_in(body)
    by, to = body.split(" to ")
    return Raise(player, parse_amount(by), parse_amount(to), all_in, line=line)


def _discard(text: str, line: int) -> Event:
    player, body = _player(text, ": discards ")
    number = int(body[: body.index(" ")])
    # "discards 2 cards []" (a site glitch) leaves the cards unknown (None).
    return Discard(player, number, _bracketed(body) if "[" in body else None, line=line)


def _stand_pat(text: str, line: int) -> Event:
    player, body = _player(text, ": stands pat")
    return StandPat(player, _bracketed(body) if "[" in body else None, line=line)


def _show(text: str, line: int) -> Event:
    # The description in parentheses is free text: the first ": shows [" ends the name.
    player, _, body = text.partition(": shows [")
    body = "[" + body
    tail = body[body.index("]") + 1 :]
    return Show(player, _bracketed(body) or (), tail[2:-1] if tail.startswith(" (") else None, line=line)


def _collect(text: str, line: int) -> Event:
    player, body = _player(text, " collected ")
    amount, _, name = body.partition(" from ")
    if name in ("pot", "main pot"):
        pot = 0
    elif name == "side pot":
        pot = 1
    else:
        pot = int(name.rsplit("-", 1)[1])
    return Collect(player, parse_amount(amount), pot, line=line)


def _finish(text: str, line: int) -> Event:
    player, body = _player(text, " finished the tournament")
    place = None
    if body.startswith(" in "):
        place = int(body[4:].split(" ", 1)[0][:-2])
    prize = body.split(" and received ", 1)[1][:-1] if " and received " in body else None
    return FinishTournament(player, place, *_prize(prize), line=line)


def _win_tournament(text: str, line: int) -> Event:
    player, body = _player(text, " wins the tournament")
    prize = body.split(" and receives ", 1)[1].split(" - ", 1)[0] if " and receives " in body else None
    return FinishTournament(player, 1, *_prize(prize), line=line)


_BOUNTY = re.compile(r"^(?P<winners>.+?) (?:wins the |wins |split the )(?P<amount>[$€£]?\d[\d,]*(?:\.\d+)?)"
                     r"(?: bounty for eliminating | for eliminating )(?P<eliminated>.+?)"
                     r"(?: and their own bounty increases by .*)?$")


def _bounty(text: str, line: int) -> Event:
    found = _BOUNTY.match(text)
    assert found is not None  # the grammar checked the line
    winners = tuple(name.strip() for name in found["winners"].split(", ")) if " split the " in text else (found["winners"],)
    amount = found["amount"]
    return BountyWon(winners, parse_amount(amount), amount[0] in "$€£", found["eliminated"], line=line)


def finish_event(text: str, line: int = 0) -> FinishTournament | None:
    """A tournament's finish line (either shape, without its newline) as its event; None
    for any other line (store/migrations.py reads the finishes of hands stored before)."""
    if ' said, "' in text:
        return None
    if " wins the tournament" in text:
        return _win_tournament(text, line)  # type: ignore[return-value]
    if " finished the tournament" in text:
        return _finish(text, line)  # type: ignore[return-value]
    return None




def _prize(text: str | None) -> tuple[int | None, str | None]:
    """A tournament prize as written ("$1.60", "1,500") -> (amount, currency or None)."""
    if text is None:
        return None, None
    return parse_amount(text), CURRENCY_OF_SIGN.get(text[:1])


def _chat(text: str, line: int) -> Event:
    # The message is free text: the first ' said, "' ends the name.
    player, _, message = text.partition(' said, "')
    return Chat(player, message[:-1] if message.endswith('"') else message, line=line)


def _note(text: str, line: int) -> Event:
    if " joins the table at seat #" in text:
        player, _, seat = text.rpartition(" joins the table at seat #")
        return TableNote(player, NoteKind.JOINS, int(seat), line=line)
    for ending, kind in _NOTES.items():
        if text.endswith(ending):
            return TableNote(text[: -len(ending)], kind, None, line=line)
    raise ValueError(f"unknown table note: {text!r}")  # pragma: no cover - the grammar lists them


def _dealt(text: str, line: int) -> Event:
    body = text[9:]
    last = body.rfind(" [")
    first = body.rfind(" [", 0, last)
    if first >= 0 and body[first:last].endswith("]"):
        return DealtCards(body[:first], _bracketed(body[first:last]) or (), _bracketed(body[last:]) or (), line=line)
    return DealtCards(body[:last], _bracketed(body[last:]) or (), None, line=line)


def _cash_out(text: str, line: int) -> Event:
    player, body = _player(text, " cashed out the hand for ")
    paid, _, fee = body.partition(" | Cash Out Fee ")
    return CashOut(player, parse_amount(paid), parse_amount(fee) if fee else 0, line=line)


def _uncalled(text: str, line: int) -> Event:
    amount = text[text.index("(") + 1 : text.index(")")]
    return UncalledBetReturned(text[text.index(") returned to ") + 14 :], parse_amount(amount), line=line)


def _suffix(event: Callable[..., Event], verb: str) -> Callable[[str, int], Event]:
    """A builder for a line that is a name and a fixed verb ("X: folds")."""
    cut = len(verb)
    return lambda text, line: event(text[:-cut], line=line)


# Line terminal -> builder(text without its newline, file line) -> Event or None.
_LINES: dict[str, Callable[[str, int], Event | None]] = {
    "POST": _post,
    "FOLD": _suffix(Fold, ": folds"),
    "CHECK": _suffix(Check, ": checks"),
    "CALL": _call,
    "BET": _bet,
    "RAISE": _raise,
    "DISCARD": _discard,
    "STAND_PAT": _stand_pat,
    "SHOW": _show,
    "MUCK": _suffix(Muck, ": mucks hand"),
    "NO_SHOW": _suffix(DoesNotShow, ": doesn't show hand"),
    "COLLECT": _collect,
    "CASH_OUT": _cash_out,
    "FINISH": _finish,
    "WIN_TOURNAMENT": _win_tournament,
    "BOUNTY_WON": _bounty,
    "CHAT": _chat,
    "NOTE": _note,
    "DEALING": lambda text, line: None,  # `*** DEALING HANDS ***` carries nothing.
    "DEALT": _dealt,
    "STREET": lambda text, line: StreetStart(_STREETS[text], line=line),
    "UNCALLED": _uncalled,
    "CAPPED": lambda text, line: BettingCapped(),
    # `The deck is reshuffled` carries nothing the replay needs: it works out when the stub
    # may have run out from the counts of cards dealt and drawn (rules/deck.py).
    "RESHUFFLED": lambda text, line: None,
    "CANCELLED": lambda text, line: TableNote("", NoteKind.HAND_CANCELLED),
}


# How PokerStars ends the summary line of a player who took the all-in cash out: after a
# losing hand, and after a winning one (the pot went to the site, which paid him already).
_CASHED_OUT = (" (cashed out).", " (pot not awarded as player cashed out)")


def _outcome(text: str) -> tuple[SummaryOutcome, OutcomeFields]:
    """A summary seat's outcome (" folded before the Draw", " showed [..] and won ($1)"...)."""
    if text.startswith("folded before"):
        return SummaryOutcome.FOLDED, {"folded_round": Round.PREDRAW, "didnt_bet": "(didn't bet)" in text}
    if text.startswith("folded after"):
        return SummaryOutcome.FOLDED, {"folded_round": Round(int(text[17]) + 1)}
    if text.startswith("showed"):
        cards = _bracketed(text) or ()
        cashed_out = text.endswith(_CASHED_OUT)
        if cashed_out:  # (PokerStars' all-in cash out, after the hand's description)
            text = text[: -len(next(end for end in _CASHED_OUT if text.endswith(end)))]
        if " and won (" in text:
            start = text.index(" and won (") + 10
            won = parse_amount(text[start : text.index(")", start)])
            return SummaryOutcome.SHOWED_WON, {"cards": cards, "won": won, "description": _with(text),
                                               "cashed_out": cashed_out}
        return SummaryOutcome.SHOWED_LOST, {"cards": cards, "description": _with(text), "cashed_out": cashed_out}
    if text.startswith("mucked"):
        return SummaryOutcome.MUCKED, {"cards": _bracketed(text) or ()}
    if text.startswith("collected"):
        return SummaryOutcome.COLLECTED, {"won": parse_amount(text[11:-1])}
    return SummaryOutcome.SITTING_OUT, {}


def _seat(text: str, line: int) -> Seat:
    found = _SEAT.match(text)
    assert found is not None  # the grammar checked the line
    return Seat(int(found["seat"]), found["name"], parse_amount(found["stack"]), bool(found["after"].strip()), line=line)


def _summary(total: Token, seats: Token | None, offset: int) -> Summary:
    text = total[:-1]
    total_pot = parse_amount(text[10 : text.index(" ", 10)])
    rake = parse_amount(text[text.index("| Rake ") + 7 :])
    pots: tuple[int, ...] = ()
    if " Main pot " in text:
        main = text[text.index(" Main pot ") + 10 :]
        pots = (parse_amount(main[: main.index(" ")].rstrip(".")),
                *(parse_amount(amount) for amount in _SIDE_POT.findall(text)))
    summary_seats = []
    if seats is not None:
        for number, line in enumerate(seats[:-1].split("\n")):
            found = _SUMMARY_SEAT.match(line)
            assert found is not None  # the grammar checked the line
            kind, values = _outcome(found["outcome"])
            summary_seats.append(SummarySeat(int(found["seat"]), found["name"], kind,
                                             line=offset + token_line(seats) + number, **values))
    return Summary(total_pot, rake, pots, tuple(summary_seats), line=offset + token_line(total))


@v_args(inline=True)
class PokerStarsTransformer(Transformer[Token, object]):
    """Builds a ParsedHand's parts while the LALR parser runs (inline: no tree is built).
    The grammar has one token per line; `start` gets them all and builds the values.

    `offset` is set before each parse to the hand's first line minus one, so token lines
    become file lines.
    """

    offset = 0

    def start(self, header: Token, table: Token, *lines: Token) -> tuple[_Header, re.Match[str], list[Seat], list[Event], Summary]:
        offset = self.offset
        head = _header(header)
        where = _TABLE.match(table)
        assert where is not None
        seats: list[Seat] = []
        events: list[Event] = []
        summary_at = len(lines)
        for index, token in enumerate(lines):
            kind = token.type
            if kind == "SEATS":
                seats = [_seat(text, offset + token_line(token) + number) for number, text in enumerate(token[:-1].split("\n"))]
            elif kind == "SUMMARY":
                summary_at = index
                break
            else:
                event = _LINES[kind](token[:-1], offset + token_line(token))
                if event is not None:
                    events.append(event)
        summary = _summary(lines[summary_at + 1], lines[summary_at + 2] if len(lines) > summary_at + 2 else None, offset)
        return head, where, seats, events, summary


def _single_draw_marked(events: list[Event]) -> list[Event]:
    """A single-draw game's events with its one draw marked: PokerStars prints no street
    marker for it (FORMATS.md 1.7: the discards and "stands pat" lines come straight after
    the pre-draw betting, 5-Card Draw and 2-7 Single Draw alike), so a FIRST_DRAW marker is
    put before the first discard or stand-pat line, at its line. Unchanged when the hand has
    a draw marker or no draw (everyone folded before it)."""
    if any(isinstance(e, StreetStart) and e.street is Street.FIRST_DRAW for e in events):
        return events
    for index, event in enumerate(events):
        if isinstance(event, (Discard, StandPat)):
            return [*events[:index], StreetStart(Street.FIRST_DRAW, line=event.line), *events[index:]]
    return events


class PokerStarsParser(SiteParser):
    """Parses PokerStars Badugi hands. Not thread-safe (one inline transformer per process).

    parse(raw) -> ParsedHand; raises HandSyntaxError with the file line and what was expected.
    """

    grammar = "pokerstars"
    transformer = PokerStarsTransformer

    def parse(self, raw: RawHand) -> ParsedHand:
        header, table, seats, events, summary = self.run(raw)
        if header.et_zone in ZONES:  # the repeated autumn hour settled by the other stamp
            try:
                start_time, time_note = settle_start_time(Clock(header.et_stamp, header.et_zone), header.other_clock, ZONES)
            except OverflowError:  # (9999/12/31 22:00:00 ET has no date in UTC)
                raise out_of_range(header.et_stamp, header.et_zone, raw) from None
        else:
            start_time, time_note = site_time_to_utc(header.et_stamp, header.et_zone, raw), None  # (raises)
        game = game_id_of(raw.text)
        if GAMES[game].draws == 1:
            events = _single_draw_marked(events)
        return ParsedHand(
            site=Site.POKERSTARS,
            hand_id=header.hand_id,
            game=game,
            structure=header.structure,
            stakes=header.stakes,
            currency=header.currency,
            tournament=header.tournament,
            table=table["name"],
            max_seats=int(table["max_seats"]) if table["max_seats"] else None,
            button_seat=int(table["button"]),
            start_time=start_time,
            local_time=header.local_time,
            seats=tuple(seats),
            events=tuple(events),
            summary=summary,
            source=SourceText(raw.path, raw.line, raw.text),
            time_note=time_note,
        )
