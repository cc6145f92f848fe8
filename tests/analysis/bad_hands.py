"""Files of three hands, the middle one broken in one known way, built from real hands (the
corpus beside the repo, or the sample histories for PokerStars): what the fault-isolation
tests import (tests/analysis, tests/api).

Each `BadCase` names a real hand, the text changed in the middle copy and the code that hand
must be rejected with; `write_case` writes `<case>/a.<ext>` (good, bad, good: three hand
numbers) and `<case>/b.<ext>` (one more good hand) and returns what a correct import must
find, worked out from the text it wrote (not from hhtracker)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tests.common import CORPUS, SAMPLES


@dataclass(frozen=True)
class BadCase:
    name: str
    source: Path  # a file whose first hand is used
    number: str  # that hand's number as written (the copies get its last digit changed)
    before: str  # text of the hand changed in the middle copy...
    after: str  # ...into this
    code: str  # the code the broken hand must be rejected with


FULL_TILT = CORPUS / "FullTilt__badugi_FL_cash_201305_newtogame.txt"
KINGSCLUB = CORPUS / "KingsClub__badugi_FL_cash_202010.txt"
MERGE = CORPUS / "Merge__badugi_PL_cash_201101.xml"
STARS = SAMPLES / "stars_cash_badugi_025_050.txt"

CASES = (
    BadCase("fulltilt_month_13", FULL_TILT, "32617272179", "2013/05/08", "2013/13/08", "bad_date"),
    BadCase("fulltilt_hour_25", FULL_TILT, "32617272179", "10:18:16 ET", "25:00:00 ET", "bad_date"),
    BadCase("fulltilt_second_60", FULL_TILT, "32617272179", "10:18:16 ET", "23:59:60 ET", "bad_date"),
    BadCase("fulltilt_february_30", FULL_TILT, "32617272179", "2013/05/08", "2010/02/30", "bad_date"),
    BadCase("kingsclub_month_13", KINGSCLUB, "37732805", "2020-10-30", "2020-13-30", "bad_date"),
    BadCase("pokerstars_year_9999", STARS, "48911200345", "2010/09/14 21:05:12 ET", "9999/12/31 22:00:00 ET",
            "bad_date"),
    BadCase("merge_not_a_card", MERGE, "31274465-32", 'cards="Jh,3h,2s,3s"', 'cards="Jh,3h,2s,Xx"', "syntax"),
)


@dataclass(frozen=True)
class Written:
    """What a correct import of a written case finds: the good hands' numbers, the broken
    hand's number, its first line in a.<ext> and the line of the changed text."""

    folder: Path
    bad_file: Path
    good_numbers: frozenset[str]
    bad_number: str
    bad_text: str
    bad_line: int


def first_hand(case: BadCase) -> str:
    text = case.source.read_text(encoding="utf-8-sig").replace("\r\n", "\n").strip()
    if case.source.suffix == ".xml":
        return text  # (one <description> and one <game>)
    return text.split("\n\n\n")[0].strip()


def write_case(case: BadCase, folder: Path) -> Written:
    hand = first_hand(case)
    assert hand.count(case.number) >= 1 and case.before in hand, case.name
    numbers = [case.number[:-1] + digit for digit in "1239"]
    good1, bad, good2, other = (hand.replace(case.number, n) for n in numbers)
    bad = bad.replace(case.before, case.after, 1)
    folder.mkdir(parents=True)
    if case.source.suffix == ".xml":  # one <description> line, then the <game> elements
        description, game = hand.split("\n", 1)
        games = [h.split("\n", 1)[1] for h in (good1, bad, good2)]
        text = "\n".join([description, *games]) + "\n"
        bad_first = 2 + game.count("\n") + 1  # (line 1: the description, then the first game's lines)
        bad_body = games[1]
        ext = ".xml"
    else:
        text = "\n\n\n".join([good1, bad, good2]) + "\n"
        bad_first = good1.count("\n") + 1 + 3
        bad_body = bad
        ext = ".txt"
    a, b = folder / f"a{ext}", folder / f"b{ext}"
    a.write_text(text, encoding="utf-8")
    b.write_text(other + "\n", encoding="utf-8")
    offset = next(i for i, line in enumerate(bad_body.split("\n")) if case.after in line)
    assert text.split("\n")[bad_first - 1 + offset].find(case.after) >= 0  # the line worked out is the changed one
    return Written(folder, a, frozenset({numbers[0], numbers[2], numbers[3]}), numbers[1], bad_body, bad_first + offset)
