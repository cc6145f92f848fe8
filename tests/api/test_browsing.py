"""The api the web pages read (api/browsing.py, report/browse.py): a page of players sorted
and searched in SQL, the hand list, a player's results. Checked against the names and hands
read from the sample files' text, and the players page against `api.players` (the CLI's
sort, in Python: a second implementation)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from hhtracker import api
from tests.common import SAMPLES

CASH = SAMPLES / "stars_cash_badugi_025_050.txt"
SNG = SAMPLES / "stars_sng_badugi.txt"


@pytest.fixture(scope="module")
def samples_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("browse") / "samples.db"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HHTRACKER_STATE_DIR", str(tmp_path_factory.mktemp("browse-state")))
        api.import_paths([SAMPLES], path)
    return path


def _seated_names() -> set[str]:
    """Every name seated in the sample files, from their "Seat N: NAME ($... in chips)" lines."""
    names = set()
    for path in (CASH, SNG):
        for line in path.read_text(encoding="utf-8-sig").splitlines():
            found = re.match(r"^Seat \d+: (.+?) \(\$?[\d.,]+ in chips", line)
            if found:
                names.add(found.group(1))
    return names


def test_every_seated_player_is_on_a_page_once(samples_db: Path) -> None:
    names = _seated_names()
    pages = [api.player_page(samples_db, sort="player", offset=offset, limit=4) for offset in range(0, 40, 4)]
    assert {p.total for p in pages} == {len(names)}
    listed = [s.player for page in pages for s in page.players]
    assert listed == sorted(names, key=str.lower)


@pytest.mark.parametrize("sort", [*api.SORTS, *(f"-{key}" for key in api.SORTS)])  # "-KEY": the other way
def test_the_sql_order_is_the_clis_order(samples_db: Path, sort: str) -> None:
    everyone = api.players(samples_db, sort=sort)
    column = sort.removeprefix("-")

    def key(stats: api.PlayerStats) -> object:  # the sorted value: ties may come in either order
        if column == "player":
            return stats.player.lower()
        if column == "hands":
            return stats.hands
        if column == "net":
            return sum(m.amount for m in stats.net)
        if column in ("bb_per_100", "big_bets_per_100"):
            return round(float(getattr(stats, column) or 0.0), 9)
        return round(stats.stats[column].percent if stats.stats[column].percent is not None else -1.0, 9)

    paged = [s for offset in range(0, 40, 5) for s in api.player_page(samples_db, sort=sort, offset=offset, limit=5).players]
    assert [key(s) for s in paged] == [key(s) for s in everyone]
    assert {(s.site, s.player) for s in paged} == {(s.site, s.player) for s in everyone}
    # the statistics of a page are those of the whole table
    assert {s.player: s.stats for s in paged} == {s.player: s.stats for s in everyone}


def test_the_name_search(samples_db: Path) -> None:
    names = _seated_names()

    def found(search: str) -> set[str]:
        return {s.player for s in api.player_page(samples_db, search=search, limit=100).players}

    assert found("*crab") == {n for n in names if n.lower().endswith("crab")} == {"velvetcrab"}
    assert found("Hero*") == {"Hero"}
    assert found("hero") == {"Hero"}  # case ignored, anywhere in the name
    assert found("_") == {n for n in names if "_" in n}  # '_' is a character, not SQL's wildcard
    assert len(found("_")) < len(names)
    assert found("%") == set()  # nor '%'
    assert found("*") == names


def test_min_hands_and_filters(samples_db: Path) -> None:
    page = api.player_page(samples_db, filters=api.Filters(min_hands=9), limit=100)
    assert {s.player for s in page.players} == {s.player for s in api.players(samples_db, min_hands=9)}
    cash = api.player_page(samples_db, filters=api.Filters(game_type="cash"), search="Hero", limit=100)
    assert [s.hands for s in cash.players] == [sum(1 for line in CASH.read_text(encoding="utf-8-sig").splitlines()
                                                   if line.startswith("PokerStars "))]


def test_the_hand_list_and_a_players_results(samples_db: Path) -> None:
    everything = api.hand_list(samples_db, api.HandQuery(player="Hero"), limit=100)
    assert everything.total == len(everything.rows) == 14 and not everything.at_least
    # his net over the list is his profile's net, per currency
    by_currency: dict[str, int] = {}
    for row in everything.rows:
        by_currency[row.net.currency] = by_currency.get(row.net.currency, 0) + row.net.amount
    profile = api.player_profile(samples_db, "Hero")[0]
    assert by_currency == {m.currency: m.amount for m in profile.net}
    results = api.player_results(samples_db, "Hero", "pokerstars")
    assert results.curve[0].hand == 0 and results.curve[-1].hand == 14
    assert results.curve[-1].total == pytest.approx(sum(r.net_big_bets for r in everything.rows))
    assert results.curve[-1].showdown == pytest.approx(sum(r.net_big_bets for r in everything.rows if r.showdown))
    assert results.curve[-1].total == pytest.approx(results.curve[-1].showdown + results.curve[-1].no_showdown)
    assert sum(g.hands for g in results.by_position) == sum(g.hands for g in results.by_stakes) == 14
    # the stakes are the headers': ($0.25/$0.50 USD) for the cash file, Level I (10/20) and up for the SNG
    assert results.by_stakes[0].group == "$0.25/$0.50 FL" and results.by_stakes[0].hands == 9


def test_a_long_curve_is_drawn_by_day_to_the_same_end(samples_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hhtracker.report import browse

    by_hand = api.player_results(samples_db, "Hero", "pokerstars").curve
    monkeypatch.setattr(browse, "CURVE_BY_HAND_UP_TO", 5)
    by_day = api.player_results(samples_db, "Hero", "pokerstars").curve
    # the samples' hands are of a few days: a point per day, fewer than per hand
    assert len(by_day) < len(by_hand)
    days = {line.split(" - ")[-1][:10] for path in (CASH, SNG) for line in path.read_text(encoding="utf-8-sig").splitlines()
            if line.startswith("PokerStars ")}
    assert len(by_day) - 1 <= len(days) + 1  # one point per UTC day (an ET evening may end past midnight UTC)
    assert by_day[-1].hand == by_hand[-1].hand == 14
    for field in ("total", "showdown", "no_showdown"):
        assert getattr(by_day[-1], field) == pytest.approx(getattr(by_hand[-1], field))


@pytest.mark.parametrize("filters", [api.Filters(), api.Filters(game_type="cash"), api.Filters(position="BB")])
def test_a_long_hand_list_read_by_days_is_the_same_list(samples_db: Path, monkeypatch: pytest.MonkeyPatch,
                                                       filters: api.Filters) -> None:
    from hhtracker.report import browse

    def pages() -> list[tuple[int, list[str]]]:
        return [(found.total, [row.site_hand_id for row in found.rows])
                for offset in range(0, 24, 4)
                for found in [api.hand_list(samples_db, api.HandQuery(player="Hero"), filters, offset=offset, limit=4)]]

    monkeypatch.setattr(browse, "HANDS_SORTED_UP_TO", 10**9)
    sorted_whole = pages()
    monkeypatch.setattr(browse, "HANDS_SORTED_UP_TO", 0)
    assert pages() == sorted_whole
    every = api.hand_list(samples_db, api.HandQuery(player="Hero"), filters, limit=1000).rows
    assert sorted_whole[0][0] == len(every) > 0  # the count (from the summary) is the rows'
    assert [n for _, page in sorted_whole for n in page] == [row.site_hand_id for row in every]


@pytest.mark.parametrize("filters", [api.Filters(site="pokerstars"), api.Filters(site="pokerstars", game_type="cash"),
                                     api.Filters(site="pokerstars", min_hands=5)])
def test_the_light_population_is_population_of(samples_db: Path, monkeypatch: pytest.MonkeyPatch,
                                              filters: api.Filters) -> None:
    import dataclasses

    from hhtracker.report import browse
    from hhtracker.stats import tags

    # (the samples seat a dozen players with a few hands each: the tags' minimums made small)
    monkeypatch.setattr(tags, "MIN_POPULATION", 2)
    small = tuple(dataclasses.replace(tag, minimum=1) for tag in tags.AUTO_TAGS)
    monkeypatch.setattr(tags, "AUTO_TAGS", small)
    monkeypatch.setattr(browse, "AUTO_TAGS", small)
    conn = api.read_only(samples_db)
    try:
        whole = api.population_of(conn, filters)
    finally:
        conn.close()
    assert whole.cuts  # something to compare
    assert api.tag_population(samples_db, filters) == whole


# ---- the hand list's own conditions, worked out from the files' text (a second reading: regexes)

@dataclasses.dataclass(frozen=True)
class _TextHand:
    """A sample hand as its text says: number, the seated names, the names still in at each
    draw (1-3; a draw the hand never reached: empty), total pot and big bet in the file's
    unit (cents or chips)."""

    number: str
    seated: frozenset[str]
    in_at_draw: tuple[frozenset[str], frozenset[str], frozenset[str]]
    pot: int
    big_bet: int


def _text_hands() -> list[_TextHand]:
    hands = []
    for path in (CASH, SNG):
        for text in re.split(r"\n(?=PokerStars Game #)", path.read_text(encoding="utf-8-sig").strip()):
            number = re.match(r"PokerStars Game #(\d+)", text)
            stakes = re.search(r"\((?:\$?[\d.]+)/\$?([\d.]+)", text.splitlines()[0])
            pot = re.search(r"^Total pot \$?([\d.]+)", text, re.M)
            assert number and stakes and pot, text[:100]
            unit = 100 if "$" in text.splitlines()[0].split(" - ")[0] else 1
            seated = frozenset(re.findall(r"^Seat \d+: (.+?) \(\$?[\d.,]+ in chips", text, re.M))
            in_at: list[frozenset[str]] = []
            for marker in ("*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***"):
                before = text.split(marker)[0] if marker in text else None
                folded = set(re.findall(r"^(.+?): folds", before, re.M)) if before is not None else set(seated)
                in_at.append(frozenset(seated - folded))
            hands.append(_TextHand(number.group(1), seated, (in_at[0], in_at[1], in_at[2]),
                                   round(float(pot.group(1)) * unit), round(float(stakes.group(1)) * unit)))
    return hands


def _both_ways(samples_db: Path, monkeypatch: pytest.MonkeyPatch, query: api.HandQuery,
               filters: api.Filters = api.Filters()) -> list[tuple[api.HandList, list[str]]]:
    """The hand list read page by page (4 hands a page) each way hand_list reads: SQLite
    sorting his rows, and newest hand first by the hands' start_time (counted in his newest
    days holding 3 hands); with the SQL each way ran."""
    from hhtracker.report import browse

    found = []
    for sorted_up_to, window in ((10**9, 10**9), (0, 3)):
        monkeypatch.setattr(browse, "HANDS_SORTED_UP_TO", sorted_up_to)
        monkeypatch.setattr(browse, "HAND_COUNT_WINDOW", window)
        conn = api.read_only(samples_db)
        ran: list[str] = []
        conn.set_trace_callback(ran.append)
        try:
            pages = [browse.hand_list(conn, query, filters, offset=offset, limit=4) for offset in range(0, 20, 4)]
        finally:
            conn.close()
        rows = tuple(row for page in pages for row in page.rows)
        found.append((api.HandList(pages[0].total, pages[0].at_least, rows), ran))
    return found


QUERIES = [
    ("Hero", api.HandQuery(player="Hero", showdown=False, saw_draw=1), lambda h: "Hero" in h.in_at_draw[0]),
    ("Hero", api.HandQuery(player="Hero", saw_draw=2), lambda h: "Hero" in h.in_at_draw[1]),
    ("Hero", api.HandQuery(player="Hero", saw_draw=3), lambda h: "Hero" in h.in_at_draw[2]),
    ("Hero", api.HandQuery(player="Hero", min_pot_big_bets=10), lambda h: h.pot >= 10 * h.big_bet),
    ("Hero", api.HandQuery(player="Hero", saw_draw=3, min_pot_big_bets=10),
     lambda h: "Hero" in h.in_at_draw[2] and h.pot >= 10 * h.big_bet),
    ("Hero", api.HandQuery(player="Hero", against="Pelican42"), lambda h: "Pelican42" in h.seated),
    ("MarlowK", api.HandQuery(player="MarlowK", saw_draw=1), lambda h: "MarlowK" in h.in_at_draw[0]),
    ("MarlowK", api.HandQuery(player="MarlowK", against="Hero", min_pot_big_bets=5),
     lambda h: "Hero" in h.seated and h.pot >= 5 * h.big_bet),
]


@pytest.mark.parametrize(("player", "query", "matches"), QUERIES)
def test_the_hand_lists_conditions_are_the_texts(samples_db: Path, monkeypatch: pytest.MonkeyPatch, player: str,
                                                  query: api.HandQuery, matches: Callable[[_TextHand], bool]) -> None:
    expected = {h.number for h in _text_hands() if player in h.seated and matches(h)}
    assert 0 < len(expected) < sum(player in h.seated for h in _text_hands())  # (a condition that tells hands apart)
    (whole, whole_sql), (newest_first, newest_sql) = _both_ways(samples_db, monkeypatch, query)
    assert {row.site_hand_id for row in whole.rows} == expected
    assert whole.total == len(expected) and not whole.at_least
    # read newest hand first: the same hands in the same order (ties of start time: the later stored first)
    assert [row.site_hand_id for row in newest_first.rows] == [row.site_hand_id for row in whole.rows]
    assert not any("cross join" in sql for sql in whole_sql)
    # Hero is in every hand: read by time, unless against an opponent of fewer hands (read from
    # those); MarlowK, in the cash file's 9 only, is read through his rows
    assert any("cross join" in sql for sql in newest_sql) == (player == "Hero" and query.against is None)
    # counted in his newest days (the SNG's day: 5 hands): at least those, at most all
    matched_newest_day = len({h.number for h in _text_hands()[9:] if player in h.seated and matches(h)})
    if newest_first.at_least:
        assert max(matched_newest_day, min(5, len(expected))) <= newest_first.total <= len(expected)
    else:
        assert newest_first.total == len(expected)


def test_a_list_counted_in_the_newest_days_says_at_least(samples_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hhtracker.report import browse

    # Hero saw the first draw in 4 of the SNG's 5 hands (its day, 2010-11-12 UTC, is the newest) and in 4 of
    # the cash file's 9 (read by hand: he folds before it in 3, 2 end before it): 8 in all
    seen = [h for h in _text_hands() if "Hero" in h.in_at_draw[0]]
    assert (len(seen), len([h for h in seen if h.number in {t.number for t in _text_hands()[9:]}])) == (8, 4)
    monkeypatch.setattr(browse, "HANDS_SORTED_UP_TO", 0)
    monkeypatch.setattr(browse, "HAND_COUNT_WINDOW", 5)
    first = api.hand_list(samples_db, api.HandQuery(player="Hero", saw_draw=1), limit=2)
    # the newest day's 4, and more may be older: "at least 4"
    assert (first.total, first.at_least, len(first.rows)) == (4, True, 2)
    # the second page (hands 3-4 of the newest day; a 5th follows): counted at least to the next hand
    second = api.hand_list(samples_db, api.HandQuery(player="Hero", saw_draw=1), offset=2, limit=2)
    assert (second.total, second.at_least, len(second.rows)) == (5, True, 2)
    # the third needs both days, every hand: read through his rows and counted exactly
    third = api.hand_list(samples_db, api.HandQuery(player="Hero", saw_draw=1), offset=4, limit=2)
    assert (third.total, third.at_least, len(third.rows)) == (8, False, 2)
    monkeypatch.setattr(browse, "HAND_COUNT_WINDOW", 14)  # his days hold all his hands: an exact count
    exact = api.hand_list(samples_db, api.HandQuery(player="Hero", saw_draw=1), limit=2)
    assert (exact.total, exact.at_least) == (8, False)


def test_a_hand_without_a_start_time_is_listed(samples_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from sqlite_utils import Database

    from hhtracker.report import browse
    from hhtracker.store import summary

    path = tmp_path / "undated.db"
    shutil.copy(samples_db, path)
    db = Database(path)
    db.execute("update hands set start_time = null where site_hand_id = '48911200345'")  # (the cash file's first)
    summary.rebuild(db)
    db.conn.commit()
    db.close()
    monkeypatch.setattr(browse, "HANDS_SORTED_UP_TO", 0)  # (Hero's 14 hands would be read newest first)
    found = api.hand_list(path, api.HandQuery(player="Hero"), limit=100)
    assert found.total == len(found.rows) == 14
    assert found.rows[-1].site_hand_id == "48911200345"  # (no start time: last, as SQLite sorts NULL)
