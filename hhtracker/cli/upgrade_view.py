"""What a command shows on stderr while it upgrades a database an older hhtracker wrote
(api.on_upgrade: the migrations this version adds, once; minutes at 1,000,000 hands):

    Upgrading t.db for this version (once): step 1 of 2, hand reads, 240,000 of 1,000,000 hands, 24%
    Upgraded t.db for this version in 7 min 21 s (2 steps)

On a terminal the first is a line naming the database and a progress bar below it
(`step 1 of 2, hand reads ━━━━━━ 240,000 of 1,000,000 hands 24% 0:01:40`), redrawn at most REFRESH_PER_SECOND times a
second and gone when the upgrade ends; otherwise (a log, a pipe) lines: one as each step
starts, one at most every LOG_SECONDS while it runs, one when it has done all it counts.
The last line always (unless quiet). Nothing for a database that is up to date or new.
-q (the global option, or the import's) hides them; --json does not (stdout stays the
JSON's alone, as the import's bar). Waiting for another program that holds the database
is said whatever -q, as the import says it.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from pathlib import Path

from rich.progress import BarColumn, Progress, TaskID, TaskProgressColumn, TextColumn, TimeElapsedColumn

from .. import api
from .common import stderr, stderr_line

REFRESH_PER_SECOND = 4
"""How often the bar on a terminal is redrawn at most."""

LOG_SECONDS = 10.0
"""Off a terminal: seconds at least between two lines of one step's progress (its first and
its last line are always written)."""


class UpgradeView:
    """The CLI's watcher of database upgrades (api.on_upgrade), set for every command by the
    app's callback (cli/__init__.py)."""

    def __init__(self) -> None:
        self.quiet = False
        self.shown_with: Callable[[str], None] | None = None  # a full-screen command's own display (hud)
        self.under_way: Path | None = None  # the database being upgraded (began, not finished)
        self.stopped: Path | None = None  # the database whose upgrade Ctrl-C stopped
        self._bar: Progress | None = None
        self._task: TaskID | None = None
        self._logged = 0.0  # when the last progress line was written (time.monotonic)
        self._waiting_said = False
        self._steps = 1

    def reset(self, *, quiet: bool = False) -> None:
        """Fresh for a command: nothing under way; quiet: no progress shown."""
        self.__init__()  # type: ignore[misc]
        self.quiet = quiet

    def __call__(self, event: api.DatabaseUpgrade) -> None:
        if event.stage is api.UpgradeStage.WAITING:
            if not self._waiting_said:
                stderr_line(f"waiting: another program is writing {event.db_path} (another hhtracker upgrading it "
                            "or importing); this command goes on when it is done…")
                self._waiting_said = True
            return
        if event.stage is api.UpgradeStage.UNDONE:
            self._stop_bar()
            self.under_way = None
            if event.interrupted:
                self.stopped = event.db_path
            return
        if event.stage is api.UpgradeStage.FINISHED:
            self._stop_bar()
            self.under_way = None
            if not self.quiet:
                seconds = api.duration(dt.timedelta(seconds=event.seconds))
                steps = self._steps
                done = f"Upgraded {event.db_path} for this version in {seconds} ({api.counted(steps, 'step')})"
                (self.shown_with or stderr_line)(done)
            return
        step = event.step
        if step is None:
            return
        self.under_way = event.db_path
        self._steps = step.steps
        if self.quiet:
            return
        line = progress_line(event.db_path, step)
        if self.shown_with is not None:
            now = time.monotonic()
            if now - self._logged >= 1 / REFRESH_PER_SECOND or step.done == step.total:
                self.shown_with(line)
                self._logged = now
            return
        if stderr.is_terminal:
            self._draw(event.db_path, step)
            return
        now = time.monotonic()
        if step.total is None or step.done == step.total or (step.done and now - self._logged >= LOG_SECONDS):
            stderr_line(line)
            self._logged = now

    def _draw(self, db_path: Path, step: api.StepProgress) -> None:
        """The bar on the terminal: made at the upgrade's first news, a task per step."""
        if self._bar is None:
            stderr_line(f"Upgrading {db_path} for this version (once; safe to interrupt)")
            self._bar = Progress(
                TextColumn("{task.description}", markup=False), BarColumn(bar_width=20),
                TextColumn("{task.fields[count]}", markup=False), TaskProgressColumn(), TimeElapsedColumn(),
                console=stderr, transient=True, refresh_per_second=REFRESH_PER_SECOND)
            self._bar.start()
        description = api.safe(f"step {step.number} of {step.steps}, {step.title}")
        count = f"{step.done:,} of {step.total:,} {step.unit}" if step.total is not None else ""
        if self._task is None or self._bar.tasks[-1].description != description:
            if self._task is not None:
                self._bar.update(self._task, visible=False)
            self._task = self._bar.add_task(description, total=step.total, count=count)
        self._bar.update(self._task, completed=step.done, total=step.total, count=count)

    def _stop_bar(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
            self._task = None

    def interrupted(self) -> str | None:
        """The line for Ctrl-C when it stopped an upgrade (None otherwise): it was rolled back."""
        if self.stopped is None:
            return None
        return (f"interrupted: the upgrade of {self.stopped} was undone, the database is as it was; the next "
                "command that opens it upgrades it again (it takes as long)")


def progress_line(db_path: Path, step: api.StepProgress) -> str:
    """"Upgrading t.db for this version (once): step 1 of 2, hand reads, 240,000 of
    1,000,000 hands, 24%" (without the count for a step that does not count)."""
    line = f"Upgrading {db_path} for this version (once): step {step.number} of {step.steps}, {step.title}"
    if step.total is not None:
        share = 100 * step.done // step.total if step.total else 100
        line += f", {step.done:,} of {step.total:,} {step.unit}, {share}%"
    return line


VIEW = UpgradeView()
"""The one view: api.on_upgrade(VIEW) in the app's callback."""
