"""The command line, end to end: import, player, players, validate; exit codes and JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import sqlite_utils
from typer.testing import CliRunner

from hhtracker.cli import app

from tests.common import ROOT, SAMPLES, STARS_8GAME, STARS_CASH, STARS_SNG
from tests.oracles.corpus_counts import stars_hand_count, stars_mixed_games

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_import_corpus_twice(corpus: Path, db_path: Path) -> None:
    files = [str(corpus / STARS_CASH), str(corpus / STARS_SNG)]
    first = run("import", "--db", str(db_path), "--json", *files)
    assert first.exit_code == 0, first.output
    summary = json.loads(first.stdout)
    hands = stars_hand_count(corpus / STARS_CASH, corpus / STARS_SNG)  # their header lines
    assert hands == 108  # 4 cash + 104 SNG hands, as MANIFEST.tsv lists them
    assert (summary["files"], summary["hands_new"], summary["hands_rejected"]) == (2, hands, 0)
    assert not [p for p in summary["problems"] if p["severity"] == "error"]
    second = json.loads(run("import", "--db", str(db_path), "--json", *files).stdout)
    assert (second["hands_new"], second["hands_duplicate"]) == (0, hands)
    db = sqlite_utils.Database(db_path)
    assert db["hands"].count == hands and db["raw_hands"].count == hands
    # one row per player per draw for every dealt-in player: NULL = not reached
    assert db.execute("select count(*) from draws where discarded is null").fetchone()[0] > 0


def test_mixed_game_file_is_skipped_by_game(corpus: Path, db_path: Path) -> None:
    result = run("import", "--db", str(db_path), "--json", str(corpus / STARS_8GAME))
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    games = stars_mixed_games(corpus / STARS_8GAME)  # the game each header names
    assert sum(games.values()) == 137  # MANIFEST.tsv: 137 hands, none of them Badugi
    # 2-7 Triple Draw is read since issue 25: its 18 hands import, the other games are skipped
    assert summary["hands_new"] == games["Triple Draw 2-7 Lowball Limit"] == 18
    assert summary["hands_unsupported"] == 137 - 18 and summary["hands_rejected"] == 0
    assert "Triple Draw 2-7 Lowball Limit" not in summary["unsupported_games"]
    assert summary["unsupported_games"]["Hold'em No Limit"] == games["Hold'em No Limit"] == 24
    assert summary["unsupported_games"] == {g: n for g, n in games.items() if g != "Triple Draw 2-7 Lowball Limit"}


def test_cut_off_hand(corpus: Path, tmp_path: Path, db_path: Path) -> None:
    text = (corpus / STARS_CASH).read_text(encoding="utf-8-sig")
    lines = text.split("\n")
    # Hand 2 runs from line 75 to line 102; cut it after line 90 ("JDANIELDC: folds ") by
    # dropping lines 91-102. Hands 1, 3 and 4 stay whole.
    assert lines[74].startswith("PokerStars Game #49164247462")
    assert lines[89] == "JDANIELDC: folds " and lines[101].startswith("Seat 6: JDANIELDC")
    broken = "\n".join(lines[:90] + lines[102:])
    path = tmp_path / "cut.txt"
    path.write_text(broken, encoding="utf-8")
    result = run("import", "--db", str(db_path), str(path))
    assert result.exit_code == 1
    assert f"{path}:90: " in result.stderr and "cut off" in result.stderr
    db = sqlite_utils.Database(db_path)
    statuses = sorted(row["status"] for row in db["hands"].rows)
    assert statuses == ["ok", "ok", "ok", "rejected"]
    rejected = next(db["hands"].rows_where("status = 'rejected'"))
    assert rejected["site_hand_id"] == "49164247462"
    assert db["raw_hands"].get(rejected["id"])["text"].startswith("PokerStars Game #49164247462")
    # Importing the cut file again: the 3 good hands are duplicates, the cut one is reported
    # again (never silently counted as a duplicate) and nothing is stored twice.
    again = run("import", "--db", str(db_path), "--json", str(path))
    assert again.exit_code == 1
    summary = json.loads(again.stdout)
    assert (summary["hands_new"], summary["hands_duplicate"], summary["hands_rejected"]) == (0, 3, 1)
    assert db["hands"].count == 4
    # The whole file, imported later, replaces the rejected copy.
    whole = json.loads(run("import", "--db", str(db_path), "--json", str(corpus / STARS_CASH)).stdout)
    assert (whole["hands_new"], whole["hands_duplicate"], whole["hands_repaired"]) == (1, 3, 1)
    assert sorted(row["status"] for row in db["hands"].rows) == ["ok"] * 4
    assert db["raw_hands"].count == 4 and db["validation_issues"].count == 0


def test_player_and_players(corpus: Path, db_path: Path) -> None:
    run("import", "--db", str(db_path), str(corpus / STARS_CASH))
    result = run("player", "--db", str(db_path), "--json", "buddyboy3399")
    assert result.exit_code == 0, result.output
    profile = json.loads(result.stdout)
    assert profile["player"] == "buddyboy3399" and profile["site"] == "pokerstars"
    # buddyboy3399 is dealt 4 hands: +370 (hand 1), 0 (hand 2), -175 (hand 3), -200 (hand 4).
    assert profile["results"]["hands"] == 4
    assert profile["results"]["net"] == {"amount": -5, "currency": "USD"}
    # bb/100: the big blind is 25 cents: -5/25 = -0.2 bb in 4 hands = -5 bb/100; big bet 50: -2.5
    assert abs(profile["results"]["bb_per_100"] - (-5.0)) < 1e-9
    assert abs(profile["results"]["big_bets_per_100"] - (-2.5)) < 1e-9
    # pre-draw he calls (hand 1), folds (2), raises (3), completes... no: posts SB and calls (4)
    assert profile["stats"]["vpip"] == {"done": 3, "opportunities": 4}
    assert profile["stats"]["pfr"] == {"done": 1, "opportunities": 4}
    # draws: hand 1 drew 2, 0, 0; hand 3: 0, 0, 0; hand 4: 1, 0, 0
    assert profile["distributions"]["cards_drawn_d1"] == {"0": 1, "1": 1, "2": 1, "3": 0, "4": 0}
    assert profile["stats"]["pat_d1"] == {"done": 1, "opportunities": 3}
    assert profile["stats"]["pat_d3"] == {"done": 3, "opportunities": 3}
    text = run("player", "--db", str(db_path), "buddyboy3399")
    assert "VPIP" in text.stdout and "75.0% (3/4)" in text.stdout
    listing = json.loads(run("players", "--db", str(db_path), "--json", "--sort", "net").stdout)
    assert listing[0]["player"] == "JDANIELDC"  # +395 in hand 4, -50 in hand 3: +345
    assert run("player", "--db", str(db_path), "nobody").exit_code == 2


def test_validate(corpus: Path, tmp_path: Path) -> None:
    result = run("validate", "--json", str(corpus / STARS_CASH))
    assert result.exit_code == 0
    checks = json.loads(result.stdout)["hands"]
    assert [c["status"] for c in checks] == ["ok"] * 4
    assert checks[0]["hand_id"] == "49164202872" and checks[0]["line"] == 1
    bad = tmp_path / "bad.txt"
    bad.write_text((corpus / STARS_CASH).read_text(encoding="utf-8-sig").replace(
        "kallexx1 collected $4.05 from pot", "buddyboy3399 collected $4.05 from pot"))
    result = run("validate", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:151: error [showdown_winner_mismatch]" in result.stdout


def test_usage_errors_exit_2(db_path: Path, tmp_path: Path) -> None:
    assert run("import", "--db", str(db_path), "/no/such/file.txt").exit_code == 2
    assert run("players", "--db", str(db_path), "--sort", "nonsense").exit_code == 2
    missing = run("players", "--db", str(db_path))
    assert missing.exit_code == 2 and "import" in missing.stderr
    assert not db_path.exists()  # reading never creates a database
    empty_folder = tmp_path / "empty"
    empty_folder.mkdir()
    assert run("import", "--db", str(db_path), str(empty_folder)).exit_code == 2


def test_empty_and_binary_files_are_file_problems(tmp_path: Path, db_path: Path) -> None:
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "binary.txt").write_bytes(bytes(range(256)) * 4)
    result = run("import", "--db", str(db_path), str(tmp_path / "empty.txt"), str(tmp_path / "binary.txt"))
    assert result.exit_code == 1
    assert "empty.txt: error [no_hands]" in result.stderr
    assert "binary.txt:1: error [encoding]" in result.stderr
    assert "2 file problems (outside any hand)" in result.stdout


def test_whole_corpus_validates_and_other_games_are_counted(corpus: Path) -> None:
    # 104 + 4 PokerStars hands, one Full Tilt, one KingsClub and one Merge hand are Badugi;
    # the 137 hands of the 8-Game file are not (MANIFEST.tsv; the PokerStars ones counted by
    # their header lines, the 8-Game ones by the game each header names): its 18 2-7 Triple
    # Draw hands are read (issue 25), the 119 others skipped.
    assert stars_hand_count(corpus / STARS_CASH, corpus / STARS_SNG) + 3 == 111
    games = stars_mixed_games(corpus / STARS_8GAME)
    assert sum(games.values()) == 137 and games["Razz Limit"] == 19
    result = run("validate", str(corpus))
    assert result.exit_code == 0
    assert games["Triple Draw 2-7 Lowball Limit"] == 18
    assert "129 hands checked: 129 ok, 0 with warnings, 0 with errors; 119 skipped" in result.stderr
    assert "Razz Limit: 19" in result.stderr


def test_sample_histories_import_clean(db_path: Path) -> None:
    result = run("import", "--db", str(db_path), "--json", str(SAMPLES))
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["hands_new"] > 10 and summary["hands_rejected"] == 0
    assert summary["problems"] == []


def test_grammars_load_from_an_installed_build(tmp_path: Path) -> None:
    """Run from outside the checkout, so `hhtracker` is the installed package; in CI (a
    regular install) its grammars must come from inside the package."""
    code = (
        "import hhtracker, pathlib; from hhtracker.parse.grammar import grammar_dir, load_parser;"
        "load_parser('pokerstars'); print(pathlib.Path(hhtracker.__file__).parent); print(grammar_dir())"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    package, grammars = (Path(line) for line in done.stdout.split())
    if (package.parent / "pyproject.toml").exists():
        assert grammars == package.parent / "grammars"  # an editable install: the checkout's
    else:  # a real install (as in CI): the grammars shipped inside the package
        assert grammars == package / "grammars"
        assert (grammars / "pokerstars.lark").is_file() and (grammars / "common.lark").is_file()


def test_module_entry_point() -> None:
    done = subprocess.run([sys.executable, "-m", "hhtracker", "--help"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and "import" in done.stdout


def test_unwritable_outputs_and_unopenable_databases_are_one_line(tmp_path: Path, db_path: Path) -> None:
    """Found by a new user: these printed Python tracebacks. Now `Error: ...`, exit code 2,
    from the real command (a subprocess: the database check is in the entry point)."""
    assert run("import", "--db", str(db_path), str(SAMPLES)).exit_code == 0
    for args, expected in (
        # a folder that does not exist: named, not a replayer page written beside the report first
        (["report", "--db", str(db_path), "--html", str(tmp_path / "no" / "such" / "r.html")],
         f"Error: no folder {tmp_path / 'no' / 'such'} for {tmp_path / 'no' / 'such' / 'r.html'}: create it first"),
        (["report", "--db", str(db_path), "--png", str(tmp_path / "no" / "such" / "r.png")],
         f"Error: no folder {tmp_path / 'no' / 'such'} for {tmp_path / 'no' / 'such' / 'r.png'}: create it first"),
        (["hand", "1", "--db", str(db_path), "--html", str(tmp_path / "no" / "h.html")],
         f"Error: no folder {tmp_path / 'no'} for {tmp_path / 'no' / 'h.html'}: create it first"),
        (["report", "--db", str(db_path), "--png", str(db_path / "r.png")],  # a file where the folder should be
         f"Error: {db_path} is not a folder (for {db_path / 'r.png'}): check the path"),
        (["import", "--db", "/proc/hhtracker.db", str(SAMPLES)], "cannot open the database /proc/hhtracker.db"),
    ):
        result = subprocess.run([sys.executable, "-m", "hhtracker", *args], capture_output=True, text=True, check=False)
        assert result.returncode == 2, result.stderr
        assert result.stderr.startswith("Error: ") and expected in result.stderr
        assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "no").exists()
    not_a_database = tmp_path / "notes.db"
    not_a_database.write_text("these are my notes, not an SQLite file " * 20)
    result = subprocess.run([sys.executable, "-m", "hhtracker", "players", "--db", str(not_a_database)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2 and "file is not a database" in result.stderr and "Traceback" not in result.stderr


def test_filter_values_are_checked(db_path: Path) -> None:
    """Found by a new user: `--site bogus` answered "0 players" and reversed stakes matched
    nothing, both with exit code 0, as if the data were missing."""
    assert run("import", "--db", str(db_path), str(SAMPLES)).exit_code == 0
    bogus = run("players", "--db", str(db_path), "--site", "bogus")
    assert bogus.exit_code == 2 and "pokerstars" in bogus.output
    reversed_stakes = run("player", "--db", str(db_path), "Hero", "--stakes", "0.50/0.25")
    assert reversed_stakes.exit_code == 2 and "the small bet comes first" in reversed_stakes.output
    assert run("players", "--db", str(db_path), "--site", "pokerstars").exit_code == 0


def test_hand_header_names_stakes_and_stacks_once(corpus: Path, db_path: Path) -> None:
    """Found by a new user: "Badugi FL 30 chips/60 chips chips" and "(1,640 chips in chips)".
    The first hand of the SNG file: level I (20/40), seat 1 has 1,500 chips."""
    assert run("import", "--db", str(db_path), str(corpus / STARS_SNG)).exit_code == 0
    text = run("hand", "--db", str(db_path), "52588301675").stdout
    assert "Badugi FL 20/40 chips\n" in text
    assert "(1,500 in chips)" in text and "chips in chips" not in text
