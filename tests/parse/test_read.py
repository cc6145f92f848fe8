"""Reading: encodings, line endings, splitting a file into hands with their line numbers."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from hhtracker.errors import EncodingError
from hhtracker.parse.read import RawHand, StrayText, split_hands

from tests.common import SAMPLES

TWO_HANDS = [
    "PokerStars Game #1:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
    "Table 'T' 8-max Seat #1 is the button",
    "Seat 1: A ($5 in chips) ",
    "",
    "",
    "",
    "PokerStars Game #2:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:33:15 ET",
    "Table 'T' 8-max Seat #2 is the button",
    "",
]


@pytest.mark.parametrize(
    ("encoding", "bom", "newline"),
    [
        ("utf-8", b"", "\n"),
        ("utf-8", codecs.BOM_UTF8, "\r\n"),
        ("utf-16-le", codecs.BOM_UTF16_LE, "\r\n"),
        ("utf-16-be", codecs.BOM_UTF16_BE, "\n"),
        ("utf-16-le", b"", "\r\n"),  # no BOM: recognised by its zero bytes
    ],
)
def test_split_keeps_first_line_numbers(tmp_path: Path, encoding: str, bom: bytes, newline: str) -> None:
    path = tmp_path / "h.txt"
    path.write_bytes(bom + newline.join(TWO_HANDS).encode(encoding))
    hands = list(split_hands(path))
    assert [h.line for h in hands] == [1, 7]
    assert all(isinstance(h, RawHand) for h in hands)
    assert hands[0].text.splitlines()[2] == "Seat 1: A ($5 in chips) "  # trailing space kept
    assert hands[1].text.endswith("is the button")  # trailing blank lines dropped


def test_text_before_the_first_hand_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_text("garbage\n\n" + "\n".join(TWO_HANDS))
    items = list(split_hands(path))
    assert isinstance(items[0], StrayText) and items[0].line == 1
    assert [h.line for h in items[1:]] == [3, 9]


def test_invalid_utf8_spoils_only_its_hand_and_names_the_line(tmp_path: Path) -> None:
    """One bad byte (a Latin-1 é in a UTF-8 file, the 5th line): the first hand is marked
    with that line, its text kept with U+FFFD; the second hand, after it, reads as usual."""
    path = tmp_path / "h.txt"
    data = "\n".join(TWO_HANDS).encode().replace(b"Seat 1: A ($5", b"Seat 1: A\xe9 ($5") + b"\n"
    path.write_bytes(b"PokerStars Game #0:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:31:15 ET\n\n" + data)
    first, bad, good = split_hands(path)
    assert (first.line, first.undecodable) == (1, None)
    assert (bad.line, bad.undecodable_line) == (3, 5)
    assert "not valid utf-8 text (byte 0xe9)" in bad.undecodable
    assert bad.text.split("\n")[2] == "Seat 1: A\ufffd ($5 in chips) "
    assert (good.line, good.undecodable, good.text) == (9, None, "\n".join(TWO_HANDS[6:8]))


def test_invalid_utf8_hand_is_rejected_at_its_line_and_the_rest_imports(tmp_path: Path) -> None:
    """The reader's mark becomes an `encoding` error of that hand at that line (stored as
    rejected, with its text); the hands around it are read and replayed."""
    from hhtracker.api import read_hands

    sample = SAMPLES / "stars_cash_badugi_025_050.txt"
    lines = sample.read_text(encoding="utf-8-sig").split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith("PokerStars ")]
    target = starts[1] + 3  # a seat line of the second hand (0-based index)
    lines[target] = lines[target].replace(" (", "\udce9 (", 1)
    path = tmp_path / "one_bad_byte.txt"
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogateescape"))
    outcomes = list(read_hands(path))
    assert len(outcomes) == len(starts)
    bad = outcomes[1]
    assert bad.error is not None and bad.error.code == "encoding" and bad.error.line == target + 1
    assert str(bad.error).startswith(f"{path}:{target + 1}: ")
    assert "\ufffd" in bad.raw.text
    assert all(o.replayed is not None and o.error is None for i, o in enumerate(outcomes) if i != 1)


def test_binary_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_bytes(b"\x00\x01\x02\x03" * 100)
    with pytest.raises(EncodingError, match="binary"):
        list(split_hands(path))


# --- streaming: a "hand" too long, stray text, lines of any length (issue "Guarantees" 6) ---


def test_a_hand_over_a_megabyte_comes_as_an_excerpt_marked_too_long(tmp_path: Path) -> None:
    """Hand 1 runs on with 20,000 lines of 60 characters (1,220,000 characters in all with
    its line breaks): it comes marked too long, from the line that took it over 1,000,000
    characters, with only its first 40 lines kept; hand 2 after it reads as usual."""
    from hhtracker.parse.read import MAX_HAND_CHARACTERS

    filler = "y" * 60
    head = TWO_HANDS[:3]  # hand 1's three lines (72 + 38 + 24 characters)
    lines = head + [filler] * 20_000 + ["", ""] + TWO_HANDS[6:8]
    path = tmp_path / "h.txt"
    path.write_text("\n".join(lines) + "\n")
    long, good = split_hands(path)
    assert isinstance(long, RawHand) and long.too_long is not None
    head_size = sum(len(line) + 1 for line in head)
    # the filler line that takes it over: the k-th, with head_size + 61 * k > 1,000,000
    k = (MAX_HAND_CHARACTERS - head_size) // 61 + 1
    assert long.too_long_line == 3 + k
    assert long.text.split("\n") == (head + [filler] * 37)
    assert long.end_line == 20_003  # its last non-blank line
    # its size and lines: to its last non-blank line (the blank lines after it are not its own)
    assert f"({head_size + 61 * 20_000:,} characters in 20,003 lines" in long.too_long
    assert (good.line, good.too_long, good.text) == (20_006, None, "\n".join(TWO_HANDS[6:8]))


def test_a_line_of_any_length_is_read_in_pieces(tmp_path: Path) -> None:
    """A 3,000,000-character line after a header: the hand is too long from line 2, quoted
    with the line's true length; the text kept is at most 1,000 characters of it."""
    path = tmp_path / "h.txt"
    path.write_text(TWO_HANDS[0] + "\n" + "z" * 3_000_000 + "\n" + "\n".join(TWO_HANDS[6:8]))
    long, good = split_hands(path)
    assert long.too_long is not None and long.too_long_line == 2
    assert "(3,000,000 characters)" in long.too_long
    assert len(long.text) == len(TWO_HANDS[0]) + 1 + 1000
    assert (good.line, good.text) == (3, "\n".join(TWO_HANDS[6:8]))


def test_stray_text_is_counted_and_reported_once_without_being_held(tmp_path: Path) -> None:
    """50,000 lines of 30 characters before the first hand: one StrayText with the first line
    only, and how many lines and characters there were."""
    path = tmp_path / "h.txt"
    path.write_text("\n" + "\n".join(f"junk line {n:020d}" for n in range(50_000)) + "\n\n" + "\n".join(TWO_HANDS))
    stray, first, second = split_hands(path)
    assert isinstance(stray, StrayText)
    assert (stray.line, stray.text, stray.lines, stray.characters) == (2, "junk line " + "0" * 20, 50_000, 50_000 * 30)
    assert (first.line, second.line) == (50_003, 50_009)
