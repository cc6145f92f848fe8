"""Per-player figures of a real 2-7 Triple Draw file (PokerStars cash or Full Tilt SNG text),
counted with plain regular expressions from ../shared/STATS.md's words and nothing of
hhtracker: the independent count tests/stats/test_draw_game_oracle.py compares the program with.

The rules, as STATS.md and docs/statistics.md say them:
- dealt in: a "Seat N: name (stack)" line before the hand's first "***" line;
- VPIP: a call, bet or raise before the first draw (posts and checks are not); PFR: a raise there;
  opportunity: every hand dealt in except a walk's big blind (everyone folded pre-draw and the
  big blind, who posted and made no pre-draw action, had no decision);
- reached draw k: dealt in, the draw-k header is in the hand and no fold of the player above it;
  pat at draw k: "stands pat" in that draw's section;
- WTSD: reached draw 1 and never folded, with 2+ players never folded (a showdown);
  W$SD: went to showdown and collected any money;
- net: collected minus put in (posts, calls, bets, raises to a total for the round; an uncalled
  bet returned is taken back), in cents (dollars) or chips.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

HEADER = re.compile(r"^(?:PokerStars Game #|Full Tilt Poker Game #)\d+")
SEAT = re.compile(r"^Seat \d+: (?P<name>.+?) \(\$?(?P<stack>[\d,.]+)(?: in chips)?\)\s*$")
DRAW_HEADERS = ("*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***")
AMOUNT = r"\$?(?P<amount>[\d,.]+)"
# "name: verb ..." (PokerStars) or "name verb ..." (Full Tilt); the name is checked against the
# seated players, and Full Tilt's chat ("Hero: gg") is no action (unless it began with a verb:
# none of these files' chat does).
ACTION = re.compile(
    r"^(?P<name>.+?):? (?P<verb>posts|calls|bets|raises|checks|folds|discards|stands pat"
    r"|collected|wins the pot)\b(?P<rest>.*)$"
)
RAISE_TO = re.compile(r"to " + AMOUNT)
FIRST_AMOUNT = re.compile(AMOUNT)
WON = re.compile(r"\(?" + AMOUNT)
UNCALLED = re.compile(r"^Uncalled bet (?:of |\()" + r"\$?(?P<amount>[\d,.]+)\)? returned to (?P<name>.+?)\s*$")


def units(text: str, dollars: bool) -> int:
    """An amount of the text in the smallest unit: '0.05' -> 5 and '4' -> 400 (cents) when
    `dollars`, else '1,500' -> 1500 (chips)."""
    text = text.replace(",", "")
    return int(Decimal(text) * 100) if dollars else int(text)


@dataclass
class PlayerCounts:
    """One player's counts over a file: `*_opp` the opportunities of the stat, net in cents/chips."""

    hands: int = 0
    vpip: int = 0
    vpip_opp: int = 0
    pfr: int = 0
    pat: list[int] = field(default_factory=lambda: [0, 0, 0])
    reached: list[int] = field(default_factory=lambda: [0, 0, 0])
    wtsd: int = 0
    wsd: int = 0
    net: int = 0


def split(text: str) -> list[list[str]]:
    """The hands of a file's text, each as its lines."""
    hands: list[list[str]] = []
    for line in text.splitlines():
        if HEADER.match(line):
            hands.append([])
        if hands:
            hands[-1].append(line.rstrip())
    return hands


def count_file(path: Path) -> dict[str, PlayerCounts]:
    """Every player's counts over the file at `path`."""
    text = path.read_text(encoding="utf-8-sig")
    # a cash file's seat lines give stacks in dollars ("Seat 1: Hero ($4 in chips)"), a
    # tournament's in chips ("Seat 1: Hero (1,500)"; its header's "$10" is the buy-in)
    dollars = any("($" in m.group(0) for m in map(SEAT.match, text.splitlines()) if m)
    players: dict[str, PlayerCounts] = {}
    for lines in split(text):
        count_hand(lines, players, dollars)
    return players


def count_hand(lines: list[str], players: dict[str, PlayerCounts], dollars: bool) -> None:
    """Add one hand (its lines) to `players`' counts."""
    first_marker = next(i for i, line in enumerate(lines) if line.startswith("***"))
    seated = [m["name"] for m in map(SEAT.match, lines[:first_marker]) if m]
    summary = next(i for i, line in enumerate(lines) if line.startswith("*** SUMMARY ***"))
    draw_at = [next((i for i, l in enumerate(lines) if l.startswith(h)), None) for h in DRAW_HEADERS]
    predraw_end = draw_at[0] if draw_at[0] is not None else summary

    folded_at: dict[str, int] = {}
    predraw_verbs: dict[str, list[str]] = {name: [] for name in seated}
    big_blinds: set[str] = set()
    put_in: Counter[str] = Counter()
    won: Counter[str] = Counter()
    this_round: Counter[str] = Counter()
    pat = {name: [False, False, False] for name in seated}
    for i, line in enumerate(lines[:summary]):
        if any(line.startswith(h) for h in DRAW_HEADERS):
            this_round = Counter()
        uncalled = UNCALLED.match(line)
        if uncalled:
            put_in[uncalled["name"]] -= units(uncalled["amount"], dollars)
            continue
        m = ACTION.match(line)
        if not m or m["name"] not in seated:
            continue
        name, verb, rest = m["name"], m["verb"], m["rest"]
        if i < predraw_end and verb in ("posts", "calls", "bets", "raises", "checks", "folds"):
            predraw_verbs[name].append(verb)
        if verb == "posts":
            if "big blind" in rest:
                big_blinds.add(name)
            amount = units(FIRST_AMOUNT.search(rest)["amount"], dollars)
            put_in[name] += amount
            this_round[name] += amount
        elif verb in ("calls", "bets"):
            amount = units(FIRST_AMOUNT.search(rest)["amount"], dollars)
            put_in[name] += amount
            this_round[name] += amount
        elif verb == "raises":
            total = units(RAISE_TO.search(rest)["amount"], dollars)
            put_in[name] += total - this_round[name]
            this_round[name] = total
        elif verb == "folds":
            folded_at.setdefault(name, i)
        elif verb in ("collected", "wins the pot"):
            won[name] += units(WON.search(rest)["amount"], dollars)
        elif verb == "stands pat":
            k = max(j for j, at in enumerate(draw_at) if at is not None and at < i)
            pat[name][k] = True

    voluntary = {"calls", "bets", "raises"}
    walk = all(v in ("posts", "folds") for verbs in predraw_verbs.values() for v in verbs)
    never_folded = [name for name in seated if name not in folded_at]
    showdown = len(never_folded) >= 2
    for name in seated:
        p = players.setdefault(name, PlayerCounts())
        p.hands += 1
        verbs = predraw_verbs[name]
        if not (walk and name in big_blinds and verbs == ["posts"]):
            p.vpip_opp += 1
        p.vpip += bool(voluntary & set(verbs))
        p.pfr += "raises" in verbs
        for k, at in enumerate(draw_at):
            if at is not None and folded_at.get(name, len(lines)) > at:
                p.reached[k] += 1
                p.pat[k] += pat[name][k]
        if showdown and name in never_folded:
            p.wtsd += 1
            p.wsd += won[name] > 0
        p.net += won[name] - put_in[name]


RAKE = re.compile(r"^Total pot .*\| Rake \$?(?P<amount>[\d,.]+)")


def rake_total(path: Path) -> int:
    """The rake of every hand of the file ("Total pot $2.11 | Rake $0.10"), cents or chips: what
    the players' nets add up to, negated."""
    text = path.read_text(encoding="utf-8-sig")
    dollars = "| Rake $" in text
    return sum(units(m["amount"], dollars) for m in map(RAKE.match, text.splitlines()) if m)
