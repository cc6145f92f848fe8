"""A hand's start time from the site's two clocks (PokerStars prints its players' local time
and, in brackets, ET: `2020/11/01 7:30:00 CET [2020/11/01 1:30:00 ET]`).

ET has a repeated hour when summer time ends (2020/11/01 01:30 ET happens at 05:30 and at
06:30 UTC) and a missing one when it begins (2020/03/08 02:30 ET never happens). The other
stamp settles the repeated hour; when the stamps cannot be reconciled (a time that does not
exist, two stamps that disagree, or a repeated hour with no other stamp) the time is still
read, and a note says which stamp, and which reading of it, was used (the replay turns the
note into the warning `start_time`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

# A zone abbreviation is read as its region's clock, summer time included (grammar.ZONES:
# "CET" is Paris time, "WET" Lisbon time): PokerStars prints "WET" in June for a time that
# is UTC+1 there (`2011/06/26 23:34:01 WET [2011/06/26 18:34:01 ET]`, FORMATS.md 1.2).


@dataclass(frozen=True, slots=True)
class Clock:
    """One printed stamp: stamp, a naive wall-clock datetime; zone, its abbreviation."""

    stamp: dt.datetime
    zone: str

    def __str__(self) -> str:
        return f"{self.stamp:%Y/%m/%d %H:%M:%S} {self.zone}"


def readings(clock: Clock, zones: dict[str, str]) -> tuple[dt.datetime, ...] | None:
    """Every UTC instant the stamp can mean: one, two (a repeated hour, earlier first) or none
    (a time skipped when clocks go forward). None: the zone is not known."""
    name = zones.get(clock.zone)
    if name is None:
        return None
    zone = ZoneInfo(name)
    found: list[dt.datetime] = []
    for fold in (0, 1):
        utc = clock.stamp.replace(tzinfo=zone, fold=fold).astimezone(dt.UTC)
        if utc.astimezone(zone).replace(tzinfo=None) == clock.stamp and utc not in found:
            found.append(utc)
    return tuple(sorted(found))


def _fallback(clock: Clock, zones: dict[str, str]) -> dt.datetime:
    """A time skipped by the clocks, read with the offset before the change (fold 0)."""
    return clock.stamp.replace(tzinfo=ZoneInfo(zones[clock.zone]), fold=0).astimezone(dt.UTC)


def _utc(moment: dt.datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


def start_time(main: Clock, other: Clock | None, zones: dict[str, str]) -> tuple[dt.datetime, str | None]:
    """The start time in UTC from the site's main clock (ET on PokerStars) and the other
    stamp when printed, and a note when they do not settle it alone (None when they do).
    raises KeyError for a main zone that is not known, OverflowError for a stamp past the
    last UTC datetime (9999/12/31 22:00:00 ET)."""
    mains = readings(main, zones)
    if mains is None:
        raise KeyError(main.zone)
    others = readings(other, zones) if other is not None else None
    if others:
        agreed = [moment for moment in mains if moment in others]
        if agreed:
            return agreed[0], None
        if not mains:
            return others[0], f"{main} does not exist (the clocks went forward); {other} = {_utc(others[0])} used"
        return mains[0], (f"the stamps disagree: {main} = {' or '.join(_utc(m) for m in mains)}, "
                          f"{other} = {_utc(others[0])}; {main} used ({_utc(mains[0])})")
    if len(mains) == 1:
        return mains[0], None
    if not mains:
        moment = _fallback(main, zones)
        return moment, f"{main} does not exist (the clocks went forward); read as {_utc(moment)}"
    return mains[0], (f"{main} happens twice (the clocks went back) and no other stamp tells which; "
                      f"the first ({_utc(mains[0])}) used, not {_utc(mains[1])}")
