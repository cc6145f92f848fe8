"""The live view's layout (issue 26): how many tables a terminal holds, numbers abbreviated
instead of cut, tags separated, the panels' order while hands arrive, the progress line of a
backlog. Drawn in rich's recording console at the sizes the issue names (160x50, 80x24).

The figures are made here, not read from a database: a regular of 4,974 hands who played
1,194 of them (1,194 / 4,974 = 24.004...%: "24", over "5.0k" chances: 4,974 rounded to the
hundred), six of them at each six-max table."""

from __future__ import annotations

import re
from pathlib import Path

from rich.console import Console

from hhtracker import api
from hhtracker.cli.hud_view import render

from tests.common import DATA

HANDS = DATA / "hud_hands"


def _regular(name: str, *, hero: bool = False, notes: tuple[str, ...] = (), tags: tuple[str, ...] = (),
             auto_tags: tuple[str, ...] = (), seat: int = 1) -> api.SeatedPlayer:
    ratios = {key: api.Ratio(0, 0) for key in api.STAT_KEYS}
    ratios.update(vpip=api.Ratio(1194, 4974), pfr=api.Ratio(497, 4974), three_bet=api.Ratio(60, 1500),
                  pat_d1=api.Ratio(150, 2000), snow_shown=api.Ratio(3, 40), wtsd=api.Ratio(700, 2000),
                  wsd=api.Ratio(350, 700), afq=api.Ratio(1000, 2000), pat_d2=api.Ratio(300, 1600),
                  pat_d3=api.Ratio(500, 1200), fold_to_pat_d1=api.Ratio(100, 400), steal=api.Ratio(400, 1000),
                  break_known=api.Ratio(2, 30))
    stats = api.PlayerStats(name, "pokerstars", 4974, ratios, {}, (), None, 1.5)
    return api.SeatedPlayer(seat, name, hero, stats, notes, tags, auto_tags)


def _table(n: int, **marks) -> api.TableView:
    players = tuple(_regular(f"p{n}x{seat}", hero=seat == 1, seat=seat, **marks) for seat in range(1, 7))
    return api.TableView("pokerstars", f"Table {n}", f"9{n:010d}", "FL", "$0.50/$1.00", "", 4974, players,
                         game=api.GameId.BADUGI)


def _screen(state: api.HudState, width: int, height: int) -> str:
    console = Console(record=True, width=width, height=height, color_system=None, force_terminal=True)
    console.print(render(state, width, height=height))
    return console.export_text()


_ROW = re.compile(r"│ *(\d) +(p\dx\d)(?: \*)? +(\S+) +((?:\S+ \(\S+\) *)+)│")


def _rows(screen: str) -> list[tuple[str, str, list[str]]]:
    """(player, hands, the figures) of every player row on the screen, panels side by side too."""
    return [(m.group(2), m.group(3), re.findall(r"\S+ \(\S+\)", m.group(4))) for m in _ROW.finditer(screen)]


def test_six_tables_fit_160x50_and_two_fit_80x24_with_whole_numbers() -> None:
    for count, width, height in ((6, 160, 50), (2, 80, 24)):
        state = api.HudState(tables=tuple(_table(n) for n in range(1, count + 1)))
        screen = _screen(state, width, height)
        lines = screen.splitlines()
        assert len(lines) <= height and max(len(line) for line in lines) <= width, (width, height)
        assert screen.count("╭─ Table ") == count  # every panel shown whole, top and bottom
        assert screen.count("╰") == count
        rows = _rows(screen)
        assert len(rows) == 6 * count  # every seated player's row
        assert {name for name, _, _ in rows} == {f"p{n}x{s}" for n in range(1, count + 1) for s in range(1, 7)}
        for _, hands, figures in rows:
            assert hands == "5.0k"
            # VPIP 1,194/4,974 and PFR 497/4,974 (9.99%: "10"), never "24 (497…"
            assert figures[:2] == ["24 (5.0k)", "10 (5.0k)"]
            assert len(figures) >= 5
        assert "…" not in "".join(line for line in lines if line.startswith("│"))
        assert "Table 1 · Badugi $0.50/$1.00 FL" in screen


def test_tags_are_separated_and_notes_cut_to_the_room_left() -> None:
    marked = {"notes": ("slowplays badugis",), "tags": ("fish",), "auto_tags": ("calls down", "loose")}
    state = api.HudState(tables=(_table(1, **marked), _table(2, **marked)))
    screen = _screen(state, 80, 24)
    assert len(screen.splitlines()) <= 24
    assert screen.count("╭─ Table ") == 2 and len(_rows(screen)) == 12
    # 24 lines: a header, 2 panels of 9 lines, a key line: 4 left, 2 a panel: one player's
    # marks and a line for the five others
    assert screen.count("calls down, loose, #fish; slowplays badugis") == 2
    assert screen.count("+5 more with notes or tags") == 2
    tall = _screen(state, 80, 60)  # room for every player's line
    assert tall.count("calls down, loose, #fish; slowplays badugis") == 12 and "more with notes" not in tall
    wide = _screen(api.HudState(tables=(_table(1, **marked),)), 200, 40)  # a tags column
    assert re.search(r"p1x2 +calls down, loose, #fish +5\.0k", wide)


def _write(path: Path, n: int, table: str, hand_id: str) -> None:
    text = (HANDS / f"hand{n}.txt").read_text().replace("Hud Test", table).replace(f"9140000000{n}", hand_id)
    with path.open("a") as handle:
        handle.write(text)


def _titles(state: api.HudState) -> list[str]:
    return [view.table for view in state.tables]


def test_panels_keep_their_order_as_hands_arrive(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    _write(folder / "c.txt", 1, "Cetus", "91400000101")
    _write(folder / "b.txt", 1, "Bellatrix", "91400000201")
    hud = api.Hud([folder], tmp_path / "hud.db")
    assert _titles(hud.look()) == ["Bellatrix", "Cetus"]  # found together: in path order
    _write(folder / "c.txt", 2, "Cetus", "91400000102")  # a hand at Cetus: it stays second
    state = hud.look()
    assert _titles(state) == ["Bellatrix", "Cetus"] and state.tables[1].hand_id == "91400000102"
    _write(folder / "a.txt", 1, "Antlia", "91400000301")  # a new table: last, though its path sorts first
    assert _titles(hud.look()) == ["Bellatrix", "Cetus", "Antlia"]
    _write(folder / "b.txt", 2, "Bellatrix", "91400000202")
    _write(folder / "a.txt", 2, "Antlia", "91400000302")
    state = hud.look()
    assert _titles(state) == ["Bellatrix", "Cetus", "Antlia"]
    assert [view.hand_id for view in state.tables] == ["91400000202", "91400000102", "91400000302"]
    screen = _screen(state, 160, 50)  # drawn in that order: left to right, then down
    assert screen.index("Bellatrix") < screen.index("Cetus") < screen.index("Antlia")


def test_a_backlog_shows_its_progress(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    for name, table in (("a.txt", "Antlia"), ("b.txt", "Bellatrix")):
        for n in (1, 2, 3):
            _write(folder / name, n, table, f"9{ord(name[0])}0000000{n}")
    seen: list[api.WatchProgress] = []
    screens: list[str] = []

    def on_progress(state: api.HudState) -> None:
        assert state.importing is not None
        seen.append(state.importing)
        if len(screens) < 1:
            screens.append(_screen(state, 80, 24))

    hud = api.Hud([folder], tmp_path / "hud.db", on_progress=on_progress)
    state = hud.look()
    assert state.importing is None and "importing" not in _screen(state, 80, 24)  # gone once the look ends
    size = (folder / "a.txt").stat().st_size + (folder / "b.txt").stat().st_size
    assert {(p.files, p.size) for p in seen} == {(2, size)}
    assert [p.files_done for p in seen] == sorted(p.files_done for p in seen)  # counted on, never back
    assert seen[0].files_done == 0 and seen[-1].files_done == 2 and seen[-1].fraction > 0.9
    assert [p.done for p in seen] == sorted(p.done for p in seen)
    assert re.search(r"^importing: file 1 of 2 · \d+%$", screens[0], re.M)
    _write(folder / "a.txt", 1, "Antlia", "91400000999")  # a later look reads only what the file grew by
    seen.clear()
    hud.look()
    grown = len((HANDS / "hand1.txt").read_text().replace("Hud Test", "Antlia").encode())
    assert {(p.files, p.size) for p in seen} == {(1, grown)}


def test_columns_that_do_not_fit_are_left_out_not_cut() -> None:
    """Every column asked for (`--stats`) at 80 columns, and a wide panel of 170 with every
    default column: the figures of 4,974 hands take 8 to 10 characters, more than there is
    room for; the last columns are left out, the others shown whole."""
    from hhtracker.cli.hud_view import COLUMNS

    state = api.HudState(tables=(_table(1),))
    console = Console(record=True, width=80, height=24, color_system=None, force_terminal=True)
    console.print(render(state, 80, tuple(COLUMNS), height=24))
    screen = console.export_text()
    heading = [line for line in screen.splitlines() if "player" in line][0].strip("│ ").split()
    # 76 characters inside the panel: seat 1+1, name 6+1 ("p1x1 *"), hands 4+1 leave 62;
    # VPIP "24 (5.0k)" 9+1, PFR 10, 3-bet "4 (1.5k)" 9, steal "40 (1.0k)" 10, AFq 10,
    # pat d1 "8 (2.0k)" 9: 4 left, too few for pat d2's "19 (1.6k)"
    assert heading == ["#", "player", "H", "VP", "PF", "3B", "ST", "AQ", "P1"]
    assert "…" not in screen
    assert re.search(r"│ 1 p1x1 \* 5\.0k 24 \(5\.0k\) 10 \(5\.0k\) 4 \(1\.5k\) 40 \(1\.0k\) 50 \(2\.0k\) 8 \(2\.0k\) │", screen)
    wide = _screen(state, 170, 40)  # every default column fits whole in a wide panel
    assert "…" not in wide and "fold to pat" in wide and "+1.5 (5.0k)" in wide
