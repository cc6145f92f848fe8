"""The events a player line's verb part builds, shared by the site parsers whose grammars read
the same verbs (Full Tilt, KingsClub): named functions, not lambdas, so that mypyc compiles
them (setup.py COMPILED). Each takes the values read from the line first, then the player and
the line number (parse.grammar binds the first with functools.partial)."""

from __future__ import annotations

from ..cards import Card
from ..model import Bet, BlindKind, Check, Event, Fold, PostAnte, PostBlind, Raise, StandPat


def ante(value: int, all_in: bool, player: str, line: int) -> Event:
    return PostAnte(player, value, all_in, line=line)


def blind(kind: BlindKind, value: int, all_in: bool, player: str, line: int) -> Event:
    return PostBlind(player, kind, value, all_in, line=line)


def fold(player: str, line: int) -> Event:
    return Fold(player, line=line)


def check(player: str, line: int) -> Event:
    return Check(player, line=line)


def bet(value: int, all_in: bool, player: str, line: int) -> Event:
    return Bet(player, value, all_in, line=line)


def raise_to(to: int, all_in: bool, player: str, line: int) -> Event:
    return Raise(player, None, to, all_in, line=line)


def stand_pat(known: tuple[Card, ...] | None, player: str, line: int) -> Event:
    return StandPat(player, known, line=line)
