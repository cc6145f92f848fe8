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
