"""Post-session review: sessions, the session report and stored hands replayed (`sessions`,
`report`, `hand`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..parse.sites import Parsers
from ..report.session import ReportError
from .common import existing_database, uses_database

if TYPE_CHECKING:
    from ..filters import Filters
    from ..report.contents import SessionReport, SessionSummary
    from ..report.session import SessionPage
    from ..report.hand_text import HandReplay
    from ..report.queries import StoredHand

__all__ = ["ReportError", "hand_replays", "session_page", "session_report", "sessions"]


@uses_database
def sessions(db_path: Path, *, hero: str | None = None, gap_minutes: int = 30,
             filters: Filters | None = None, newest: int | None = None) -> tuple[dict[str, str], list[SessionSummary]]:
    """(site -> hero name, the hero's sessions newest first) as
    `report.session.SessionSummary`s, made of the hands `filters` (filters.Filters) match
    when given; with `newest`, only the newest `newest` of them (numbered as in the whole
    list; reading the latest session alone is a session's work, not the archive's). The hero
    is `hero` on every site, else the player whose cards the files show most often, per site.
    raises ReportError when there is no hero, ValueError for bad stakes or a negative newest,
    NoDatabaseError when db_path does not exist."""
    from ..report.session import session_list

    db = existing_database(db_path)
    try:
        return session_list(db, hero=hero, gap=dt.timedelta(minutes=gap_minutes), filters=filters, newest=newest)
    finally:
        db.close()


@uses_database
def session_page(db_path: Path, *, page: int = 1, per_page: int | None = None, hero: str | None = None,
                 gap_minutes: int = 30, filters: Filters | None = None) -> SessionPage:
    """One page of the hero's sessions, newest first (`report.session.SessionPage`: the
    page's SessionSummary's, numbered as in the whole list, and how many sessions there
    are): page 1 is the newest per_page (default SESSIONS_PER_PAGE, 50); a page past the
    last is empty. Only the page's sessions are read (without filters and with a gap of 30
    minutes or more: a page costs its own hands, whatever the archive's size). filters: as
    `sessions`. raises ReportError when there is no hero, ValueError for bad stakes or a
    page or per_page under 1, NoDatabaseError when db_path does not exist."""
    from ..report.session import SESSIONS_PER_PAGE
    from ..report.session import session_page as build

    db = existing_database(db_path)
    try:
        return build(db, page=page, per_page=SESSIONS_PER_PAGE if per_page is None else per_page, hero=hero,
                     gap=dt.timedelta(minutes=gap_minutes), filters=filters)
    finally:
        db.close()


@uses_database
def session_report(db_path: Path, *, session: int | None = None, start: dt.datetime | None = None,
                   end: dt.datetime | None = None, hero: str | None = None, gap_minutes: int = 30,
                   review_limit: int | None = 20, filters: Filters | None = None) -> SessionReport:
    """The `report.session.SessionReport` of session number `session` (1 = oldest; default
    the latest) or of the hero's hands from start (inclusive) to end (exclusive), both
    aware datetimes. review_limit: how many hands of each list to review (snows, breaks,
    warnings, hands left out) are listed, those with the most big bets won or lost (see
    `report.session.REVIEW_LIMIT`); None lists every one; all are counted either way.
    filters: only the hands they match (sessions made of those hands, as `sessions`).
    raises ReportError when there is nothing to report, NoDatabaseError when db_path does
    not exist."""
    from ..report.session import session_report as build

    db = existing_database(db_path)
    try:
        return build(db, number=session, start=start, end=end, hero=hero, gap=dt.timedelta(minutes=gap_minutes),
                     review_limit=review_limit, filters=filters)
    finally:
        db.close()


@uses_database
def hand_replays(db_path: Path, hand_id: str, *, site: str | None = None) -> list[HandReplay]:
    """Every stored hand with this site hand number (one per site; only `site`'s if given),
    parsed and replayed again, as `report.hand_text.HandReplay`s (empty when none).
    raises NoDatabaseError when db_path does not exist."""
    from ..report.queries import stored_hands

    db = existing_database(db_path)
    try:
        stored = stored_hands(db, hand_id, site)
    finally:
        db.close()
    parsers = Parsers()
    return [_replay_stored(s, parsers) for s in stored]


def _replay_stored(stored: StoredHand, parsers: Parsers) -> HandReplay:
    """A stored hand parsed and replayed again from its raw text, described
    (report.hand_text.HandReplay)."""
    from ..analysis import RejectedHand, analyze_stored
    from ..parse.read import RawHand
    from ..report.hand_text import describe_stored

    # The draw decisions are the stored ones (stored.decisions): not computed again.
    analyzed = analyze_stored(RawHand(stored.path, stored.line, stored.text), parsers, stored.site, decisions=False)
    if isinstance(analyzed, RejectedHand):
        return describe_stored(stored, None, analyzed.error())
    return describe_stored(stored, analyzed.replayed)


@uses_database
def write_hand_pages(db_path: Path, hands: Iterable[tuple[str, str]], folder: Path, *, back_link: str | None = None) -> dict[tuple[str, str], str]:
    """Write the replayer page (report.replayer) of each (site, site hand number) in
    `hands` into `folder`, as hand-<site>-<number>.html (characters other than letters,
    digits, '.', '_' and '-' made '_'); returns (site, number) -> the file name. A hand that
    does not parse gets no page. back_link: the address each page links back to. raises
    NoDatabaseError when db_path does not exist, OutputPathError when a page cannot be
    written (or would overwrite the database or an SQLite file)."""
    import re

    from ..report.queries import stored_hands
    from ..report.replayer import replayer_html
    from .outputs import write_output

    db = existing_database(db_path)
    try:
        stored = [s for site, number in dict.fromkeys(hands) for s in stored_hands(db, number, site)]
    finally:
        db.close()
    parsers = Parsers()
    written: dict[tuple[str, str], str] = {}
    for hand in stored:
        replay = _replay_stored(hand, parsers)
        if replay.replayed is None:
            continue
        name = re.sub(r"[^A-Za-z0-9._-]", "_", f"hand-{hand.site}-{hand.site_hand_id}.html")
        write_output(folder / name, replayer_html(replay.replayed, replay.draw_odds, back_link=back_link), db_path)
        written[hand.site, hand.site_hand_id] = name
    return written
