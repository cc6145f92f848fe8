"""When the server is idle: the start-up's warm-up (pages.warm_up) reads the slower answers
only then, so that it never competes with a request (for the computer's cores, the disk and
Python's lock: the first page asked for while `hhtracker serve` was still warming up took up
to twice as long).

The app counts the requests it is answering (ActivityMiddleware: from the request's arrival
to the start of its answer, the time a page is computed; an event stream of the live view
counts until it starts); the warm-up reads each answer only once no request is being
answered and none has been for QUIET_SECONDS (WhenIdle)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TypeVar

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .cache import DatabaseCache

T = TypeVar("T")

QUIET_SECONDS = 0.3
"""How long the server must have answered nothing before the warm-up reads its next answer:
longer than the gap between a page and the style sheet and script it loads, short beside the
time a person looks at a page."""


class Activity:
    """The requests being answered (busy) and when the last one was (a monotonic time; the
    server's start counts as one, mark(), so the warm-up leaves the first QUIET_SECONDS to
    the first requests). Thread-safe."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self.busy = 0
        self.last = time.monotonic()

    def mark(self) -> None:
        """Count now as the last request's time (the server's start: the first requests
        come then)."""
        with self._changed:
            self.last = time.monotonic()
            self._changed.notify_all()

    def started(self) -> None:
        with self._changed:
            self.busy += 1
            self.last = time.monotonic()

    def ended(self) -> None:
        with self._changed:
            self.busy -= 1
            self.last = time.monotonic()
            self._changed.notify_all()

    def wait_until_idle(self, quiet: float = QUIET_SECONDS) -> None:
        """Return once no request is being answered and none was for `quiet` seconds."""
        with self._changed:
            while True:
                if self.busy:
                    self._changed.wait()
                    continue
                left = self.last + quiet - time.monotonic()
                if left <= 0:
                    return
                self._changed.wait(left)


class ActivityMiddleware:
    """Counts each HTTP request in `activity` from its arrival to the start of its answer (or
    its end, when it ends without one)."""

    def __init__(self, app: ASGIApp, activity: Activity) -> None:
        self.app = app
        self.activity = activity

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        self.activity.started()
        answering = True

        async def send_started(message: Message) -> None:
            nonlocal answering
            if answering and message["type"] == "http.response.start":
                answering = False
                self.activity.ended()
            await send(message)

        try:
            await self.app(scope, receive, send_started)
        finally:
            if answering:
                self.activity.ended()


class WhenIdle:
    """A DatabaseCache as the warm-up uses it: each answer asked for once the server is idle
    (Activity.wait_until_idle; before the cache is asked, so that a request asking for the
    same answer meanwhile never waits for an idle server: it reads it, or waits for the
    warm-up's reading once started, DatabaseCache.get)."""

    def __init__(self, cache: DatabaseCache, activity: Activity, quiet: float = QUIET_SECONDS) -> None:
        self.cache = cache
        self.activity = activity
        self.quiet = quiet

    def get(self, db_path: Path, key: Hashable, compute: Callable[[], T]) -> T:
        self.activity.wait_until_idle(self.quiet)
        return self.cache.get(db_path, key, compute)
