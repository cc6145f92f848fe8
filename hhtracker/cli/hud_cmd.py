"""`hhtracker hud PATH...`: the live table view (issue 14), in rich's Live."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from .. import api
from .common import DbOption, resolve_db, stderr_line, usage_error
from .options import MAX_INTERVAL_SECONDS

MAX_ACTIVE_MINUTES = 7 * 24 * 60.0
"""The longest --active: a week."""


ACTIVE_DEFAULT = 10.0
"""--active's default, api.ACTIVE_MINUTES (written out here: reading it would load the api's
live module whenever the CLI starts)."""


PROGRESS_SECONDS = 0.25
"""While a backlog imports, its progress line is redrawn at most this often."""


def parse_stats(text: str | None) -> tuple[str, ...] | None:
    """--stats "vpip,pfr,wtsd" -> the keys; raises typer.Exit (usage error) for an unknown one."""
    if not text:
        return None
    from .hud_view import COLUMNS

    keys = tuple(k.strip() for k in text.split(",") if k.strip())
    unknown = [k for k in keys if k not in COLUMNS and k not in api.STAT_KEYS]
    if unknown or not keys:
        raise usage_error(f"unknown statistic {api.quoted(unknown[0] if unknown else text)} for --stats; choose from "
                          + ", ".join(COLUMNS) + " or any key of `player --json`")
    return keys


def hud_command(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Hand-history files or folders the poker client writes.", show_default=False)],
    db: DbOption = None,
    active: Annotated[float, typer.Option("--active", metavar="MINUTES", min=0.1, max=MAX_ACTIVE_MINUTES, help="Show the tables whose file got a hand in the last MINUTES.")] = ACTIVE_DEFAULT,
    stats: Annotated[str | None, typer.Option("--stats", metavar="KEY", help="The columns, comma-separated (vpip,pfr,wtsd): vpip, pfr, three_bet, steal, afq, pat_d1, pat_d2, pat_d3, snow_shown, break_known, fold_to_pat, wtsd, wsd, bb100, or any statistic key.", show_default=False)] = None,
    interval: Annotated[float, typer.Option("--interval", metavar="SECONDS", min=0.1, max=MAX_INTERVAL_SECONDS, help="Seconds between looks at the files.")] = 0.5,
) -> None:
    """A live view of the tables you play: imports the files as the client writes them and shows, per active table, every seated player's statistics with their sample sizes (dim: a small sample). q or Ctrl-C leaves."""
    keys = parse_stats(stats)
    for path in paths:
        if not path.exists():
            raise usage_error(f"no such file or folder: {path}")
    db_path = resolve_db(db)
    from rich.console import Console
    from rich.live import Live

    from .hud_view import render
    from .common import say_waiting
    from .import_cmd import _print_summary
    from .upgrade_view import VIEW

    console = Console()
    keyboard = _Keyboard()
    shown = 0.0  # when the backlog's progress was last drawn (time.monotonic)

    def show(state: api.HudState) -> None:
        live.update(render(state, console.width, keys, height=console.height), refresh=True)

    def show_progress(state: api.HudState) -> None:  # called as each hand of a backlog is read: drawn 4 times a second
        nonlocal shown
        if time.monotonic() - shown >= PROGRESS_SECONDS:
            show(state)
            shown = time.monotonic()

    hud = api.Hud(paths, db_path, active_minutes=active, on_wait=say_waiting, on_progress=show_progress)
    try:
        with keyboard, Live(console=console, screen=True, auto_refresh=False, redirect_stderr=False) as live:
            from rich.text import Text

            live.update(Text("hhtracker hud · opening the database (checked whole after another program wrote it:"
                             " up to a minute at 1,000,000 hands)…", style="bold"), refresh=True)
            VIEW.shown_with = lambda line: live.update(Text(api.safe(line), style="bold"), refresh=True)
            hud.watcher.prepare()  # (now, not when the first hand of the session is written)
            while True:
                show(hud.look())
                if keyboard.quit_within(interval):
                    break
    except KeyboardInterrupt:
        pass
    finally:
        VIEW.shown_with = None
    stderr_line(VIEW.interrupted() or "stopped")
    _print_summary(hud.state.total, db_path, title="hud: ", errors=False)


class _Keyboard:
    """The terminal in cbreak mode while the view runs (keys read one by one, not echoed),
    restored on leaving; `quit_within(seconds)` waits that long for a q. Without a terminal
    on stdin (a pipe, a test) it only waits."""

    def __init__(self) -> None:
        self.saved: list[Any] | None = None  # termios attributes (typeshed: list[Any])

    def __enter__(self) -> _Keyboard:
        if sys.stdin.isatty():
            import termios
            import tty

            self.saved = termios.tcgetattr(sys.stdin.fileno())
            tty.setcbreak(sys.stdin.fileno())
        return self

    def __exit__(self, *exc: object) -> None:
        if self.saved is not None:
            import termios

            termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, self.saved)

    def quit_within(self, seconds: float) -> bool:
        if self.saved is None:
            time.sleep(seconds)
            return False
        import os
        import select

        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([sys.stdin], [], [], left)
            if ready and os.read(sys.stdin.fileno(), 1) in (b"q", b"Q"):
                return True
        return False
