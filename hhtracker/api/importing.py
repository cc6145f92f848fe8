"""Importing: files and folders -> hands parsed, replayed, with their statistics, stored in
batches (`import_paths`, and `watch` for files a poker client is still writing). Errors in
hands never raise: they are counted and listed as `Problem`s."""

from __future__ import annotations

import datetime as dt
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import EncodingError, HandHistoryError
from ..model import Site
from ..parse.detect import Detected, detect
from ..parse.read import OtherSiteFile, RawHand, StrayText, split_hands
from ..parse.sites import Parsers
from ..parse.stars_summary import is_summary_file, read_summary
from ..pipeline import replay_raw
from ..report.queries import choose_hero
from ..rules.issues import ValidationIssue
from ..rules.replay import ReplayedHand
from ..stats.per_hand import per_hand_stats
from ..store.repository import HandWriter, PreparedHand, Verdict, file_digest, immediate, open_database, prepare_hand, raw_hand_key
from ..store.tournaments import store_summary
from .common import issue_code


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
    skipped_sites: Counter[str] = field(default_factory=Counter)  # site -> files of a site not read
    problems: list[Problem] = field(default_factory=list)
    tournament_summaries: int = 0  # PokerStars tournament summary files read
    notes: list[str] = field(default_factory=list)  # e.g. a file dealt to someone other than the hero

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
            "skipped_sites": dict(sorted(self.skipped_sites.items())),
            "tournament_summaries": self.tournament_summaries,
            "notes": list(self.notes),
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
               stored: Callable[[str, str], bool] | None = None) -> Iterator[HandOutcome | Problem | OtherSiteFile]:
    """Every hand of a file, parsed and replayed, in order; stray text and unreadable files
    come as Problems; a file of a site we do not read as one OtherSiteFile. Streams: one hand (or, with a multiprocessing `pool`, a few batches of
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
                              f"text outside any hand ignored: {item.text.splitlines()[0][:60]!r}")
                continue
            if isinstance(item, OtherSiteFile):
                yield item
                return
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
    on_wait: Callable[[], None] | None = None,
) -> ImportSummary:
    """Import files and folders into the database at db_path (created if needed).

    Hands are written in batches of whole hands (FLUSH_HANDS, FLUSH_SECONDS), each in one
    short write transaction; on_wait() is called when another program holds the write lock
    and we wait for it (once per wait). progress(path, bytes) is called as each hand is read, with
    the hand's size in characters (an estimate of bytes), and once per file at its end with
    0. jobs > 1 parses, replays and computes statistics in that many worker processes (this
    process reads and stores). raises FileNotFoundError for a path that does not exist
    (nothing is imported then).
    """
    files = expand_paths(paths)
    db = open_database(db_path, on_wait)
    summary = ImportSummary()
    parsers = Parsers()
    pool = None
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(jobs)
    try:
        file_ids = []
        for path in files:
            summary.files += 1
            if is_summary_file(path):
                _import_summary(db, path, summary, on_wait)
                continue
            file_ids.append((path, _import_file(db, parsers, path, summary, progress, pool, on_wait=on_wait)))
        summary.notes.extend(other_hero_notes(db, file_ids))
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


FLUSH_HANDS = 500
FLUSH_SECONDS = 0.5


def _import_summary(db, path: Path, summary: ImportSummary, on_wait: Callable[[], None] | None) -> None:
    """A PokerStars tournament summary file: stored (replacing an earlier copy)."""
    try:
        found = read_summary(path)
    except (ValueError, HandHistoryError) as error:
        summary.problems.append(Problem(str(path), None, None, "syntax", "error", str(error)))
        return
    with immediate(db, on_wait):
        store_summary(db, found)
    summary.tournament_summaries += 1


def other_hero_notes(db, files: list[tuple[Path, int]]) -> list[str]:
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
                notes.append(f"{path}: its hands were dealt to {name}, not to the hero ({' + '.join(heroes) or '-'} on "
                             f"{site}); reports leave them out (`hhtracker hero add {name} --site {site}` if it is you)")
    return notes


def _import_file(db, parsers: Parsers, path: Path, summary: ImportSummary, progress, pool=None,
                 hold_tail: bool = False, on_wait: Callable[[], None] | None = None) -> int:
    name = str(path)
    counts: Counter[str] = Counter()
    with immediate(db, on_wait):
        file_id = db["files"].insert(
            {"path": str(path.resolve()), "size": path.stat().st_size, "sha256": file_digest(path),
             "imported_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}
        ).last_pk
    writer = HandWriter(db, file_id, on_wait)

    def already(site: str, number: str) -> bool:
        found = writer.stored(site, number)
        return found is not None and found.status != "rejected"

    def flush() -> None:
        for queued, verdict in writer.flush():
            counts[verdict.value] += 1
            if verdict is Verdict.DUPLICATE:
                continue
            summary.problems.extend(queued.problems)
            if verdict in (Verdict.NEW, Verdict.REPAIRED) and queued.status in ("error", "warning"):
                counts["stored_error" if queued.status == "error" else "warnings"] += 1

    started: float | None = None
    for item in _held_tail(read_hands(path, parsers, pool, stored=already), hold_tail, summary):
        if isinstance(item, Problem):
            summary.problems.append(item)
            continue
        if isinstance(item, OtherSiteFile):
            summary.skipped_sites[item.site] += 1
            continue
        if progress:
            progress(path, (len(item.raw.text) or item.size) + 4)
        if item.duplicate:  # found stored before parsing
            counts[Verdict.DUPLICATE.value] += 1
            writer.file_counts["hands_duplicate"] += 1
            continue
        if item.replayed is None and item.error is None and item.prepared is None:
            counts["unsupported"] += 1
            writer.file_counts["hands_unsupported"] += 1
            summary.unsupported_games[item.game] += 1
            continue
        if item.error is not None:
            issue = ValidationIssue.of(issue_code(item.error.code), item.error.message, item.error.line)
            key = raw_hand_key(item.raw)
            # Rejected again (stored or not): said every time, never as a silent duplicate.
            writer.add_rejected(item.site.value, item.raw, issue, _QueuedHand(
                "rejected", (Problem(name, item.error.line, key, issue.code.value, "error", item.error.message),)))
        else:
            prepared = item.prepared
            if prepared is None:  # computed here (no worker processes)
                prepared = prepare_hand(item.replayed, per_hand_stats(item.replayed))
            issues = item.replayed.issues if item.replayed is not None else item.issues
            writer.add_prepared(prepared, _QueuedHand(prepared.status, tuple(
                Problem(name, issue.line, prepared.site_hand_id, issue.code.value, issue.severity.value, issue.message)
                for issue in issues
            )))
        now = time.monotonic()
        if started is None:
            started = now
        if writer.queued_hands >= FLUSH_HANDS or now - started >= FLUSH_SECONDS:
            flush()
            started = None
    flush()
    writer.write_file_counts()
    if progress:
        progress(path, 0)
    summary.hands_new += counts[Verdict.NEW.value] + counts[Verdict.REPAIRED.value]
    summary.hands_duplicate += counts[Verdict.DUPLICATE.value]
    summary.hands_rejected += counts["stored_error"] + counts[Verdict.REJECTED.value] + counts[Verdict.REJECTED_AGAIN.value]
    summary.hands_unsupported += counts["unsupported"]
    summary.hands_with_warnings += counts["warnings"]
    summary.hands_repaired += counts[Verdict.REPAIRED.value]
    return file_id


@dataclass(frozen=True, slots=True)
class _QueuedHand:
    """What the importer remembers of a hand handed to the writer: the status it is stored
    with, and its problems (reported unless the writer finds it is a duplicate)."""

    status: str
    problems: tuple[Problem, ...]


def watch(
    paths: Iterable[Path],
    db_path: Path,
    *,
    interval: float = 2.0,
    on_import: Callable[[ImportSummary], None] | None = None,
    rounds: int | None = None,
    on_wait: Callable[[], None] | None = None,
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
            db = open_database(db_path, on_wait)
            try:
                for path in changed:
                    summary.files += 1
                    if is_summary_file(path):
                        _import_summary(db, path, summary, on_wait)
                        continue
                    _import_file(db, parsers, path, summary, None, None, hold_tail=True, on_wait=on_wait)
            finally:
                db.close()
            if on_import is not None:
                on_import(summary)
        if rounds is None or done < rounds:
            time.sleep(interval)
