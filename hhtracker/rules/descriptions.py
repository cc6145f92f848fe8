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


# --- five-card high hands (5-Card Draw): PokerStars' words, as in its hold'em files -----------
# "high card Ace", "a pair of Kings", "two pair, Kings and Fives", "three of a kind, Queens",
# "a straight, Seven to Jack", "a flush, Ace high", "a full house, Kings full of Fives",
# "four of a kind, Aces", "a straight flush, Nine to King", "a Royal Flush".
_RANK_NAMES = {"two": "2", "deuce": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
               "eight": "8", "nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K", "ace": "A"}
_PLURAL_NAMES = {**{name + "s": letter for name, letter in _RANK_NAMES.items() if name != "six"}, "sixes": "6"}
_HIGH_WORDS: tuple[tuple[re.Pattern[str], str, dict[str, str]], ...] = (
    (re.compile(r"^high card (\w+)$", re.I), "high_card", _RANK_NAMES),
    (re.compile(r"^a pair of (\w+)$", re.I), "one_pair", _PLURAL_NAMES),
    (re.compile(r"^two pair, (\w+) and \w+$", re.I), "two_pair", _PLURAL_NAMES),
    (re.compile(r"^three of a kind, (\w+)$", re.I), "trips", _PLURAL_NAMES),
    (re.compile(r"^a straight, \w+ to (\w+)$", re.I), "straight", _RANK_NAMES),
    (re.compile(r"^a flush, (\w+) high$", re.I), "flush", _RANK_NAMES),
    (re.compile(r"^a full house, (\w+) full of \w+$", re.I), "full_house", _PLURAL_NAMES),
    (re.compile(r"^four of a kind, (\w+)$", re.I), "quads", _PLURAL_NAMES),
    (re.compile(r"^a straight flush, \w+ to (\w+)$", re.I), "straight_flush", _RANK_NAMES),
)


@lru_cache(maxsize=4096)
def read_high_description(text: str) -> tuple[str, str] | None:
    """A site's description of a five-card high hand as (kind, top rank letter): the kind as
    high.HighKind's name in lower case ("one_pair"), the rank that leads the hand ("a pair of
    Kings" -> ("one_pair", "K"); "a straight, Seven to Jack" -> ("straight", "J"); "a Royal
    Flush" -> ("straight_flush", "A")). None for other words (not checked)."""
    text = text.strip()
    if text.lower() == "a royal flush":
        return "straight_flush", "A"
    for pattern, kind, names in _HIGH_WORDS:
        match = pattern.match(text)
        if match:
            letter = names.get(match.group(1).lower())
            return None if letter is None else (kind, letter)
    return None
