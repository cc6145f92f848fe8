"""The sites' own hand descriptions ("Badugi: 8,4,3,A"), read to compare with ours."""

from __future__ import annotations

import re
from functools import lru_cache


_SIZE_WORDS = {"badugi": 4, "3-card": 3, "three": 3, "2-card": 2, "two": 2, "1-card": 1, "one": 1}
_DESCRIPTION = re.compile(r"^(?:a |an )?(badugi|[123]-card|three|two|one)(?: cards?)?[:,]\s*(.*)$", re.I)
_RANK = re.compile(r"10|[2-9TJQKA]")


_LOW_NAMES = {"twos": "2", "deuces": "2", "threes": "3", "fours": "4", "fives": "5", "sixes": "6", "sevens": "7",
              "eights": "8", "nines": "9", "tens": "T", "jacks": "J", "queens": "Q", "kings": "K", "aces": "A"}
_LOW_PAIR = re.compile(r"^(?:lo: )?a pair of (\w+)$", re.I)
_LOW_RANKS = re.compile(r"^(?:lo: )?((?:10|[2-9TJQKA])(?:,(?:10|[2-9TJQKA])){4})$", re.I)


@lru_cache(maxsize=4096)
def read_low_description(text: str) -> tuple[bool, tuple[str, ...]] | None:
    """A site's description of a five-card low hand as (paired, rank letters): "Lo: 9,7,6,4,2"
    (PokerStars) and "9,7,6,4,2" (Full Tilt) -> (False, the five ranks high first); "Lo: a pair
    of Eights", "a pair of Threes" -> (True, ("8",)). None for other words (not checked)."""
    text = text.strip()
    pair = _LOW_PAIR.match(text)
    if pair:
        rank = _LOW_NAMES.get(pair.group(1).lower())
        return None if rank is None else (True, (rank,))
    ranks = _LOW_RANKS.match(text)
    if ranks:
        return False, tuple("T" if r == "10" else r.upper() for r in ranks.group(1).split(","))
    return None


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
