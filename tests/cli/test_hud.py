"""The live table view (issue 14): driven headless (rich's recording console) while a
hand-history file is written hand by hand; the values shown after each hand are worked out by
hand from the hands in tests/data/hud_hands (3-max, $0.50/$1):

- hand 1: Hero (button) raises, Ann (small blind) folds, Bob (big blind) calls; draw 1: Bob
  draws 2, Hero stands pat, bets; Bob folds.
- hand 2: Ann (button) and Bob (small blind) fold: a walk for Hero (big blind), who loses his
  VPIP chance (docs/statistics.md, "Walk").
- hand 3: Bob has left, Cid sits in seat 3 (button) and calls; Hero (small blind) folds; Ann
  (big blind) checks; draw 1: both draw 1; Ann bets, Cid folds.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.cli.hud_view import SMALL_SAMPLE, render

from tests.common import DATA

HANDS = DATA / "hud_hands"


def _hand(n: int) -> str:
    return (HANDS / f"hand{n}.txt").read_text()


def _screen(state: api.HudState, width: int = 80, keys=None, *, styles: bool = False) -> str:
    console = Console(record=True, width=width, height=24, color_system="standard", force_terminal=True)
    console.print(render(state, width, keys))
    return console.export_text(styles=styles)


_ROW = re.compile(r"^│ *(\d+) +(\S+)(?: \*)? +(\d+) +(.*?) *│$")


def _rows(screen: str) -> dict[str, tuple[int, int, list[str]]]:
    """player -> (seat, hands, the figures "25 (12)" in column order), from the panel's rows."""
    rows = {}
    for line in screen.splitlines():
        match = _ROW.match(line)
        if match:
            seat, name, hands, rest = match.groups()
            rows[name] = (int(seat), int(hands), re.findall(r"-?\S+ \(\d+\)", rest))
    return rows


@pytest.fixture
def table(tmp_path: Path):
    folder = tmp_path / "hh"
    folder.mkdir()
    return folder / "HH20200201 Hud Test - $0.50-$1 - USD Badugi Limit.txt", tmp_path / "hud.db"


def test_the_view_follows_a_file_written_hand_by_hand(table) -> None:
    path, db = table
    hud = api.Hud([path.parent], db)
    # compact (80 columns): VP PF 3B P1 SN SD
    path.write_text(_hand(1))
    screen = _screen(hud.look())
    rows = _rows(screen)
    assert list(rows) == ["Hero", "Ann", "Bob"]  # seat order
    assert rows["Hero"][:2] == (1, 1) and rows["Hero"][2][:2] == ["100 (1)", "100 (1)"]
    assert rows["Hero"][2][3] == "100 (1)"  # stood pat at draw 1
    assert rows["Ann"][2][:2] == ["0 (1)", "0 (1)"] and rows["Ann"][2][3] == "- (0)"  # never reached the draw
    assert rows["Bob"][2][:2] == ["100 (1)", "0 (1)"] and rows["Bob"][2][3] == "0 (1)"
    assert "Hero *" in screen  # the hero marked
    assert "Hud Test · Badugi $0.50/$1.00 FL · 1 hand · hand 91400000001" in screen  # the game of the table too

    with path.open("a") as handle:
        handle.write(_hand(2))
    rows = _rows(_screen(hud.look()))
    assert list(rows) == ["Hero", "Ann", "Bob"]
    assert rows["Hero"][1] == 2 and rows["Hero"][2][0] == "100 (1)"  # the walk: no VPIP chance
    assert rows["Ann"][2][0] == "0 (2)"
    assert rows["Bob"][2][0] == "50 (2)"

    # hand 3 half written: not an error, the view still shows hand 2's table
    text = _hand(3)
    cut = text.index("*** FIRST DRAW ***")
    with path.open("a") as handle:
        handle.write(text[:cut])
    state = hud.look()
    screen = _screen(state)
    assert state.notices == [] and state.pending == 1
    assert list(_rows(screen)) == ["Hero", "Ann", "Bob"]
    assert "1 being written" in screen

    with path.open("a") as handle:
        handle.write(text[cut:])
    screen = _screen(hud.look())
    rows = _rows(screen)
    assert list(rows) == ["Hero", "Ann", "Cid"]  # Bob left, Cid came
    assert rows["Hero"][2][:2] == ["50 (2)", "50 (2)"]  # folded his small blind: a chance, not taken
    assert rows["Ann"][2][:2] == ["0 (3)", "0 (3)"] and rows["Ann"][2][3] == "0 (1)"
    assert rows["Cid"][:2] == (3, 1) and rows["Cid"][2][:2] == ["100 (1)", "0 (1)"]
    assert "3 hands" in screen and "hand 91400000003" in screen
    # every figure here is on a small sample: dimmed (SGR 2)
    assert SMALL_SAMPLE > 3
    assert "\x1b[2m100 (1)" in _screen(hud.state, styles=True)


def test_a_bad_hand_is_a_one_line_notice(table) -> None:
    path, db = table
    hud = api.Hud([path.parent], db)
    bad = _hand(2).replace("91400000002", "91400000009").replace("Hero collected $0.50", "Hero collected $5.50")
    path.write_text(_hand(1) + bad)
    state = hud.look()
    assert len(state.notices) == 1 and "91400000009" in state.notices[0]
    screen = _screen(state)
    notice = [line for line in screen.splitlines() if line.startswith("! ")]
    assert len(notice) == 1 and "hand 91400000009" in notice[0]
    assert list(_rows(screen)) == ["Hero", "Ann", "Bob"]  # the last good hand's table


def test_a_table_whose_file_is_quiet_leaves_the_view(table) -> None:
    path, db = table
    path.write_text(_hand(1))
    later = path.stat().st_mtime + 11 * 60
    hud = api.Hud([path.parent], db, active_minutes=10, clock=lambda: later)
    state = hud.look()
    assert state.tables == ()
    assert "no active table" in _screen(state)
    hud.clock = lambda: later - 2 * 60
    assert [t.table for t in hud.look().tables] == ["Hud Test"]


def test_wide_layout_and_chosen_columns(table) -> None:
    path, db = table
    path.write_text(_hand(1) + _hand(2))
    state = api.Hud([path.parent], db).look()
    wide = _screen(state, width=180)
    assert "fold to pat" in wide and "BB/100" in wide and "VPIP" in wide
    # Hero: +1.25 and +0.25 in big bets of $1 over 2 hands = +75.0 BB/100
    assert _rows(wide)["Hero"][2][-1] == "+75.0 (2)"
    chosen = _rows(_screen(state, keys=("wtsd", "vpip")))
    assert chosen["Bob"][2] == ["0 (1)", "50 (2)"]  # went to no showdown after reaching draw 1
    narrow = _screen(state)
    assert "VP VPIP" in narrow and "P1 pat at draw 1" in narrow  # the key line
    assert max(len(line) for line in narrow.splitlines()) <= 80
    assert [h for h in narrow.splitlines() if "player" in h][0].strip("│ ").split() == ["#",
        "player", "H", "VP", "PF", "3B", "P1", "SN", "SD"]
    middle = _screen(state, width=130)  # as many columns as fit, abbreviated
    assert [h for h in middle.splitlines() if "player" in h][0].strip("│ ").split() == ["#",
        "player", "H", "VP", "PF", "3B", "AQ", "P1", "P2", "P3", "SN", "FP", "SD", "W$"]


def test_notes_tags_and_names_escaped(table) -> None:
    path, db = table
    path.write_text(_hand(1))
    api.import_paths([path], db)  # (notes and tags go into an existing database only)
    api.note_add(db, "Bob", "calls \x1b[31mdown")
    assert api.tag_set(db, "Bob", "fish") is True
    assert api.tag_set(db, "Bob", "fish") is False
    assert api.tag_set(db, "Bob", "reg") is True
    assert api.tag_set(db, "Bob", "reg", remove=True) is True
    screen = _screen(api.Hud([path.parent], db).look(), width=160)
    assert "#fish" in screen and "#reg" not in screen
    assert "calls \\x1b[31mdown" in screen and "\x1b" not in screen
    assert api.player_marks(db, "Bob") == (("calls \x1b[31mdown",), ("fish",))


def test_note_tag_commands_and_player_shows_them(table) -> None:
    path, db = table
    path.write_text(_hand(1))
    runner = CliRunner()
    assert runner.invoke(app, ["import", "--db", str(db), str(path)]).exit_code == 0
    assert runner.invoke(app, ["note", "Bob", "slowplays badugis", "--db", str(db)]).exit_code == 0
    assert runner.invoke(app, ["tag", "Bob", "fish", "--db", str(db)]).exit_code == 0
    shown = runner.invoke(app, ["player", "Bob", "--db", str(db)])
    assert "slowplays badugis" in shown.output and "fish" in shown.output
    assert "taken off" in runner.invoke(app, ["tag", "Bob", "fish", "--remove", "--db", str(db)]).output
    assert api.player_marks(db, "Bob") == (("slowplays badugis",), ())


def test_table_json_matches_player_json(table) -> None:
    path, db = table
    path.write_text(_hand(1) + _hand(2) + _hand(3))
    runner = CliRunner()
    result = runner.invoke(app, ["table", str(path), "--db", str(db), "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert (found["site"], found["table"], found["hand_id"]) == ("pokerstars", "Hud Test", "91400000003")
    assert [p["player"] for p in found["players"]] == ["Hero", "Ann", "Cid"]
    assert found["players"][2]["stats"]["vpip"] == {"done": 1, "opportunities": 1}
    for seated in found["players"]:
        alone = runner.invoke(app, ["player", seated["player"], "--db", str(db), "--json"])
        assert alone.exit_code == 0
        assert json.loads(alone.output) == seated


def test_stats_option_rejects_unknown_keys(table) -> None:
    path, db = table
    path.write_text(_hand(1))
    result = CliRunner().invoke(app, ["table", str(path), "--db", str(db), "--stats", "vpip,nonsense"])
    assert result.exit_code == 2 and "nonsense" in result.output


def test_the_cli_default_is_the_api_default() -> None:
    from hhtracker.cli.hud_cmd import ACTIVE_DEFAULT

    assert ACTIVE_DEFAULT == api.ACTIVE_MINUTES == 10


def test_a_hostile_name_is_shown_escaped(table) -> None:
    path, db = table
    hostile = "Ev\x1b]0;pwn\x07il\u202eB"
    path.write_text(_hand(1).replace("Bob", hostile))
    state = api.Hud([path.parent], db).look()
    assert [p.player for p in state.tables[0].players] == ["Hero", "Ann", hostile]
    for width in (80, 180):
        screen = _screen(state, width=width, styles=True)
        assert "\x07" not in screen and "\u202e" not in screen and "\x1b]" not in screen
    assert "Ev\\x1b]0;pwn\\x07il\\u202eB" in _screen(state, width=180)


def test_several_tables_side_by_side_on_a_wide_terminal(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "a.txt").write_text(_hand(1))
    (folder / "b.txt").write_text(_hand(3).replace("Hud Test", "Other Table").replace("91400000003", "91400000013"))
    state = api.Hud([folder], tmp_path / "hud.db").look()
    assert sorted(t.table for t in state.tables) == ["Hud Test", "Other Table"]
    screen = _screen(state, width=180)
    both = [line for line in screen.splitlines() if "Hud Test" in line and "Other Table" in line]
    assert len(both) == 1  # the two panels' titles on one line
    assert len(_screen(state).split("Hud Test")) == 2 and "Other Table" in _screen(state)  # 80: one under the other


def test_automatic_tags_are_relative_to_the_population() -> None:
    """Issue 27: fixed thresholds tagged everyone "calls down". Ten players with VPIP 5, 10,
    ..., 50 of 50 hands (10%, 20%, ..., 100%): the 80th percentile (linear between the
    sorted figures, position 0.8 x 9 = 7.2) is 80 + 0.2 x 10 = 82%, the 20th (position 1.8)
    20 + 0.8 x 10 = 28%; strictly beyond them: 90% and 100% are loose, 10% and 20% tight.
    A player of 49 hands (under the minimum of 50) is neither tagged nor counted."""
    from types import SimpleNamespace

    def player(**ratios):
        return SimpleNamespace(stats={k: api.Ratio(*v) for k, v in ratios.items()})

    ten = [player(vpip=(5 * k, 50)) for k in range(1, 11)]
    short = player(vpip=(49, 49))
    people = api.population([*ten, short])
    (cut,) = people.cuts
    assert (cut.key, cut.players, cut.low, cut.high) == ("vpip", 10, pytest.approx(28.0), pytest.approx(82.0))
    assert [api.auto_tags(p, people) for p in ten] == [("tight",), ("tight",), (), (), (), (), (), (), ("loose",), ("loose",)]
    assert api.auto_tags(short, people) == ()
    # fewer than five players with enough hands: nothing to compare with, no tag
    few = api.population(ten[:4])
    assert few.cuts == () and api.auto_tags(ten[0], few) == () and api.auto_tags(ten[3], few) == ()
    # every tag's own statistic and minimum: WTSD over 30 hands that reached draw 1
    wtsd = [player(wtsd=(k, 30)) for k in (10, 11, 12, 13, 14, 30)]
    assert [api.auto_tags(p, api.population(wtsd)) for p in wtsd][-1] == ("calls down",)
    assert api.auto_tags(None, people) == ()
