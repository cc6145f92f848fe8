"""The Typer command-line interface: one module per command, each calling hhtracker.api.

Exit codes: 0 everything imported or valid; 1 data problems (a hand rejected, a file
unreadable); 2 usage errors (a bad option, a path that does not exist); 3 an internal error (a bug).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

from .. import version_line
from .common import Debug
from .errors import as_exit
from . import (
    check_cmd,
    common,
    export_cmd,
    generate_cmd,
    hand_cmd,
    hud_cmd,
    import_cmd,
    leaks_cmd,
    notes_cmd,
    player_cmd,
    query_cmd,
    report_cmd,
    reprocess_cmd,
    serve_cmd,
    sessions_cmd,
    table_cmd,
    tournaments_cmd,
    upgrade_view,
    validate_cmd,
)

if TYPE_CHECKING:
    from typer import _click as click  # the Click Typer runs on (its own copy, as of Typer 0.29)


def _no_value_shown_for_flags(params: list[click.Parameter]) -> list[click.Parameter]:
    """A flag (--json, --help...) takes no value, so --help shows none: this Typer shows
    `<bool>` beside every flag (as if `--json true` worked; it is an error)."""
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
    return params


def quoted(text: str) -> str:
    """api.quoted: a value typed, quoted in an option error, cut to 60 characters."""
    from .. import api  # (when an error is met: the CLI starts without the api's modules)

    return api.quoted(text)


_SENTENCES: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"^Value error, "), ""),
    (re.compile(r"^'(.{61,})'(?= (?:is not one of|does not match) )", re.DOTALL), lambda m: quoted(m[1])),  # cut to 60
    (re.compile(r"^(.*) does not match the formats? '%Y-%m-%d'\.?$"), r"\1 is not a day written YYYY-MM-DD."),
    (re.compile(r"^(.*) is not one of (.*?)\.?$"), r"\1 is not one of \2 (see --help)."),
    (re.compile(r"^Input should be a valid integer.*$"), "a whole number is needed."),
    (re.compile(r"^Input should be a valid number.*$"), "a number is needed."),
    (re.compile(r"^Input should be greater than or equal to (\S+)$"), r"it must be \1 or more."),
    (re.compile(r"^Input should be greater than (\S+)$"), r"it must be more than \1."),
    (re.compile(r"^Input should be less than or equal to (\S+)$"), r"it must be \1 or less."),
    (re.compile(r"^Input should be (.*?)\.?$"), r"it should be \1."),
)


def sentence(message: str) -> str:
    """An option error as a sentence: "'stars' is not one of 'pokerstars', ... (see
    --help)." for "Value error, 'stars' is not one of ...", "a whole number is needed." for
    "Input should be a valid integer, unable to parse string as an integer"."""
    for pattern, replacement in _SENTENCES:
        message = pattern.sub(replacement, message)
    return message


class HonestCommand(TyperCommand):
    """A command whose --help shows a value only for options that take one, and whose option
    errors read as sentences."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        return _no_value_shown_for_flags(super().get_params(ctx))

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except typer.BadParameter as error:
            error.message = (in_range(error.param) if OUT_OF_RANGE.match(error.message) else None) or sentence(error.message)
            raise


OUT_OF_RANGE = re.compile(r"^Input should be (?:greater|less) than")
"""Typer's words for a number past a bound (and for nan, which no comparison holds)."""


def in_range(param: click.Parameter | None) -> str | None:
    """"it must be a whole number from 1 to 256." for a value a numeric option with bounds
    refuses as past them (too big, negative, inf, nan: Typer's own words would be "it must be
    1 or more" for nan); None for another option."""
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    kind = getattr(getattr(param, "type_descriptor", None), "annotation", None)  # (int | None: int)
    if low is None or high is None or kind not in (int, float):
        return None
    if kind is int:
        return f"it must be a whole number from {low:,} to {high:,}."
    return f"it must be a number from {low:,g} to {high:,g}."


class HonestGroup(TyperGroup):
    """The top-level group, with the same --help as HonestCommand, and the place where the
    api's errors, whichever command met them, become a line and an exit code
    (errors.error_exits, the one map) instead of a traceback."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        return _no_value_shown_for_flags(super().get_params(ctx))

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:  # Ctrl-C: said in one line when it stopped a database upgrade (else Typer's 130)
            line = upgrade_view.VIEW.interrupted()
            if line is None:
                raise
            common.stderr_line(line)
            raise typer.Exit(INTERRUPTED) from None
        except Exception as error:
            exit = as_exit(error)
            if exit is None:
                raise
            raise exit from None


app = typer.Typer(
    name="hhtracker",
    cls=HonestGroup,
    rich_markup_mode=None,
    no_args_is_help=True,
    add_completion=False,
    help="hhtracker: a hand-history tracker for Badugi and the other draw games: Badacey, Badeucey, 2-7 Triple Draw, A-5 Triple Draw, 2-7 Single Draw, A-5 Single Draw and 5-Card Draw. Import hand histories, check them, "
    "and look up player statistics.",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")] = False,
    debug: Annotated[bool, typer.Option("--debug", envvar="HHTRACKER_DEBUG", show_envvar=False, help="Also print the Python traceback of an internal error (a bug: report it with the hand). Also HHTRACKER_DEBUG=1.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr (a database upgrade's, the import's bar).")] = False,
) -> None:
    """hhtracker: a hand-history tracker for Badugi and the other draw games: Badacey, Badeucey, 2-7 Triple Draw, A-5 Triple Draw, 2-7 Single Draw, A-5 Single Draw and 5-Card Draw."""
    Debug.on = debug
    upgrade_view.VIEW.reset(quiet=quiet)  # how far an upgrade of an older database is, on stderr (the global -q: none)
    from .. import api

    api.on_upgrade(upgrade_view.VIEW)
    common.stdout.refit()  # COLUMNS read again for each command (issue 27, item 4)


app.command("import", cls=HonestCommand)(import_cmd.import_command)
app.command("validate", cls=HonestCommand)(validate_cmd.validate_command)
app.command("player", cls=HonestCommand)(player_cmd.player_command)
app.command("players", cls=HonestCommand)(player_cmd.players_command)
app.command("generate", cls=HonestCommand)(generate_cmd.generate_command)
app.command("export", cls=HonestCommand)(export_cmd.export_command)
app.command("report", cls=HonestCommand)(report_cmd.report_command)
app.command("sessions", cls=HonestCommand)(sessions_cmd.sessions_command)
app.command("tournaments", cls=HonestCommand)(tournaments_cmd.tournaments_command)
app.add_typer(tournaments_cmd.hero_app, name="hero")
app.command("hand", cls=HonestCommand)(hand_cmd.hand_command)
app.command("query", cls=HonestCommand)(query_cmd.query_command)
app.command("reprocess", cls=HonestCommand)(reprocess_cmd.reprocess_command)
app.command("leaks", cls=HonestCommand)(leaks_cmd.leaks_command)
app.command("hud", cls=HonestCommand)(hud_cmd.hud_command)
app.command("table", cls=HonestCommand)(table_cmd.table_command)
app.command("note", cls=HonestCommand)(notes_cmd.note_command)
app.command("tag", cls=HonestCommand)(notes_cmd.tag_command)
app.command("check", cls=HonestCommand)(check_cmd.check_command)
app.command("serve", cls=HonestCommand)(serve_cmd.serve_command)


def run() -> None:
    """The `hhtracker` command: the Typer app (its errors become messages in
    HonestGroup.invoke). Any other exception is a bug of ours: one line too
    (internal_error), exit code 3, never a traceback unless --debug."""
    try:
        app(prog_name="hhtracker")
    except Exception as error:  # (not SystemExit nor KeyboardInterrupt: those are not bugs)
        raise SystemExit(internal_error(error)) from None


INTERRUPTED = 130
"""The exit code of a command stopped with Ctrl-C (128 + SIGINT, as shells report it)."""

INTERNAL_ERROR = 3
"""Exit code of an internal error (a bug of hhtracker's) that ended a command."""


def internal_error(error: Exception) -> int:
    """Say, on stderr, in one line, that the command ended in an internal error (its type and
    message, cut to 300 characters, escaped), with --debug also its traceback; the exit
    code (INTERNAL_ERROR)."""
    import traceback

    from .. import api
    from .common import stderr, stderr_line

    said = str(error)
    said = said if len(said) <= 300 else said[:300] + "..."
    stderr_line(f"Error: internal error ({type(error).__name__}: {said}): a bug of hhtracker; please report it "
                "with the command you ran (hhtracker --debug ... also prints the traceback)")
    if Debug.on:
        stderr.print(api.safe("".join(traceback.format_exception(error)), keep_newlines=True), markup=False,
                     highlight=False)
    return INTERNAL_ERROR
