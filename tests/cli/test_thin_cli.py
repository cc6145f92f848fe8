"""The CLI kept thin (issue 24, item 3): each filter option written once and made into one
api.Filters; one map from the api's errors to an exit code and a line, used by every
command; no command catching what the map catches."""

from __future__ import annotations

import ast
import datetime as dt
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.cli.options import EVERY_FILTER, GAME, SITE, STAKES, filter_options

from tests.common import ROOT

runner = CliRunner()
CLI = ROOT / "hhtracker" / "cli"


def _capturing_app(*filters) -> tuple[typer.Typer, list[api.Filters]]:
    """A one-command app whose command keeps the Filters it is given."""
    seen: list[api.Filters] = []
    one = typer.Typer()

    @one.command()
    @filter_options(*filters)
    def show(label: str = "x", filters: api.Filters = api.Filters()) -> None:
        seen.append(filters)

    return one, seen


def test_the_filter_options_make_one_filters_value() -> None:
    one, seen = _capturing_app(*EVERY_FILTER)
    result = runner.invoke(one, ["--site", "pokerstars", "--structure", "PL", "--stakes", "0.25/0.50",
                                 "--game-type", "cash", "--table-size", "3-6", "--since", "2024-01-02",
                                 "--until", "2024-02-03", "--position", "UTG+1", "--min-hands", "7",
                                 "--game", "badacey", "--label", "y"])
    assert result.exit_code == 0, result.output
    assert seen == [api.Filters(site="pokerstars", structure="PL", stakes="0.25/0.50", game_type="cash",
                                table_size="3-6", since=dt.date(2024, 1, 2), until=dt.date(2024, 2, 3),
                                position="UTG+1", min_hands=7, game="badacey")]
    assert runner.invoke(one, []).exit_code == 0
    assert seen[1] == api.Filters()  # nothing given: every hand


def test_a_command_takes_only_the_filters_it_names() -> None:
    one, seen = _capturing_app(SITE, GAME)
    assert runner.invoke(one, ["--game", "badugi"]).exit_code == 0
    assert seen == [api.Filters(game="badugi")]
    refused = runner.invoke(one, ["--stakes", "1/2"])
    assert refused.exit_code == 2 and "No such option: --stakes" in refused.output
    assert seen == [api.Filters(game="badugi")]


@pytest.mark.parametrize("args, words", [
    (["--stakes", "1/x"], "stakes '1/x': write them as the header does"),
    (["--stakes", "0.50/0.25"], "stakes '0.50/0.25': the small bet comes first"),
    (["--since", "2024-03-01", "--until", "2024-02-01"], "--since 2024-03-01 is after --until 2024-02-01"),
])
def test_filters_that_cannot_match_are_usage_errors_before_the_command_runs(args: list[str], words: str) -> None:
    one, seen = _capturing_app(STAKES, *EVERY_FILTER[5:7])
    result = runner.invoke(one, args)
    assert result.exit_code == 2 and result.stderr.startswith(f"Error: {words}")
    assert len(result.stderr.splitlines()) == 1 and seen == []


# The api's errors a command can meet, and the exit code each must end in: 2, a usage error
# (README, "Exit codes": the database named is missing, not ours, damaged, unwritable or
# locked; an output refused; what was asked for not there; a query refused).
USAGE_ERRORS = (
    api.NoDatabaseError, api.NotOurDatabaseError, api.NewerDatabaseError, api.DatabaseCorruptError,
    api.DatabaseWriteError, api.DatabaseBusyError, api.DatabaseOpenError, api.OutputPathError, api.ReportError,
    api.NoHeroError, api.UnknownPlayerError, api.ReadOnlyQueryError, api.QueryLimitError, api.MissingExtraError,
    FileNotFoundError,
)


@pytest.mark.parametrize("error", USAGE_ERRORS, ids=lambda e: e.__name__)
def test_every_api_error_ends_in_one_line_and_exit_code_2_whichever_command(
        error: type[Exception], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    said = "something is wrong: do this <b>[red]"

    def fail(*args: object, **kwargs: object) -> object:
        raise error(said)

    db = str(tmp_path / "t.db")
    for name, command in (("check_database", ["check"]), ("hero_list", ["hero", "list"]),
                          ("players", ["players", "--game", "badugi"])):
        monkeypatch.setattr(api, name, fail)
        result = runner.invoke(app, [*command, "--db", db])
        assert (result.exit_code, result.stderr, result.stdout) == (2, f"Error: {said}\n", ""), (command, result.exception)


def test_an_error_the_map_does_not_know_is_not_made_a_usage_error(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    def bug(*args: object, **kwargs: object) -> object:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(api, "check_database", bug)
    result = runner.invoke(app, ["check", "--db", str(tmp_path / "t.db")])
    assert isinstance(result.exception, ZeroDivisionError) and "Error:" not in result.output


def _caught(path: Path) -> list[str]:
    """The exception types named by the module's except clauses, as written."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [ast.unparse(node.type) for node in ast.walk(tree) if isinstance(node, ast.ExceptHandler) and node.type]


def test_no_command_catches_what_the_map_catches() -> None:
    mapped = {e.__name__ for e in USAGE_ERRORS}
    found = {(path.name, caught) for path in CLI.glob("*.py") if path.name != "errors.py"
             for caught in _caught(path) if mapped & set(caught.replace("api.", "").strip("()").split(", "))}
    # (did_you_mean: with no database there is no name to suggest, and no error of its own)
    assert found == {("common.py", "(api.NoDatabaseError, sqlite3.Error, ValueError)")}


def test_each_filter_option_is_written_once() -> None:
    flags = ("--structure", "--stakes", "--game-type", "--table-size", "--since", "--until", "--position", "--min-hands")
    written = {(path.name, flag) for path in CLI.glob("*.py") for flag in flags
               if f'"{flag}"' in path.read_text(encoding="utf-8")}
    assert written == {("options.py", flag) for flag in flags}
