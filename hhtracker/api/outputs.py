"""The one way a command writes a file (`export`, `report --html/--png`, `hand --html`, the
replayer pages): never over the database or its side files or any SQLite file, nor over a
hand history (the player's originals, what a database is rebuilt from), and all or
nothing (a temporary file in the same folder, renamed over the target when complete)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from ..errors import OutputPathError
from ..parse.detect import detect, other_site
from ..parse.read import detect_encoding
from ..store.database import SIDE_FILES, is_sqlite_file

HAND_HISTORY_HEAD = 65536
"""Bytes read from the start of an existing output file to tell whether it is a hand history."""

HAND_HISTORY_LINES = 50
"""Lines of that start looked at for a hand's first line (a Full Tilt archive has a header
and separators first)."""


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def check_output(out: Path, db_path: Path | None) -> None:
    """raises OutputPathError when `out` may not be written: it is the database at db_path
    or one of its -wal, -shm or -journal files, an existing SQLite database (any program's),
    an existing hand history (hand_history_site), a folder, or anything else that is not a
    regular file (a device such as /dev/stdout, a named pipe: the file written is renamed
    over its name)."""
    out = Path(out)
    if db_path is not None:
        db_path = Path(db_path)
        for suffix in ("", *SIDE_FILES):
            if _same(out, db_path.with_name(db_path.name + suffix)):
                what = "the database" if not suffix else f"the database's {suffix} file"
                raise OutputPathError(f"{out} is {what} ({db_path}): it is not overwritten; give another file to write")
    if out.is_dir():
        raise OutputPathError(f"{out} is a folder: give the file to write")
    if out.exists() and not out.is_file():  # (before anything reads it: opening a pipe waits for ever)
        raise OutputPathError(f"{out} is not a regular file (a device, a pipe): it is not replaced; give a file "
                              "to write")
    if out.exists() and is_sqlite_file(out):
        raise OutputPathError(f"{out} is an SQLite database: it is not overwritten; give another file to write")
    site = hand_history_site(out)
    if site is not None:
        raise OutputPathError(f"{out} holds hand histories ({site}): it is not overwritten; give another file to write")


def hand_history_site(path: Path) -> str | None:
    """The site whose hand histories (or tournament summaries) the existing file at path
    holds, told by the first line of a hand among its first lines (HAND_HISTORY_LINES
    within HAND_HISTORY_HEAD bytes, in the reader's encodings): a site hhtracker reads or
    one it skips (Winamax...); None for any other file or none at all."""
    try:
        with open(path, "rb") as file:
            head = file.read(HAND_HISTORY_HEAD)
    except OSError:
        return None
    text = head.decode(detect_encoding(head[:4]), "replace")
    for line in text.splitlines()[:HAND_HISTORY_LINES]:
        line = line.lstrip("\ufeff").strip()
        if not line:
            continue
        found = detect(line).site
        if found is not None:
            return found.value
        other = other_site(line)
        if other is not None:
            return other
    return None


@contextmanager
def output_path(out: Path, db_path: Path | None) -> Iterator[Path]:
    """A temporary path in `out`'s folder to write `out` through: `out` is checked first
    (check_output), and the temporary file is renamed over it only when the block ends
    without an error. On any error (a full disk, a folder that does not exist) the
    temporary file is removed and an existing `out` is left as it was. raises
    OutputPathError."""
    out = Path(out)
    check_output(out, db_path)
    existed = out.exists()
    try:
        handle, name = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.", suffix=".partial")
        os.close(handle)
    except OSError as error:
        raise OutputPathError(f"cannot write {out}: {error.strerror or error}") from None
    temporary = Path(name)
    try:
        yield temporary
        os.chmod(temporary, _mode(out if existed else None))
        os.replace(temporary, out)
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError) and not isinstance(error, OutputPathError):
            kept = "; the old file is kept" if existed else ""
            raise OutputPathError(f"cannot write {out}: {error.strerror or error} (nothing written{kept})") from None
        raise


@contextmanager
def output_file(out: Path, db_path: Path | None) -> Iterator[BinaryIO]:
    """A binary file to write `out` through, all or nothing (see output_path; the data is
    on disk, fsync, before the rename). raises OutputPathError."""
    with output_path(out, db_path) as temporary, open(temporary, "wb") as file:
        yield file
        file.flush()
        os.fsync(file.fileno())


def write_output(out: Path, content: str | bytes, db_path: Path | None) -> None:
    """Write `content` (text as UTF-8, or bytes) to the file `out`, all or nothing (see
    output_path). raises OutputPathError."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    with output_file(out, db_path) as file:
        file.write(data)


def _mode(existing: Path | None) -> int:
    """The permissions of the file written: those of the file it replaces, else what a new
    file gets (0666 less the umask)."""
    if existing is not None:
        return existing.stat().st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
