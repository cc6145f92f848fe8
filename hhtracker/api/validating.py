"""Validating: every hand of the files checked, nothing stored (`hhtracker validate`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..analysis import raw_hand_key
from ..model import Site
from ..parse.read import OtherSiteFile, SummaryText, path_text
from ..parse.stars_summary import SummaryFormatError, summary_of_text
from ..parse.sites import Parsers
from .importing import Problem, expand_paths, file_problems, read_hands


@dataclass(frozen=True, slots=True)
class HandValidation:
    """The check of one hand (or of a file-level problem when hand_id is None; status
    "skipped" with the site's name: a file of a site we do not read; "skipped" with game: a
    hand of a game we do not read)."""

    file: str
    line: int | None
    site: str | None
    hand_id: str | None
    status: str  # "ok" | "warning" | "error" | "skipped"
    issues: tuple[Problem, ...]
    game: str | None = None  # a hand skipped for its game: the game as its header names it

    def as_json(self) -> dict[str, object]:
        found: dict[str, object] = {
            "file": self.file, "line": self.line, "site": self.site, "hand_id": self.hand_id,
            "status": self.status,
            "issues": [{"code": p.code, "severity": p.severity, "line": p.line, "message": p.message} for p in self.issues],
        }
        if self.game is not None:
            found["game"] = self.game
        return found

    def lines(self) -> list[str]:
        return [str(p) for p in self.issues]


def validate_paths(paths: Iterable[Path]) -> tuple[list[HandValidation], Counter[str]]:
    """Analyse every Badugi hand of the files (analysis.analyze; no database). Returns the checks and
    the hands skipped (other games, sites not yet supported) counted by game. raises
    FileNotFoundError for a path that does not exist."""
    parsers = Parsers()
    results: list[HandValidation] = []
    skipped: Counter[str] = Counter()
    for path in expand_paths(paths):
        name = path_text(path)
        failed: list[Problem] = []
        with file_problems(path, failed):  # a file that fails is its problem; the next is read
            for item in read_hands(path, parsers):
                if isinstance(item, Problem):
                    results.append(HandValidation(name, item.line, None, None, item.severity, (item,)))
                    continue
                if isinstance(item, OtherSiteFile):  # a file of a site we do not read
                    results.append(HandValidation(name, item.line, item.site, None, "skipped", ()))
                    continue
                if isinstance(item, SummaryText):  # a tournament summary among the hands: checked, not a hand
                    try:
                        summary_of_text(item.path, item.line, item.text)
                    except SummaryFormatError as error:
                        problem = Problem(name, error.line, None, "syntax", "error", error.reason)
                        results.append(HandValidation(name, item.line, Site.POKERSTARS.value, None, "error", (problem,)))
                    continue
                site = item.site.value if item.site else None
                rejected = item.rejected
                if rejected is not None:
                    problem = Problem(name, rejected.line, rejected.hand_id, rejected.code.value, "error",
                                      rejected.message, rejected.traceback)
                    results.append(HandValidation(name, item.raw.line, site, problem.hand_id, "error", (problem,)))
                elif item.replayed is not None:
                    hand = item.replayed.hand
                    issues = tuple(
                        Problem(name, i.line, hand.hand_id, i.code.value, i.severity.value, i.message)
                        for i in item.replayed.issues
                    )
                    results.append(HandValidation(name, item.raw.line, site, hand.hand_id, item.replayed.status, issues))
                else:  # a game we do not read: listed, so that --json says what was skipped
                    skipped[item.game] += 1
                    results.append(HandValidation(name, item.raw.line, site, raw_hand_key(item.raw), "skipped", (),
                                                  item.game))
        results.extend(HandValidation(name, p.line, None, None, p.severity, (p,)) for p in failed)
    return results, skipped
