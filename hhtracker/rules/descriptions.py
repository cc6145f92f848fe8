"""The sites' own hand descriptions ("Badugi: 8,4,3,A"), read to compare with ours."""

from __future__ import annotations

import re
from functools import lru_cache


_SIZE_WORDS = {"badugi": 4, "3-card": 3, "three": 3, "2-card": 2, "two": 2, "1-card": 1, "one": 1}
_DESCRIPTION = re.compile(r"^(?:a |an )?(badugi|[123]-card|three|two|one)(?: cards?)?[:,]\s*(.*)$", re.I)
_RANK = re.compile(r"10|[2-9TJQKA]")


@lru_cache(maxsize=4096)
def read_description(text: str) -> tuple[int, tuple[str, ...]] | None:
    """A site's hand description as (cards that play, rank letters high first), whatever the
    site's spelling: "Badugi: 8,4,3,A" (PokerStars), "a 3-Card: 7, 2, A" (Full Tilt),
    "Three Cards, Q-J-2" (Merge). None when it is not a Badugi description."""
    match = _DESCRIPTION.match(text.strip())
    if not match:
        return None
    size = _SIZE_WORDS[match.group(1).lower()]
    ranks = tuple("T" if r == "10" else r for r in _RANK.findall(match.group(2)))
    return size, ranks
