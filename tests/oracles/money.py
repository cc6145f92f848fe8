"""An independent money check of one hand's raw text: what each player put in, what was
collected and the rake, read with plain regular expressions written from
../shared/formats/FORMATS.md and the corpus files, and nothing of hhtracker (no parser, no
rules). The fuzzer (tests/api/test_fuzz_import.py) runs it on every hand the importer stored
as ok or warning: such a hand must add up.

Per site (amounts read as hundredths of the printed unit, so cash and chips both come out
as integers; a hand never mixes them):
- PokerStars: `posts small blind|big blind|small & big blinds|the ante X`, `calls X` and
  `bets X` (chips added), `raises X to Y` (to Y in the round), `Uncalled bet (X) returned to
  P`, `P collected X from [main |side ]pot[-N]`, `Total pot X ... | Rake Y`. Rounds start at
  `*** FIRST|SECOND|THIRD DRAW ***`.
- Full Tilt: `posts the small|big blind of X`, `posts a dead small blind of X`, `antes X`,
  `calls X`, `bets X` (added), `raises to Y` (to Y), `Uncalled bet of X returned to P`,
  `P wins|ties for the [main |side ]pot [#N ](X)`, `Total pot X | Rake Y`.
- KingsClub: `P: posts the small|big blind X`, `posts blind X`, `posts ante X`, `calls X`,
  `bets X`, `raises to Y` (all to X in the round), a bet nobody matched comes back silently
  at the end of its round (the top amount of a round over the next one), `P wins pot (X)`,
  `P wins (X) from ...`, `Rake X` (0 when absent).
- Merge XML: `<player seat= balance=>`, `<event type= player= amount=>` (CALL, BET, ALL_IN
  add; RAISE, COMPLETE are to the amount in the round; blinds and the first betting round
  are one round), `<winner amount= player= uncalled=>`. The site prints no rake: the check
  is that the winners took no more than went in.

`check_money(text)` -> MoneyCount; `MoneyCount.problems` is empty when the hand adds up:
total put in (net of bets returned) = collected + rake, the site's total pot (when printed)
= what was put in, nobody put in more than his starting stack, nobody without a seat put
in or collected, every amount readable."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

SITE_STARS, SITE_FULL_TILT, SITE_KINGSCLUB, SITE_MERGE = "pokerstars", "fulltilt", "kingsclub", "merge"

# The start of a header line: a damaged hand number ("#770904003.001:") still starts a hand.
STARS_HEADER = re.compile(r"^\ufeff?PokerStars (?:Home Game )?(?:Hand|Game) #")
FULL_TILT_HEADER = re.compile(r"^\ufeff?Full ?Tilt ?Poker Game #")
KINGSCLUB_HEADER = re.compile(r"^\ufeff?#\d+: ")
MERGE_GAME = re.compile(r"^\s*(?:<description [^>]*>\s*)?<game[\s>]")

_AMOUNT = r"[$€£]?([\d,]+(?:\.\d+)?)"


class _Unreadable(Exception):
    """An amount the oracle cannot read."""


def cents(text: str) -> int:
    """"$1,285.5" -> 128550; "0.25" -> 25; "1500" -> 150000 (hundredths of the unit).
    raises _Unreadable for more than two decimals or no digits."""
    match = re.fullmatch(r"[$€£]?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?", text.strip())
    if match is None:
        raise _Unreadable(text)
    return int(match.group(1).replace(",", "")) * 100 + int((match.group(2) or "0").ljust(2, "0"))


@dataclass(frozen=True, slots=True)
class MoneyCount:
    """What one hand's text says about its money. put_in: player -> hundredths put in, net of
    bets returned; put_gross: before returns; stacks: player -> starting stack; collected:
    sum of what winners took; rake: None when the site prints none (Merge); problems: why
    it does not add up (empty: it does)."""

    site: str
    put_in: dict[str, int] = field(default_factory=dict)
    put_gross: dict[str, int] = field(default_factory=dict)
    stacks: dict[str, int] = field(default_factory=dict)
    collected: int = 0
    rake: int | None = 0
    total_pot: int | None = None
    problems: tuple[str, ...] = ()

    @property
    def adds_up(self) -> bool:
        return not self.problems


class _Ledger:
    """Money as the lines go: in the round, in total, returned, collected."""

    def __init__(self) -> None:
        self.round: dict[str, int] = defaultdict(int)
        self.gross: dict[str, int] = defaultdict(int)
        self.returned: dict[str, int] = defaultdict(int)
        self.collected: dict[str, int] = defaultdict(int)
        self.stacks: dict[str, int] = {}

    def add(self, who: str, amount: int, live: bool = True) -> None:
        self.gross[who] += amount
        if live:
            self.round[who] += amount

    def to(self, who: str, total: int) -> None:
        """Put in up to `total` in this round."""
        self.add(who, max(0, total - self.round[who]))

    def close_round_returning_excess(self) -> None:
        """KingsClub: the top amount of a round over the next one comes back."""
        ranked = sorted(self.round.items(), key=lambda item: item[1], reverse=True)
        if ranked:
            excess = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else 0)
            self.returned[ranked[0][0]] += excess
        self.round = defaultdict(int)


def _count(site: str, ledger: _Ledger, rake: int | None, total_pot: int | None, problems: list[str]) -> MoneyCount:
    put_in = {who: ledger.gross[who] - ledger.returned.get(who, 0) for who in ledger.gross}
    for who in sorted(set(ledger.gross) | set(ledger.returned) | set(ledger.collected)):
        if who not in ledger.stacks:
            problems.append(f"{who!r} puts in or takes money without a seat")
        elif ledger.gross.get(who, 0) > ledger.stacks[who]:
            problems.append(f"{who!r} put in {ledger.gross[who]} of a stack of {ledger.stacks[who]}")
    for who, amount in ledger.returned.items():
        if amount > ledger.gross.get(who, 0):
            problems.append(f"{who!r} got back {amount} of {ledger.gross.get(who, 0)} put in")
    total_in, collected = sum(put_in.values()), sum(ledger.collected.values())
    if rake is None:  # Merge: no rake printed
        if not 0 <= total_in - collected:
            problems.append(f"put in {total_in}, winners took {collected}")
    else:
        if rake < 0 or total_in != collected + rake:
            problems.append(f"put in {total_in}, collected {collected} + rake {rake}")
        if total_pot is not None and total_pot != total_in:
            problems.append(f"total pot {total_pot} but put in {total_in}")
    return MoneyCount(site, put_in, dict(ledger.gross), dict(ledger.stacks), collected, rake, total_pot, tuple(problems))


def site_of(text: str) -> str | None:
    """The site of a hand's text by its first line; None when no site's header."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    if STARS_HEADER.match(first):
        return SITE_STARS
    if FULL_TILT_HEADER.match(first):
        return SITE_FULL_TILT
    if KINGSCLUB_HEADER.match(first):
        return SITE_KINGSCLUB
    if MERGE_GAME.match(first) or first.startswith("<description "):
        return SITE_MERGE
    return None


def check_money(text: str) -> MoneyCount:
    """The money of one hand's raw text (any site above): see the module doc. Never raises."""
    site = site_of(text)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff").split("\n")
    try:
        if site == SITE_STARS:
            return _stars(lines)
        if site == SITE_FULL_TILT:
            return _full_tilt(lines)
        if site == SITE_KINGSCLUB:
            return _kingsclub(lines)
        if site == SITE_MERGE:
            return _merge(text)
    except _Unreadable as error:
        return MoneyCount(site or "?", problems=(f"amount not readable: {str(error)[:40]!r}",))
    return MoneyCount("?", problems=("no site's header",))


# ---- PokerStars ---------------------------------------------------------------------------

_S_SEAT = re.compile(r"^Seat \d+: (.+) \(" + _AMOUNT + r" in chips")
_S_STAKES = re.compile(r"\(" + _AMOUNT + r"/" + _AMOUNT + r"[ )]")
_S_POST = re.compile(r"^(.+): posts (small blind|big blind|small & big blinds|the ante) (\S+?)(?: and is all-in)?\s*$")
_S_ADD = re.compile(r"^(.+): (calls|bets) (\S+?)(?: and is all-in)?\s*$")
_S_RAISE = re.compile(r"^(.+): raises (\S+) to (\S+?)(?: and is all-in)?\s*$")
_S_UNCALLED = re.compile(r"^Uncalled bet \((\S+)\) returned to (.+?)\s*$")
_S_COLLECT = re.compile(r"^(.+) collected (\S+) from (?:main |side )?pot(?:-\d+)?\s*$")
_S_TOTAL = re.compile(r"^Total pot (\S+) .*\| Rake (\S+?)\s*$|^Total pot (\S+) \| Rake (\S+?)\s*$")
_S_DRAW = re.compile(r"^\*\*\* (?:FIRST|SECOND|THIRD) DRAW \*\*\*")


def _stars(lines: list[str]) -> MoneyCount:
    ledger, problems = _Ledger(), []
    stakes = _S_STAKES.search(lines[0])
    big_blind = cents(stakes.group(1)) if stakes else 0
    rake: int | None = None
    total_pot: int | None = None
    in_summary = False
    for line in lines[1:]:
        if line.startswith("*** SUMMARY ***"):
            in_summary = True
        if _S_DRAW.match(line):
            ledger.round = defaultdict(int)
        if not in_summary and (m := _S_SEAT.match(line)):
            ledger.stacks[m.group(1)] = cents(m.group(2))
        elif m := _S_POST.match(line):
            who, kind, amount = m.group(1), m.group(2), cents(m.group(3))
            if kind == "the ante":
                ledger.add(who, amount, live=False)
            elif kind == "small & big blinds":
                ledger.add(who, amount, live=False)
                ledger.round[who] += min(amount, big_blind)
            else:
                ledger.add(who, amount)
        elif m := _S_RAISE.match(line):
            ledger.to(m.group(1), cents(m.group(3)))
        elif m := _S_ADD.match(line):
            ledger.add(m.group(1), cents(m.group(3)))
        elif m := _S_UNCALLED.match(line):
            ledger.returned[m.group(2)] += cents(m.group(1))
        elif m := _S_COLLECT.match(line):
            ledger.collected[m.group(1)] += cents(m.group(2))
        elif m := _S_TOTAL.match(line):
            total_pot = cents(m.group(1) or m.group(3))
            rake = cents(m.group(2) or m.group(4))
    if rake is None:
        problems.append("no `Total pot ... | Rake` line")
        rake = 0
    return _count(SITE_STARS, ledger, rake, total_pot, problems)


# ---- Full Tilt ----------------------------------------------------------------------------

_F_SEAT = re.compile(r"^Seat \d+: (.+) \(" + _AMOUNT + r"\)")
_F_BLIND = re.compile(r"^(.+) posts the (?:small|big) blind of (\S+?)\s*$")
_F_DEAD = re.compile(r"^(.+) (?:posts a dead small blind of|antes) (\S+?)\s*$")
_F_POST = re.compile(r"^(.+) posts (\S+?)\s*$")
_F_ADD = re.compile(r"^(.+) (?:calls|bets) (\S+?)(?:, and is all in)?\s*$")
_F_RAISE = re.compile(r"^(.+) raises to (\S+?)(?:, and is all in)?\s*$")
_F_UNCALLED = re.compile(r"^Uncalled bet of (\S+) returned to (.+?)\s*$")
_F_COLLECT = re.compile(r"^(.+) (?:wins|ties for) the (?:main |side )?pot(?: #?\d+)? \((\S+?)\)")
_F_TOTAL = re.compile(r"^Total pot (\S+)(?: .*)? \| Rake (\S+?)\s*$")
_F_DRAW = re.compile(r"^\*\*\* (?:FIRST|SECOND|THIRD) DRAW \*\*\*")


def _full_tilt(lines: list[str]) -> MoneyCount:
    ledger, problems = _Ledger(), []
    rake: int | None = None
    total_pot: int | None = None
    in_summary = False
    for line in lines[1:]:
        if line.startswith("*** SUMMARY ***"):
            in_summary = True
        if _F_DRAW.match(line):
            ledger.round = defaultdict(int)
        if in_summary:
            if m := _F_TOTAL.match(line):
                total_pot, rake = cents(m.group(1)), cents(m.group(2))
            continue
        if m := _F_SEAT.match(line):
            ledger.stacks[m.group(1)] = cents(m.group(2))
        elif m := _F_BLIND.match(line):
            ledger.add(m.group(1), cents(m.group(2)))
        elif m := _F_DEAD.match(line):
            ledger.add(m.group(1), cents(m.group(2)), live=False)
        elif m := _F_RAISE.match(line):
            ledger.to(m.group(1), cents(m.group(2)))
        elif m := _F_ADD.match(line):
            ledger.add(m.group(1), cents(m.group(2)))
        elif m := _F_POST.match(line):
            ledger.add(m.group(1), cents(m.group(2)))
        elif m := _F_UNCALLED.match(line):
            ledger.returned[m.group(2)] += cents(m.group(1))
        elif m := _F_COLLECT.match(line):
            ledger.collected[m.group(1)] += cents(m.group(2))
    if rake is None:
        problems.append("no `Total pot ... | Rake` line")
        rake = 0
    return _count(SITE_FULL_TILT, ledger, rake, total_pot, problems)


# ---- KingsClub ----------------------------------------------------------------------------

_K_SEAT = re.compile(r"^Seat \d+: (.+) \(([\d,.]+)\)\s*$")
_K_BLIND = re.compile(r"^(.+): posts (?:the small blind|the big blind|blind) (\S+?)\s*$")
_K_ANTE = re.compile(r"^(.+): posts ante (\S+?)\s*$")
_K_TO = re.compile(r"^(.+) (?:calls|bets|raises to) (\S+?),?(?: and is all in)?\s*$")
_K_WINS = re.compile(r"^(.+) wins (?:pot \((\S+?)\)|\((\S+?)\) from .+)\s*$")
_K_RAKE = re.compile(r"^Rake (\S+?)\s*$")
_K_DRAW = re.compile(r"^.+ (?:draws \d|discards \[|stands pat)")


def _kingsclub(lines: list[str]) -> MoneyCount:
    ledger, problems = _Ledger(), []
    rake = 0
    seen_marker = False
    in_summary = False
    for line in lines[1:]:
        if line.startswith("*** "):
            seen_marker = True
            if not in_summary and not line.startswith("*** 1ST BETTING ROUND"):  # blinds may come before it
                ledger.close_round_returning_excess()
            in_summary = in_summary or line.startswith("*** SUMMARY ***")
            continue
        if not seen_marker and (m := _K_SEAT.match(line)):
            ledger.stacks[m.group(1)] = cents(m.group(2))
        elif m := _K_RAKE.match(line):
            rake = cents(m.group(1))
        elif m := _K_WINS.match(line):
            ledger.collected[m.group(1)] += cents(m.group(2) or m.group(3))
        elif in_summary:
            continue
        elif m := _K_BLIND.match(line):
            ledger.add(m.group(1), cents(m.group(2)))
        elif m := _K_ANTE.match(line):
            ledger.add(m.group(1), cents(m.group(2)), live=False)
        elif m := _K_TO.match(line):
            ledger.to(m.group(1), cents(m.group(2)))
        elif not seen_marker and _K_DRAW.match(line):  # a single-draw hand with no markers: the draw ends round 1
            seen_marker = True
            ledger.close_round_returning_excess()
    if not in_summary:
        ledger.close_round_returning_excess()
    return _count(SITE_KINGSCLUB, ledger, rake, None, problems)


# ---- Merge XML ----------------------------------------------------------------------------

_X_TAG = re.compile(r"<(player|event|winner|round)\b([^>]*)>")
_X_ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')


def _merge(text: str) -> MoneyCount:
    ledger, problems = _Ledger(), []
    for tag in _X_TAG.finditer(text):
        attributes = dict(_X_ATTRIBUTE.findall(tag.group(2)))
        kind = tag.group(1)
        if kind == "round":
            if attributes.get("id") not in ("BLINDS", "PRE_FIRST_DRAW"):
                ledger.round = defaultdict(int)
            continue
        who = "seat " + attributes.get("seat" if kind == "player" else "player", "?")
        if kind == "player":
            ledger.stacks[who] = cents(attributes.get("balance", "?"))
        elif kind == "winner":
            amount = cents(attributes.get("amount", "?"))
            if attributes.get("uncalled") == "true":
                ledger.returned[who] += amount
            else:
                ledger.collected[who] += amount
        else:
            event = attributes.get("type", "")
            if event in ("SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "RETURN_BLIND", "CALL", "BET", "ALL_IN"):
                ledger.add(who, cents(attributes.get("amount", "?")))
            elif event == "ANTE":
                ledger.add(who, cents(attributes.get("amount", "?")), live=False)
            elif event in ("RAISE", "COMPLETE"):
                ledger.to(who, cents(attributes.get("amount", "?")))
    return _count(SITE_MERGE, ledger, None, None, problems)


# ---- hands in a file ----------------------------------------------------------------------


def hand_starts(text: str) -> int:
    """How many hands a file's text holds, by the sites' header lines (Merge: `<game`
    elements), counted without hhtracker's reader."""
    count = 0
    for line in text.replace("\r\n", "\n").split("\n"):
        if STARS_HEADER.match(line) or FULL_TILT_HEADER.match(line) or KINGSCLUB_HEADER.match(line) or MERGE_GAME.match(line):
            count += 1
    return count


def split_by_headers(text: str) -> list[str]:
    """A file's text cut into hands at the sites' header lines (a Merge `<description>`
    line goes with the `<game>` after it); text before the first header is dropped."""
    hands: list[list[str]] = []
    pending: list[str] = []
    for line in text.replace("\r\n", "\n").lstrip("\ufeff").split("\n"):
        if line.startswith("<description "):
            pending = [line]
            continue
        if STARS_HEADER.match(line) or FULL_TILT_HEADER.match(line) or KINGSCLUB_HEADER.match(line) or MERGE_GAME.match(line):
            hands.append(pending + [line])
            pending = []
        elif hands:
            hands[-1].append(line)
    return ["\n".join(lines).strip("\n") for lines in hands]
