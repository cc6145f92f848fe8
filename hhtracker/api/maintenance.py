"""Keeping a database: parsing stored hands again (`reprocess`; `recompute_facts` for a
migration that adds statistics), and generated hands for tests and benchmarks (`generate`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from ..analysis import RejectedHand, analyze_stored, internal_error
from ..errors import excerpt
from ..games import GAMES, GameId, game_of
from ..model import COUNTING_SQL, HandStatus, Site
from ..parse.read import RawHand
from ..parse.sites import Parsers
from ..rules.issues import Code, Severity
from ..store import summary
from ..store.database import immediate
from ..store.rows import fact_columns, luck_rows
from ..store.writer import HandWriter
from .common import database_to_write, uses_database
from .importing import DATABASE_ERRORS, ROW_ERRORS, Problem


_GENERATED = (GameId.BADUGI, GameId.BADACEY, GameId.BADEUCEY, GameId.DEUCE_TO_SEVEN_SINGLE_DRAW,
              GameId.ACE_TO_FIVE_TRIPLE_DRAW, GameId.FIVE_CARD_DRAW)
"""The games `generate` writes: Badugi and 5-Card Draw in PokerStars' format (generate.py,
generate_draw.py), no-limit 2-7 Single Draw too (generate_single.py), the split-pot games and
A-5 Triple Draw in KingsClub's (generate_split.py)."""


def generate(out: Path, *, hands: int, seed: int, players: int = 12, tables: int = 1, tournament: bool = False,
             game: str = GameId.BADUGI, first_number: int | None = None) -> list[Path]:
    """Write `hands` generated legal hands into the folder `out`, one file per table;
    deterministic for a seed. Returns the files written. game: a stored game name, written in
    the format of its record's `generated_as` site (games.py): Badugi and 5-Card Draw in
    PokerStars' (cash or tournament; generate.py, generate_draw.py), no-limit 2-7 Single Draw
    in PokerStars', cash only (generate_single.py), the split-pot games and A-5 Triple Draw in
    KingsClub's, cash only (generate_split.py). Hand numbers from first_number, by default
    from the game and seed (generate.first_number: sets of different games and seeds never
    share one). raises ValueError for a game no record has, for a tournament of a game
    generated as cash only, for 2-7 Triple Draw and A-5 Single Draw (not generated yet), for
    more than 1,000,000 hands or a number out of range."""
    from ..generate import SEED_BLOCK, generate_files

    if hands > SEED_BLOCK:
        raise ValueError(f"at most {SEED_BLOCK:,} hands at once (each game and seed has its own block of numbers)")
    record = game_of(game)
    if record is None:
        raise ValueError(f"no game named {excerpt(game)}: " + ", ".join(GAMES))
    if record.id not in _GENERATED:
        raise ValueError(f"{record.name} hands cannot be generated yet: give --game " + ", ".join(g.value for g in _GENERATED))
    if record.generated_as is Site.KINGSCLUB:
        if tournament:
            raise ValueError(f"{game} hands are generated as KingsClub cash games only: leave out --tournament")
        from ..generate_split import generate_split_files

        return generate_split_files(out, game=game, hands=hands, seed=seed, players=players, tables=tables,
                                    first_hand_id=first_number)
    if record.id is GameId.DEUCE_TO_SEVEN_SINGLE_DRAW:
        if tournament:
            raise ValueError(f"{game} hands are generated as PokerStars cash games only: leave out --tournament")
        from ..generate_single import generate_single_files

        return generate_single_files(out, hands=hands, seed=seed, players=players, tables=tables,
                                     first_hand_id=first_number)
    if record.id is GameId.FIVE_CARD_DRAW:
        from ..generate_draw import generate_draw_files

        return generate_draw_files(out, hands=hands, seed=seed, players=players, tables=tables, tournament=tournament,
                                   first_hand_id=first_number)
    return generate_files(out, hands=hands, seed=seed, players=players, tables=tables, tournament=tournament,
                          first_hand_id=first_number)


@dataclass(frozen=True, slots=True)
class ReprocessSummary:
    """hands: stored hands read again; now_valid: hands rejected before that parse and count
    now; changed: hands whose status changed; still_rejected: hands that still do not parse;
    rejected: each of those as `file:line: why` (the file and line it was imported from);
    internal: `file:line: internal error (...)` for each hand whose analysis met an
    exception nobody foresaw (a bug to report; the hand is kept as it was stored)."""

    hands: int
    now_valid: int
    changed: int
    still_rejected: int
    rejected: tuple[str, ...] = ()
    internal: tuple[str, ...] = ()


def _internal(path: str, line: int, error: Exception) -> str:
    """`file:line: error [internal] ...` for a hand whose rows met a bug."""
    return str(Problem(path, line, None, Code.INTERNAL.value, Severity.ERROR.value,
                       internal_error(error, "; please report it with this hand")[0]))


def _stored_raw_hands(db: Database, page: int = 1000) -> Iterator[tuple[Any, ...]]:
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


@uses_database
def reprocess(db_path: Path) -> ReprocessSummary:
    """Parse and replay again every stored hand from its raw text (after an upgrade), without
    the files: a hand rejected by an older version is stored properly when this one accepts
    it. Each hand is replaced in its own transaction. raises NoDatabaseError."""
    db = database_to_write(db_path)
    parsers = Parsers()
    hands = now_valid = changed = still_rejected = 0
    rejected: list[str] = []
    internal: list[str] = []
    try:
        for row_id, site, status, file_id, path, line, text, undecodable in _stored_raw_hands(db):
            hands += 1
            if undecodable:  # its bad bytes were replaced when read: only the file can fix it
                still_rejected += 1
                rejected.append(str(Problem(path, line, None, Code.ENCODING.value, Severity.ERROR.value,
                                            "bytes not valid in the file's encoding (import the file again)")))
                continue
            analyzed = analyze_stored(RawHand(path, line, text), parsers)
            if isinstance(analyzed, RejectedHand):
                said = str(Problem(path, analyzed.line, analyzed.hand_id, analyzed.code.value, Severity.ERROR.value,
                                   analyzed.message))  # `file:line: error [code] why`, as import and validate say it
                if analyzed.code is Code.INTERNAL:
                    internal.append(said)
                if status == HandStatus.REJECTED:
                    still_rejected += 1
                    rejected.append(said)
                continue
            try:
                with immediate(db):  # (a failure rolls the hand back: the stored copy stays)
                    writer = HandWriter(db, file_id)
                    writer.delete(row_id)
                    writer.add(analyzed)
                    writer.flush()
            except ROW_ERRORS as error:  # its rows cannot be stored (an amount over 2**63)
                internal.append(_internal(path, line, error))
                continue
            except DATABASE_ERRORS:
                raise
            except Exception as error:  # noqa: BLE001  (building its rows met a bug: that hand only)
                internal.append(_internal(path, line, error))
                continue
            now_valid += status == HandStatus.REJECTED and analyzed.status is not HandStatus.ERROR
            changed += status != analyzed.status
    finally:
        db.close()
    return ReprocessSummary(hands, now_valid, changed, still_rejected, tuple(rejected), tuple(internal))


def recompute_facts(db: Database) -> int:
    """Update every counted hand's facts in hand_players and its draw_luck rows, then
    rebuild the summary tables (when they exist: m002 runs before m003 creates them);
    returns how many hands were recomputed. A hand that no longer parses is left as it was."""
    parsers = Parsers()
    done = 0
    rows = db.execute(
        f"""select h.id, h.site, r.path, r.line, r.text from hands h join raw_hands r on r.hand_id = h.id
           where {COUNTING_SQL}"""
    ).fetchall()
    for hand_id, site, path, line, text in rows:
        analyzed = analyze_stored(RawHand(path, line, text), parsers, site)
        if isinstance(analyzed, RejectedHand):  # no longer parses, or a site this version does not read
            continue
        ids = dict(db.execute("select name, id from players where site = ?", [site]).fetchall())
        db.execute("delete from draw_luck where hand_id = ?", [hand_id])
        for stats in analyzed.facts:
            player_id = ids.get(stats.player)
            if player_id is None:
                continue
            values = fact_columns(stats)
            assignments = ", ".join(f"{column} = ?" for column in values)
            db.execute(
                f"update hand_players set {assignments} where hand_id = ? and player_id = ?",
                [*values.values(), hand_id, player_id],
            )
            db.table("draw_luck").insert_all(luck_rows(hand_id, player_id, stats))
        done += 1
    if summary.exists(db):
        summary.rebuild(db)
    return done


def read_finishes(db: Database) -> int:
    """The tournament finish lines of the stored tournament hands, read from their raw text
    into tournament_finishes (for hands stored before m006); returns how many were found."""
    from ..parse.pokerstars import finish_event

    found = 0
    rows = db.execute(
        "select h.id, h.site, h.line, r.text from hands h join raw_hands r on r.hand_id = h.id"
        " where h.tournament_id is not null and h.status != 'rejected' and r.text like '% the tournament%'"
    ).fetchall()
    for hand_id, site, first_line, text in rows:
        for offset, line in enumerate(text.split("\n")):
            event = finish_event(line.rstrip(), first_line + offset)
            if event is None:
                continue
            player = db.execute("select id from players where site = ? and name = ?", [site, event.player]).fetchone()
            if player is not None:
                db.table("tournament_finishes").insert(
                    {"hand_id": hand_id, "player_id": player[0], "place": event.place, "prize": event.prize,
                     "prize_currency": event.prize_currency, "line": event.line}, replace=True)
                found += 1
    return found
