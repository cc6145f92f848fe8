"""Reading: encodings, line endings, splitting a file into hands with their line numbers."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from hhtracker.errors import EncodingError
from hhtracker.parse.read import RawHand, StrayText, split_hands

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


def test_invalid_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_bytes("\n".join(TWO_HANDS[:3]).encode() + b"\nSeat 2: \xff\xfe\xfa bad\n")
    with pytest.raises(EncodingError) as error:
        list(split_hands(path))
    assert "h.txt:" in str(error.value)


def test_binary_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_bytes(b"\x00\x01\x02\x03" * 100)
    with pytest.raises(EncodingError, match="binary"):
        list(split_hands(path))
