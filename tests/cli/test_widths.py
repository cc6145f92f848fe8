"""Every command's terminal output at 80 and 160 columns on the real corpus (issue 27, item
4): no line longer than the width, no number cut (a number at 80 columns is a whole number
of the output at 160: a folded or ellipsised one would leave a piece), no word ellipsised,
and the hand and tournament numbers of the wide output still there at 80."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker.cli import app

from tests.common import CORPUS, DATA, STARS_CASH, STARS_SNG

runner = CliRunner()
WIDTHS = (80, 160)
PROBLEM_LINE = re.compile(r"^\S+:\d+: ")  # `file:line: ...`, one line each (grep-able), any width


CORPUS_DRAW = CORPUS.parent / "corpus-draw"
STARS_27TD = "PokerStars__27TD_FL_cash_200911.txt"


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not CORPUS.is_dir() or not CORPUS_DRAW.is_dir():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} or {CORPUS_DRAW} missing)")
    db = tmp_path_factory.mktemp("widths") / "w.db"
    result = runner.invoke(app, ["import", "--db", str(db), str(CORPUS), str(CORPUS_DRAW), str(DATA / "leak_hands"),
                                 str(DATA / "split_hands")])
    assert result.exit_code == 0, result.output
    return db


def _run(width: int, *args: object) -> str:
    result = runner.invoke(app, [str(a) for a in args], env={"COLUMNS": str(width)})
    assert result.exit_code in (0, 1), (args, result.output)
    assert "Traceback" not in result.output
    return result.stdout + result.stderr  # both streams: a terminal shows both


def _tokens(text: str) -> set[str]:
    text = re.sub(r"\(at \d+ columns, left out:.*?shows them\)", "", text, flags=re.S)  # the note of the columns left out
    return {t for t in re.split(r"[\s│┃┏┓┗┛┡┩└┘┌┐├┤┼╇╈┳┻━─]+", text) if any(c.isdigit() for c in t)}


def _commands(db: Path) -> list[tuple[object, ...]]:
    report = json.loads(runner.invoke(app, ["report", "--db", str(db), "--hero", "Player5", "--json"]).stdout)
    hand = report["notable"][0]["hand"] if report.get("notable") else "49164202872"
    return [
        ("players", "--db", db),
        ("players", "--db", db, "--game-type", "tournament"),
        ("player", "Player5", "--db", db),
        ("player", "Player5", "--reads", "--db", db),
        ("player", "Hero", "--db", db, "--site", "pokerstars"),
        ("leaks", "--db", db, "--hero", "Player5"),
        ("report", "--db", db, "--hero", "Player5"),
        ("report", "--db", db, "--hero", "Player5", "--all-hands"),
        ("report", "--db", db, "--from", "2010-01-01", "--to", "2021-12-31"),
        ("sessions", "--db", db),
        ("tournaments", "--db", db),
        ("hand", hand, "--db", db),
        ("table", CORPUS / STARS_CASH, "--db", db),
        ("query", "select site, site_hand_id, table_name, start_time from hands limit 5", "--table", "--db", db),
        ("validate", CORPUS / STARS_SNG),
        ("hero", "list", "--db", db),
        # every other command, and the other draw games (issue 27's "Done when")
        ("import", CORPUS / STARS_CASH, "--db", db),  # (stored already: the summary of duplicates)
        ("check", "--db", db),
        ("players", "--db", db, "--game", "27_triple_draw"),
        ("players", "--db", db, "--game", "all"),
        ("player", "Hero", "--db", db),  # one profile per game and site
        ("player", "Hero", "--reads", "--db", db),
        ("player", "Alder", "--db", db, "--game", "badeucey"),
        ("leaks", "--db", db, "--hero", "Hero"),
        ("report", "--db", db, "--hero", "Hero"),
        ("report", "--db", db, "--hero", "Hero", "--game", "27_triple_draw", "--all-hands"),
        ("sessions", "--db", db, "--hero", "Hero", "--game", "badugi"),
        ("tournaments", "--db", db, "--hero", "Hero"),
        ("hand", "35839959625", "--db", db),  # 2-7 Triple Draw
        ("hand", "4004", "--db", db),  # Badeucey, a split pot
        ("hand", "1001", "--db", db),  # Badacey
        ("table", CORPUS_DRAW / STARS_27TD, "--db", db),
        ("validate", CORPUS_DRAW),
        ("note", "Player5", "--list", "--db", db),
        ("tag", "Player5", "--list", "--db", db),
        ("export", "--format", "phh", "--db", db, db.parent / "hands.phhs"),
        ("generate", "--out", db.parent / "generated", "--hands", 30, "--force"),
    ]


def test_every_command_fits_80_and_160_columns(corpus_db: Path) -> None:
    for args in _commands(corpus_db):
        out = {width: _run(width, *args) for width in WIDTHS}
        for width, text in out.items():
            long = [line for line in text.splitlines() if len(line) > width and not PROBLEM_LINE.match(line)]
            assert not long, (args, width, long[:3])
            assert not re.search(r"\w…", text), (args, width)  # nothing ellipsised
        pieces = _tokens(out[80]) - _tokens(out[160])
        assert not pieces, (args, sorted(pieces)[:10])  # a cut number leaves a piece
        numbers = {t for t in _tokens(out[160]) if re.fullmatch(r"\d{8,}", t)}
        assert numbers <= _tokens(out[80]), (args, sorted(numbers - _tokens(out[80]))[:10])


def _renamed(tmp_path: Path, names: dict[str, str]) -> Path:
    """The first hand of the PokerStars cash sample once per new name, velvetcrab's seat
    renamed (a name from a hand history: untrusted, any length), each with its own number."""
    text = (DATA.parent.parent / "sample_histories" / "stars_cash_badugi_025_050.txt").read_text(encoding="utf-8-sig")
    first = re.split(r"\n\s*\n(?=PokerStars)", text)[0]
    assert "velvetcrab" in first and "48911200345" in first
    hands = [first.replace("velvetcrab", name).replace("48911200345", number) for number, name in names.items()]
    path = tmp_path / "renamed.txt"
    path.write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
    return path


def test_a_long_name_never_pushes_the_figures_out(tmp_path: Path) -> None:
    # a tester's finding: a 40-character name split the headers ('han'/'ds') and cut the
    # numbers at 80 columns ('-$2.' above '50'); a 5,000-character one left the other columns
    # no width at all, even at 200 columns (the net one character a line). A name is folded
    # past fitting.NAME_LEAST cells; figures stay whole at any width.
    db = tmp_path / "n.db"
    hands = _renamed(tmp_path, {"99000000040": "N" * 40, "99000000041": "M" * 5000})
    assert runner.invoke(app, ["import", "--db", str(db), str(hands)]).exit_code == 0
    rows = json.loads(runner.invoke(app, ["players", "--db", str(db), "--json"]).stdout)
    net = {row["player"][:1] + str(len(row["player"])): row for row in rows}
    assert set(net) >= {"N40", "M5000"}
    wide = _run(6000, "players", "--db", db)  # room for the whole name: the figures as they are
    for width in (80, 200):
        out = _run(width, "players", "--db", db)
        long = [line for line in out.splitlines() if len(line) > width]
        assert not long, (width, long[:2])
        assert not _tokens(out) - _tokens(wide), (width, sorted(_tokens(out) - _tokens(wide))[:10])
        for header in ("hands", "VPIP", "PFR", "net"):  # headers whole, not 'han'/'ds'
            assert re.search(rf"[┃│] +{re.escape(header)} +[┃│]", out), (width, header)
    # velvetcrab folded before the draw without a bet ("didn't bet"): 1 hand, $0.00, in the
    # first line of each long name's row
    out = _run(80, "players", "--db", db)
    for letter in "NM":
        assert re.search(rf"│ {letter}{{10,}} +│ +1 │.*│ +\$0\.00 │", out), letter


def test_labels_stay_whole_when_the_values_can_wrap(corpus_db: Path) -> None:
    # a tester's finding: at 80 columns `player NAME` split the table half and half, its
    # labels wrapped ('..., after draw' / '1') beside a value column half empty
    out = _run(80, "player", "Player5", "--db", corpus_db)
    assert re.search(r"│ AF \(bets\+raises / calls\), after draw 1 +│", out), out[:2000]
    assert "after draw\n" not in out
