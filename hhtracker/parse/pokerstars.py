"""PokerStars text -> ParsedHand. The grammar recognises; this module only builds values.

No rule is checked here (turn order, pots, card duplicates are the replay's job): a hand
that parses is a hand whose every line has a known shape.
"""

from __future__ import annotations

import datetime as dt

from lark import Token, Transformer, v_args

from ..cards import Card, parse_cards
from ..model import (
    Bet,
    BettingCapped,
    BettingStructure,
    BlindKind,
    Call,
    Chat,
    Check,
    Collect,
    DealtCards,
    Discard,
    DoesNotShow,
    Event,
    FinishTournament,
    Fold,
    Muck,
    NoteKind,
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
    SummarySeat,
    TableNote,
    Tournament,
    UncalledBetReturned,
)
from .grammar import Piece, SiteParser, site_time_to_utc
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


def parse_amount(text: str) -> int:
    """"$0.25" -> 25, "$5" -> 500, "€1,000.5" -> 100050 (cents: a currency sign means money);
    "1,285" -> 1285 (chips). raises ValueError for more than two decimals or decimals on
    chips."""
    money = text[0] in "$€£"
    digits = text[1:] if money else text
    digits = digits.replace(",", "")
    whole, _, fraction = digits.partition(".")
    if not money:
        if fraction.strip("0"):
            raise ValueError(f"fractional chips: {text!r}")
        return int(whole)
    if len(fraction) > 2:
        raise ValueError(f"more than two decimals: {text!r}")
    return int(whole) * 100 + int(fraction.ljust(2, "0") or 0)


def _all_in(text: str) -> tuple[str, bool]:
    """("$0.20", True) from "$0.20 and is all-in"."""
    if text.endswith(" and is all-in"):
        return text[:-14], True
    return text, False


def _bracketed(text: str) -> tuple[Card, ...] | None:
    """The cards of the first [..] in text; None for an empty bracket."""
    inner = text[text.index("[") + 1 : text.index("]")]
    return parse_cards(inner) if inner else None


def _with(token: str) -> str | None:
    """The hand description after " with " in a summary line, without the newline."""
    _, found, description = token.partition(" with ")
    return description[:-1] if found else None




@v_args(inline=True)
class PokerStarsTransformer(Transformer):
    """Builds a ParsedHand while the LALR parser runs (inline: no tree is built).

    `offset` is set before each parse to the hand's first line minus one, so token lines
    become file lines.
    """

    offset = 0

    def _line(self, token: Token) -> int:
        return self.offset + token.line

    # ---- header -------------------------------------------------------------------------

    def header(self, hand_id, room, game_info, clock, et_clock):
        return Piece("header", (str(hand_id), game_info, clock, et_clock))

    def cash_game(self, game, small, big, currency):
        structure = game
        small_bet, big_bet = parse_amount(small), parse_amount(big)
        money = small[0] in "$€£"
        code = currency.strip() if currency else ("USD" if small[0] == "$" else "EUR" if money else "")
        return (structure, Stakes(small_bet, big_bet), code if money else "chips", None)

    def tournament_game(self, tournament_id, buy_in, game, match_round, level, small, big):
        tournament = Tournament(str(tournament_id), (buy_in or "").strip(), str(level))
        return (game, Stakes(parse_amount(small), parse_amount(big)), "chips", tournament)

    def game(self, mix_name, structure):
        return _STRUCTURES[structure.strip()]

    def clock(self, date, time, zone):
        stamp = dt.datetime.strptime(f"{date}{time}".strip(), "%Y/%m/%d %H:%M:%S")
        return (stamp, str(zone))

    # ---- table and seats ----------------------------------------------------------------

    def table(self, name, max_seats, play_money, button):
        seats = int(max_seats.strip().split("-")[0]) if max_seats else None
        return Piece("table", (str(name)[1:-1], seats, int(button)))

    def seat(self, start, name, tail):
        number = int(start[5 : start.index(":")])
        amount = tail[2 : tail.index(" in chips")]
        after = tail[tail.index(")", tail.index(" in chips")) + 1 :]
        return Seat(number, str(name), parse_amount(amount), bool(after.strip()), line=self._line(start))

    # ---- lines: each token below is the rest of one line, shape checked by the grammar ----

    def player_line(self, player, build):
        return build(str(player), self._line(player))

    def post(self, token):
        body, all_in = _all_in(token[8:-1])
        kind, amount = body.rsplit(" ", 1)
        value = parse_amount(amount)
        if kind == "the ante":
            return lambda p, line: PostAnte(p, value, all_in, line=line)
        blind = _BLINDS[kind]
        return lambda p, line: PostBlind(p, blind, value, all_in, line=line)

    def fold(self):
        return lambda p, line: Fold(p, line=line)

    def check(self):
        return lambda p, line: Check(p, line=line)

    def call(self, token):
        amount, all_in = _all_in(token[8:-1])
        value = parse_amount(amount)
        return lambda p, line: Call(p, value, all_in, line=line)

    def bet(self, token):
        amount, all_in = _all_in(token[7:-1])
        value = parse_amount(amount)
        return lambda p, line: Bet(p, value, all_in, line=line)

    def raise_(self, token):
        body, all_in = _all_in(token[9:-1])
        by, to = body.split(" to ")
        by_value, to_value = parse_amount(by), parse_amount(to)
        return lambda p, line: Raise(p, by_value, to_value, all_in, line=line)

    def discard(self, token):
        body = token[11:-1]
        number = int(body[: body.index(" ")])
        # "discards 2 cards []" (a site glitch) leaves the cards unknown (None).
        known = _bracketed(body) if "[" in body else None
        return lambda p, line: Discard(p, number, known, line=line)

    def stand_pat(self, token):
        known = _bracketed(token) if "[" in token else None
        return lambda p, line: StandPat(p, known, line=line)

    def show(self, token):
        known = _bracketed(token) or ()
        tail = token[token.index("]") + 1 : -1]
        text = tail[2:-1] if tail.startswith(" (") else None
        return lambda p, line: Show(p, known, text, line=line)

    def muck(self):
        return lambda p, line: Muck(p, line=line)

    def no_show(self):
        return lambda p, line: DoesNotShow(p, line=line)

    def collect(self, token):
        amount, _, name = token[11:-1].partition(" from ")
        value = parse_amount(amount)
        if name in ("pot", "main pot"):
            pot = 0
        elif name == "side pot":
            pot = 1
        else:
            pot = int(name.rsplit("-", 1)[1])
        return lambda p, line: Collect(p, value, pot, line=line)

    def finish(self, token):
        body = token[:-1]
        place = None
        if " in " in body:
            place_text = body.split(" in ", 1)[1].split(" ", 1)[0]
            place = int(place_text[:-2])
        prize = parse_amount(body.split(" and received ", 1)[1][:-1]) if " and received " in body else None
        return lambda p, line: FinishTournament(p, place, prize, line=line)

    def win_tournament(self, token):
        body = token[:-1]
        prize = None
        if " and receives " in body:
            prize = parse_amount(body.split(" and receives ", 1)[1].split(" - ", 1)[0])
        return lambda p, line: FinishTournament(p, 1, prize, line=line)

    def chat(self, token):
        message = token[8:-1]
        message = message[:-1] if message.endswith('"') else message
        return lambda p, line: Chat(p, message, line=line)

    def note(self, token):
        body = token[:-1]
        seat = None
        if body.startswith(" joins the table at seat #"):
            seat = int(body.rsplit("#", 1)[1])
            body = " joins the table at seat #"
        kind = _NOTES[body]
        return lambda p, line: TableNote(p, kind, seat, line=line)

    def other_line(self, event):
        return event

    def dealing(self):
        return None  # `*** DEALING HANDS ***` carries nothing; pre-draw starts with the hand.

    def dealt(self, token):
        body = token[9:-1]
        last = body.rfind(" [")
        first = body.rfind(" [", 0, last)
        if first >= 0 and body[first:last].endswith("]"):
            name, cards, new = body[:first], _bracketed(body[first:last]) or (), _bracketed(body[last:]) or ()
        else:
            name, cards, new = body[:last], _bracketed(body[last:]) or (), None
        return DealtCards(name, cards, new, line=self._line(token))

    def street(self, token):
        return StreetStart(_STREETS[token[:-1]], line=self._line(token))

    def uncalled(self, token):
        amount = token[token.index("(") + 1 : token.index(")")]
        name = token[token.index(") returned to ") + 14 : -1]
        return UncalledBetReturned(name, parse_amount(amount), line=self._line(token))

    def capped(self):
        return BettingCapped()

    def cancelled(self):
        return TableNote("", NoteKind.HAND_CANCELLED)

    # ---- summary ------------------------------------------------------------------------

    def summary(self, total, *seats):
        total_pot, rake, pots, line = total
        return Piece("summary", Summary(total_pot, rake, pots, tuple(seats), line=line))

    def total_pot(self, total, main, *rest):
        *sides, rake = rest
        pots = () if main is None else (main, *sides)
        return (parse_amount(total), parse_amount(rake), tuple(p for p in pots if p is not None), self._line(total))

    def main_pot(self, amount):
        return parse_amount(amount)

    def side_pot(self, _name, amount):
        return parse_amount(amount)

    def summary_seat(self, start, name, _positions, outcome):
        kind, values = outcome
        number = int(start[5 : start.index(":")])
        return SummarySeat(number, str(name), kind, line=self._line(start), **values)

    def folded_before(self, token):
        return ("folded", {"folded_round": Round.PREDRAW, "didnt_bet": "(didn't bet)" in token})

    def folded_after(self, token):
        return ("folded", {"folded_round": Round(int(token[18]) + 1)})

    def showed_won(self, token):
        amount = token[token.index("and won (") + 9 : token.index(")", token.index("and won ("))]
        return ("showed_won", {"cards": _bracketed(token) or (), "won": parse_amount(amount),
                               "description": _with(token)})

    def showed_lost(self, token):
        return ("showed_lost", {"cards": _bracketed(token) or (), "description": _with(token)})

    def mucked(self, token):
        return ("mucked", {"cards": _bracketed(token) or ()})

    def collected(self, token):
        return ("collected", {"won": parse_amount(token[12:-2])})

    def seat_sitting_out(self):
        return ("sitting_out", {})

    # ---- the whole hand -----------------------------------------------------------------

    def start(self, header, table, *items):
        return (header, table, items)


class PokerStarsParser(SiteParser):
    """Parses PokerStars Badugi hands. Not thread-safe (one inline transformer per process).

    parse(raw) -> ParsedHand; raises HandSyntaxError with the file line and what was expected.
    """

    grammar = "pokerstars"
    transformer = PokerStarsTransformer

    def parse(self, raw: RawHand) -> ParsedHand:
        header, table, items = self.run(raw)
        hand_id, (structure, stakes, currency, tournament), clock, et_clock = header.value
        table_name, max_seats, button = table.value
        seats: list[Seat] = []
        events: list[Event] = []
        summary: Summary | None = None
        for item in items:
            if item is None:
                continue
            if isinstance(item, Seat):
                seats.append(item)
            elif isinstance(item, Piece):
                summary = item.value  # type: ignore[assignment]
            else:
                events.append(item)
        local, zone = clock
        if et_clock is not None:
            stamp, et_zone = et_clock
        else:
            stamp, et_zone = clock
        start_time = site_time_to_utc(stamp, et_zone, raw)
        assert summary is not None  # the grammar requires the summary block
        return ParsedHand(
            site=Site.POKERSTARS,
            hand_id=hand_id,
            game="badugi",
            structure=structure,
            stakes=stakes,
            currency=currency,
            tournament=tournament,
            table=table_name,
            max_seats=max_seats,
            button_seat=button,
            start_time=start_time,
            local_time=f"{local:%Y/%m/%d %H:%M:%S} {zone}",
            seats=tuple(seats),
            events=tuple(events),
            summary=summary,
            source=SourceText(raw.path, raw.line, raw.text),
        )
