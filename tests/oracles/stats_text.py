"""The statistics oracle: done/opportunity counts of a few statistics worked out from a
PokerStars hand's raw text with regular expressions written from STATS.md's words, without
the parser or the replay; tests/stats/test_per_hand_vs_regex_count.py compares the program
with it on the real SNG file."""

from __future__ import annotations

import re
from collections import Counter


def count_from_text(texts: list[str], player: str) -> Counter[str]:
    """done/opportunity counts from the text alone. Keys: <stat>_done, <stat>_opp, hands."""
    name = re.escape(player)
    counts: Counter[str] = Counter()
    for text in texts:
        seat = re.search(rf"^Seat \d+: {name} \(\d+ in chips\)( is sitting out)?\s*$", text, re.M)
        acts = re.search(rf"^{name}: (posts|folds|checks|calls|bets|raises|discards|stands pat)", text, re.M)
        if not seat or (seat.group(1) and not acts):
            continue
        counts["hands"] += 1
        body, _, _summary = text.partition("*** SUMMARY ***")
        sections = re.split(r"^\*\*\* (?:FIRST|SECOND|THIRD) DRAW \*\*\*$", body.split("*** SHOW DOWN ***")[0], flags=re.M)
        predraw = sections[0]
        nobody_came_in = not re.search(r"^.+: (calls|raises|bets) ", predraw, re.M)
        walk = nobody_came_in and re.search(rf"^{name}: posts big blind", predraw, re.M) and re.search(rf"^{name} collected", body, re.M)
        if not walk:
            counts["vpip_opp"] += 1
            counts["pfr_opp"] += 1
            counts["vpip_done"] += bool(re.search(rf"^{name}: (calls|bets|raises) ", predraw, re.M))
            counts["pfr_done"] += bool(re.search(rf"^{name}: raises ", predraw, re.M))
        for k, section in enumerate(sections[1:], start=1):
            if re.search(rf"^{name}: (discards|stands pat)", section, re.M):
                counts[f"pat_d{k}_opp"] += 1
                counts[f"pat_d{k}_done"] += bool(re.search(rf"^{name}: stands pat", section, re.M))
        reached_d1 = len(sections) > 1 and re.search(rf"^{name}: (discards|stands pat)", sections[1], re.M)
        at_showdown = "*** SHOW DOWN ***" in body and re.search(rf"^{name}: (shows|mucks hand)", body, re.M)
        won = re.search(rf"^{name} collected ", body, re.M)
        if reached_d1:
            counts["wtsd_opp"] += 1
            counts["wtsd_done"] += bool(at_showdown)
            counts["won_reached_d1_opp"] += 1
            counts["won_reached_d1_done"] += bool(won)
        if at_showdown:
            counts["wsd_opp"] += 1
            counts["wsd_done"] += bool(won)
    return counts
