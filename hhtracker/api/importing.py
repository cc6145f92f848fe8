"""Importing: files and folders -> hands parsed, replayed, with their statistics, stored in
batches (`import_paths`, and `watch` for files a poker client is still writing). Errors in
hands never raise: they are counted and listed as `Problem`s."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import multiprocessing.util
import os
import signal
import sqlite3
import stat
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ..analysis import (
    Analysis,
    AnalyzedHand,
    RejectedHand,
    SkippedHand,
    analyze,
    detect_raw,
    internal_error,
    internal_rejection,
    raw_hand_key,
)
from ..errors import DatabaseBusyError, DatabaseOpenError, HandHistoryError, excerpt
from ..model import HandStatus, Site
from ..parse.detect import Detected
from ..parse.read import OtherSiteFile, RawHand, StrayText, SummaryText, file_digest, path_text, split_hands
from ..parse.sites import Parsers
from ..parse.stars_summary import SummaryFormatError, is_summary_file, read_summary, summary_of_text
from ..report.queries import choose_hero
from ..rules.issues import Code, Severity
from ..rules.replay import ReplayedHand
from ..sites import SITES
from ..store import seals
from ..store.database import immediate
from ..store.rows import prepare_hand
from ..store.tournaments import store_summary
from ..store.writer import HandWriter, Verdict
from .common import open_tracker, uses_database

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult, Pool

    from sqlite_utils import Database


@dataclass(frozen=True, slots=True)
class Problem:
    """A problem found while importing: file, line (None for a whole file), hand_id (the
    site's number when known), code, severity ("error" | "warning"), message; detail: the
    Python traceback of an internal error (code "internal"), shown only with --debug."""

    file: str
    line: int | None
    hand_id: str | None
    code: str
    severity: str
    message: str
    detail: str | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {self.severity} [{self.code}] {self.message}"


@dataclass
class ImportSummary:
    """What an import did. Every hand read is counted once: hands_new (stored, counted in
    the statistics: hands_with_warnings of them had warnings, the others are clean),
    hands_rejected (did not parse, or their replay found an error: stored with their raw
    text but left out of the statistics, or found stored as rejected already and reported
    again), hands_duplicate (a copy that counts is stored already), hands_unsupported (other
    games, by game in `unsupported_games`). hands_repaired: of the new hands, those that
    replaced a stored rejected copy (e.g. a hand cut off while the site was writing it,
    imported whole later). Problems with no hand_id are file problems."""

    files: int = 0
    hands_new: int = 0
    hands_duplicate: int = 0
    hands_rejected: int = 0
    hands_unsupported: int = 0
    hands_with_warnings: int = 0
    hands_repaired: int = 0
    hands_pending: int = 0  # (--watch) a last hand still being written, left for later
    unsupported_games: Counter[str] = field(default_factory=Counter)
    skipped_sites: Counter[str] = field(default_factory=Counter)  # site -> files of a site not read
    problems: list[Problem] = field(default_factory=list)
    tournament_summaries: int = 0  # PokerStars tournament summary files read
    notes: list[str] = field(default_factory=list)  # e.g. a file dealt to someone other than the hero

    @property
    def news(self) -> int:
        """Hands read that were not stored before: new, rejected, unsupported or pending."""
        return self.hands_new + self.hands_rejected + self.hands_unsupported + self.hands_pending

    def as_json(self) -> dict[str, object]:
        return {
            "files": self.files,
            "hands_new": self.hands_new,
            "hands_with_warnings": self.hands_with_warnings,
            "hands_duplicate": self.hands_duplicate,
            "hands_rejected": self.hands_rejected,
            "hands_unsupported": self.hands_unsupported,
            "hands_repaired": self.hands_repaired,
            "hands_pending": self.hands_pending,
            "unsupported_games": dict(sorted(self.unsupported_games.items())),
            "skipped_sites": dict(sorted(self.skipped_sites.items())),
            "tournament_summaries": self.tournament_summaries,
            "notes": list(self.notes),
            "problems": [
                {"file": p.file, "line": p.line, "hand_id": p.hand_id, "code": p.code,
                 "severity": p.severity, "message": p.message}
                for p in self.problems
            ],
        }


HAND_HISTORY_SUFFIXES = tuple(sorted({record.file_format.suffix for record in SITES.values()}))
"""The file endings the sites write (sites.py): ".txt", ".xml"."""


def expand_paths(paths: Iterable[Path]) -> list[Path]:
    """Files named, and the .txt and .xml files under folders named (recursively, following
    symbolic links to folders, each folder walked once however many links lead to it; a link
    to nothing listed too, so that reading it says so), sorted within a folder. A file reached twice (named twice, or through a link) is listed once, at
    its first place. A named pipe, device or socket under a folder is not listed (opening it
    could wait for ever): not_regular_files names them. raises FileNotFoundError for a path
    that does not exist, or that is neither a folder nor a regular file (a named pipe: saying
    "no such file" of it would be untrue)."""
    files: list[Path] = []
    seen: set[tuple[int, int]] = set()
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in _folder_files(path) if p.suffix.lower() in HAND_HISTORY_SUFFIXES
                           and (p.is_file() or _dangling(p)))
        elif path.is_file() or _dangling(path):
            found = [path]
        elif path.exists():
            raise FileNotFoundError(f"{path_text(path)} is not a regular file ({_what(path)}): it is not read; "
                                    "give hand-history files or folders")
        else:
            raise FileNotFoundError(f"no such file or folder: {path_text(path)}")
        for file in found:
            try:
                status = file.stat()
            except OSError:  # (gone meanwhile: reading it will say so)
                files.append(file)
                continue
            if (status.st_dev, status.st_ino) not in seen:
                seen.add((status.st_dev, status.st_ino))
                files.append(file)
    return files


def _dangling(path: Path) -> bool:
    """A symbolic link to nothing (listed: reading it is the file's problem, said, not a
    file skipped without a word)."""
    return path.is_symlink() and not path.exists()


def _folder_files(folder: Path) -> Iterator[Path]:
    """Every file under a folder, through symbolic links to folders too; a folder reached
    again (a link to a folder above it, two links to one folder) is not walked again."""
    walked: set[tuple[int, int]] = set()
    for root, folders, names in os.walk(folder, followlinks=True):
        try:
            status = os.stat(root)
        except OSError:
            folders[:] = []
            continue
        if (status.st_dev, status.st_ino) in walked:
            folders[:] = []
            continue
        walked.add((status.st_dev, status.st_ino))
        folders.sort()
        for name in names:
            yield Path(root, name)


def ignored_files(paths: Iterable[Path]) -> int:
    """How many files under the folders named are not read by expand_paths: their names do
    not end in .txt or .xml, or they are not regular files (not_regular_files)."""
    return sum(1 for path in paths if path.is_dir()
               for p in _folder_files(path) if (p.is_file() and p.suffix.lower() not in HAND_HISTORY_SUFFIXES)
               or _not_regular(p))


def not_regular_files(paths: Iterable[Path]) -> list[tuple[Path, str]]:
    """(path, what it is: "a named pipe", "a device", "a socket") for each file under the
    folders named that is not a regular file: never opened (a named pipe would keep the
    import waiting for a writer), counted by ignored_files, named by the import."""
    return [(p, _what(p)) for path in paths if path.is_dir() for p in _folder_files(path) if _not_regular(p)]


def _not_regular(path: Path) -> bool:
    """A named pipe, a device or a socket (a link to one too); not a folder, a regular file
    or a link to nothing."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _what(path: Path) -> str:
    """What a file that is not a regular one is, in a word or two."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return "unreadable"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a file"


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One hand read from a file: its analysis (analysis.analyze: an AnalyzedHand, a
    RejectedHand or a SkippedHand; None for a duplicate, not analysed again); site and game
    as detected. `replayed` and `error` read the analysis."""

    raw: RawHand
    site: Site | None
    game: str
    analysis: Analysis | None = None
    duplicate: bool = False  # a good copy is stored: not parsed again
    stored_elsewhere: str | None = None  # a duplicate whose stored copy's text differs: that copy's "file:line"

    @property
    def analyzed(self) -> AnalyzedHand | None:
        return self.analysis if isinstance(self.analysis, AnalyzedHand) else None

    @property
    def rejected(self) -> RejectedHand | None:
        return self.analysis if isinstance(self.analysis, RejectedHand) else None

    @property
    def replayed(self) -> ReplayedHand | None:
        """The replay (None when the hand was rejected, skipped or a duplicate)."""
        return self.analysis.replayed if isinstance(self.analysis, AnalyzedHand) else None

    @property
    def error(self) -> HandHistoryError | None:
        """Why the hand was rejected, naming its file and line (None when it was not)."""
        return self.analysis.error() if isinstance(self.analysis, RejectedHand) else None


def hand_outcome(raw: RawHand, parsers: Parsers, detected: Detected | None = None) -> HandOutcome:
    """One hand: detected (unless given) and analysed (analysis.analyze). Never raises."""
    analysis = analyze(raw, parsers, detected)
    return HandOutcome(raw, analysis.site, analysis.game, analysis)


def read_hands(path: Path, parsers: Parsers | None = None) -> Iterator[HandOutcome | Problem | OtherSiteFile | SummaryText]:
    """Every hand of a file, analysed (analysis.analyze), in order, nothing stored (validate, tests);
    stray text and unreadable files come as Problems; a file of a site we do not read as one
    OtherSiteFile; a tournament summary among the hands as its SummaryText. Streams: one
    hand in memory at a time."""
    parsers = parsers or Parsers()
    for item in _raw_hands(path):
        yield hand_outcome(item, parsers) if isinstance(item, RawHand) else item


def _raw_hands(path: Path, from_line: int = 1) -> Iterator[RawHand | Problem | OtherSiteFile | SummaryText]:
    """A file's hands as read (the one reading of a file), its tournament summaries, and its
    problems: stray text, undecodable or unreadable files, no hand (nor summary) at all. from_line: only what starts at that
    line or later (`import --watch` reads a growing file on from where it stopped)."""
    name = path_text(path)
    seen = False
    try:
        for item in split_hands(path):
            if item.line < from_line:
                seen = True
                continue
            if isinstance(item, StrayText):
                more = f" ({item.lines:,} lines, {item.characters:,} characters)" if item.lines > 1 else ""
                yield Problem(name, item.line, None, Code.STRAY_TEXT.value, "warning",
                              f"text outside any hand ignored: {excerpt(item.text)}{more}")
                continue
            if isinstance(item, OtherSiteFile):
                yield item
                return
            seen = True
            yield item
    except HandHistoryError as error:  # the file could not be decoded (from that line on)
        yield Problem(name, error.line, None, Code.ENCODING.value, "error", error.message)
        return
    except OSError as error:
        yield Problem(name, None, None, Code.UNREADABLE.value, "error", f"cannot read file: {error.strerror}")
        return
    if not seen:
        yield Problem(name, None, None, Code.NO_HANDS.value, "error", "no hand histories found in this file")


@dataclass
class _Tally:
    """What the import of (part of) a file did: hands counted by what became of them, and
    the hands' problems. Worker processes send theirs back; tallies add up."""

    counts: Counter[str] = field(default_factory=Counter)
    unsupported_games: Counter[str] = field(default_factory=Counter)
    problems: list[Problem] = field(default_factory=list)

    def add(self, other: _Tally) -> None:
        self.counts.update(other.counts)
        self.unsupported_games.update(other.unsupported_games)
        self.problems.extend(other.problems)

    def into(self, summary: ImportSummary) -> None:
        counts = self.counts
        summary.hands_new += counts[Verdict.NEW.value] + counts[Verdict.REPAIRED.value]
        summary.hands_repaired += counts[Verdict.REPAIRED.value]
        summary.hands_with_warnings += counts["warnings"]
        summary.hands_duplicate += counts[Verdict.DUPLICATE.value]
        summary.hands_rejected += counts[Verdict.REJECTED.value] + counts[Verdict.REJECTED_AGAIN.value]
        summary.hands_unsupported += counts["unsupported"]
        summary.unsupported_games.update(self.unsupported_games)
        summary.problems.extend(self.problems)


@dataclass(frozen=True, slots=True)
class _QueuedHand:
    """What the importer remembers of a hand handed to the writer: whether it had warnings,
    and its problems (reported unless the writer finds a good copy stored); the hand as read
    and its site (to store it as rejected if its rows cannot be written)."""

    warnings: bool
    problems: tuple[Problem, ...]
    raw: RawHand
    site: Site | None


ROW_ERRORS = (OverflowError, ValueError, TypeError, sqlite3.IntegrityError, sqlite3.InterfaceError)
"""What writing a batch raises when a hand's rows hold a value SQLite cannot store (an
integer over 2**63, a type it does not know, a constraint broken): that hand's fault, not
the database's."""

UNKNOWN_SITE = "unknown"
"""The site a rejected hand is stored under when not even its site could be told (an
internal error in detection)."""


class _HandStore:
    """One file's hands into the database, one after another: a hand already stored whole
    is found by its number before any parsing; the others are parsed, replayed, given their
    statistics and rows, and handed to the HandWriter, which writes them in batches. Used in
    this process and, with --jobs, in each worker process for the batches it is sent."""

    def __init__(self, db: Database, file_id: int, parsers: Parsers, on_wait: Callable[[], None] | None = None) -> None:
        self.writer = HandWriter(db, file_id, on_wait)
        self.parsers = parsers
        self.tally = _Tally()
        self._started: float | None = None

    def outcome(self, raw: RawHand) -> HandOutcome:
        """The hand analysed, or found stored (duplicate=True, not parsed)."""
        try:
            detected = detect_raw(raw)
        except Exception as error:  # noqa: BLE001  (fault isolation: that hand is rejected, the import goes on)
            return HandOutcome(raw, None, "", internal_rejection(raw, error))
        if detected.site is not None and detected.supported:
            found = self.writer.stored(detected.site.value, raw_hand_key(raw))
            if found is not None and found.counts:
                return HandOutcome(raw, detected.site, detected.game, duplicate=True,
                                   stored_elsewhere=self.writer.stored_copy_differs(found, raw.text))
        return hand_outcome(raw, self.parsers, detected)

    def take(self, item: HandOutcome) -> None:
        """Count the hand, or queue it for the writer (which writes a batch when it holds
        FLUSH_HANDS hands or its first one waited FLUSH_SECONDS)."""
        writer = self.writer
        name = item.raw.path
        if item.duplicate:
            self.tally.counts[Verdict.DUPLICATE.value] += 1
            writer.file_counts["hands_duplicate"] += 1
            if item.stored_elsewhere is not None:  # same number, another text: said, never silently dropped
                self.tally.problems.append(Problem(
                    name, item.raw.line, raw_hand_key(item.raw), Code.DUPLICATE_DIFFERS.value, Severity.WARNING.value,
                    f"hand {raw_hand_key(item.raw)} is stored already from {item.stored_elsewhere} with a different "
                    "text; the stored copy is kept (compare the two)"))
            return
        analysis = item.analysis
        if analysis is None or isinstance(analysis, SkippedHand):
            self.tally.counts["unsupported"] += 1
            self.tally.unsupported_games[item.game] += 1
            writer.file_counts["hands_unsupported"] += 1
            return
        if isinstance(analysis, AnalyzedHand):
            try:
                prepared = prepare_hand(analysis)
            except Exception as error:  # noqa: BLE001  (fault isolation: that hand is rejected, the import goes on)
                analysis = internal_rejection(item.raw, error, analysis.site, item.game)
            else:
                writer.add_prepared(prepared, _QueuedHand(prepared.status == HandStatus.WARNING, tuple(
                    Problem(name, issue.line, prepared.site_hand_id, issue.code.value, issue.severity.value,
                            issue.message)
                    for issue in analysis.issues
                ), item.raw, analysis.site))
        if isinstance(analysis, RejectedHand):
            self._add_rejected(analysis)
        now = time.monotonic()
        if self._started is None:
            self._started = now
        if writer.queued_hands >= FLUSH_HANDS or now - self._started >= FLUSH_SECONDS:
            self.flush()

    def _add_rejected(self, rejected: RejectedHand) -> None:
        site = rejected.site.value if rejected.site is not None else UNKNOWN_SITE
        self.writer.add_rejected(site, rejected.raw, rejected.issue, _QueuedHand(False, (
            Problem(rejected.raw.path, rejected.line, rejected.hand_id, rejected.code.value, "error", rejected.message,
                    rejected.traceback),), rejected.raw, rejected.site))

    def flush(self) -> None:
        """Write the queued hands (one write transaction) and count what became of them. A
        batch that cannot be written because of a hand's rows (a value SQLite cannot store,
        such as an amount over 2**63) is written hand by hand, and the hand that fails is
        stored as rejected (code internal)."""
        self._started = None
        try:
            verdicts = self.writer.flush()
        except ROW_ERRORS:
            verdicts = self._flush_hand_by_hand()
        counts = self.tally.counts
        for tag, verdict in verdicts:
            queued = cast(_QueuedHand, tag)
            counts[verdict.value] += 1
            if verdict is Verdict.DUPLICATE:
                continue
            self.tally.problems.extend(queued.problems)
            if queued.warnings and verdict in (Verdict.NEW, Verdict.REPAIRED):
                counts["warnings"] += 1

    def _flush_hand_by_hand(self) -> list[tuple[object, Verdict]]:
        writer = self.writer
        verdicts: list[tuple[object, Verdict]] = []
        for entry in writer.take_queue():
            writer.requeue(entry)
            try:
                verdicts.extend(writer.flush())
            except ROW_ERRORS as error:
                writer.take_queue()
                queued = cast(_QueuedHand, writer.tag_of(entry))
                self._add_rejected(internal_rejection(queued.raw, error, queued.site))
                verdicts.extend(writer.flush())  # (a rejected hand's rows: text and numbers that fit)
        return verdicts

    def finish(self) -> _Tally:
        """Write what is queued and the file's counters; the tally of what this store did."""
        self.flush()
        self.writer.write_file_counts()
        return self.tally


_WORKER: dict[str, object] = {}


@uses_database
def _worker_batch(db_path: Path, file_id: int, batch: list[RawHand], on_wait: Callable[[], None] | None) -> _Tally:
    """Worker process (--jobs): a batch of one file's hands parsed, checked and written to
    the database by the worker itself (its own connection, opened once), so that only the
    raw texts go out and only the tally comes back."""
    if _WORKER.get("db_path") != str(db_path):
        db = open_tracker(db_path, create=True)
        # closed when the worker ends (a connection left open leaves the WAL to the next opener)
        multiprocessing.util.Finalize(db, db.close, exitpriority=10)
        _WORKER.update(db_path=str(db_path), db=db, parsers=_WORKER.get("parsers") or Parsers())
    store = _HandStore(_WORKER["db"], file_id, _WORKER["parsers"], on_wait)  # type: ignore[arg-type]
    for raw in batch:
        store.take(store.outcome(raw))
    return store.finish()


BATCH = 250
"""Hands per batch sent to a worker process (--jobs): about a quarter of a second of work,
written by the worker in one transaction."""

SMALLEST_HAND_BYTES = 300
"""Fewer bytes than any hand history takes (the smallest of the corpus and samples: 545
characters, a heads-up hand folded before the draw): a file of N bytes holds at most
N / SMALLEST_HAND_BYTES hands, so at most that / BATCH batches, rounded up."""


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # (no sched_getaffinity on macOS or Windows)
        return os.cpu_count() or 1


def worker_count(jobs: int, files: Iterable[Path]) -> int:
    """The worker processes an import of `files` starts for --jobs `jobs`: never more than
    asked, than the cores, nor than the batches of BATCH hands the files can hold (counted
    from their sizes, SMALLEST_HAND_BYTES a hand: an upper bound). 1: no worker, this process
    does the work (a few hands are quicker without starting any)."""
    batches = 0
    for path in files:
        try:
            size = path.stat().st_size
        except OSError:
            continue  # (the import says so as the file's problem)
        batches += -(-size // (BATCH * SMALLEST_HAND_BYTES))
        if batches >= jobs:
            break
    return max(1, min(jobs, cores(), batches))


FLUSH_HANDS = 500
FLUSH_SECONDS = 0.5
"""A batch of hands is written (one short write transaction) when it holds FLUSH_HANDS
hands or its first hand waited FLUSH_SECONDS: a reader or a second importer waits at most
about that long, and a killed import loses at most one batch, never part of a hand."""


@uses_database
def import_paths(
    paths: Iterable[Path],
    db_path: Path,
    *,
    progress: Callable[[Path, int], None] | None = None,
    jobs: int = 1,
    on_wait: Callable[[], None] | None = None,
) -> ImportSummary:
    """Import files and folders into the database at db_path (created if needed).

    Hands are written in batches of whole hands (FLUSH_HANDS, FLUSH_SECONDS), each in one
    short write transaction; on_wait() is called when another program holds the write lock
    and we wait for it (once per wait). progress(path, characters) is called as hands are
    read, with their size in characters (an estimate of bytes), and once per file at its end
    with 0. jobs > 1: up to that many worker processes (worker_count: never more than the
    cores nor than the batches of work) parse, check and write batches of BATCH hands each
    (this process reads the files and hands out the batches). raises
    FileNotFoundError for a path that does not exist (nothing is imported then).
    """
    files = expand_paths(paths)
    pool = None
    jobs = worker_count(jobs, files) if jobs > 1 else 1
    if jobs > 1:  # made before the database is opened: no connection crosses a fork
        pool = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(
            jobs, initializer=_leave_interrupt_to_parent)
    db = open_tracker(db_path, on_wait, create=True, check=True)  # a damaged database is never written into
    summary = ImportSummary()
    parsers = Parsers()
    try:
        file_ids = []
        for path in files:
            summary.files += 1
            with file_problems(path, summary.problems):
                if is_summary_file(path):
                    _import_summary(db, path, summary, on_wait)
                    continue
                if pool is None:
                    file_id = _import_file(db, parsers, path, summary, progress, on_wait=on_wait).file_id
                else:
                    file_id = _import_file_in_workers(db, db_path, pool, jobs, path, summary, progress, on_wait)
                file_ids.append((path, file_id))
        summary.notes.extend(other_hero_notes(db, file_ids))
    except BaseException:  # Ctrl-C (KeyboardInterrupt) or an error: the workers are stopped at once
        if pool is not None:
            pool.terminate()  # (a batch a worker was writing is rolled back whole by SQLite)
            pool.join()
            pool = None
        raise
    finally:
        if pool is not None:
            pool.close()
            pool.join()
        db.close()
    seals.seal(db_path)  # found sound, written, closed: the next import need not check it whole
    return summary


def _leave_interrupt_to_parent() -> None:
    """A --jobs worker ignores Ctrl-C (SIGINT reaches the whole process group): the importing
    process stops the workers itself, so no worker prints a KeyboardInterrupt traceback and
    none is left waiting for work that will not come."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


DATABASE_ERRORS = (DatabaseOpenError, DatabaseBusyError, sqlite3.Error)
"""Errors of the database, not of a file: they end the import (the CLI reports them)."""


@contextmanager
def file_problems(path: Path, problems: list[Problem]) -> Iterator[None]:
    """Fault isolation per file: whatever goes wrong while one file is imported (it cannot
    be read: OSError; an exception we did not foresee) becomes a file problem (a Problem
    with no hand_id) and the import goes on with the next file; the hands already written
    from it stay. The database's own errors (DATABASE_ERRORS) are not a file's: they pass."""
    try:
        yield
    except DATABASE_ERRORS:
        raise
    except OSError as error:
        problems.append(Problem(path_text(path), None, None, Code.UNREADABLE.value, "error",
                                f"cannot read file: {error.strerror or error}"))
    except Exception as error:  # noqa: BLE001
        problems.append(file_internal_problem(path, error))


def file_internal_problem(path: Path, error: BaseException) -> Problem:
    """A file problem (code internal) for an exception we did not foresee while importing
    the file: one line, the traceback kept as the detail (--debug)."""
    message, trace = internal_error(error, " while reading this file; please report it")
    return Problem(path_text(path), None, None, Code.INTERNAL.value, "error", message, trace)


def _import_summary(db: Database, path: Path, summary: ImportSummary, on_wait: Callable[[], None] | None,
                    text: SummaryText | None = None) -> None:
    """A PokerStars tournament summary, a file of its own or `text` met among a file's
    hands: stored (replacing an earlier copy); one that does not read is a `syntax` problem."""
    try:
        found = read_summary(path) if text is None else summary_of_text(text.path, text.line, text.text)
    except SummaryFormatError as error:
        summary.problems.append(Problem(path_text(path), error.line, None, "syntax", "error", error.reason))
        return
    except (ValueError, HandHistoryError) as error:
        summary.problems.append(Problem(path_text(path), None, None, "syntax", "error", path_text(str(error))))
        return
    with immediate(db, on_wait):
        store_summary(db, found)
    summary.tournament_summaries += 1


def other_hero_notes(db: Database, files: list[tuple[Path, int]]) -> list[str]:
    """One note per file whose hands were dealt to a name that is not the hero of its site
    (the configured accounts, else the name dealt cards in most of the site's hands): a
    downloaded tournament, a friend's file."""
    choice = choose_hero(db, None)
    if choice is None or not files:
        return []
    notes = []
    for path, file_id in files:
        rows = db.execute("select site, hero from hands where file_id = ? and hero is not null group by site, hero",
                          [file_id]).fetchall()
        for site, name in rows:
            heroes = choice.names.get(site, "").split(" + ")
            if name not in heroes:
                notes.append(f"{path_text(path)}: its hands were dealt to '{name}', who is not the hero chosen for {site} "
                             f"({' + '.join(heroes) or '-'}); reports leave them out "
                             f"(`hhtracker hero add {name} --site {site}` if it is you)")
    return notes


def _file_row(db: Database, path: Path, on_wait: Callable[[], None] | None) -> int:
    """A new row of the files table for this import of `path`; its id."""
    with immediate(db, on_wait):
        return cast(int, db.table("files").insert(  # (the row just inserted: its id is there)
            {"path": path_text(path.resolve()), "size": path.stat().st_size, "sha256": file_digest(path),
             "imported_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
             "hands_new": 0, "hands_duplicate": 0, "hands_rejected": 0, "hands_unsupported": 0}
        ).last_pk)


def _file_level(item: Problem | OtherSiteFile | SummaryText, summary: ImportSummary, db: Database,
                on_wait: Callable[[], None] | None) -> None:
    if isinstance(item, SummaryText):
        _import_summary(db, Path(item.path), summary, on_wait, item)
    elif isinstance(item, OtherSiteFile):
        summary.skipped_sites[item.site] += 1
    else:
        summary.problems.append(item)


def _import_file(db: Database, parsers: Parsers, path: Path, summary: ImportSummary,
                 progress: Callable[[Path, int], None] | None, *,
                 hold_tail: bool = False, on_wait: Callable[[], None] | None = None, from_line: int = 1) -> _Imported:
    """Import one file (from line `from_line` on)."""
    file_id = _file_row(db, path, on_wait)
    store = _HandStore(db, file_id, parsers, on_wait)
    outcomes = (store.outcome(item) if isinstance(item, RawHand) else item for item in _raw_hands(path, from_line))
    resume = _Resume(from_line)
    with file_problems(path, summary.problems):  # (the hands read before a failure are still written, below)
        for item in _held_tail(outcomes, hold_tail, path, summary, resume):
            if not isinstance(item, HandOutcome):
                _file_level(item, summary, db, on_wait)
                continue
            if progress:
                progress(path, len(item.raw.text) + 4)
            store.take(item)
    store.finish().into(summary)
    if progress:
        progress(path, 0)
    return _Imported(file_id, resume.next_line)


@dataclass(slots=True)
class _Resume:
    """Where `import --watch` reads a file on from at its next look."""

    next_line: int


@dataclass(frozen=True, slots=True)
class _Imported:
    """A file imported: its row in the files table, and the line to read it on from next
    time (that of a last hand held back, else the line after the last hand)."""

    file_id: int
    next_line: int


def _import_file_in_workers(db: Database, db_path: Path, pool: Pool, jobs: int, path: Path, summary: ImportSummary,
                            progress: Callable[[Path, int], None] | None,
                            on_wait: Callable[[], None] | None) -> int:
    file_id = _file_row(db, path, on_wait)
    tally = _Tally()
    pending: deque[AsyncResult[_Tally]] = deque()  # batches handed to the workers, oldest first
    batch: list[RawHand] = []

    def send() -> None:
        nonlocal batch
        pending.append(pool.apply_async(_worker_batch, (db_path, file_id, batch, on_wait)))
        batch = []
        while len(pending) > 2 * jobs:
            tally.add(pending.popleft().get())

    with file_problems(path, summary.problems):  # (the hands read before a failure are still sent and written, below)
        for item in _raw_hands(path):
            if not isinstance(item, RawHand):
                _file_level(item, summary, db, on_wait)
                continue
            if progress:
                progress(path, len(item.text) + 4)
            batch.append(item)
            if len(batch) >= BATCH:
                send()
    with file_problems(path, summary.problems):
        if batch:
            send()
    while pending:
        with file_problems(path, summary.problems):
            tally.add(pending.popleft().get())
    tally.into(summary)
    if progress:
        progress(path, 0)
    return file_id


def _held_tail(items: Iterator[HandOutcome | Problem | OtherSiteFile | SummaryText], hold_tail: bool, path: Path,
               summary: ImportSummary, resume: _Resume) -> Iterator[HandOutcome | Problem | OtherSiteFile | SummaryText]:
    """With hold_tail (`import --watch`), a file's last hand is not passed on while a site
    client may still be writing it: cut off before its summary, or cut inside its last
    line (the file does not end with a line break and the hand fails at its last line).
    The next look picks it up when it is complete. resume.next_line: the line after the
    last hand passed on, or the held hand's."""
    held: HandOutcome | Problem | OtherSiteFile | SummaryText | None = None
    for item in items:
        if held is not None:
            yield held
        held = item
        if isinstance(item, HandOutcome):
            resume.next_line = item.raw.end_line + 1
        elif isinstance(item, SummaryText):
            resume.next_line = item.line + item.text.count("\n") + 1
        if not hold_tail:
            yield item
            held = None
    if held is None:
        return
    if isinstance(held, HandOutcome) and held.rejected is not None and _still_written(held.rejected, path):
        summary.hands_pending += 1
        resume.next_line = held.raw.line
        return
    yield held


def _still_written(rejected: RejectedHand, path: Path) -> bool:
    """Whether a file's last hand, which failed, looks like one a client is still writing."""
    if rejected.code is Code.TRUNCATED:
        return True
    last_line = rejected.raw.end_line
    try:
        with open(path, "rb") as handle:
            handle.seek(-1, 2)
            ends_with_break = handle.read(1) in (b"\n", b"\r")
    except OSError:
        return False
    return not ends_with_break and rejected.line == last_line
