"""The typed, immutable model of a parsed hand: what the site wrote, nothing computed.

Every event is a frozen dataclass carrying `line`, its 1-based line number in the source
file; `line` is excluded from equality so tests can compare events without positions.
Money is always an int in the smallest unit: cents for cash games, chips in tournaments
(a tournament prize printed with a currency sign is in cents).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import Enum, IntEnum, StrEnum
from typing import TypedDict

from .cards import Card

CHIPS = "chips"
"""The currency of hands played for chips (tournaments, play money): amounts are chips,
never added to money."""


class HandStatus(StrEnum):
    """What the import found of a hand, stored in hands.status. A hand "counts" (is in the
    statistics) when it is OK or WARNING; an ERROR hand (its replay broke a rule) and a
    REJECTED one (it did not parse) are stored with their raw text and left out."""

    OK = "ok"
    WARNING = "warning"
    ERROR = "error"
    REJECTED = "rejected"

    @property
    def counts(self) -> bool:
        return self in COUNTING


COUNTING: frozenset[HandStatus] = frozenset({HandStatus.OK, HandStatus.WARNING})
"""The statuses of the hands that count in the statistics."""

COUNTING_SQL = "h.status in ('ok', 'warning')"
"""The same, as SQL over `hands h` (the one place it is written)."""


class Site(StrEnum):
    """The poker sites hhtracker reads."""

    POKERSTARS = "pokerstars"
    FULL_TILT = "fulltilt"
    KINGSCLUB = "kingsclub"
    MERGE = "merge"


class BettingStructure(StrEnum):
    """How much a player may bet. Fixed limit is by far the most common in Badugi."""

    FIXED_LIMIT = "FL"
    POT_LIMIT = "PL"
    HALF_POT_LIMIT = "HPL"
    NO_LIMIT = "NL"


class Round(IntEnum):
    """A betting round. Round 1 is pre-draw; round k+1 follows draw k.

    Fixed limit: rounds 1-2 at the small bet, rounds 3-4 at the big bet (rule: seeds/002, section 1).
    """

    PREDRAW = 1
    AFTER_DRAW_1 = 2
    AFTER_DRAW_2 = 3
    AFTER_DRAW_3 = 4


class Street(Enum):
    """A section of the hand as the site marks it (`*** FIRST DRAW ***` ...)."""

    PREDRAW = "predraw"
    FIRST_DRAW = "first_draw"
    SECOND_DRAW = "second_draw"
    THIRD_DRAW = "third_draw"
    SHOWDOWN = "showdown"


class BlindKind(StrEnum):
    """Which forced bet a `PostBlind` is. SMALL_AND_BIG is a dead small blind plus a big blind."""

    SMALL = "small"
    BIG = "big"
    SMALL_AND_BIG = "small_and_big"


class NoteKind(StrEnum):
    """Table noise: kept, shown, never used by the rules."""

    JOINS = "joins"
    LEAVES = "leaves"
    SITS_OUT = "sits_out"
    IS_SITTING_OUT = "is_sitting_out"
    CONNECTED = "connected"
    DISCONNECTED = "disconnected"
    TIMED_OUT = "timed_out"
    TIMED_OUT_DISCONNECTED = "timed_out_disconnected"
    RETURNED = "returned"
    ALLOWED_AFTER_BUTTON = "allowed_after_button"
    WAITS_FOR_BIG_BLIND = "waits_for_big_blind"
    HAND_CANCELLED = "hand_cancelled"


# --- events -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. line: int, 1-based line in the file (not compared)."""

    line: int = field(compare=False, repr=False, kw_only=True, default=0)


@dataclass(frozen=True, slots=True)
class PlayerEvent(Event):
    """An event about one player, named as the site names him."""

    player: str


@dataclass(frozen=True, slots=True)
class StreetStart(Event):
    """A street marker line: `*** DEALING HANDS ***`, `*** FIRST DRAW ***`, `*** SHOW DOWN ***`."""

    street: Street


@dataclass(frozen=True, slots=True)
class PostBlind(PlayerEvent):
    """`X: posts big blind $0.25`. amount: int, cents (chips in tournaments)."""

    kind: BlindKind
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class PostAnte(PlayerEvent):
    """`X: posts the ante 5`. amount: int, cents (chips in tournaments)."""

    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class DealtCards(PlayerEvent):
    """`Dealt to Hero [As 3h 8h 6s]` (the deal), or after a draw `Dealt to Hero [kept] [new]`."""

    cards: tuple[Card, ...]
    new: tuple[Card, ...] | None = None

    @property
    def hand(self) -> tuple[Card, ...]:
        """The player's whole hand after this line: kept + new cards."""
        return self.cards + (self.new or ())


@dataclass(frozen=True, slots=True)
class Fold(PlayerEvent):
    """`X: folds`."""


@dataclass(frozen=True, slots=True)
class Check(PlayerEvent):
    """`X: checks`."""


@dataclass(frozen=True, slots=True)
class Call(PlayerEvent):
    """`X: calls $0.25`. amount: int, the chips added by this call; or, for sites that print
    the total (KingsClub `calls 90`), amount None and to: the player's total bet this round
    after the call (the replay works out what was added)."""

    amount: int | None
    all_in: bool = False
    to: int | None = None


@dataclass(frozen=True, slots=True)
class Bet(PlayerEvent):
    """`X: bets $0.50`. amount: int, the bet."""

    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Raise(PlayerEvent):
    """`X: raises $0.25 to $0.50`. by: int, the increment over the bet faced, or None where
    the site prints only the total (Full Tilt, KingsClub `raises to $0.20`); to: int, the
    player's total bet on this round after the raise."""

    by: int | None
    to: int
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class BettingCapped(Event):
    """`Betting is capped`: the site says the round's last allowed raise was made."""


@dataclass(frozen=True, slots=True)
class Discard(PlayerEvent):
    """`X: discards 2 cards` (count only) or `Hero: discards 2 cards [8h 6s]` (cards known)."""

    count: int
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class StandPat(PlayerEvent):
    """`X: stands pat` or, for the hero, `X: stands pat on [2c 9s 7h 4d]`."""

    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class Show(PlayerEvent):
    """`X: shows [8c 5d 7s Th] (Badugi: T,8,7,5)`. description: the site's words, or None;
    run: in a hand run twice, the run the hand is of where the site says it (KingsClub's
    `Run 2: X shows [..]`: 2), else None (the hand of the first run, or of both)."""

    cards: tuple[Card, ...]
    description: str | None = None
    run: int | None = None


@dataclass(frozen=True, slots=True)
class SecondRunDealt(PlayerEvent):
    """Run it twice: the new cards a player drew in the second run, after the draw's
    DealtCards of the first (KingsClub `Hero discards [Th] draws [8c] [Qs]`: [Qs]). cards:
    None where the site prints them in a way that cannot be read as cards (the module doc of
    parse/kingsclub.py says which)."""

    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class Muck(PlayerEvent):
    """`X: mucks hand`."""


@dataclass(frozen=True, slots=True)
class DoesNotShow(PlayerEvent):
    """`X: doesn't show hand` (a winner without showdown)."""


@dataclass(frozen=True, slots=True)
class UncalledBetReturned(PlayerEvent):
    """`Uncalled bet ($0.15) returned to X`. amount: int."""

    amount: int


@dataclass(frozen=True, slots=True)
class Collect(PlayerEvent):
    """`X collected $2.90 from main pot`. pot: 0 for the pot or main pot, k for side pot k.

    amount: int, what the player took from that pot (after rake)."""

    amount: int
    pot: int = 0


@dataclass(frozen=True, slots=True)
class CashOut(PlayerEvent):
    """`X cashed out the hand for $9.53 | Cash Out Fee $0.10` (PokerStars' all-in cash out:
    the site buys the player's hand before the cards are out). paid: int, what the site paid
    him; fee: int, its fee (0 when no fee is printed). His result for the hand is paid - fee
    - what he put in; a pot he then wins is not his (the summary's "pot not awarded as player
    cashed out", SummarySeat.cashed_out)."""

    paid: int
    fee: int = 0


@dataclass(frozen=True, slots=True)
class FinishTournament(PlayerEvent):
    """`X finished the tournament in 3rd place and received $1.60.` place: int or None (not
    printed); prize: int in the smallest unit of prize_currency ("USD" for "$1.60" -> 160),
    or None; prize_currency: "USD", "EUR", "GBP", or None for an amount without a sign
    (play chips)."""

    place: int | None
    prize: int | None = None
    prize_currency: str | None = None


@dataclass(frozen=True, slots=True)
class BountyWon(Event):
    """A knock-out tournament's bounty: `X wins the $0.27 bounty for eliminating Y` (winners:
    one name, or several who split it), `X wins $0.50 for eliminating Y and their own bounty
    increases by ...` (progressive). amount: int, in the smallest unit ("$0.27" -> 27;
    without a sign, chips or points as written); money: the amount had a currency sign.
    Kept and shown; the rules ignore it (a bounty is paid outside the pots)."""

    winners: tuple[str, ...]
    amount: int
    money: bool
    eliminated: str


@dataclass(frozen=True, slots=True)
class Chat(PlayerEvent):
    """`X said, "nh"`."""

    message: str


@dataclass(frozen=True, slots=True)
class TableNote(PlayerEvent):
    """Joins, leaves, time-outs, connections: kept, ignored by the rules. seat: for JOINS."""

    kind: NoteKind
    seat: int | None = None


# --- hand --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat line. stack: int, cents (chips in tournaments), at the start of the hand."""

    seat: int
    player: str
    stack: int
    sitting_out: bool = False
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Stakes:
    """small_bet, big_bet: ints, the fixed-limit bet sizes as the header gives them
    ($0.25/$0.50 is small bet 25, big bet 50); for PL/NL games the two blinds."""

    small_bet: int
    big_bet: int


@dataclass(frozen=True, slots=True)
class Tournament:
    """Tournament facts from the header. buy_in: the text as written ("$1.00+$0.20");
    level: Roman numeral text ("VII")."""

    tournament_id: str
    buy_in: str
    level: str | None


class SummaryOutcome(StrEnum):
    """How a summary seat line ends: folded, showed and won, showed and lost, mucked,
    collected (won without showing), sitting out."""

    FOLDED = "folded"
    SHOWED_WON = "showed_won"
    SHOWED_LOST = "showed_lost"
    MUCKED = "mucked"
    COLLECTED = "collected"
    SITTING_OUT = "sitting_out"
    UNKNOWN = "unknown"  # (a Full Tilt seat line fused into the next one: its end is lost)


@dataclass(frozen=True, slots=True)
class SummarySeat:
    """A summary seat line (`Seat 5: X showed [..] and won ($5.45) with a Badugi: 8,4,3,A`).

    outcome: "folded", "showed_won", "showed_lost", "mucked", "collected" or "sitting_out";
    won: int | None, the amount in parentheses; folded_round: Round | None for "folded";
    net: int | None, the player's result for the hand where the site prints it (KingsClub's
    "Seat 2: Player1 (928.25) +298.25"), checked by the replay. cashed_out: the player took
    PokerStars' all-in cash out (" (cashed out)." after a losing hand; " (pot not awarded as
    player cashed out)" after a winning one, whose `won` then went to the site, not to him).
    """

    seat: int
    player: str
    outcome: SummaryOutcome
    cards: tuple[Card, ...] | None = None
    won: int | None = None
    description: str | None = None
    folded_round: Round | None = None
    didnt_bet: bool = False
    line: int = field(default=0, compare=False, repr=False)
    net: int | None = None
    cashed_out: bool = False


class OutcomeFields(TypedDict, total=False):
    """The SummarySeat fields a summary line's outcome sets, as a site parser reads them
    before building the SummarySeat (`SummarySeat(seat, player, kind, **fields)`)."""

    cards: tuple[Card, ...]
    won: int
    description: str | None
    folded_round: Round
    didnt_bet: bool
    cashed_out: bool


@dataclass(frozen=True, slots=True)
class Summary:
    """The `*** SUMMARY ***` block. pots: the printed main and side pots in order (empty when
    the site printed only the total); all money in the hand's unit."""

    total_pot: int
    rake: int
    pots: tuple[int, ...] = ()
    seats: tuple[SummarySeat, ...] = ()
    line: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class SourceText:
    """Where a hand comes from: path: str, the file; line: int, 1-based first line; text: the
    hand's raw text exactly as read (line endings normalised to LF)."""

    path: str
    line: int
    text: str


@dataclass(frozen=True, slots=True)
class ParsedHand:
    """One hand as the site wrote it, typed. Nothing here is computed or checked.

    currency: "USD", "EUR"... for cash with money, "chips" for play money and tournaments.
    runs: 1, or 2 for a hand run twice (below).
    start_time: the site's clock in UTC (from the ET stamp); local_time: the first stamp as
    written, with its zone abbreviation; time_note: why the stamps did not settle the start
    time alone and which was used (a repeated or skipped hour, stamps that disagree), else
    None (parse/clock.py).
    """

    site: Site
    hand_id: str
    game: str
    structure: BettingStructure
    stakes: Stakes
    currency: str
    tournament: Tournament | None
    table: str
    max_seats: int | None
    button_seat: int
    start_time: dt.datetime
    local_time: str
    seats: tuple[Seat, ...]
    events: tuple[Event, ...]
    summary: Summary
    source: SourceText
    time_note: str | None = None
    runs: int = 1
    """2 when the site ran the cards twice after an all-in (KingsClub's run it twice): every
    pot is then split between the two runs, each half to the best hand of its run."""

    @property
    def is_tournament(self) -> bool:
        return self.tournament is not None

    @property
    def money_unit(self) -> str:
        """What the ints mean: "cents" for real-money cash, else "chips"."""
        return CHIPS if self.currency == CHIPS else "cents"

    def seat_of(self, player: str) -> Seat | None:
        for seat in self.seats:
            if seat.player == player:
                return seat
        return None
