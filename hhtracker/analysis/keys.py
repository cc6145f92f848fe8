"""A hand's number when it did not parse (the key it is stored under as rejected)."""

from __future__ import annotations

import hashlib
import re

from ..parse.read import RawHand

_HAND_NUMBER = re.compile(r"#(\d+)")


def raw_hand_key(raw: RawHand) -> str:
    """A hand number for a hand that did not parse: the first `#digits` of its first line,
    else a digest of its text (so a re-import of the same text is still a duplicate)."""
    match = _HAND_NUMBER.search(raw.text.split("\n", 1)[0])
    if match:
        return match.group(1)
    return "sha1:" + hashlib.sha1(raw.text.encode()).hexdigest()[:20]
