"""The analysis stage (hhtracker.analysis): one hand's text -> AnalyzedHand, RejectedHand or
SkippedHand, never an exception; known bad inputs get their own codes at their own lines,
anything unforeseen the code `internal` with the traceback kept for --debug."""

from __future__ import annotations

from pathlib import Path

import pytest

from hhtracker.analysis import AnalyzedHand, RejectedHand, SkippedHand, analyze, analyze_stored
from hhtracker.parse.read import RawHand, split_hands
from hhtracker.parse.sites import Parsers
from hhtracker.rules.issues import ERROR_CODES, Code

from tests.analysis.bad_hands import CASES, STARS, BadCase, write_case
from tests.common import CORPUS

PARSERS = Parsers()


def _hands(path: Path) -> list[RawHand]:
    return [h for h in split_hands(path) if isinstance(h, RawHand)]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_a_known_bad_input_is_rejected_with_its_code_at_its_line(case: BadCase, tmp_path: Path) -> None:
    if not case.source.exists():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")
    written = write_case(case, tmp_path / case.name)
    results = [analyze(raw, PARSERS) for raw in _hands(written.bad_file)]
    assert [type(r) for r in results] == [AnalyzedHand, RejectedHand, AnalyzedHand]
    bad = results[1]
    assert isinstance(bad, RejectedHand)
    assert (bad.code.value, bad.line, bad.traceback) == (case.code, written.bad_line, None)
    assert bad.raw.text.endswith(written.bad_text)  # kept whole, to be stored as rejected (Merge: after its description)
    assert bad.issue.severity.value == "error" and bad.issue.code in ERROR_CODES
    assert len(bad.message.splitlines()) == 1


def test_an_analyzed_hand_carries_its_facts_and_the_heros_decisions() -> None:
    """The first sample hand: four players dealt in (its seat lines), Hero dealt cards and
    drawing three times with known cards (the file shows his draws)."""
    first = _hands(STARS)[0]
    result = analyze(first, PARSERS)
    assert isinstance(result, AnalyzedHand)
    dealt = [line for line in first.text.split("\n") if line.startswith("Seat ") and " in chips" in line]
    assert len(result.facts) == len(dealt) - sum("sitting out" in line for line in dealt)
    assert result.replayed.hero == "Hero"
    shown_draws = [line for line in first.text.split("\n") if line.startswith("Hero: discards") or
                   line.startswith("Hero: stands pat")]
    assert [d.draw for d in result.decisions] == list(range(1, len(shown_draws) + 1))
    assert (result.site.value, result.hand_id, result.status.value) == ("pokerstars", "48911200345", "ok")


def test_another_game_is_skipped() -> None:
    raw = RawHand("x.txt", 7, "PokerStars Game #1:  Razz Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\nmore")
    result = analyze(raw, PARSERS)
    assert isinstance(result, SkippedHand) and result.game.startswith("Razz")


def test_an_unexpected_exception_is_an_internal_rejection(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any exception inside the stage (here from the statistics) rejects that hand with code
    internal, a one-line message naming the exception, and the traceback kept."""
    import hhtracker.analysis as analysis

    def broken(replayed):
        raise ValueError("made up\nfor the test")

    monkeypatch.setattr(analysis, "per_hand_stats", broken)
    first = _hands(STARS)[0]
    result = analyze(first, PARSERS)
    assert isinstance(result, RejectedHand)
    assert result.code is Code.INTERNAL and Code.INTERNAL in ERROR_CODES
    assert result.message == "internal error (ValueError: made up for the test); please report it with this hand"
    assert (result.line, result.hand_id, result.site.value if result.site else None) == (1, "48911200345", "pokerstars")
    assert result.traceback is not None and "Traceback" in result.traceback and "broken" in result.traceback
    stored = analyze_stored(first, PARSERS, "pokerstars")  # the stored hand's path (reprocess, export) as well
    assert isinstance(stored, RejectedHand) and stored.code is Code.INTERNAL


def test_a_stored_hand_of_an_unknown_site_is_rejected_not_raised() -> None:
    raw = RawHand("x.txt", 1, "whatever")
    result = analyze_stored(raw, PARSERS, "nosuchsite")
    assert isinstance(result, RejectedHand) and result.code is Code.SYNTAX and "unknown site" in result.message
