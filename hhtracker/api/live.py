"""The live table view (`hhtracker hud`, `hhtracker table`; issue 14): the players seated in a
table's latest hand, each with his statistics from the summary tables, the user's notes and
tags, and the automatic tags; and the watcher that imports the files a poker client writes.

A table is found through its hand-history file (the client writes one per table): its latest
hand is the last good hand stored from that file (hands.file_id, indexed by m008)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..display import abbreviated
from ..filters import Filters
from ..games import GAMES, GameId
from ..model import CHIPS
from ..money import format_money
from ..parse.read import path_text
from ..stats.tags import Population, auto_tags
from ..stats.facts import STAT_KEYS
from ..stats.values import PlayerStats
from ..store import notes
from ..store.reading import player_stats
from .common import database_to_read, database_to_write, uses_database
from .importing import ImportSummary, Problem, import_paths
from .marks import note_text, tag_text
from .watching import Watcher, WatchProgress

if TYPE_CHECKING:
    from sqlite_utils import Database

ACTIVE_MINUTES = 10
"""`hud --active` default: a table whose file got a hand in the last 10 minutes is shown."""

NOTICES_KEPT = 3
"""The view shows the last few bad hands, one line each."""


@dataclass(frozen=True, slots=True)
class SeatedPlayer:
    """One player seated in a table's latest hand: seat number, screen name (untrusted
    text: show it through api.safe/api.cell), whether he is the hero (dealt cards in that
    hand), his statistics on that site in that hand's game over every stored hand (None:
    none counted yet), the user's notes (newest first) and tags, and the automatic tags
    (stats/tags.py)."""

    seat: int
    player: str
    hero: bool
    stats: PlayerStats | None
    notes: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    auto_tags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TableView:
    """A table as its latest stored hand shows it: site, table name, the site's hand number,
    structure ("FL"...), stakes as written ("$0.25/$0.50", "30/60 chips"), the hand's local
    time as the site wrote it, hands stored from the table's file (the session: clients
    write a file per table and session), the players in seat order, the file's path (when
    read through it), and the game (None: a game this version does not know)."""

    site: str
    table: str
    hand_id: str
    structure: str
    stakes: str
    local_time: str
    hands: int
    players: tuple[SeatedPlayer, ...]
    path: str | None = None
    game: GameId | None = None

    @property
    def game_name(self) -> str:
        """The game as shown to users ("Badugi", "2-7 Triple Draw"); "" when unknown."""
        return GAMES[self.game].name if self.game is not None else ""


SMALL_SAMPLE = 20
"""A percentage over fewer opportunities than this is shown dimmed (a small sample)."""

SMALL_RESULTS = 200
"""BB/100 over fewer hands than this is shown dimmed."""


@dataclass(frozen=True, slots=True)
class HudColumn:
    """A column of the live view: the statistic key (or "fold_to_pat": the three draws
    together, "bb100": big bets per 100 hands), its heading on a wide panel, its
    abbreviation on a narrow one, and what it means (the key line, the page's tooltips)."""

    key: str
    heading: str
    short: str
    meaning: str


HUD_COLUMNS: dict[str, HudColumn] = {c.key: c for c in (
    HudColumn("vpip", "VPIP", "VP", "VPIP"),
    HudColumn("pfr", "PFR", "PF", "pre-draw raise"),
    HudColumn("three_bet", "3-bet", "3B", "3-bet"),
    HudColumn("steal", "steal", "ST", "steal"),
    HudColumn("afq", "AFq", "AQ", "aggression frequency"),
    HudColumn("pat_d1", "pat d1", "P1", "pat at draw 1"),
    HudColumn("pat_d2", "pat d2", "P2", "pat at draw 2"),
    HudColumn("pat_d3", "pat d3", "P3", "pat at draw 3"),
    HudColumn("snow_shown", "snow", "SN", "snow (pat d3, no badugi shown)"),
    HudColumn("break_known", "break", "BK", "break a badugi"),
    HudColumn("fold_to_pat", "fold to pat", "FP", "fold to a pat hand"),
    HudColumn("wtsd", "WTSD", "SD", "went to showdown"),
    HudColumn("wsd", "W$SD", "W$", "won at showdown"),
    HudColumn("bb100", "BB/100", "BB", "big bets per 100 hands"),
)}
"""The live view's default columns, in the order shown; `--stats` (and /hud?stats=) may name
any of these keys or any statistic key of `player --json`."""

HUD_PRIORITY = ("vpip", "pfr", "three_bet", "pat_d1", "snow_shown", "wtsd", "wsd", "fold_to_pat", "pat_d2", "pat_d3",
                "afq", "bb100", "steal", "break_known")
"""Which columns a narrow panel keeps first (shown in HUD_COLUMNS order)."""


def hud_column(key: str) -> HudColumn:
    """The column for a key (any statistic key of `player --json` too). raises KeyError."""
    if key in HUD_COLUMNS:
        return HUD_COLUMNS[key]
    if key in STAT_KEYS:
        return HudColumn(key, key, key, key)
    raise KeyError(key)


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure of the live view as shown: value (percent, 0-100; for "af..." keys the
    aggression factor; for "bb100" big bets per 100 hands; None without an opportunity),
    sample (opportunities; hands for bb100), the two as text ("24", "5.0k": the sample
    abbreviated, api.abbreviated), and small: under SMALL_SAMPLE opportunities
    (SMALL_RESULTS hands), shown dimmed."""

    key: str
    value: float | None
    sample: int
    value_text: str
    sample_text: str
    small: bool

    @property
    def text(self) -> str:
        """"24 (5.0k)"; "- (0)" without an opportunity."""
        return f"{self.value_text} ({self.sample_text})"


def figure_of(stats: PlayerStats | None, key: str) -> Figure:
    """A seated player's figure for a column key (`stats` None: no hand counted yet).
    raises KeyError for a key that is no statistic."""
    if key == "bb100":
        hands = stats.hands if stats is not None else 0
        value = stats.big_bets_per_100 if stats is not None else None
        return Figure(key, value, hands, f"{value:+.1f}" if value is not None else "-", abbreviated(hands),
                      hands < SMALL_RESULTS)
    if stats is None:
        done = opportunities = 0
    elif key == "fold_to_pat":
        parts = [stats.stats[f"fold_to_pat_d{k}"] for k in (1, 2, 3)]
        done, opportunities = sum(r.done for r in parts), sum(r.opportunities for r in parts)
    else:
        ratio = stats.stats[key]
        done, opportunities = ratio.done, ratio.opportunities
    if opportunities == 0:
        return Figure(key, None, 0, "-", "0", True)
    if key.startswith("af") and not key.startswith("afq"):
        value = done / opportunities
        text = f"{value:.1f}"
    else:
        value = 100 * done / opportunities
        text = f"{value:.0f}"
    return Figure(key, value, opportunities, text, abbreviated(opportunities), opportunities < SMALL_SAMPLE)


POPULATION_SECONDS = 60.0
"""The live view reads the population the automatic tags compare with (every player's
statistics on the site) at most once a minute: it changes slowly, and on a large database
reading it takes far longer than the seated players' own statistics."""


class Populations:
    """The populations (population_of) by (site, game), each kept POPULATION_SECONDS
    (`clock`: seconds since the epoch, as Hud's)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.kept: dict[tuple[str, str | None], tuple[float, Population]] = {}

    def of(self, db: Database | sqlite3.Connection, site: str, game: str | None) -> Population:
        now = self.clock()
        found = self.kept.get((site, game))
        if found is None or now - found[0] >= POPULATION_SECONDS:
            found = self.kept[(site, game)] = (now, population_of(db, Filters(site=site, game=game)))
        return found[1]


def read_table(db: Database | sqlite3.Connection, hand_row: int, *, path: str | None = None, distributions: bool = False,
               populations: Populations | None = None) -> TableView:
    """The table of the stored hand with id `hand_row` (hands.id), read from `db` (a sqlite3
    connection or a sqlite-utils Database): seated players in seat order with their
    statistics on the hand's site in the hand's game (with the cards-drawn distributions
    when asked, as `player --json` gives them), notes and tags. raises LookupError when there is no such hand."""
    row = db.execute(
        """select site, site_hand_id, table_name, structure, currency, small_bet, big_bet, local_time, hero, file_id, game
           from hands where id = ?""", [hand_row]).fetchone()
    if row is None:
        raise LookupError(f"no stored hand with id {hand_row}")
    site, hand_id, table, structure, currency, small_bet, big_bet, local_time, hero, file_id, game = row
    seated = db.execute(
        """select hp.seat, p.name from hand_players hp join players p on p.id = hp.player_id
           where hp.hand_id = ? order by hp.seat""", [hand_row]).fetchall()
    names = [name for _, name in seated]
    noted = notes.notes_of(db, names)
    tagged = notes.tags_of(db, names)
    people = (populations or Populations()).of(db, site, game)
    players = []
    for seat, name in seated:
        # his statistics in the table's game: Badugi, Badacey and Badeucey never mixed
        found = player_stats(db, name, with_distributions=distributions, filters=Filters(site=site, game=game))
        stats = found[0] if found else None
        players.append(SeatedPlayer(seat, name, name == hero, stats, noted.get(name, ()), tagged.get(name, ()),
                                    auto_tags(stats, people)))
    if path is not None:
        hands = _file_hands(db, path)
    else:
        hands = db.execute("select count(*) from hands where file_id = ? and +status in ('ok', 'warning')",
                           [file_id]).fetchone()[0]
    if currency == CHIPS:
        stakes = f"{small_bet:,}/{big_bet:,} chips"
    else:
        stakes = f"{format_money(small_bet, currency)}/{format_money(big_bet, currency)}"
    return TableView(site, table or "", hand_id, structure or "", stakes, local_time or "", hands, tuple(players), path,
                     _game_id(game))


def _game_id(game: str | None) -> GameId | None:
    try:
        return GameId(game or "")
    except ValueError:
        return None


# (`+status`: not the status index, which SQLite would pick over hands.file_id's and then
# read every good hand: 0.3 s on 1,000,000 hands)


def _file_ids(db: Database | sqlite3.Connection, path: str) -> list[int]:
    return [row[0] for row in db.execute("select id from files where path = ?", [path])]


def _file_hands(db: Database | sqlite3.Connection, path: str) -> int:
    ids = _file_ids(db, path)
    if not ids:
        return 0
    hands: int = db.execute(f"select count(*) from hands where file_id in ({', '.join('?' * len(ids))}) "
                            "and +status in ('ok', 'warning')", ids).fetchone()[0]
    return hands


def latest_hand(db: Database | sqlite3.Connection, path: Path | str) -> int | None:
    """hands.id of the last good hand stored from the file at `path` (any import of it);
    None when it has none."""
    ids = _file_ids(db, path_text(Path(path).resolve()))
    if not ids:
        return None
    latest: int | None = db.execute(f"select max(id) from hands where file_id in ({', '.join('?' * len(ids))}) "
                                    "and +status in ('ok', 'warning')", ids).fetchone()[0]
    return latest


@uses_database
def table_of_file(db_path: Path, path: Path, *, distributions: bool = True) -> TableView | None:
    """`hhtracker table FILE`: the file imported (what is stored already is skipped), then
    the table of its latest good hand (None: the file has none). raises FileNotFoundError."""
    if not path.is_file():
        raise FileNotFoundError(f"no such file: {path}")
    import_paths([path], db_path)
    db = database_to_read(db_path)
    try:
        hand_row = latest_hand(db, path)
        if hand_row is None:
            return None
        return read_table(db, hand_row, path=path_text(path.resolve()), distributions=distributions)
    finally:
        db.close()


@dataclass
class HudState:
    """What the live view shows after a look: the active tables in a stable order (the
    order their files were first seen active: a table keeps its place while hands arrive,
    a new one comes last; the files found together at the start in path order), the last
    bad hands (one line each, newest last), and the totals of every look. importing: how
    far the look under way has read (a backlog), None between looks."""

    tables: tuple[TableView, ...] = ()
    notices: list[str] = field(default_factory=list)
    total: ImportSummary = field(default_factory=ImportSummary)
    pending: int = 0  # hands still being written at the last look (not errors)
    importing: WatchProgress | None = None


HUD_JSON_COLUMNS = ("vpip", "pfr", "three_bet", "pat_d1", "snow_shown", "wtsd", "wsd", "bb100")
"""The columns of `hud_json` when none are asked for (the /hud page's: the first of
HUD_PRIORITY, and BB/100; three panels across a 1920-pixel screen)."""


def table_key(view: TableView) -> str:
    """A table's key in the live view's JSON: stable while its file is followed, the same
    for every look, and saying nothing of the file's path (12 hex digits of its SHA-256)."""
    import hashlib

    return hashlib.sha256(f"{view.site}\0{view.path or view.table}".encode("utf-8", "surrogateescape")).hexdigest()[:12]


def hud_json(state: HudState, keys: tuple[str, ...] | None = None, *, watching: tuple[str, ...] = ()) -> dict[str, object]:
    """The live view as JSON (what /api/hud answers and /hud/events sends): {"columns": [{"key",
    "heading", "short", "meaning"}], "tables": [one per active table, in the state's order:
    {"key" (table_key), "site", "table", "game" (GameId or null), "game_name", "structure",
    "stakes", "hand_id", "local_time", "hands", "players": [in seat order: {"seat",
    "player", "hero", "hands", "hands_text" ("5.0k"), "notes" (newest first), "tags",
    "auto_tags", "figures": {key: {"value", "sample", "value_text", "sample_text", "small"}}}]}],
    "notices", "pending", "hands_new", "importing" (null or {"files", "files_done",
    "fraction"}), "watching" (the paths followed, as given)}. Text from hand histories is
    left as it is: the page puts it in with textContent. keys: the columns (default
    HUD_JSON_COLUMNS); raises KeyError for an unknown one."""
    columns = [hud_column(k) for k in (keys or HUD_JSON_COLUMNS)]
    tables = []
    for view in state.tables:
        players = []
        for player in view.players:
            figures = {}
            for col in columns:
                found = figure_of(player.stats, col.key)
                figures[col.key] = {"value": found.value, "sample": found.sample, "value_text": found.value_text,
                                    "sample_text": found.sample_text, "small": found.small}
            hands = player.stats.hands if player.stats is not None else 0
            players.append({"seat": player.seat, "player": player.player, "hero": player.hero, "hands": hands,
                            "hands_text": abbreviated(hands), "notes": list(player.notes), "tags": list(player.tags),
                            "auto_tags": list(player.auto_tags), "figures": figures})
        tables.append({"key": table_key(view), "site": view.site, "table": view.table,
                       "game": view.game.value if view.game is not None else None, "game_name": view.game_name,
                       "structure": view.structure, "stakes": view.stakes, "hand_id": view.hand_id,
                       "local_time": view.local_time, "hands": view.hands, "players": players})
    importing = state.importing
    return {
        "columns": [{"key": c.key, "heading": c.heading, "short": c.short, "meaning": c.meaning} for c in columns],
        "tables": tables,
        "notices": list(state.notices),
        "pending": state.pending,
        "hands_new": state.total.hands_new,
        "importing": None if importing is None else {"files": importing.files, "files_done": importing.files_done,
                                                     "fraction": round(importing.fraction, 3)},
        "watching": list(watching),
    }


class Hud:
    """The live view's engine: each `look()` imports what the client wrote since the last
    one (Watcher: growing files read on, a hand still being written held back) and reads
    back the tables whose file changed in the last `active_minutes`. `clock` gives the time
    in seconds since the epoch (tests set it). on_progress(state), when given, is called
    while a look imports (state.importing set), as often as a hand is read: the caller
    decides when to redraw."""

    def __init__(self, paths: Iterable[Path], db_path: Path, *, active_minutes: float = ACTIVE_MINUTES,
                 on_wait: Callable[[], None] | None = None, clock: Callable[[], float] = time.time,
                 on_progress: Callable[[HudState], None] | None = None) -> None:
        self.state = HudState()
        self.on_progress = on_progress
        self.watcher = Watcher(paths, db_path, on_wait=on_wait, total=self.state.total, progress=self._progress)
        self.db_path = db_path
        self.active_seconds = active_minutes * 60.0
        self.clock = clock
        self.populations = Populations(clock)
        self.order: dict[Path, None] = {}  # the active files in the panels' order (a dict: ordered, fast to look up)

    def _progress(self, progress: WatchProgress) -> None:
        self.state.importing = progress
        if self.on_progress is not None:
            self.on_progress(self.state)

    def look(self, *, reread: bool = True) -> HudState:
        """Import what changed, then read the active tables back (with reread False, only
        when a file changed or the active tables are others: the notes and tags, changed
        elsewhere, are then read at the next look that rereads)."""
        from ..store.database import sqlite_errors

        with sqlite_errors(self.db_path):
            return self._look(reread)

    def _look(self, reread: bool = True) -> HudState:
        try:
            summary = self.watcher.look()
        finally:
            self.state.importing = None
        state = self.state
        if summary is not None:
            state.pending = summary.hands_pending
            state.notices.extend(_notice(p) for p in summary.problems if p.severity == "error")
            del state.notices[:-NOTICES_KEPT]
        before = list(self.order)
        if reread or summary is not None or self.active_files() != before:
            state.tables = self.read_tables()
        return state

    def active_files(self) -> list[Path]:
        """The watched files changed in the last active minutes, in the panels' order: a
        file keeps its place while it stays active, files newly active come after the
        others (in path order among themselves), a file gone quiet leaves (and comes last
        if it comes back)."""
        now_ns = self.clock() * 1e9
        recent = {path for path, (_, mtime) in self.watcher.seen.items() if now_ns - mtime <= self.active_seconds * 1e9}
        for path in [p for p in self.order if p not in recent]:
            del self.order[path]
        for path in sorted(recent - self.order.keys(), key=str):
            self.order[path] = None
        return list(self.order)

    def read_tables(self) -> tuple[TableView, ...]:
        files = self.active_files()
        if not files or not Path(self.db_path).exists():
            return ()
        db = database_to_read(self.db_path)
        try:
            tables = []
            for path in files:
                hand_row = latest_hand(db, path)
                if hand_row is not None:
                    tables.append(read_table(db, hand_row, path=path_text(path.resolve()), populations=self.populations))
            return tuple(tables)
        finally:
            db.close()


def _notice(problem: Problem) -> str:
    where = f"{Path(problem.file).name}:{problem.line}" if problem.line is not None else Path(problem.file).name
    hand = f" hand {problem.hand_id}" if problem.hand_id else ""
    return f"{where}:{hand} {problem.message}"


@uses_database
def note_add(db_path: Path, player: str, text: str, *, on_wait: Callable[[], None] | None = None) -> None:
    """Add a note on a player (`hhtracker note NAME TEXT`; the text as marks.note_text
    makes it); on_wait() is called once if another program holds the write lock. raises
    MarkError (an empty or too long note), NoDatabaseError (the database must exist)."""
    from ..store.database import immediate

    text = note_text(text)
    db = database_to_write(db_path, on_wait)
    try:
        with immediate(db, on_wait):
            notes.add_note(db, player, text)
    finally:
        db.close()


@uses_database
def note_list(db_path: Path, player: str) -> list[notes.Note]:
    """A player's notes, newest first, each with the number --edit and --delete take;
    empty without a database."""
    if not Path(db_path).exists():
        return []
    db = database_to_read(db_path)
    try:
        return notes.list_notes(db, player)
    finally:
        db.close()


@uses_database
def note_change(db_path: Path, player: str, number: int, text: str | None, *,
                on_wait: Callable[[], None] | None = None) -> bool:
    """Replace the text of a player's note `number`, or delete it (text None); False when
    he has no such note (nothing is created). on_wait() is called once if another program
    holds the write lock. raises MarkError (an empty or too long text), NoDatabaseError (the
    database must exist)."""
    from ..store.database import immediate

    text = None if text is None else note_text(text)
    db = database_to_write(db_path, on_wait)
    try:
        with immediate(db, on_wait):
            if text is None:
                return notes.delete_note(db, player, number)
            return notes.edit_note(db, player, number, text)
    finally:
        db.close()


@uses_database
def tag_set(db_path: Path, player: str, tag: str, *, remove: bool = False,
            on_wait: Callable[[], None] | None = None) -> bool:
    """Tag a player, or with remove take the tag off (`hhtracker tag NAME TAG [--remove]`);
    False when there was nothing to do (tagged already / not tagged). on_wait() is called
    once if another program holds the write lock. raises MarkError (an empty tag or one of
    more than 40 characters: marks.tag_text), NoDatabaseError (the database must exist)."""
    from ..store.database import immediate

    tag = tag_text(tag, to_remove=remove)
    db = database_to_write(db_path, on_wait)
    try:
        with immediate(db, on_wait):
            return notes.remove_tag(db, player, tag) if remove else notes.add_tag(db, player, tag)
    finally:
        db.close()


def population_of(db: Database | sqlite3.Connection, filters: Filters) -> Population:
    """The population the automatic tags compare with over the hands `filters` match (the
    caller gives one site and game), read from `db` (a sqlite3 connection or a sqlite-utils
    Database): report.browse.tag_population, only the tags' statistics from the summary
    tables (the cut points of every player's whole statistics, read in a fraction of their
    time; the web's api.tag_population reads the same). raises ValueError for bad stakes."""
    from ..report.browse import tag_population

    return tag_population(db, filters)


@uses_database
def earned_tags(db_path: Path, found: Iterable[PlayerStats], filters: Filters = Filters()) -> dict[str, tuple[str, ...]]:
    """{site: automatic tags} for each of a player's profiles (player_profile), each against
    the population of its site over the same filters; empty without a database."""
    if not Path(db_path).exists():
        return {}
    db = database_to_read(db_path)
    try:
        return {stats.site: auto_tags(stats, population_of(db, replace(filters, site=stats.site))) for stats in found}
    finally:
        db.close()


@uses_database
def player_marks(db_path: Path, player: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(notes newest first, tags) on a player; empty without a database."""
    if not Path(db_path).exists():
        return (), ()
    db = database_to_read(db_path)
    try:
        return notes.notes_of(db, [player]).get(player, ()), notes.tags_of(db, [player]).get(player, ())
    finally:
        db.close()


def read_only(db_path: Path) -> sqlite3.Connection:
    """A read-only connection (measuring the view on a database not to be written)."""
    from ..store.database import read_only_connection

    return read_only_connection(db_path)  # (its URI quoted: a `?`, `#` or `%` in the path is a name)
