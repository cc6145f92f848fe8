"""Writing hands: the HandWriter queues prepared hands and writes them in batches of whole
hands, one short write transaction each, deciding inside it what becomes of each hand
(new, repaired, duplicate, rejected) so that two importers store every hand once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from ..analysis import AnalyzedHand
from ..model import COUNTING, HandStatus
from ..parse.read import RawHand
from ..rules.issues import ValidationIssue
from . import summary
from .database import immediate
from .hand_reads import READ_ROW_COLUMNS
from .rows import (
    HAND_PLAYER_COLUMNS,
    PreparedHand,
    TableRows,
    prepare_hand,
    raw_hand_key,
)

if TYPE_CHECKING:
    from sqlite_utils import Database


class Verdict(StrEnum):
    """What the writer did with a queued hand (HandWriter.flush). A hand "counts" when its
    status is ok or warning; a rejected hand (one that did not parse, or whose replay found
    an error) is stored with its raw text but left out of the statistics."""

    NEW = "new"  # a hand that counts, stored
    REPAIRED = "repaired"  # a hand that counts, stored in place of a stored rejected copy
    DUPLICATE = "duplicate"  # a copy that counts is stored already: nothing written
    REJECTED = "rejected"  # a rejected hand, stored (in place of a copy that did not parse)
    REJECTED_AGAIN = "rejected_again"  # a rejected hand stored as rejected already: nothing written




@dataclass(slots=True)
class _Queued:
    site: str
    number: str
    status: str
    tables: dict[str, TableRows]
    tag: object


def _same_text(stored: str, text: str) -> bool:
    """Whether two copies of a hand are the same text, line ends and trailing blanks aside."""
    def lines(value: str) -> list[str]:
        return [line.rstrip() for line in value.strip().splitlines()]
    return stored == text or lines(stored) == lines(text)


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A stored hand's row id and status ("ok", "warning", "error", "rejected")."""

    row_id: int
    status: str

    @property
    def counts(self) -> bool:
        return self.status in COUNTING


FILE_COUNTERS = {Verdict.NEW: "hands_new", Verdict.REPAIRED: "hands_new", Verdict.DUPLICATE: "hands_duplicate",
                 Verdict.REJECTED: "hands_rejected", Verdict.REJECTED_AGAIN: "hands_rejected"}
"""The files table's counter each verdict adds to."""


def _verdict(status: str, stored: str | None) -> Verdict:
    """What becomes of a hand of `status` when a copy of `stored` status (None: none) is
    stored already."""
    if stored in COUNTING:
        return Verdict.DUPLICATE
    if status in COUNTING:
        return Verdict.NEW if stored is None else Verdict.REPAIRED
    if stored is None or (stored == HandStatus.REJECTED and status == HandStatus.ERROR):  # a copy that parses replaces one that did not
        return Verdict.REJECTED
    return Verdict.REJECTED_AGAIN


class HandWriter:
    """Queues hands and writes them in batches, each batch in one short write transaction
    (`flush`), whose first step is to ask which of its hands are stored already: so a hand
    is stored once even when two importers read the same file at the same time. The file's
    counters (files.hands_new...) are brought up to date in the same transaction. Not
    thread-safe."""

    def __init__(self, db: Database, file_id: int, on_wait: Callable[[], None] | None = None) -> None:
        self.db = db
        self.file_id = file_id
        self.on_wait = on_wait
        self.file_counts: Counter[str] = Counter()
        """files counter -> hands, over the writer's life: the caller adds what it decides
        itself (files.hands_unsupported, duplicates skipped before parsing)."""
        self._written_counts: Counter[str] = Counter()
        self._players: dict[tuple[str, str], int] = {}
        self._queue: list[_Queued] = []

    @property
    def queued_hands(self) -> int:
        return len(self._queue)

    def stored(self, site: str, site_hand_id: str) -> StoredHand | None:
        """The stored hand with this site and number, or None (queued hands are not seen)."""
        row = self.db.execute(
            "select id, status from hands where site = ? and site_hand_id = ?", [site, site_hand_id]
        ).fetchone()
        return StoredHand(row[0], row[1]) if row else None

    def stored_copy_differs(self, found: StoredHand, text: str) -> str | None:
        """The stored copy's "file:line" when its raw text differs from `text` (line ends and
        trailing blanks aside), else None (the same hand again, or no raw text stored)."""
        row = self.db.execute("select path, line, text from raw_hands where hand_id = ?", [found.row_id]).fetchone()
        if row is None or not isinstance(row[2], str) or _same_text(row[2], text):
            return None
        return f"{row[0]}:{row[1]}"

    def _stored_many(self, keys: Iterable[tuple[str, str]]) -> dict[tuple[str, str], StoredHand]:
        by_site: dict[str, set[str]] = {}
        for site, number in keys:
            by_site.setdefault(site, set()).add(number)
        found: dict[tuple[str, str], StoredHand] = {}
        for site, numbers in by_site.items():
            ordered = sorted(numbers)
            for start in range(0, len(ordered), 500):
                part = ordered[start:start + 500]
                for row_id, number, status in self.db.execute(
                    f"select id, site_hand_id, status from hands where site = ? and site_hand_id in ({', '.join('?' * len(part))})",
                    [site, *part],
                ):
                    found[(site, number)] = StoredHand(row_id, status)
        return found

    def add_rejected(self, site: str, raw: RawHand, issue: ValidationIssue, tag: object = None) -> None:
        """Queue a hand that could not be parsed: its raw text and why, status "rejected"."""
        key = raw_hand_key(raw)
        tables = {
            "hands": TableRows(("id", "file_id", "site", "site_hand_id", "status", "line"),
                               [[None, None, site, key, "rejected", raw.line]]),
            "raw_hands": TableRows(("hand_id", "path", "line", "text"), [[None, raw.path, raw.line, raw.text]]),
            "validation_issues": TableRows(("hand_id", "code", "severity", "message", "line"),
                                           [[None, issue.code.value, issue.severity.value, issue.message, issue.line]]),
        }
        self._queue.append(_Queued(site, key, "rejected", tables, tag))

    def add(self, analyzed: AnalyzedHand, tag: object = None) -> None:
        """Queue an analysed hand (its rows built here: prepare_hand)."""
        self.add_prepared(prepare_hand(analyzed), tag)

    def add_prepared(self, prepared: PreparedHand, tag: object = None) -> None:
        """Queue a hand whose rows were built by prepare_hand() (perhaps in a worker
        process); flush() gives it its row id and its players theirs."""
        self._queue.append(_Queued(prepared.site, prepared.site_hand_id, prepared.status, prepared.rows, tag))

    def flush(self) -> list[tuple[object, Verdict]]:
        """Write the queued hands in one write transaction (waiting for the lock as
        `immediate()` does) and add them to the summary tables. Returns (tag, verdict) for
        each queued hand, in order. raises DatabaseBusyError."""
        if not self._queue:
            return []
        queue, self._queue = self._queue, []
        counts, written = Counter(self.file_counts), Counter(self._written_counts)
        try:
            return self._flush(queue)
        except BaseException:  # nothing was written (rolled back): the hands stay queued, the counters as they were
            self._queue = queue + self._queue
            self.file_counts, self._written_counts = counts, written
            self._names_back(queue)
            self._players.clear()  # (ids looked up in the rolled back transaction may not exist)
            raise

    def _names_back(self, queue: list[_Queued]) -> None:
        """The players' names put back in the rows of hands that were not written (_write
        puts the ids in place), so that they can be written again."""
        names = {(site, number): name for (site, name), number in self._players.items()}
        for entry in queue:
            for part in entry.tables.values():
                if "player_id" not in part.columns:
                    continue
                at = part.columns.index("player_id")
                for row in part.rows:
                    number = row[at]
                    if isinstance(number, int):
                        row[at] = names[(entry.site, number)]

    def take_queue(self) -> list[object]:
        """The queued hands, taken out of the queue (opaque: give them back one at a time
        with `requeue`, e.g. to write a batch that failed hand by hand)."""
        queue, self._queue = self._queue, []
        return list(queue)

    def requeue(self, entry: object) -> None:
        """Queue again a hand given by take_queue()."""
        assert isinstance(entry, _Queued)
        self._queue.append(entry)

    @staticmethod
    def tag_of(entry: object) -> object:
        """The tag a hand given by take_queue() was queued with."""
        assert isinstance(entry, _Queued)
        return entry.tag

    def _flush(self, queue: list[_Queued]) -> list[tuple[object, Verdict]]:
        verdicts: list[tuple[object, Verdict]] = []
        with immediate(self.db, self.on_wait):
            stored = self._stored_many((q.site, q.number) for q in queue)
            kept: list[_Queued | None] = []
            in_batch: dict[tuple[str, str], tuple[int, str]] = {}  # key -> (position in kept, status)
            for entry in queue:
                key = (entry.site, entry.number)
                earlier = in_batch.get(key)
                found = stored.get(key)
                verdict = _verdict(entry.status, earlier[1] if earlier is not None else found.status if found else None)
                verdicts.append((entry.tag, verdict))
                self.file_counts[FILE_COUNTERS[verdict]] += 1
                if verdict in (Verdict.DUPLICATE, Verdict.REJECTED_AGAIN):
                    continue
                if earlier is not None:  # the copy queued in this batch is replaced
                    kept[earlier[0]] = None
                elif found is not None:  # the stored copy is replaced
                    self._delete(stored.pop(key).row_id)
                in_batch[key] = (len(kept), entry.status)
                kept.append(entry)
            self._write([entry for entry in kept if entry is not None])
            self._update_file()
        return verdicts

    def write_file_counts(self) -> None:
        """Store the file's counters if they changed since the last flush (hands the caller
        counted itself: duplicates found before parsing, other games)."""
        if self.file_counts != self._written_counts:
            with immediate(self.db, self.on_wait):
                self._update_file()

    def _update_file(self) -> None:
        """Add what this writer counted since it last wrote to the file's counters (several
        writers may count hands of one file: --jobs)."""
        counters = ("hands_new", "hands_duplicate", "hands_rejected", "hands_unsupported")
        self.db.execute(f"update files set {', '.join(f'{c} = {c} + ?' for c in counters)} where id = ?",
                        [*(self.file_counts[c] - self._written_counts[c] for c in counters), self.file_id])
        self._written_counts = Counter(self.file_counts)

    def _write(self, hands: list[_Queued]) -> None:
        """Number the hands and their players and insert their rows (hands first, for the
        foreign keys), then add them to the summary tables. Inside flush's transaction."""
        next_id = (self.db.execute("select max(id) from hands").fetchone()[0] or 0) + 1
        rows: dict[tuple[str, tuple[str, ...]], list[list[object]]] = {}
        for entry in hands:
            hand_id = next_id
            next_id += 1
            for table, part in entry.tables.items():
                columns = part.columns
                player_at = columns.index("player_id") if "player_id" in columns else 0
                for row in part.rows:
                    row[0] = hand_id
                    if player_at:
                        row[player_at] = self.player_id(entry.site, row[player_at])  # type: ignore[arg-type]
                if table == "hands":  # ("id", "file_id", ...): prepare_hand, add_rejected
                    for row in part.rows:
                        row[1] = self.file_id
                rows.setdefault((table, columns), []).extend(part.rows)
        for (table, columns), values in sorted(rows.items(), key=lambda item: item[0][0] != "hands"):
            sql = f"insert into [{table}] ({', '.join(f'[{c}]' for c in columns)}) values ({', '.join('?' for _ in columns)})"
            self.db.conn.executemany(sql, values)
        players = rows.get(("hand_players", HAND_PLAYER_COLUMNS))
        if players:  # (every stored hand's players are in these columns: prepare_hand)
            written = [dict(zip(columns, row)) for (table, columns), values in rows.items() if table == "hands" for row in values]
            luck = [dict(zip(columns, row)) for (table, columns), values in rows.items() if table == "draw_luck" for row in values]
            summary.add_batch(self.db, written, HAND_PLAYER_COLUMNS, players, luck,
                              READ_ROW_COLUMNS, rows.get(("hand_reads", READ_ROW_COLUMNS), ()))

    def delete(self, hand_row_id: int) -> None:
        """Remove a stored hand and everything hanging from it (to store a better copy),
        and take it out of the summary tables. Call it inside a write transaction; hands
        still queued are written first."""
        self.flush()
        self._delete(hand_row_id)

    def _delete(self, hand_row_id: int) -> None:
        summary.remove_hand(self.db, hand_row_id)
        for table in self.db.table_names():  # every table that hangs from hands (hand_id)
            if table != "hands" and "hand_id" in self.db.table(table).columns_dict:
                self.db.execute(f"delete from {table} where hand_id = ?", [hand_row_id])
        self.db.execute("delete from hands where id = ?", [hand_row_id])

    def player_id(self, site: str, name: str) -> int:
        key = (site, name)
        found = self._players.get(key)
        if found is None:
            found = self.db.table("players").lookup({"site": site, "name": name})
            self._players[key] = found
        return found
