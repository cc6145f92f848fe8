"""Counts in the real PokerStars files of ../shared/corpus, made from their text with plain
regular expressions and nothing of hhtracker: the numbers the corpus tests compare the
program with. (MANIFEST.tsv beside the files gives the same: 4 cash hands, 104 SNG hands,
137 8-Game hands.)"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

# A PokerStars hand starts with its header line: "PokerStars Game #N:" (older files),
# "PokerStars Hand #N:", "PokerStars Home Game Hand #N:".
HEADER = re.compile(r"^PokerStars (?:Home Game )?(?:Hand|Game) #\d+:.*$")
# a mixed-game header names the game dealt in brackets: "8-Game (Hold'em No Limit) - ..."
MIXED_GAME = re.compile(r"8-Game \((.+?)\) - ")


def stars_headers(path: Path) -> list[str]:
    """The header line of every hand of a PokerStars text file (UTF-8, BOM or not)."""
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    return [line for line in lines if HEADER.match(line)]


def stars_hand_count(*paths: Path) -> int:
    """How many hands the PokerStars files hold: their header lines."""
    return sum(len(stars_headers(path)) for path in paths)


def stars_mixed_games(path: Path) -> Counter[str]:
    """Hands per game of a PokerStars mixed-game (8-Game) file, by the game its headers name."""
    return Counter(MIXED_GAME.search(header).group(1) for header in stars_headers(path))
