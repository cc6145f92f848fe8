"""Watching: files a poker client is still writing, imported as they grow (`import --watch`,
the live table view): a growing file is read on from where it stopped, a hand still being
written is held for the next look, and each look reports only what changed."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from ..parse.sites import Parsers
from ..parse.stars_summary import is_summary_file
from .common import open_tracker
from .importing import ImportSummary, _import_file, _import_summary, expand_paths, file_problems


def watch(
    paths: Iterable[Path],
    db_path: Path,
    *,
    interval: float = 2.0,
    on_import: Callable[[ImportSummary], None] | None = None,
    rounds: int | None = None,
    on_wait: Callable[[], None] | None = None,
    total: ImportSummary | None = None,
) -> None:
    """Keep importing new and growing files under `paths` (auto-import while a site client
    writes its hand histories). Every `interval` seconds the files whose size or time
    changed are imported again: stored hands are skipped by number, new ones added, and a
    last hand still being written is left for the next round instead of being rejected.
    on_import(summary) is called after each round that found a hand not stored before or a
    problem (so a look reports only what changed); `total`, when given, sums every round
    (what Ctrl-C reports). `rounds` stops after that many rounds (None: until
    KeyboardInterrupt, which is left to the caller). One round is a `Watcher.look()`."""
    watcher = Watcher(paths, db_path, on_wait=on_wait, total=total)
    done = 0
    while rounds is None or done < rounds:
        done += 1
        summary = watcher.look()
        if summary is not None and on_import is not None and (summary.news or summary.problems):
            on_import(summary)
        if rounds is None or done < rounds:
            time.sleep(interval)


@dataclass(frozen=True, slots=True)
class WatchProgress:
    """How far a look has read (shown while a backlog imports: the first look at a folder
    of old files takes a while). files: the files that changed; files_done: of them, those
    read to their end; size: bytes to read (what each file grew by since the last look,
    the whole file at the first); done: bytes read so far (counted as the hands' characters:
    about the bytes of an ASCII file, so `fraction` is an estimate, at most 1)."""

    files: int
    files_done: int
    size: int
    done: int

    @property
    def fraction(self) -> float:
        """done / size, between 0 and 1 (1 when there is nothing to read)."""
        return min(1.0, self.done / self.size) if self.size > 0 else 1.0


class Watcher:
    """What `watch` remembers between its looks at the files under `paths`: each file's
    size and time, and the line to read it on from (a growing file is read on from where
    it stopped; a last hand still being written is held for the next look). `total`, when
    given, sums every look; `progress`, when given, is called with a WatchProgress as each
    hand is read and as each file ends (often: the caller decides when to show it)."""

    def __init__(self, paths: Iterable[Path], db_path: Path, *, on_wait: Callable[[], None] | None = None,
                 total: ImportSummary | None = None, progress: Callable[[WatchProgress], None] | None = None) -> None:
        self.paths = list(paths)
        self.db_path = db_path
        self.on_wait = on_wait
        self.total = total
        self.progress = progress
        self.grown: dict[Path, int] = {}  # bytes each changed file grew by at the last look
        self.seen: dict[Path, tuple[int, int]] = {}
        self.next_line: dict[Path, int] = {}
        self.parsers = Parsers()
        self.checked = False  # the database is checked whole (quick_check) at the first look that writes

    def prepare(self) -> None:
        """Open the database to write once now, before the first look: made when missing,
        brought up to date, and checked whole when its seal is broken (store.seals: any
        write but an import's or a watcher's breaks it; about 30 s at 1,000,000 hands), so
        that the first hand a client writes is not kept waiting by that check; then sealed
        (found sound). raises what open_tracker raises."""
        if self.checked:
            return
        from ..store import seals
        from ..store.database import sqlite_errors

        with sqlite_errors(self.db_path):
            open_tracker(self.db_path, self.on_wait, create=True, check=True).close()
        self.checked = True
        seals.seal(self.db_path)  # found sound (checked, or sealed already) and closed: the next start skips the check

    def changed_files(self) -> list[Path]:
        """The files under the paths whose size or time changed since the last look (an
        empty file is left for a later look, when its first hand is there)."""
        try:
            files = expand_paths(self.paths)
        except FileNotFoundError:
            files = []
        changed = []
        for path in files:
            try:
                stat = path.stat()
            except OSError:
                continue
            key = (stat.st_size, stat.st_mtime_ns)
            if stat.st_size == 0:  # a client opened it and has not written its first hand yet: wait quietly
                self.seen.pop(path, None)  # (emptied: read whole when it grows again)
                self.next_line.pop(path, None)
                continue
            if self.seen.get(path) != key:
                changed.append(path)
                before = self.seen.get(path, (0, 0))[0]
                if before > stat.st_size:  # rewritten shorter: read it again whole
                    self.next_line.pop(path, None)
                    before = 0
                self.grown[path] = stat.st_size - before
                self.seen[path] = key
        return changed

    def look(self) -> ImportSummary | None:
        """Import what changed since the last look; its summary (None: nothing changed)."""
        changed = self.changed_files()
        if not changed:
            return None
        from ..store.database import sqlite_errors

        with sqlite_errors(self.db_path):
            return self._import(changed, self.on_wait)

    def _import(self, changed: list[Path], on_wait: Callable[[], None] | None) -> ImportSummary:
        summary = ImportSummary()
        size = sum(self.grown.get(path, 0) for path in changed)
        done = 0
        files_done = 0

        def read(_path: Path, characters: int) -> None:
            nonlocal done
            done += characters
            if self.progress is not None:
                self.progress(WatchProgress(len(changed), files_done, size, done))

        from ..store import seals

        # Sealed again after this look when the database is known sound: checked whole (or
        # found sealed) as it opens now, or still as the watcher's last seal left it (a write
        # by anything else since, a note from the web page too, leaves the seal broken).
        sound = not self.checked or seals.is_sealed(self.db_path)
        db = open_tracker(self.db_path, on_wait, create=True, check=not self.checked)  # (checked whole once)
        self.checked = True
        try:
            for path in changed:
                summary.files += 1
                with file_problems(path, summary.problems):  # one file's failure is its problem; the others are read
                    if is_summary_file(path):
                        _import_summary(db, path, summary, on_wait)
                    else:
                        self.next_line[path] = _import_file(db, self.parsers, path, summary, read, hold_tail=True,
                                                            on_wait=on_wait, from_line=self.next_line.get(path, 1)).next_line
                files_done += 1
                read(path, 0)
        finally:
            db.close()
            if self.total is not None:  # counted whatever ends the look: a Ctrl-C in it still counts the hands stored
                _add_summary(self.total, summary)
                self.total.files = len(self.next_line)
        if sound:
            seals.seal(self.db_path)  # as `import` leaves it: a later `hud` or `serve --watch` skips the whole check
        return summary


def _add_summary(total: ImportSummary, part: ImportSummary) -> None:
    """Add a watch round's summary to the whole watch's (pending: the last round's hands
    still being written; the caller counts the files)."""
    for name in ("hands_new", "hands_duplicate", "hands_rejected", "hands_unsupported", "hands_with_warnings",
                 "hands_repaired"):
        setattr(total, name, getattr(total, name) + getattr(part, name))
    total.hands_pending = part.hands_pending
    total.unsupported_games.update(part.unsupported_games)
    total.skipped_sites.update(part.skipped_sites)
    total.problems.extend(part.problems)
