"""Which databases were last written by an hhtracker import that had found them sound, and
have not changed since: those an import need not check whole again (SQLite's `PRAGMA
quick_check` reads every page, about 1 s per 20,000 hands).

After an import has checked a database (or found it sealed), written it and closed it, the
database file's identity and times (and its -wal file's, when one is left) are recorded, a
*seal*, in a small JSON file outside the database: `sound-databases.json` in the user's state
folder (`~/.local/state/hhtracker/` on Linux; $HHTRACKER_STATE_DIR when set), keyed by the
SHA-256 of the database's resolved path. The next import trusts a database whose file still
matches its seal; any other write to the file since (another program, a copy, a disk
editor, a restore from a backup, `note` or `tag`) changes its size, times or inode, and the
database is checked whole again. `hhtracker check` always checks whole (and seals a sound
database). A file system whose times are whole seconds (FAT) cannot tell a write made in
the same second: a seal is never trusted there.

Everything here is best effort: a state folder that cannot be read or written, or a seal
file that is not ours, only means the whole check runs again."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

STATE_ENV = "HHTRACKER_STATE_DIR"
"""Environment variable naming the folder of the seal file (else the user's state folder)."""

SEAL_FILE = "sound-databases.json"
"""The seal file's name in that folder."""

MOST_SEALS = 64
"""Seals kept (the most recent ones): a database beyond them is simply checked whole again."""


@dataclass(frozen=True, slots=True)
class FileMark:
    """What a database file is at one moment, by os.stat: device and inode (a copy or a
    restored backup is another file), size in bytes, modification and change times in
    nanoseconds (the change time cannot be set back by a program), and the same size and
    modification time of its -wal file (-1, -1: no -wal file, or an empty one: a reader
    that opens the database after the last writer closed it makes an empty -wal, which
    holds no write; a write that empties it again changes the database file itself)."""

    device: int
    inode: int
    size: int
    mtime_ns: int
    ctime_ns: int
    wal_size: int
    wal_mtime_ns: int


def state_folder() -> Path:
    """The folder of the seal file: $HHTRACKER_STATE_DIR, else the user's state folder."""
    env = os.environ.get(STATE_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_state_dir("hhtracker"))


def mark_of(path: Path | str) -> FileMark | None:
    """The database file's mark now; None when it cannot be read (no such file)."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    try:
        wal = os.stat(f"{os.fspath(path)}-wal")
        wal_size, wal_mtime_ns = (wal.st_size, wal.st_mtime_ns) if wal.st_size > 0 else (-1, -1)
    except OSError:
        wal_size, wal_mtime_ns = -1, -1
    return FileMark(stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, wal_size, wal_mtime_ns)


def _key(path: Path | str) -> str:
    return hashlib.sha256(os.fsencode(Path(path).resolve())).hexdigest()


def _seals(folder: Path) -> dict[str, dict[str, int]]:
    try:
        seals = json.loads((folder / SEAL_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return seals if isinstance(seals, dict) else {}


def is_sealed(path: Path | str) -> bool:
    """Whether the database file at path is exactly as the last import that found it sound
    left it (its seal matches its mark now), on a file system with sub-second times."""
    mark = mark_of(path)
    if mark is None or mark.mtime_ns % 1_000_000_000 == 0 or mark.ctime_ns % 1_000_000_000 == 0:
        return False  # (whole seconds: a later write in the same second would not show)
    seal = _seals(state_folder()).get(_key(path))
    if not isinstance(seal, dict):
        return False
    return {name: seal.get(name) for name in asdict(mark)} == asdict(mark)


def seal(path: Path | str) -> None:
    """Record the database file's mark now as sound (call it after closing the database,
    when the import that wrote it had found it sound before writing). The seal file is
    replaced whole (a temporary file renamed); any OSError is ignored (the next import
    checks whole)."""
    mark = mark_of(path)
    if mark is None:
        return
    folder = state_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        seals = _seals(folder)
        seals.pop(_key(path), None)
        seals[_key(path)] = {**asdict(mark), "sealed_at": time.time_ns()}
        kept = dict(list(seals.items())[-MOST_SEALS:])  # (insertion order: the most recent last)
        handle, temporary = tempfile.mkstemp(prefix=".seals-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(kept, out)
            os.replace(temporary, folder / SEAL_FILE)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        return
