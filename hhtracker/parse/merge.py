"""Merge / Carbon XML -> ParsedHand. Read with defusedxml; builds values, checks no rule.

A hand is a `<description type="Badugi" stakes="Pot Limit ($0.05/$0.10)"/>` followed by its
`<game ...>` element (FORMATS.md section 4); the file splitter gives both as one RawHand, which
is parsed wrapped in one root element so that element lines stay file lines.

Translations and choices:

- Players are named by seat number in events; seat numbers are kept as the site writes them
  (0-based). `dealtin="false"` -> `Seat.sitting_out`.
- `starttime` ("20110129224038", or "2011/01/29 - 22:40:38") is Eastern time, as fpdb reads it
  (event timestamps agree: 1296358833593 ms = 2011-01-30 03:40:33 UTC).
- Amounts are dollars ("0.05"): cents, currency "USD" (`realmoney="false"`: "chips").
- Events: SMALL_BLIND, BIG_BLIND, INITIAL_BLIND (a new player's big blind), RETURN_BLIND
  (small, big or both by size), ANTE, CHECK, CALL (amount = chips added), BET, RAISE (amount
  = the raise-to total: `Raise(by=None, to=...)`), ALL_IN (amount = chips added: a call, bet
  or raise by the bet it faced), FOLD, SIT_OUT (a fold once cards are dealt), DRAW (text =
  count; 0 = stands pat), MUCK, SHOW, CHAT, connections and leaves as TableNotes.
  `GAME_CANCELLED`, a hand without `END_OF_GAME`, an unknown event type and XML that does
  not parse raise HandSyntaxError.
- Hero cards: `HOLE` is the deal; after each draw `DRAW_DRAWN_CARDS` is the whole new hand,
  so the hero's `Discard` carries the cards that left the hand and a `DealtCards(kept, new)`
  follows. `SHOWN` cards are a Show (with the site's `hand=` description); `MUCKED` cards
  a Show and a Muck.
- Results: `<winner amount=.. uncalled=.. potnumber=..>`. The site prints no total pot, no
  rake and (in the 2011 files) no uncalled-bet event; its winner amount includes the
  winner's own uncalled bet (the sample: raise to 0.60 uncalled over a 0.20 bet, pot 0.60,
  winner 0.97 = 0.57 + 0.40 back). So the excess of the last round's biggest bet over the
  next biggest is emitted as `UncalledBetReturned` (and taken off that player's winner
  amount, unless an `uncalled="true"` winner element gives it already); the summary's
  total pot is then what stayed in (contributions minus the uncalled bet) and the rake is
  that total minus what the winners took. The replay's total-pot and conservation checks
  are therefore true by construction for Merge hands; pots, winners, cards, stacks and
  descriptions are still checked.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from decimal import Decimal, InvalidOperation
from xml.etree.ElementTree import Element, ParseError, TreeBuilder
from zoneinfo import ZoneInfo

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from ..cards import Card, parse_cards
from ..errors import HandSyntaxError, excerpt
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
    ParsedHand,
    PostAnte,
    PostBlind,
    Raise,
    Seat,
    Show,
    Site,
    SourceText,
    Stakes,
    StandPat,
    Street,
    StreetStart,
    Summary,
    TableNote,
    Tournament,
    UncalledBetReturned,
)
from .amounts import check_grouping
from .read import RawHand

_STAKES = re.compile(
    r"^(?P<structure>Half Pot Limit|Pot Limit|No Limit|Limit)\s*(?:Level \d+ Blinds\s*)?"
    r"(?:\(\$?(?P<small>[\d.,]+)/\$?(?P<big>[\d.,]+)[^)]*\))?"
)
_STRUCTURES = {
    "Limit": BettingStructure.FIXED_LIMIT,
    "Pot Limit": BettingStructure.POT_LIMIT,
    "No Limit": BettingStructure.NO_LIMIT,
    "Half Pot Limit": BettingStructure.HALF_POT_LIMIT,
}
# The round that starts a draw; betting rounds (PRE_FIRST_DRAW, POST_*_DRAW) need no marker.
_ROUND_STREETS = {
    "FIRST_DRAW": Street.FIRST_DRAW,
    "SECOND_DRAW": Street.SECOND_DRAW,
    "THIRD_DRAW": Street.THIRD_DRAW,
}
# The rounds in the order the site writes them; a hand may leave some out (a round nobody
# acted in), never write one twice or out of this order.
_ROUND_ORDER = (
    "BLINDS", "PRE_FIRST_DRAW", "FIRST_DRAW", "POST_FIRST_DRAW", "SECOND_DRAW", "POST_SECOND_DRAW",
    "THIRD_DRAW", "POST_THIRD_DRAW", "SHOWDOWN", "END_OF_FOLDED_GAME", "END_OF_GAME",
)
_KNOWN_ROUNDS = frozenset(_ROUND_ORDER)
_NOTES = {
    "DISCONNECTED": NoteKind.DISCONNECTED,
    "RECONNECTED": NoteKind.CONNECTED,
    "LEAVE": NoteKind.LEAVES,
    "PLAYER_OUT": NoteKind.LEAVES,
    "JOIN": NoteKind.JOINS,
    "RETURN": NoteKind.RETURNED,
}
_ET = ZoneInfo("America/New_York")


class MergeParser:
    """Parses Merge/Carbon XML Badugi hands. parse(raw) -> ParsedHand; raises HandSyntaxError."""

    def parse(self, raw: RawHand) -> ParsedHand:
        root, lines = _read_xml(raw)
        return _Hand(raw, root, lines).build()


def _read_xml(raw: RawHand) -> tuple[Element, dict[int, int]]:
    """The hand's elements under one root, and element id -> file line."""
    builder = _LineBuilder()
    parser = DefusedXMLParser(target=builder, forbid_dtd=True)
    builder.expat = parser.parser
    try:
        parser.feed("<hand>" + raw.text + "</hand>")  # same line numbers as the file
        root = parser.close()
    except ParseError as error:
        line, column = error.position
        text = raw.text.split("\n")[line - 1].strip() if 0 < line <= raw.text.count("\n") + 1 else ""
        raise HandSyntaxError(
            f"not well-formed XML ({str(error).split(':')[0]}): {excerpt(text)}",
            path=raw.path, line=raw.line + line - 1, column=column, code="syntax",
        ) from None
    except DefusedXmlException as error:
        raise HandSyntaxError(f"refused XML: {error}", path=raw.path, line=raw.line, code="syntax") from None
    return root, builder.lines


class _LineBuilder(TreeBuilder):
    """A TreeBuilder that notes the line each element starts on."""

    def __init__(self) -> None:
        super().__init__()
        self.expat = None
        self.lines: dict[int, int] = {}

    def start(self, tag: str, attrs: dict[str, str]) -> Element:
        element = super().start(tag, attrs)
        if self.expat is not None:
            self.lines[id(element)] = self.expat.CurrentLineNumber
        return element


def _money(text: str | None, what: str) -> int:
    """ "0.05" / "$7.43" / "1,500" -> 5 / 743 / 150000 (hundredths). raises ValueError (also
    for misplaced commas, "1,2,3")."""
    if text is None:
        raise ValueError(f"{what}: amount missing")
    check_grouping(text)
    try:
        value = Decimal(text.replace("$", "").replace(",", "")) * 100
    except InvalidOperation:
        raise ValueError(f"{what}: not an amount: {text!r}") from None
    if value != value.to_integral_value():
        raise ValueError(f"{what}: more than two decimals: {text!r}")
    return int(value)


def _cards(text: str) -> tuple[Card, ...]:
    """ "Jh,3h,2s,3s" -> the cards. raises ValueError for what is not a card ("Xx")."""
    return parse_cards(" ".join(part.strip() for part in text.split(",") if part.strip()))


class _Hand:
    """One hand being read: the elements in order, a running tally of the bets of the round
    (to classify ALL_IN and find the uncalled bet), and the events built."""

    def __init__(self, raw: RawHand, root: Element, lines: dict[int, int]) -> None:
        self.raw = raw
        self.root = root
        self.lines = lines
        self.events: list[Event] = []
        self.names: dict[str, str] = {}
        self.in_round: dict[str, int] = defaultdict(int)
        self.put: dict[str, int] = defaultdict(int)
        self.level = 0
        self.dealt = False
        self.hero_hand: dict[str, tuple[Card, ...]] = {}
        self.last_round = -1  # index in _ROUND_ORDER of the last round read

    # ---- helpers --------------------------------------------------------------------------

    def line(self, element: Element) -> int:
        return self.raw.line + self.lines.get(id(element), 1) - 1

    def error(self, message: str, element: Element | None = None, code: str = "syntax") -> HandSyntaxError:
        line = self.line(element) if element is not None else self.raw.line
        return HandSyntaxError(message, path=self.raw.path, line=line, code=code)

    def player(self, element: Element) -> str:
        seat = element.get("player")
        name = self.names.get(seat or "")
        if name is None:
            raise self.error(f"{element.get('type') or element.tag} by seat {seat!r}, which has no player", element)
        return name

    def amount(self, element: Element) -> int:
        try:
            return _money(element.get("amount"), element.get("type") or element.tag)
        except ValueError as error:
            raise self.error(str(error), element) from None

    def pay(self, player: str, added: int) -> None:
        self.in_round[player] += added
        self.put[player] += added
        self.level = max(self.level, self.in_round[player])

    # ---- the hand -------------------------------------------------------------------------

    def build(self) -> ParsedHand:
        description = self.root.find("description")
        game = self.root.find("game")
        if game is None:
            raise self.error("no <game> element", code="truncated")
        if description is None:
            raise self.error("a <game> without its <description>: game and stakes unknown")
        structure, stakes = self.stakes(description)
        kind = description.get("type", "")
        tournament = None
        if kind.endswith(" Tournament"):
            data = (game.get("data") or "").split("|")
            tournament = Tournament(data[2] if len(data) > 2 else game.get("id", ""), data[1] if len(data) > 1 else "", None)
        currency = CHIPS if tournament is not None or game.get("realmoney") == "false" else "USD"
        seats, button = self.seats(game)
        rounds = game.findall("round")
        ids = [r.get("id") for r in rounds]
        if "GAME_CANCELLED" in ids or any(e.get("type") == "GAME_CANCELLED" for e in game.iter("event")):
            raise self.error("the site cancelled this hand (GAME_CANCELLED): nothing to import", game, code="cancelled")
        if "END_OF_GAME" not in ids:
            raise self.error("hand ends too early (cut off?): no END_OF_GAME round", game, code="truncated")
        winners: list[Element] = []
        for round_ in rounds:
            self.round(round_, winners)
        summary = self.results(winners)
        table = self.table(game)
        return ParsedHand(
            site=Site.MERGE,
            hand_id=game.get("id", ""),
            game=game_id_of(self.raw.text),
            structure=structure,
            stakes=stakes,
            currency=currency,
            tournament=tournament,
            table=table,
            max_seats=int(game.get("seats") or "") if (game.get("seats") or "").isdigit() else None,
            button_seat=button,
            start_time=self.utc_start_time(game),
            local_time=f"{self.start_time(game):%Y/%m/%d %H:%M:%S} ET",
            seats=seats,
            events=tuple(self.events),
            summary=summary,
            source=SourceText(self.raw.path, self.raw.line, self.raw.text),
        )

    def stakes(self, description: Element) -> tuple[BettingStructure, Stakes]:
        text = description.get("stakes", "")
        match = _STAKES.match(text)
        if not match:
            raise self.error(f"unknown stakes {text!r}", description)
        try:
            small = _money(match.group("small"), "stakes") if match.group("small") else 0
            big = _money(match.group("big"), "stakes") if match.group("big") else 0
        except ValueError as error:
            raise self.error(str(error), description) from None
        return _STRUCTURES[match.group("structure")], Stakes(small, big)

    def table(self, game: Element) -> str:
        data = re.split(r"[|:]", game.get("data") or "")
        return data[1].strip() if len(data) > 1 else ""

    def start_time(self, game: Element) -> dt.datetime:
        text = game.get("starttime", "")
        for shape in ("%Y%m%d%H%M%S", "%Y/%m/%d - %H:%M:%S", "%Y/%m/%d %H:%M:%S"):
            try:
                stamp = dt.datetime.strptime(text[: len(dt.datetime(2000, 1, 1).strftime(shape))], shape).replace(tzinfo=_ET)
            except ValueError:
                continue
            return stamp
        raise self.error(f"unknown starttime {text!r}", game)

    def utc_start_time(self, game: Element) -> dt.datetime:
        """raises HandSyntaxError (code bad_date) for a time with no UTC date (year 9999)."""
        try:
            return self.start_time(game).astimezone(dt.UTC)
        except OverflowError:
            raise self.error(f"starttime {game.get('starttime', '')!r} is out of range", game, code="bad_date") from None

    def card_list(self, element: Element) -> tuple[Card, ...]:
        """The cards of an element's `cards` attribute ("Jh,3h,2s,3s"). raises
        HandSyntaxError (at the element's line) for a text that is not cards."""
        try:
            return _cards(element.get("cards", ""))
        except ValueError as error:
            raise self.error(f"{element.get('type') or element.tag}: {error}", element) from None

    def seats(self, game: Element) -> tuple[tuple[Seat, ...], int]:
        players = game.find("players")
        if players is None:
            raise self.error("no <players> element", game)
        seats = []
        for element in players.findall("player"):
            number, name = element.get("seat"), element.get("nickname")
            if number is None or not number.isdigit() or not name:
                raise self.error("a <player> without seat or nickname", element)
            try:
                stack = _money(element.get("balance"), "balance")
            except ValueError as error:
                raise self.error(str(error), element) from None
            self.names[number] = name
            seats.append(Seat(int(number), name, stack, element.get("dealtin") == "false", line=self.line(element)))
        dealer = players.get("dealer", "")
        if not dealer.isdigit():
            raise self.error(f"no dealer seat on <players> ({dealer!r})", players)
        return tuple(seats), int(dealer)

    # ---- rounds and events ----------------------------------------------------------------

    def round(self, round_: Element, winners: list[Element]) -> None:
        name = round_.get("id", "")
        if name not in _KNOWN_ROUNDS:
            raise self.error(f"unknown round {name!r}", round_)
        index = _ROUND_ORDER.index(name)
        if index <= self.last_round:
            raise self.error(f"round out of order: {name} after {_ROUND_ORDER[self.last_round]}", round_)
        self.last_round = index
        street = _ROUND_STREETS.get(name)
        if street is not None:
            self.events.append(StreetStart(street, line=self.line(round_)))
            self.in_round.clear()
            self.level = 0
        drawn = {c.get("player"): c for c in round_.findall("cards") if c.get("type") == "DRAW_DRAWN_CARDS"}
        for element in round_:
            if element.tag == "event":
                self.event(element, drawn)
            elif element.tag == "cards":
                self.cards(element)
            elif element.tag == "winner":
                winners.append(element)
            else:
                raise self.error(f"unknown element <{element.tag}>", element)

    def event(self, element: Element, drawn: dict[str | None, Element]) -> None:
        kind = element.get("type", "")
        line = self.line(element)
        if kind in _NOTES:
            self.events.append(TableNote(self.player(element), _NOTES[kind], line=line))
            return
        if kind == "CHAT":
            self.events.append(Chat(self.player(element) if element.get("player") else "", element.get("text", ""), line=line))
            return
        player = self.player(element)
        match kind:
            case "SMALL_BLIND" | "BIG_BLIND" | "INITIAL_BLIND" | "RETURN_BLIND":
                amount = self.amount(element)
                blind = BlindKind.SMALL if kind == "SMALL_BLIND" else BlindKind.BIG
                if kind == "RETURN_BLIND" and amount < self.big_blind_size():
                    blind = BlindKind.SMALL
                elif kind == "RETURN_BLIND" and amount > self.big_blind_size():
                    blind = BlindKind.SMALL_AND_BIG
                self.events.append(PostBlind(player, blind, amount, line=line))
                live = min(amount, self.big_blind_size()) if blind is BlindKind.SMALL_AND_BIG else amount
                self.pay(player, live)
                self.put[player] += amount - live  # the dead part of a small-and-big post
            case "ANTE":
                amount = self.amount(element)
                self.events.append(PostAnte(player, amount, line=line))
                self.put[player] += amount
            case "CHECK":
                self.events.append(Check(player, line=line))
            case "FOLD":
                self.events.append(Fold(player, line=line))
            case "SIT_OUT":
                self.events.append(TableNote(player, NoteKind.SITS_OUT, line=line))
                if self.dealt:
                    self.events.append(Fold(player, line=line))
            case "CALL":
                amount = self.amount(element)
                self.events.append(Call(player, amount, line=line))
                self.pay(player, amount)
            case "BET":
                amount = self.amount(element)
                self.events.append(Bet(player, amount, line=line))
                self.pay(player, amount)
            case "RAISE" | "COMPLETE":
                to = self.amount(element)
                self.events.append(Raise(player, None, to, line=line))
                self.pay(player, to - self.in_round[player])
            case "ALL_IN":
                added = self.amount(element)
                owed = self.level - self.in_round[player]
                if added <= owed:
                    self.events.append(Call(player, added, True, line=line))
                elif self.level == 0:
                    self.events.append(Bet(player, added, True, line=line))
                else:
                    self.events.append(Raise(player, None, self.in_round[player] + added, True, line=line))
                self.pay(player, added)
            case "DRAW":
                self.draw(player, element, drawn.get(element.get("player")))
            case "MUCK":
                self.events.append(Muck(player, line=line))
            case "SHOW":
                pass  # the SHOWN <cards> element carries the cards
            case _:
                raise self.error(f"unknown event type {kind!r}", element)

    def big_blind_size(self) -> int:
        return max((e.amount for e in self.events if isinstance(e, PostBlind) and e.kind is BlindKind.BIG), default=0) or 1

    def draw(self, player: str, element: Element, after_element: Element | None) -> None:
        text = element.get("text", "")
        if not text.isdigit():
            raise self.error(f"DRAW without a card count (text={text!r})", element)
        count, line = int(text), self.line(element)
        before = self.hero_hand.get(player)
        if count == 0:
            self.events.append(StandPat(player, before, line=line))
            return
        if before is None or after_element is None:  # an opponent: count only
            self.events.append(Discard(player, count, line=line))
            return
        after = self.card_list(after_element)
        thrown = tuple(card for card in before if card not in after)
        self.events.append(Discard(player, count, thrown, line=line))

    def cards(self, element: Element) -> None:
        kind, line = element.get("type", ""), self.line(element)
        player = self.player(element)
        cards = self.card_list(element)
        description = element.get("hand")
        if kind == "HOLE":
            self.dealt = True
            self.hero_hand[player] = cards
            self.events.append(DealtCards(player, cards, line=line))
        elif kind == "DRAW_DRAWN_CARDS":
            before = self.hero_hand.get(player, ())
            kept = tuple(card for card in before if card in cards)
            new = tuple(card for card in cards if card not in before)
            self.hero_hand[player] = cards
            if new or kept != before:  # a pat hand gets no "dealt" line
                self.events.append(DealtCards(player, kept, new, line=line))
        elif kind == "SHOWN":
            self.events.append(Show(player, cards, description, line=line))
        elif kind == "MUCKED":
            self.events.append(Show(player, cards, description, line=line))
            self.events.append(Muck(player, line=line))
        else:
            raise self.error(f"unknown cards type {kind!r}", element)

    # ---- results ----------------------------------------------------------------------------

    def results(self, winners: list[Element]) -> Summary:
        """Collects, the uncalled bet and the summary (see the module doc)."""
        returned: dict[str, int] = defaultdict(int)
        collects: list[tuple[str, int, int, int]] = []  # player, amount, pot, line
        for element in winners:
            player, amount = self.player(element), self.amount(element)
            pot_number = element.get("potnumber", "1")
            pot = int(pot_number) - 1 if pot_number.isdigit() and int(pot_number) > 0 else 0
            if element.get("uncalled") == "true":
                returned[player] += amount
                self.events.append(UncalledBetReturned(player, amount, line=self.line(element)))
            else:
                collects.append((player, amount, pot, self.line(element)))
        if not returned:
            player, excess = self.uncalled_excess()
            if excess:
                line = next((c[3] for c in collects if c[0] == player), collects[0][3] if collects else self.raw.line)
                self.events.append(UncalledBetReturned(player, excess, line=line))
                for index, (who, amount, pot, at) in enumerate(collects):
                    if who == player and amount >= excess:
                        collects[index] = (who, amount - excess, pot, at)
                        break
                returned[player] += excess
        by_pot: dict[int, int] = defaultdict(int)
        for player, amount, pot, line in collects:
            self.events.append(Collect(player, amount, pot, line=line))
            by_pot[pot] += amount
        total = sum(self.put.values()) - sum(returned.values())
        taken = sum(by_pot.values())
        pots = tuple(by_pot.get(i, 0) for i in range(max(by_pot) + 1)) if len(by_pot) > 1 else ()
        line = collects[0][3] if collects else self.raw.line
        return Summary(total, total - taken, pots, (), line=line)

    def uncalled_excess(self) -> tuple[str, int]:
        """Who bet more in the last betting round than anyone else put in it, and by how much."""
        if not self.in_round:
            return "", 0
        ranked = sorted(self.in_round.items(), key=lambda item: item[1], reverse=True)
        top_player, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        return top_player, top - second
