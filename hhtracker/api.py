"""The library's front door: what the CLI (and any other program) calls.

import_paths() reads, parses, replays, computes statistics and stores; player_stats()
reads them back. Errors in hands never raise: they are counted and listed as `Problem`s.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .errors import EncodingError, HandHistoryError, excerpt
from .model import Site
from .parse.detect import Detected, detect
from .parse.sites import Parsers
from .pipeline import replay_raw
from .parse.read import RawHand, StrayText, split_hands
from .rules.issues import Code, ValidationIssue
from .rules.replay import ReplayedHand
from .stats.per_hand import per_hand_stats
from .store.repository import (
    SORTS,
    Filters,
    HandWriter,
    PlayerStats,
    file_digest,
    immediate,
    open_database,
    player_stats,
    PreparedHand,
    prepare_hand,
    raw_hand_key,
    sort_players,
)

APP_NAME = "hhtracker"


def default_db_path() -> Path:
    """--db, else $HHTRACKER_DB, else hhtracker.db in the user's data directory."""
    env = os.environ.get("HHTRACKER_DB")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME)) / "hhtracker.db"


@dataclass(frozen=True, slots=True)
class Problem:
    """A problem found while importing: file, line (None for a whole file), hand_id (the
    site's number when known), code, severity ("error" | "warning"), message."""

    file: str
    line: int | None
    hand_id: str | None
    code: str
    severity: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {self.severity} [{self.code}] {self.message}"


@dataclass
class ImportSummary:
    """What an import did. hands_rejected counts hands that did not parse or whose replay
    found an error (they are stored with their raw text but left out of the statistics);
    hands_unsupported counts hands of other games, by game, in `unsupported_games`;
    hands_repaired counts new hands that replaced a stored rejected copy (e.g. a hand cut off
    while the site was writing it, imported whole later)."""

    files: int = 0
    hands_new: int = 0
    hands_duplicate: int = 0
    hands_rejected: int = 0
    hands_unsupported: int = 0
    hands_with_warnings: int = 0
    hands_repaired: int = 0
    hands_pending: int = 0  # (--watch) a last hand still being written, left for later
    unsupported_games: Counter[str] = field(default_factory=Counter)
    problems: list[Problem] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        return {
            "files": self.files,
            "hands_new": self.hands_new,
            "hands_duplicate": self.hands_duplicate,
            "hands_rejected": self.hands_rejected,
            "hands_unsupported": self.hands_unsupported,
            "hands_repaired": self.hands_repaired,
            "hands_pending": self.hands_pending,
            "unsupported_games": dict(sorted(self.unsupported_games.items())),
            "problems": [
                {"file": p.file, "line": p.line, "hand_id": p.hand_id, "code": p.code,
                 "severity": p.severity, "message": p.message}
                for p in self.problems
            ],
        }


HAND_HISTORY_SUFFIXES = (".txt", ".xml")


def expand_paths(paths: Iterable[Path]) -> list[Path]:
    """Files named, and the .txt and .xml files under folders named (recursively), sorted
    within a folder. raises FileNotFoundError for a path that does not exist."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in HAND_HISTORY_SUFFIXES))
        elif path.is_file():
            files.append(path)
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")
    return files


def ignored_files(paths: Iterable[Path]) -> int:
    """How many files under the folders named are not read by expand_paths (their names do
    not end in .txt or .xml)."""
    return sum(1 for path in paths if path.is_dir()
               for p in path.rglob("*") if p.is_file() and p.suffix.lower() not in HAND_HISTORY_SUFFIXES)


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One hand read from a file: replayed (None when it did not parse), or the error that
    stopped it; site and game as detected."""

    raw: RawHand
    site: Site | None
    game: str
    replayed: ReplayedHand | None = None
    error: HandHistoryError | None = None
    prepared: PreparedHand | None = None
    issues: tuple[ValidationIssue, ...] = ()
    size: int = 0  # characters of the hand's text when `raw` was emptied (worker results)
    duplicate: bool = False  # already stored whole: not parsed again


def hand_outcome(raw: RawHand, parsers: Parsers, detected: Detected | None = None) -> HandOutcome:
    """One hand: detected (unless given), parsed and replayed. Statistics are left to the
    importer (validate needs none)."""
    detected = detected or detect(raw.text.split("\n", 1)[0])
    if not parsers.supports(detected.site) or not detected.is_badugi:
        return HandOutcome(raw, detected.site, detected.game)
    if raw.undecodable is not None:
        error = EncodingError(raw.undecodable, path=raw.path, line=raw.undecodable_line, code="encoding")
        return HandOutcome(raw, detected.site, detected.game, error=error)
    try:
        replayed = replay_raw(raw, parsers, detected.site)
    except HandHistoryError as error:
        return HandOutcome(raw, detected.site, detected.game, error=error)
    return HandOutcome(raw, detected.site, detected.game, replayed=replayed)


_WORKER_PARSERS: Parsers | None = None


def _outcomes(batch: list[RawHand]) -> list[HandOutcome]:
    """Worker process: a batch of hands (the parsers are built once per worker)."""
    global _WORKER_PARSERS
    if _WORKER_PARSERS is None:
        _WORKER_PARSERS = Parsers()
    return [_compact(hand_outcome(raw, _WORKER_PARSERS)) for raw in batch]


def _compact(outcome: HandOutcome) -> HandOutcome:
    """What a worker sends back: the rows to store instead of the replayed hand (far less
    to pickle), the raw text only once (inside the rows)."""
    if outcome.replayed is None:
        return outcome
    prepared = prepare_hand(outcome.replayed, per_hand_stats(outcome.replayed))
    raw = RawHand(outcome.raw.path, outcome.raw.line, "")
    return HandOutcome(raw, outcome.site, outcome.game, prepared=prepared, issues=outcome.replayed.issues,
                       size=len(outcome.raw.text))


BATCH = 100
"""Hands per batch sent to a worker process."""


def read_hands(path: Path, parsers: Parsers | None = None, pool=None,
               stored: Callable[[str, str], bool] | None = None) -> Iterator[HandOutcome | Problem]:
    """Every hand of a file, parsed and replayed, in order; stray text and unreadable files
    come as Problems. Streams: one hand (or, with a multiprocessing `pool`, a few batches of
    hands) in memory at a time. stored(site, hand number) -> True skips a hand already in the
    database before any parsing (it comes back with duplicate=True)."""
    parsers = parsers or Parsers()
    name = str(path)
    seen = False
    pending: deque = deque()  # batches submitted to the pool, oldest first
    batch: list[RawHand] = []
    window = 2 * (getattr(pool, "_processes", 1) or 1)
    try:
        for item in split_hands(path):
            if isinstance(item, StrayText):
                yield Problem(name, item.line, None, "stray_text", "warning",
                              f"text outside any hand ignored: {excerpt(item.text.splitlines()[0])}")
                continue
            seen = True
            detected = None
            if stored is not None:
                detected = detect(item.text.split("\n", 1)[0])
                if detected.site is not None and stored(detected.site.value, raw_hand_key(item)):
                    yield HandOutcome(item, detected.site, detected.game, duplicate=True)
                    continue
            if pool is None:
                yield hand_outcome(item, parsers, detected)
                continue
            batch.append(item)
            if len(batch) >= BATCH:
                pending.append(pool.apply_async(_outcomes, (batch,)))
                batch = []
                while len(pending) > window:
                    yield from pending.popleft().get()
    except HandHistoryError as error:  # the file could not be decoded (from that line on)
        yield from _drain(pending, batch, pool)
        yield Problem(name, error.line, None, "encoding", "error", error.message)
        return
    except OSError as error:
        yield Problem(name, None, None, "unreadable", "error", f"cannot read file: {error.strerror}")
        return
    yield from _drain(pending, batch, pool)
    if not seen:
        yield Problem(name, None, None, "no_hands", "error", "no hand histories found in this file")


def _drain(pending: deque, batch: list[RawHand], pool) -> Iterator[HandOutcome]:
    if pool is not None and batch:
        pending.append(pool.apply_async(_outcomes, (batch,)))
    while pending:
        yield from pending.popleft().get()


def import_paths(
    paths: Iterable[Path],
    db_path: Path,
    *,
    progress: Callable[[Path, int], None] | None = None,
    jobs: int = 1,
) -> ImportSummary:
    """Import files and folders into the database at db_path (created if needed).

    One transaction per file. progress(path, bytes) is called as each hand is read, with
    the hand's size in characters (an estimate of bytes), and once per file at its end with
    0. jobs > 1 parses, replays and computes statistics in that many worker processes (this
    process reads and stores). raises FileNotFoundError for a path that does not exist
    (nothing is imported then).
    """
    files = expand_paths(paths)
    db = open_database(db_path)
    summary = ImportSummary()
    parsers = Parsers()
    pool = None
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(jobs)
    try:
        for path in files:
            summary.files += 1
            _import_file(db, parsers, path, summary, progress, pool)
    finally:
        db.close()
        if pool is not None:
            pool.close()
            pool.join()
    return summary


def _held_tail(items: Iterator[HandOutcome | Problem], hold_tail: bool, summary: ImportSummary) -> Iterator[HandOutcome | Problem]:
    """With hold_tail, a file's last hand that is cut off is not passed on (a site client may
    still be writing it: `import --watch` picks it up when it is complete)."""
    if not hold_tail:
        yield from items
        return
    held: HandOutcome | Problem | None = None
    for item in items:
        if held is not None:
            yield held
        held = item
    if held is None:
        return
    if isinstance(held, HandOutcome) and held.error is not None and held.error.code == "truncated":
        summary.hands_pending += 1
        return
    yield held


def _import_file(db, parsers: Parsers, path: Path, summary: ImportSummary, progress, pool=None,
                 hold_tail: bool = False) -> None:
    name = str(path)
    counts = Counter()
    with immediate(db):
        file_id = db["files"].insert(
            {"path": str(path.resolve()), "size": path.stat().st_size, "sha256": file_digest(path),
             "imported_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}
        ).last_pk
        writer = HandWriter(db, file_id)
        def already(site: str, number: str) -> bool:
            found = writer.stored(site, number)
            return found is not None and found[1] != "rejected"

        for item in _held_tail(read_hands(path, parsers, pool, stored=already), hold_tail, summary):
            if isinstance(item, Problem):
                summary.problems.append(item)
                if item.severity == "error":
                    counts["rejected_files"] += 1
                continue
            if progress:
                progress(path, (len(item.raw.text) or item.size) + 4)
            if item.duplicate:
                counts["duplicate"] += 1
                continue
            if item.replayed is None and item.error is None and item.prepared is None:
                counts["unsupported"] += 1
                summary.unsupported_games[item.game] += 1
                continue
            if item.error is not None:
                issue = ValidationIssue.of(_issue_code(item.error.code), item.error.message, item.error.line)
                key = raw_hand_key(item.raw)
                stored = writer.stored(item.site.value, key)
                if stored is not None and stored[1] != "rejected":
                    counts["duplicate"] += 1  # a good copy is stored already
                    continue
                if stored is None:
                    writer.add_rejected(item.site.value, item.raw, issue)
                # Rejected again (stored or not): say so every time, never as a silent duplicate.
                counts["rejected"] += 1
                summary.problems.append(Problem(name, item.error.line, key, issue.code.value, "error", item.error.message))
                continue
            prepared = item.prepared
            if prepared is None:  # computed here (no worker processes)
                prepared = prepare_hand(item.replayed, per_hand_stats(item.replayed))
            issues = item.replayed.issues if item.replayed is not None else item.issues
            stored = writer.stored(prepared.site, prepared.site_hand_id)
            if stored is not None:
                if stored[1] != "rejected":
                    counts["duplicate"] += 1
                    continue
                writer.delete(stored[0])  # a complete copy of a hand stored as rejected
                counts["repaired"] += 1
            writer.add_prepared(prepared)
            if writer.queued_hands >= 500:  # memory stays flat on big files
                writer.flush()
            counts["new"] += 1
            if prepared.status == "error":
                counts["rejected"] += 1
            elif prepared.status == "warning":
                counts["warnings"] += 1
            for issue in issues:
                summary.problems.append(
                    Problem(name, issue.line, prepared.site_hand_id, issue.code.value, issue.severity.value, issue.message)
                )
        writer.flush()
        db["files"].update(
            file_id,
            {"hands_new": counts["new"], "hands_duplicate": counts["duplicate"],
             "hands_rejected": counts["rejected"], "hands_unsupported": counts["unsupported"]},
        )
    if progress:
        progress(path, 0)
    summary.hands_new += counts["new"]
    summary.hands_duplicate += counts["duplicate"]
    summary.hands_rejected += counts["rejected"]
    summary.hands_unsupported += counts["unsupported"]
    summary.hands_with_warnings += counts["warnings"]
    summary.hands_repaired += counts["repaired"]


class NoDatabaseError(FileNotFoundError):
    """The database file does not exist (nothing was imported into it yet)."""


def _existing_database(db_path: Path):
    if not Path(db_path).exists():
        raise NoDatabaseError(f"no database at {db_path}: import hand histories first (hhtracker import --db {db_path} PATH)")
    return open_database(db_path)


def players(db_path: Path, *, min_hands: int = 0, sort: str = "hands", filters: Filters = Filters()) -> list[PlayerStats]:
    """Every player's statistics over the hands the filters match, sorted; raises
    ValueError for an unknown sort key or bad stakes, NoDatabaseError when db_path does not
    exist."""
    if sort not in SORTS:
        raise ValueError(f"cannot sort by {sort!r}; choose from {', '.join(SORTS)}")
    db = _existing_database(db_path)
    try:
        return sort_players(player_stats(db, min_hands=min_hands, with_distributions=False, filters=filters), sort)
    finally:
        db.close()


def player_profile(db_path: Path, name: str, filters: Filters = Filters()) -> list[PlayerStats]:
    """One player's statistics over the hands the filters match, one entry per site he
    plays on (empty if unknown). raises ValueError for bad stakes, NoDatabaseError when
    db_path does not exist."""
    db = _existing_database(db_path)
    try:
        return player_stats(db, name, filters=filters)
    finally:
        db.close()


def _issue_code(code: str) -> Code:
    """The issue code for a parser error code (anything unknown is a syntax error)."""
    try:
        return Code(code)
    except ValueError:
        return Code.SYNTAX


__all__ = [
    "ImportSummary",
    "Problem",
    "default_db_path",
    "import_paths",
    "player_profile",
    "players",
]


@dataclass(frozen=True, slots=True)
class HandValidation:
    """The check of one hand (or of a file-level problem when hand_id is None)."""

    file: str
    line: int | None
    site: str | None
    hand_id: str | None
    status: str  # "ok" | "warning" | "error"
    issues: tuple[Problem, ...]

    def as_json(self) -> dict[str, object]:
        return {
            "file": self.file, "line": self.line, "site": self.site, "hand_id": self.hand_id,
            "status": self.status,
            "issues": [{"code": p.code, "severity": p.severity, "line": p.line, "message": p.message} for p in self.issues],
        }

    def lines(self) -> list[str]:
        return [str(p) for p in self.issues]


def validate_paths(paths: Iterable[Path]) -> tuple[list[HandValidation], Counter[str]]:
    """Parse and replay every Badugi hand of the files (no database). Returns the checks and
    the hands skipped (other games, sites not yet supported) counted by game. raises
    FileNotFoundError for a path that does not exist."""
    parsers = Parsers()
    results: list[HandValidation] = []
    skipped: Counter[str] = Counter()
    for path in expand_paths(paths):
        name = str(path)
        for item in read_hands(path, parsers):
            if isinstance(item, Problem):
                results.append(HandValidation(name, item.line, None, None, item.severity, (item,)))
                continue
            site = item.site.value if item.site else None
            if item.error is not None:
                code = _issue_code(item.error.code).value
                problem = Problem(name, item.error.line, raw_hand_key(item.raw), code, "error", item.error.message)
                results.append(HandValidation(name, item.raw.line, site, problem.hand_id, "error", (problem,)))
            elif item.replayed is not None:
                hand = item.replayed.hand
                issues = tuple(
                    Problem(name, i.line, hand.hand_id, i.code.value, i.severity.value, i.message)
                    for i in item.replayed.issues
                )
                results.append(HandValidation(name, item.raw.line, site, hand.hand_id, item.replayed.status, issues))
            else:
                skipped[item.game] += 1
    return results, skipped


def generate(out: Path, *, hands: int, seed: int, players: int = 12, tables: int = 1, tournament: bool = False) -> list[Path]:
    """Write `hands` generated legal hands (PokerStars format) into the folder `out`, one file
    per table; deterministic for a seed. Returns the files written."""
    from .generate import generate_files

    return generate_files(out, hands=hands, seed=seed, players=players, tables=tables, tournament=tournament)


class ReadOnlyQueryError(ValueError):
    """A query tried to change the database (or attach another): `hhtracker query` only reads."""


_ALLOWED_PRAGMAS = frozenset({"table_info", "table_xinfo", "index_list", "index_info", "foreign_key_list",
                              "database_list", "compile_options", "integrity_check", "quick_check"})


class QueryLimitError(ValueError):
    """A query ran longer than its time limit or returned more rows than its row limit."""


QUERY_TIMEOUT_SECONDS = 30.0
QUERY_ROW_LIMIT = 10_000


def query(db_path: Path, sql: str, params: Iterable[object] = (), *, timeout: float | None = QUERY_TIMEOUT_SECONDS,
          limit: int | None = QUERY_ROW_LIMIT) -> tuple[list[str], list[tuple[object, ...]]]:
    """Run one read-only SQL statement; returns (column names, rows). The database is opened
    read-only (SQLite `mode=ro`, `query_only`) and an authorizer refuses ATTACH, DETACH and
    PRAGMAs that change anything. The statement is stopped after `timeout` seconds (SQLite's
    progress handler; None: no time limit) and refused when it returns more than `limit`
    rows (None: no row limit; only limit + 1 rows are ever held). raises NoDatabaseError,
    ReadOnlyQueryError (a write or an attach), QueryLimitError, sqlite3.Error (bad SQL)."""
    import sqlite3
    import time

    if not sql.strip():
        raise ValueError("no SQL statement given")
    if not Path(db_path).exists():
        raise NoDatabaseError(f"no database at {db_path}: import hand histories first")
    conn = sqlite3.connect(f"{Path(db_path).resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    refused: list[str] = []

    def authorizer(action: int, arg1, arg2, _db, _trigger) -> int:
        if action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH):
            refused.append("ATTACH/DETACH")
            return sqlite3.SQLITE_DENY
        if action == sqlite3.SQLITE_PRAGMA and (arg1 or "").lower() not in _ALLOWED_PRAGMAS:
            refused.append(f"PRAGMA {arg1}")
            return sqlite3.SQLITE_DENY
        return sqlite3.SQLITE_OK

    deadline = None if timeout is None else time.monotonic() + timeout
    if deadline is not None:  # a non-zero answer makes SQLite stop the statement ("interrupted")
        conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
    try:
        conn.execute("PRAGMA query_only = ON")
        conn.set_authorizer(authorizer)
        try:
            cursor = conn.execute(sql, list(params))
            rows = cursor.fetchall() if limit is None else cursor.fetchmany(limit + 1)
        except sqlite3.DatabaseError as error:
            text = str(error)
            if deadline is not None and time.monotonic() > deadline and "interrupt" in text:
                raise QueryLimitError(f"the query ran longer than {timeout:g} s and was stopped "
                                      "(--timeout SECONDS for more, 0 for no limit)") from None
            if refused or "readonly" in text or "read-only" in text or "not authorized" in text or "query_only" in text:
                what = refused[0] if refused else "a write"
                raise ReadOnlyQueryError(f"hhtracker query only reads the database: {what} is refused ({text})") from None
            raise
        if limit is not None and len(rows) > limit:
            raise QueryLimitError(f"the query returns more than {limit:,} rows: add a LIMIT to the SQL, or "
                                  "--limit N for more (0 for no limit)")
        columns = [d[0] for d in cursor.description or ()]
        return columns, rows
    finally:
        conn.close()


@dataclass(frozen=True, slots=True)
class ReprocessSummary:
    """hands: stored hands read again; now_valid: hands rejected before that parse and count
    now; changed: hands whose status changed; still_rejected: hands that still do not parse;
    rejected: each of those as `file:line: why` (the file and line it was imported from)."""

    hands: int
    now_valid: int
    changed: int
    still_rejected: int
    rejected: tuple[str, ...] = ()


def _stored_raw_hands(db, page: int = 1000) -> Iterator[tuple]:
    """(id, site, status, file_id, path, line, text, undecodable) of every hand stored when
    called, in id order, read a page at a time (memory stays flat on a big database). A hand
    stored again meanwhile gets a higher id than any of these and is not read again."""
    last = 0
    highest = db.execute("select max(id) from hands").fetchone()[0] or 0
    while last < highest:
        rows = db.execute(
            """select h.id, h.site, h.status, h.file_id, r.path, r.line, r.text,
                      exists(select 1 from validation_issues v where v.hand_id = h.id and v.code = 'encoding')
               from hands h join raw_hands r on r.hand_id = h.id where h.id > ? and h.id <= ? order by h.id limit ?""",
            [last, highest, page],
        ).fetchall()
        if not rows:
            return
        yield from rows
        last = rows[-1][0]


def reprocess(db_path: Path) -> ReprocessSummary:
    """Parse and replay again every stored hand from its raw text (after an upgrade), without
    the files: a hand rejected by an older version is stored properly when this one accepts
    it. Each hand is replaced in its own transaction. raises NoDatabaseError."""
    db = _existing_database(db_path)
    parsers = Parsers()
    hands = now_valid = changed = still_rejected = 0
    rejected: list[str] = []
    try:
        for row_id, site, status, file_id, path, line, text, undecodable in _stored_raw_hands(db):
            hands += 1
            if undecodable:  # its bad bytes were replaced when read: only the file can fix it
                still_rejected += 1
                rejected.append(f"{path}:{line}: bytes not valid in the file's encoding (import the file again)")
                continue
            try:
                replayed = replay_raw(RawHand(path, line, text), parsers)
            except HandHistoryError as error:
                if status == "rejected":
                    still_rejected += 1
                    rejected.append(str(error))
                continue
            with immediate(db):
                writer = HandWriter(db, file_id)
                writer.delete(row_id)
                writer.add(replayed, per_hand_stats(replayed))
                writer.flush()
            now_valid += status == "rejected" and replayed.status != "error"
            changed += status != replayed.status
    finally:
        db.close()
    return ReprocessSummary(hands, now_valid, changed, still_rejected, tuple(rejected))


# --- post-session review: `hhtracker sessions`, `report`, `hand` --------------------------

from .report.session import ReportError  # noqa: E402  (re-exported for the CLI)


def sessions(db_path: Path, *, hero: str | None = None, gap_minutes: int = 30):
    """(site -> hero name, the hero's sessions newest first) as
    `report.session.SessionSummary`s. The hero is `hero` on every site, else the player whose
    cards the files show most often, per site. raises ReportError when there is no hero,
    NoDatabaseError when db_path does not exist."""
    from .report.session import session_list

    db = _existing_database(db_path)
    try:
        return session_list(db, hero=hero, gap=dt.timedelta(minutes=gap_minutes))
    finally:
        db.close()


def session_report(db_path: Path, *, session: int | None = None, start: dt.datetime | None = None,
                   end: dt.datetime | None = None, hero: str | None = None, gap_minutes: int = 30,
                   review_limit: int | None = 20):
    """The `report.session.SessionReport` of session number `session` (1 = oldest; default
    the latest) or of the hero's hands from start (inclusive) to end (exclusive), both
    aware datetimes. review_limit: how many hands of each list to review (snows, breaks,
    warnings, hands left out) are listed, those with the most big bets won or lost (see
    `report.session.REVIEW_LIMIT`); None lists every one; all are counted either way.
    raises ReportError when there is nothing to report, NoDatabaseError when db_path does
    not exist."""
    from .report.session import session_report as build

    db = _existing_database(db_path)
    try:
        return build(db, number=session, start=start, end=end, hero=hero, gap=dt.timedelta(minutes=gap_minutes),
                     review_limit=review_limit)
    finally:
        db.close()


def hand_replays(db_path: Path, hand_id: str, *, site: str | None = None):
    """Every stored hand with this site hand number (one per site; only `site`'s if given),
    parsed and replayed again, as `report.hand_text.HandReplay`s (empty when none).
    raises NoDatabaseError when db_path does not exist."""
    from .report.hand_text import replay_stored
    from .report.queries import stored_hands

    db = _existing_database(db_path)
    try:
        stored = stored_hands(db, hand_id, site)
    finally:
        db.close()
    parsers = Parsers()
    return [replay_stored(s, parsers) for s in stored]


# --- export ----------------------------------------------------------------------------------


class UnknownPlayerError(LookupError):
    """No player of that name in the database."""


@dataclass
class ExportResult:
    """What an export wrote. text: the whole output (PHH `.phhs` text, a JSON list or JSON
    lines); hands: how many hands it holds; not_exported: (site, hand_id, reason) for each
    selected hand left out (PHH cannot describe it, or it no longer parses or replays)."""

    format: str
    text: str
    hands: int = 0
    not_exported: list[tuple[str, str, str]] = field(default_factory=list)


EXPORT_FORMATS = ("phh", "json")


def _exported_hands(db, db_path: Path, player: str | None, date_from: dt.date | None,
                    date_to: dt.date | None) -> tuple[str, list[object]]:
    """The WHERE clause (over `hands h`) and parameters choosing the hands an export writes:
    those that count, where `player` is seated, started within the dates (UTC, inclusive).
    raises UnknownPlayerError."""
    where = ["h.status in ('ok', 'warning')"]
    params: list[object] = []
    if player is not None:
        if not db.execute("select 1 from players where name = ?", [player]).fetchone():
            raise UnknownPlayerError(f"no player named {player!r} in {db_path}")
        where.append("exists (select 1 from hand_players hp join players p on p.id = hp.player_id"
                     " where hp.hand_id = h.id and p.name = ?)")
        params.append(player)
    if date_from is not None:
        where.append("substr(h.start_time, 1, 10) >= ?")
        params.append(date_from.isoformat())
    if date_to is not None:
        where.append("substr(h.start_time, 1, 10) <= ?")
        params.append(date_to.isoformat())
    return " and ".join(where), params


def export_hands(
    db_path: Path,
    out: Path | None = None,
    *,
    format: str = "phh",
    player: str | None = None,
    date_from: dt.date | None = None,
    date_to: dt.date | None = None,
    json_lines: bool = False,
) -> ExportResult:
    """Export the stored hands (status ok or warning) as PHH or as our event model in JSON,
    oldest first, written to `out` when given. Each hand is parsed again from its raw text
    and replayed. player: only hands where he is seated; date_from / date_to: the hand's
    start (UTC), inclusive. raises ValueError for an unknown format, UnknownPlayerError,
    NoDatabaseError when db_path does not exist."""
    from .export import json_model, phh
    from .parse.read import RawHand

    if format not in EXPORT_FORMATS:
        raise ValueError(f"unknown export format {format!r}; choose from {', '.join(EXPORT_FORMATS)}")
    db = _existing_database(db_path)
    try:
        where, params = _exported_hands(db, db_path, player, date_from, date_to)
        rows = db.execute(
            "select h.site, h.site_hand_id, r.path, r.line, r.text from hands h join raw_hands r on r.hand_id = h.id"
            f" where {where} order by h.start_time, h.id",
            params,
        ).fetchall()
    finally:
        db.close()
    parsers = Parsers()
    result = ExportResult(format, "")
    hands_json = []
    hands_phh = []
    for site_name, hand_id, path, line, text in rows:
        try:
            replayed = replay_raw(RawHand(path, line, text), parsers, site_name)
        except HandHistoryError as error:
            result.not_exported.append((site_name, hand_id, f"does not parse any more: {error}"))
            continue
        if replayed.status == "error":
            result.not_exported.append((site_name, hand_id, "its replay now finds an error"))
            continue
        if format == "json":
            hands_json.append(replayed.hand)
            continue
        try:
            hands_phh.append(phh.to_phh(replayed))
        except phh.NotExportable as error:
            result.not_exported.append((site_name, hand_id, str(error)))
    if format == "json":
        result.text = json_model.dumps(hands_json, lines=json_lines)
        result.hands = len(hands_json)
    else:
        result.text = phh.dumps_all(hands_phh)
        result.hands = len(hands_phh)
    if out is not None:
        Path(out).write_text(result.text, encoding="utf-8")
    return result


def watch(
    paths: Iterable[Path],
    db_path: Path,
    *,
    interval: float = 2.0,
    on_import: Callable[[ImportSummary], None] | None = None,
    rounds: int | None = None,
) -> None:
    """Keep importing new and growing files under `paths` (auto-import while a site client
    writes its hand histories). Every `interval` seconds the files whose size or time
    changed are imported again: stored hands are skipped by number, new ones added, and a
    last hand still being written is left for the next round instead of being rejected.
    on_import(summary) is called after each round that imported something; `rounds` stops
    after that many rounds (None: until KeyboardInterrupt, which is left to the caller)."""
    seen: dict[Path, tuple[int, int]] = {}
    done = 0
    parsers = Parsers()
    while rounds is None or done < rounds:
        done += 1
        try:
            files = expand_paths(paths)
        except FileNotFoundError:
            files = []
        changed = []
        for path in files:
            try:
                stat = path.stat()
            except OSError:
                continue
            key = (stat.st_size, stat.st_mtime_ns)
            if seen.get(path) != key:
                changed.append(path)
                seen[path] = key
        if changed:
            summary = ImportSummary()
            db = open_database(db_path)
            try:
                for path in changed:
                    summary.files += 1
                    _import_file(db, parsers, path, summary, None, None, hold_tail=True)
            finally:
                db.close()
            if on_import is not None:
                on_import(summary)
        if rounds is None or done < rounds:
            time.sleep(interval)


PARQUET_TABLES = ("hands", "players", "hand_players", "actions", "draws")


class MissingExtraError(RuntimeError):
    """An optional dependency is not installed (the message says which extra to install)."""


def export_parquet(db_path: Path, out: Path, *, player: str | None = None,
                   date_from: dt.date | None = None, date_to: dt.date | None = None,
                   batch_rows: int = 50_000) -> dict[str, int]:
    """Write the hands, players, hand_players, actions and draws tables as Parquet files in
    the folder `out` (one file per table, `<table>.parquet`), for DuckDB, Spark or pandas on
    archives larger than one SQLite file. Only hands that count (status ok or warning),
    optionally those where `player` is seated and within the dates (UTC, inclusive). Rows go
    out in batches, so memory stays flat. Returns rows written per table. raises
    NoDatabaseError, UnknownPlayerError, MissingExtraError (pyarrow: `pip install
    'hhtracker[parquet]'`)."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise MissingExtraError("Parquet export needs pyarrow: pip install 'hhtracker[parquet]'") from None
    db = _existing_database(db_path)
    try:
        where, params = _exported_hands(db, db_path, player, date_from, date_to)
    except UnknownPlayerError:
        db.close()
        raise
    chosen = "select h.id from hands h where " + where
    queries = {
        "hands": (f"select * from hands where id in ({chosen}) order by id", params),
        "players": (f"select * from players where id in (select player_id from hand_players where hand_id in ({chosen}))", params),
        "hand_players": (f"select * from hand_players where hand_id in ({chosen}) order by hand_id", params),
        "actions": (f"select * from actions where hand_id in ({chosen}) order by hand_id, seq", params),
        "draws": (f"select * from draws where hand_id in ({chosen}) order by hand_id, player_id, draw", params),
    }
    out.mkdir(parents=True, exist_ok=True)
    written: dict[str, int] = {}
    try:
        for table, (sql, args) in queries.items():
            types = db[table].columns_dict  # column -> int, float or str
            schema = pa.schema([(name, pa.int64() if kind is int else pa.float64() if kind is float else pa.string())
                                for name, kind in types.items()])
            cursor = db.execute(sql, args)
            names = [d[0] for d in cursor.description]
            count = 0
            with pq.ParquetWriter(out / f"{table}.parquet", schema) as writer:
                while rows := cursor.fetchmany(batch_rows):
                    columns = list(zip(*rows))
                    writer.write_table(pa.table({n: pa.array(c, type=schema.field(n).type) for n, c in zip(names, columns)}, schema=schema))
                    count += len(rows)
            written[table] = count
    finally:
        db.close()
    return written
