"""Mutated real hands through `import` (issue "Guarantees"): the mutations, one fuzz case
(a file of mutated hands between good ones, imported into a fresh database) and its checks.
Used by tests/api/test_fuzz_import.py (bounded, in CI) and benchmarks/fuzz_import.py (long).

Source hands, per site: the real Badugi hands of ../shared/corpus (PokerStars cash and SNG,
Full Tilt, KingsClub, Merge XML) and generated Badacey / Badeucey hands (KingsClub format,
hhtracker.generate_split). They are cut out of the files by the sites' header lines
(tests/oracles/money.py), not by hhtracker's reader.

Mutations: a line deleted, duplicated or two swapped; an amount changed; a card changed
(impossible cards, a card held twice); the date made impossible; a player renamed (unicode,
very long, markup; everywhere or on one line); a line cut; the hand cut short. The header
line is kept a header (only its date, amounts and numbers change), so the count of hands
found by header lines stays the count of hands in the file."""

from __future__ import annotations

import random
import re
import sqlite3
import traceback
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tests.common import CORPUS
from tests.oracles.money import SITE_FULL_TILT, SITE_KINGSCLUB, SITE_MERGE, SITE_STARS, check_money, hand_starts, split_by_headers

SITES = (SITE_STARS, SITE_FULL_TILT, SITE_KINGSCLUB, SITE_MERGE)
KINDS = ("delete", "duplicate", "swap", "amount", "card", "date", "name", "cut", "truncate")

_FILES = {
    SITE_STARS: ("PokerStars__badugi_FL_cash_201009.txt", "PokerStars__badugi_FL_SNG_201011.txt"),
    SITE_FULL_TILT: ("FullTilt__badugi_FL_cash_201305_newtogame.txt",),
    SITE_KINGSCLUB: ("KingsClub__badugi_FL_cash_202010.txt",),
    SITE_MERGE: ("Merge__badugi_PL_cash_201101.xml",),
}


def _decode(data: bytes) -> str:
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16")
    return data.decode("utf-8-sig")


@cache
def source_hands(site: str) -> tuple[str, ...]:
    """The good hands of a site to mutate (empty when the corpus is not there)."""
    hands: list[str] = []
    for name in _FILES[site]:
        path = CORPUS / name
        if path.exists():
            hands += [h for h in split_by_headers(_decode(path.read_bytes())) if "Badugi" in h[:300]]
    if site == SITE_KINGSCLUB:
        from hhtracker.generate_split import generate_split_hands

        for game in ("badacey", "badeucey"):
            hands += [g.text for g in generate_split_hands(game=game, hands=30, seed=11)]
    return tuple(hands)


# ---- hand numbers -------------------------------------------------------------------------

_ID = {
    SITE_STARS: re.compile(r"#(\d+):"),
    SITE_FULL_TILT: re.compile(r"#(\d+):"),
    SITE_KINGSCLUB: re.compile(r"^#(\d+):"),
    SITE_MERGE: re.compile(r'<game id="([^"]+)"'),
}


def renumber(site: str, text: str, number: int) -> tuple[str, str]:
    """The hand with its number replaced everywhere by a new one; (text, new number)."""
    old = _ID[site].search(text)
    assert old is not None, text[:80]
    new = f"77{number:07d}" if site != SITE_MERGE else f"31274465-{number}"
    return text.replace(old.group(1), new), new


# ---- mutations ----------------------------------------------------------------------------

_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_CARD = re.compile(r"(?<![\w])[2-9TJQKA][cdhs](?![\w])")
BAD_CARDS = ("Xx", "1z", "Zz", "AA", "10h", "??")
IMPOSSIBLE_DATES = (("2013", "13", "08", "10:32:15"), ("2010", "09", "05", "25:00:00"), ("2010", "09", "05", "23:59:60"),
                    ("2010", "02", "30", "10:00:00"), ("9999", "12", "31", "22:00:00"), ("0000", "00", "00", "00:00:00"))
STRANGE_NAMES = ("Jöhn 🂡", "名前テスト", "x" * 300, "<b>bold</b>", "a\u202eb", "P & <script>alert(1)</script>",
                 "'; DROP TABLE hands;--", "\x1b[31mred\x1b[0m", "Hero", "a" * 5000)
_DATE = {
    SITE_STARS: re.compile(r"\d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2}"),
    SITE_FULL_TILT: re.compile(r"\d{1,2}:\d{2}:\d{2} ET - \d{4}/\d{2}/\d{2}"),
    SITE_KINGSCLUB: re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}"),
    SITE_MERGE: re.compile(r'starttime="\d{14}"'),
}
_SEAT_NAME = {
    SITE_STARS: re.compile(r"^Seat \d+: (.+?) \("),
    SITE_FULL_TILT: re.compile(r"^Seat \d+: (.+?) \("),
    SITE_KINGSCLUB: re.compile(r"^Seat \d+: (.+?) \("),
    SITE_MERGE: re.compile(r'nickname="([^"]+)"'),
}


def _first_body_line(site: str, lines: list[str]) -> int:
    """Lines before this one are the header (Merge: the description and the <game> line)."""
    if site == SITE_MERGE:
        return next((i + 1 for i, line in enumerate(lines) if line.lstrip().startswith("<game")), 1)
    return 1


def _impossible_date(site: str, rng: random.Random) -> str:
    year, month, day, time = rng.choice(IMPOSSIBLE_DATES)
    if site == SITE_STARS:
        return f"{year}/{month}/{day} {time}"
    if site == SITE_FULL_TILT:
        return f"{time} ET - {year}/{month}/{day}"
    if site == SITE_KINGSCLUB:
        return f"{year}-{month}-{day} {time}"
    return f'starttime="{year}{month}{day}{time.replace(":", "")}"'


def mutate(site: str, text: str, rng: random.Random) -> tuple[str, list[str]]:
    """1-3 mutations of a hand's text; (new text, what was done)."""
    lines = text.split("\n")
    done: list[str] = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(KINDS)
        first = _first_body_line(site, lines)
        if len(lines) <= first:
            break
        i, j = rng.randrange(first, len(lines)), rng.randrange(first, len(lines))
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "truncate":
            lines = lines[: max(first + 1, i)]
        elif kind == "cut":
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif kind == "amount":
            k = rng.randrange(len(lines))  # the header too: stakes, hand number, date digits
            numbers = list(_NUMBER.finditer(lines[k]))
            if not numbers:
                continue
            m = rng.choice(numbers)
            value = int(m.group().replace(",", "").split(".")[0])
            new = rng.choice([str(value + 1), str(value * 10), "0", "99999999999999999999999", m.group() + ".001",
                              str(max(0, value - 1)), "1,2,3", m.group() + "5"])
            lines[k] = lines[k][: m.start()] + new + lines[k][m.end():]
            kind += f" {m.group()}->{new}"
        elif kind == "card":
            spots = [(k, m) for k, line in enumerate(lines) for m in _CARD.finditer(line)]
            if not spots:
                continue
            k, m = rng.choice(spots)
            others = [c.group() for _, c in spots if c.group() != m.group()]
            new = rng.choice(others) if others and rng.random() < 0.5 else rng.choice(BAD_CARDS)
            lines[k] = lines[k][: m.start()] + new + lines[k][m.end():]
            kind += f" {m.group()}->{new}"
        elif kind == "date":
            joined = "\n".join(lines)
            new = _impossible_date(site, rng)
            joined, count = _DATE[site].subn(new, joined, count=1)
            if site == SITE_MERGE:  # the date in data="20110129|..." too
                joined = re.sub(r'data="\d{8}\|', f'data="{new[11:19]}|', joined, count=1)
            lines = joined.split("\n")
            kind += f" {new}"
        elif kind == "name":
            names = sorted({m.group(1) for line in lines if (m := _SEAT_NAME[site].search(line))})
            if not names:
                continue
            old, new = rng.choice(names), rng.choice(STRANGE_NAMES)
            pattern = re.compile(r"(?<![\w])" + re.escape(old) + r"(?![\w])")
            if rng.random() < 0.7:  # everywhere: the hand stays whole
                lines = [pattern.sub(lambda _m: new, line) for line in lines]
                kind += f" {old}->{new[:20]!r} everywhere"
            else:
                where = [k for k, line in enumerate(lines) if pattern.search(line)]
                k = rng.choice(where)
                lines[k] = pattern.sub(lambda _m: new, lines[k], count=1)
                kind += f" {old}->{new[:20]!r} on line {k + 1}"
        done.append(kind)
    return "\n".join(lines), done


# ---- one case -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Case:
    """A file to import: its text, the good hands' numbers, what was mutated."""

    site: str
    text: str
    good: tuple[str, ...]
    mutations: tuple[tuple[str, ...], ...]


def make_case(site: str, seed: int, mutated_hands: int = 3) -> Case:
    """A good hand, 1..mutated_hands mutated hands, a good hand, numbered apart (seed-made)."""
    rng = random.Random(seed)
    pool = source_hands(site)
    texts: list[str] = []
    good: list[str] = []
    mutations: list[tuple[str, ...]] = []
    count = rng.randint(1, mutated_hands)
    for index in range(count + 2):
        # numbered 10 apart: a mutated number (n+1, n-1) never becomes a neighbour's
        text, number = renumber(site, rng.choice(pool), 1000 * (seed % 9000) + 10 * index)
        if 0 < index <= count:
            text, done = mutate(site, text, rng)
            mutations.append(tuple(done))
        else:
            good.append(number)
        texts.append(text)
    return Case(site, "\n\n\n".join(texts) + "\n", tuple(good), tuple(mutations))


@dataclass(frozen=True, slots=True)
class Finding:
    """A check that failed: which (kind), a short message, the stored hand or the file."""

    kind: str  # "exception", "counts", "good_hand_lost", "money", "internal"
    message: str
    text: str


def run_case(case: Case, folder: Path) -> list[Finding]:
    """Import the case's file into a fresh database in `folder` and check it: no exception,
    counts add up, good hands stored, every ok/warning hand adds up (tests/oracles/money.py),
    no hand stored with code `internal`."""
    from hhtracker.api import import_paths

    folder.mkdir(parents=True, exist_ok=True)
    suffix = ".xml" if case.site == SITE_MERGE else ".txt"
    path, db = folder / f"fuzz{suffix}", folder / "fuzz.db"
    for old in (path, db, folder / "fuzz.db-wal", folder / "fuzz.db-shm"):
        old.unlink(missing_ok=True)
    path.write_text(case.text, encoding="utf-8")
    try:
        summary = import_paths([path], db)
    except Exception as error:  # noqa: BLE001 (what the fuzzer looks for)
        where = traceback.extract_tb(error.__traceback__)[-1]
        return [Finding("exception", f"{type(error).__name__}: {str(error)[:200]} at {where.filename}:{where.lineno}", case.text)]
    findings: list[Finding] = []
    found = hand_starts(case.text)
    counted = (summary.hands_new + summary.hands_rejected + summary.hands_duplicate
               + summary.hands_unsupported + summary.hands_pending)
    if counted != found:
        findings.append(Finding("counts", f"{found} hands in the file, the import counted {counted} ({summary.as_json()})", case.text))
    with sqlite3.connect(db) as connection:
        stored = {row[0]: row[1] for row in connection.execute("SELECT site_hand_id, status FROM hands")}
        for number in case.good:
            if stored.get(number) not in ("ok", "warning"):
                findings.append(Finding("good_hand_lost", f"good hand {number} stored as {stored.get(number)}", case.text))
        rows = connection.execute(
            "SELECT h.site_hand_id, r.text FROM hands h JOIN raw_hands r ON r.hand_id = h.id"
            " WHERE h.status IN ('ok', 'warning')").fetchall()
        for number, text in rows:
            count = check_money(text)
            if not count.adds_up:
                findings.append(Finding("money", f"hand {number} stored as ok or warning: {'; '.join(count.problems)}", text))
        for number, message in connection.execute(
                "SELECT h.site_hand_id, v.message FROM validation_issues v JOIN hands h ON h.id = v.hand_id"
                " WHERE v.code = 'internal'"):
            text = next((t for n, t in rows if n == number), case.text)
            findings.append(Finding("internal", f"hand {number}: {message}", text))
    return findings
