"""Answers of the slower reads (the population the automatic tags compare with, the session
list, a player's reads, the leaks) kept while the database is unchanged: the same size and
modification time of the file and of its -wal file (an import, a note, a migration change
them). A few dozen answers at most, the oldest dropped first."""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def signature(db_path: Path) -> tuple[tuple[int, int], ...]:
    """(modification time in ns, size) of the database and its -wal file ((0, 0) when absent
    or empty: the first reader of a database in WAL mode creates an empty -wal, which
    changes nothing read)."""
    found = []
    for path in (db_path, db_path.with_name(db_path.name + "-wal")):
        try:
            status = os.stat(path)
            found.append((status.st_mtime_ns, status.st_size) if status.st_size else (0, 0))
        except OSError:
            found.append((0, 0))
    return tuple(found)


class DatabaseCache:
    """The answers, by (what was asked, the database's signature). An answer being read is
    read once: whoever asks for it meanwhile (a page, the warm-up) waits for that reading."""

    def __init__(self, most: int = 48) -> None:
        self.most = most
        self._answers: OrderedDict[Hashable, object] = OrderedDict()
        self._reading: dict[Hashable, threading.Event] = {}
        self._lock = threading.Lock()

    def get(self, db_path: Path, key: Hashable, compute: Callable[[], T]) -> T:
        """The answer to `key` for the database as it is now: kept, or computed (and kept).
        While another thread computes it, wait for its answer (and compute it here if that
        one ends without keeping one: an error, or the database changed meanwhile)."""
        full = (key, str(db_path), signature(db_path))
        while True:
            with self._lock:
                if full in self._answers:
                    self._answers.move_to_end(full)
                    return self._answers[full]  # type: ignore[return-value]
                reading = self._reading.get(full)
                if reading is None:
                    reading = self._reading[full] = threading.Event()
                    break
            reading.wait()
        try:
            answer = compute()
            if signature(db_path) == full[2]:  # (not kept when the database changed meanwhile)
                with self._lock:
                    self._answers[full] = answer
                    while len(self._answers) > self.most:
                        self._answers.popitem(last=False)
            return answer
        finally:
            with self._lock:
                del self._reading[full]
            reading.set()
