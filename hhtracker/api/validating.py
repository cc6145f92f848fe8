"""Validating: every hand of the files checked, nothing stored (`hhtracker validate`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..analysis import raw_hand_key
from ..parse.read import OtherSiteFile, SummaryText, path_text
from ..parse.stars_summary import SummaryFormatError, summary_of_text
from ..parse.sites import Parsers
from .importing import Problem, expand_paths, file_problems, read_hands


@dataclass(frozen=True, slots=True)
class HandValidation:
    """The check of one hand read: status "ok", "warning" or "error" (the worst of its
    issues; "error" also for a hand that did not parse, hand_id None when its header did
    not say it), or "skipped" for a hand of a game we do not read (`game` as its header
    names it). line: the hand's first line in the file."""

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
            "status": self.status, "issues": [_problem_json(p) for p in self.issues],
        }
        if self.game is not None:
            found["game"] = self.game
        return found

    def lines(self) -> list[str]:
        return [str(p) for p in self.issues]


@dataclass(frozen=True, slots=True)
class Validation:
    """What `validate` found in the files, nothing stored. files: the files read; hands:
    every hand read, in file order (checked, or skipped for its game); file_problems: the
    problems outside any hand (stray text, a file that cannot be read or holds no hand, a
    tournament summary that does not read); skipped_sites: site -> files of a site we do not
    read; tournament_summaries: PokerStars tournament summaries read among the hands."""

    files: int
    hands: tuple[HandValidation, ...]
    file_problems: tuple[Problem, ...]
    skipped_sites: Counter[str]
    tournament_summaries: int = 0

    def count(self, status: str) -> int:
        """The hands of one status ("ok", "warning", "error", "skipped")."""
        return sum(1 for hand in self.hands if hand.status == status)

    @property
    def hands_checked(self) -> int:
        """Hands parsed and replayed, or rejected: all but those of other games."""
        return len(self.hands) - self.count("skipped")

    @property
    def unsupported_games(self) -> Counter[str]:
        """The hands of games we do not read, by game as their headers name it."""
        return Counter(hand.game for hand in self.hands if hand.status == "skipped" and hand.game is not None)

    @property
    def has_errors(self) -> bool:
        return self.count("error") > 0 or any(p.severity == "error" for p in self.file_problems)

    def problems(self) -> list[Problem]:
        """Every problem, the hands' and the files', in the order of the files and their lines."""
        order = {name: i for i, name in enumerate(dict.fromkeys(
            [h.file for h in self.hands] + [p.file for p in self.file_problems]))}
        found = [p for hand in self.hands for p in hand.issues] + list(self.file_problems)
        return sorted(found, key=lambda p: (order[p.file], p.line or 0))

    def as_json(self) -> dict[str, object]:
        """One object whatever the files hold (a file of other games only too): the counts
        (named as `import --json` names them), then every hand's check."""
        return {
            "files": self.files,
            "hands_checked": self.hands_checked,
            "hands_ok": self.count("ok"),
            "hands_with_warnings": self.count("warning"),
            "hands_with_errors": self.count("error"),
            "hands_unsupported": self.count("skipped"),
            "unsupported_games": dict(sorted(self.unsupported_games.items())),
            "skipped_sites": dict(sorted(self.skipped_sites.items())),
            "tournament_summaries": self.tournament_summaries,
            "file_problems": [_problem_json(p) for p in self.file_problems],
            "hands": [hand.as_json() for hand in self.hands],
        }


def _problem_json(problem: Problem) -> dict[str, object]:
    return {"file": problem.file, "line": problem.line, "hand_id": problem.hand_id, "code": problem.code,
            "severity": problem.severity, "message": problem.message}


def validate_paths(paths: Iterable[Path]) -> Validation:
    """Analyse every hand of the files (analysis.analyze; no database): each hand checked,
    or skipped when its game is not read. raises FileNotFoundError for a path that does not
    exist."""
    parsers = Parsers()
    hands: list[HandValidation] = []
    outside: list[Problem] = []
    sites: Counter[str] = Counter()
    summaries = 0
    files = expand_paths(paths)
    for path in files:
        name = path_text(path)
        failed: list[Problem] = []
        with file_problems(path, failed):  # a file that fails is its problem; the next is read
            for item in read_hands(path, parsers):
                if isinstance(item, Problem):
                    outside.append(item)
                    continue
                if isinstance(item, OtherSiteFile):  # a file of a site we do not read
                    sites[item.site] += 1
                    continue
                if isinstance(item, SummaryText):  # a tournament summary among the hands: checked, not a hand
                    try:
                        summary_of_text(item.path, item.line, item.text)
                    except SummaryFormatError as error:
                        outside.append(Problem(name, error.line, None, "syntax", "error", error.reason))
                    else:
                        summaries += 1
                    continue
                site = item.site.value if item.site else None
                rejected = item.rejected
                if rejected is not None:
                    problem = Problem(name, rejected.line, rejected.hand_id, rejected.code.value, "error",
                                      rejected.message, rejected.traceback)
                    hands.append(HandValidation(name, item.raw.line, site, problem.hand_id, "error", (problem,)))
                elif item.replayed is not None:
                    hand = item.replayed.hand
                    issues = tuple(
                        Problem(name, i.line, hand.hand_id, i.code.value, i.severity.value, i.message)
                        for i in item.replayed.issues
                    )
                    hands.append(HandValidation(name, item.raw.line, site, hand.hand_id, item.replayed.status, issues))
                else:  # a game we do not read: listed and counted by game
                    hands.append(HandValidation(name, item.raw.line, site, raw_hand_key(item.raw), "skipped", (),
                                                item.game))
        outside.extend(failed)
    return Validation(len(files), tuple(hands), tuple(outside), sites, summaries)
