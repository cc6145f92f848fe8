"""Help that matches behaviour, and the small things a user trips on (issue 20, items 9
and 10)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
import typer.main
from rich.console import Console
from typer.testing import CliRunner

from hhtracker.cli import app, sentence

from tests.common import DATA, ROOT
from tests.api.test_hostile import EVIL, hostile_hand

runner = CliRunner()
COMMANDS = typer.main.get_command(app).commands

# A value each shown metavar promises to take (a metavar missing here fails the test: a new
# option must show what it takes).
SAMPLES = {
    "FILE": "x.db", "DIR": "out", "OUT": "out.json", "PATH": "x.txt", "NAME": "Hero 77", "KEY": "vpip",
    "YYYY-MM-DD": "2021-03-01", "DAY[THH:MM]": "2021-03-01T10:00", "MINUTES": "30", "SECONDS": "1.5",
    "ROWS": "10", "SMALL/BIG": "0.25/0.50", "N": "3", "PORT": "8765", "HOST": "127.0.0.1", "TOKEN": "s3cret-token",
}


def help_rows(name: str) -> dict[str, str]:
    """--opt -> the rest of its line in `hhtracker NAME --help` (metavar and help text),
    continuation lines joined."""
    text = runner.invoke(app, [name, "--help"], terminal_width=200).stdout
    rows: dict[str, str] = {}
    last = None
    for line in text[text.index("Options:"):].splitlines()[1:]:
        match = re.match(r"^  (--[\w-]+)(?:, -\w)?(?: (\S+))?\s*(.*)$", line)
        if match:
            last = match.group(1)
            rows[last] = f"{match.group(2) or ''}\t{match.group(3)}"
        elif last and line.strip():
            rows[last] += " " + line.strip()
    return rows


def parses(name: str, args: list[str]) -> bool:
    command = COMMANDS[name]
    required = ["x" for p in command.params if getattr(p, "required", False) and p.param_type_name == "argument"]
    if name == "generate" and "--out" not in args:
        args = [*args, "--out", "out"]
    try:
        command.make_context(name, [*required, *args])
    except typer.BadParameter:
        return False
    except Exception as error:  # noqa: BLE001 - usage errors of another kind
        return type(error).__name__ not in ("BadParameter", "NoSuchOption", "BadOptionUsage", "UsageError")
    return True


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_option_shows_what_it_takes(name: str) -> None:
    rows = help_rows(name)
    params = {opt: p for p in COMMANDS[name].params if p.param_type_name == "option" for opt in p.opts}
    assert "--help" in rows and set(rows) <= set(params) | {"--help"}
    for opt, row in rows.items():
        metavar, text = row.split("\t")
        assert "<bool>" not in row and text.strip(), (name, opt)
        if opt == "--help":
            continue
        param = params[opt]
        if param.is_flag:
            assert metavar == "", (name, opt, metavar)  # a flag takes no value...
            assert parses(name, [opt])
            continue
        if metavar.startswith("<") and "|" in metavar:  # choices: every one shown is accepted
            choices = metavar.strip("<>").split("|")
            assert len(choices) >= 2
            for choice in choices:
                assert parses(name, [opt, choice]), (name, opt, choice)
            assert not parses(name, [opt, "no-such-choice"])
            continue
        assert metavar in SAMPLES, f"{name} {opt}: metavar {metavar!r} says nothing of what it takes"
        assert parses(name, [opt, SAMPLES[metavar]]), (name, opt, metavar)
        if opt == "--sort":  # KEY: every key the option takes is listed in its help
            for key in param.type_descriptor.choices or ():
                assert getattr(key, "value", key) in text


def test_flags_take_no_value() -> None:
    result = runner.invoke(app, ["players", "--json", "true"])
    assert result.exit_code == 2 and "unexpected extra argument" in result.output.lower()
    top = runner.invoke(app, ["--help"]).stdout
    # (the flag, then its help: no value between them, whatever the column's width)
    assert "<bool>" not in top and re.search(r"--version +Print the version and exit\.", top)
    assert re.search(r"-q, --quiet +No progress on stderr", top)


def test_help_texts_say_what_the_commands_do() -> None:
    def text(name: str) -> str:
        return " ".join(runner.invoke(app, [name, "--help"], terminal_width=200).stdout.split())

    assert ".txt and .xml" in text("import") and "not read" in text("import")
    assert "file:line: severity [code] message" in text("validate")
    assert "parquet" in text("export").lower() and "<phh|json|parquet|raw>" in text("export")
    assert "--timeout" in text("query") and "--limit" in text("query")


def test_readme_usage_lists_every_option() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    usage = readme[readme.index("## Usage"):readme.index("### Exit codes")]
    filters = usage[usage.index("FILTERS:"):]
    for name, command in COMMANDS.items():
        line = next(line for line in usage.splitlines() if line.startswith(f"hhtracker {name} ") or line == f"hhtracker {name}")
        for param in command.params:
            for opt in (o for o in param.opts if o.startswith("--")):
                where = line + (filters if "[FILTERS]" in line else "")
                assert re.search(re.escape(opt) + r"\b", where), f"README usage of {name} lacks {opt}"


def test_option_errors_read_as_sentences() -> None:
    assert sentence("Value error, 'stars' is not one of 'pokerstars', 'merge'.") == (
        "'stars' is not one of 'pokerstars', 'merge' (see --help).")
    assert sentence("Value error, '2021-13-01' does not match the formats '%Y-%m-%d'.") == (
        "'2021-13-01' is not a day written YYYY-MM-DD.")
    assert sentence("Input should be a valid integer, unable to parse string as an integer") == "a whole number is needed."
    assert sentence("Input should be greater than or equal to 1") == "it must be 1 or more."
    result = runner.invoke(app, ["players", "--site", "stars"])
    assert result.exit_code == 2 and "Value error" not in result.output
    assert "'stars' is not one of 'pokerstars', 'fulltilt', 'kingsclub', 'merge' (see --help)." in " ".join(result.output.split())
    jobs = runner.invoke(app, ["import", "x", "--jobs", "two"])
    assert jobs.exit_code == 2 and "Invalid value for '--jobs' / '-j': a whole number is needed." in jobs.output


# --- item 10 ------------------------------------------------------------------------------


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The hostile hand (EVIL the hero, on the button; Mal..ory; Cara) and a player 'Hero 77'."""
    path = tmp_path / "h.txt"
    path.write_text(hostile_hand() + "\n\n\n" + hostile_hand().replace("91000000001", "91000000009")
                    .replace("Cara", "Hero 77"), encoding="utf-8")
    db = tmp_path / "h.db"
    assert runner.invoke(app, ["import", "--db", str(db), str(path)]).exit_code == 0
    return db


@pytest.mark.parametrize(("args", "message"), [
    (["players", "--since", "2021-03-05", "--until", "2021-03-04"], "--since 2021-03-05 is after --until 2021-03-04"),
    (["player", "Cara", "--since", "2021-03-05", "--until", "2021-03-04"], "--since 2021-03-05 is after --until 2021-03-04"),
    (["export", "--from", "2021-03-05", "--to", "2021-03-04", "out.json"], "--from 2021-03-05 is after --to 2021-03-04"),
    (["report", "--from", "2021-03-05", "--to", "2021-03-04"], "--from 2021-03-05 is after --to 2021-03-04"),
    (["report", "--from", "2021-03-05T10:00", "--to", "2021-03-05T09:00"], "--from 2021-03-05T10:00 is after --to 2021-03-05T09:00"),
])
def test_reversed_dates_are_usage_errors(db: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, [*args, "--db", str(db)])
    assert result.exit_code == 2 and f"Error: {message}: the earlier one comes first" in result.stderr


def test_same_day_range_is_not_reversed(db: Path) -> None:
    # 20:00 ET on 2021-03-01 is 01:00 UTC on 2021-03-02
    assert runner.invoke(app, ["report", "--from", "2021-03-02", "--to", "2021-03-02", "--db", str(db)]).exit_code == 0
    assert runner.invoke(app, ["players", "--since", "2021-03-02", "--until", "2021-03-02", "--db", str(db)]).exit_code == 0


def test_unknown_player_suggests_close_names(db: Path) -> None:
    for typed in ("Hero 7", "HERO77"):
        result = runner.invoke(app, ["player", typed, "--db", str(db)])
        assert result.exit_code == 2 and "did you mean 'Hero 77'?" in result.stderr, (typed, result.stderr)
    # the same name in another case is that player when only one fits (issue 27, item 7)
    same = runner.invoke(app, ["player", "hero 77", "--db", str(db)])
    assert same.exit_code == 0 and "Hero 77 (" in same.stdout, same.output
    far = runner.invoke(app, ["player", "Zebulon", "--db", str(db)])
    assert far.exit_code == 2 and "did you mean" not in far.stderr


def test_player_json_is_always_one_object(db: Path, tmp_path: Path) -> None:
    one = json.loads(runner.invoke(app, ["player", "Hero 77", "--json", "--db", str(db)]).stdout)
    assert isinstance(one, dict) and (one["player"], one["site"], one["results"]["hands"]) == ("Hero 77", "pokerstars", 1)


def test_reprocess_lists_the_hands_still_rejected(tmp_path: Path) -> None:
    lines = hostile_hand().split("\n")
    lines.insert(10, "this line is not poker")
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    db = tmp_path / "r.db"
    imported = runner.invoke(app, ["import", "--db", str(db), str(path)])
    assert imported.exit_code == 1
    said = f"{path}:11: error [syntax] unrecognised line: 'this line is not poker'"
    assert said in imported.stderr.splitlines()
    result = runner.invoke(app, ["reprocess", "--db", str(db)])
    assert result.exit_code == 1
    assert said in result.stderr.splitlines()  # `file:line:` as import says it (issue 27 item 9; was `:11:1:`)
    assert "1 still rejected" in result.stdout


def test_players_title_and_report_why_column(db: Path) -> None:
    title = runner.invoke(app, ["players", "--db", str(db)]).stdout.splitlines()[0].strip()
    assert title == "4 players: each percentage with its number of opportunities in brackets"
    report = runner.invoke(app, ["report", "--db", str(db)]).stdout
    why = [line.split("│")[5] for line in report.splitlines() if line.startswith("│ won") or line.startswith("│ lost")]
    assert why and all(cell.startswith(" biggest pots") for cell in why)  # one space of padding, then the text


def test_warning_note_keeps_its_code_in_the_report(tmp_path: Path) -> None:
    """The "why" of a warning is `[code] message`: rich read `[bet_size]` as markup, so the
    column started with a space. warning.txt: hand 91000000008, Cara raises to $0.60 where one
    bet ($0.50) is the most: money as money, not cents (issue 27)."""
    db = tmp_path / "w.db"
    hands = DATA / "report_hands"
    assert runner.invoke(app, ["import", "--db", str(db), str(hands / "warning.txt"), str(hands / "alpha.txt")]).exit_code == 0
    report = runner.invoke(app, ["report", "--db", str(db), "--session", "2"]).stdout
    row = next(line for line in report.splitlines() if "91000000008" in line and line.startswith("│ warning"))
    assert row.split("│")[5].startswith(" [bet_size] Cara bets or raises to $0.60; the maximum is $0.50")


def test_progress_bar_fits_80_columns() -> None:
    from hhtracker.cli.import_cmd import import_progress, short_name

    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system=None)
    progress = import_progress(console)
    task = progress.add_task("", total=987_654_321_000)
    long_name = "HH20210301 Table Alpha Beta Gamma Delta - $0.25-$0.50 - USD Badugi Limit.txt"
    progress.update(task, advance=123_456_789_000, description=short_name(long_name))
    console.print(progress.get_renderable())
    lines = out.getvalue().splitlines()
    assert lines and max(len(line) for line in lines) <= 80
    assert short_name(long_name) == "…" + long_name[-21:] and lines[0].endswith(short_name(long_name))


def test_one_hand_profile_lists_only_the_class_shown(db: Path) -> None:
    out = runner.invoke(app, ["player", "Cara", "--db", str(db)]).stdout
    shown = [line for line in out.splitlines() if "Shown:" in line]
    # Cara (the big blind, in the first hand only) showed 7d 6s 5h 9c: a 9-high badugi
    assert "(pokerstars, 1 hand, Badugi)" in out
    assert len(shown) == 1 and "badugi 9-high" in shown[0] and "100.0% (1/1)" in shown[0]


def test_escaped_hero_name_in_sessions(db: Path) -> None:
    out = runner.invoke(app, ["sessions", "--db", str(db)]).stdout
    assert EVIL not in out and "Evil\\x1b[31mRED" in out


def test_readme_lists_every_import_json_key(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    documented = readme[readme.index("- `import --json`:"):readme.index("- `player --json`:")]
    path = tmp_path / "h.txt"
    path.write_text(hostile_hand(), encoding="utf-8")
    summary = json.loads(runner.invoke(app, ["import", "--db", str(tmp_path / "i.db"), "--json", str(tmp_path)]).stdout)
    assert summary["database"] == str(tmp_path / "i.db") and summary["files_ignored"] == 0
    for key in summary:
        assert f'"{key}"' in documented, f"import --json key {key!r} is not in README.md"
    one = json.loads(runner.invoke(app, ["player", "Cara", "--db", str(tmp_path / "i.db"), "--json"]).stdout)
    documented = readme[readme.index("- `player --json`:"):readme.index("- `players --json`:")]
    for key in (*one, *one["results"]):
        assert f'"{key}"' in documented, f"player --json key {key!r} is not in README.md"
