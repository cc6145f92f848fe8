"""Replay speed against pokerkit, the reference point of the scale issue (issue 7).

Run on demand (not in CI):  python benchmarks/bench_pokerkit.py [--hands 2000]
Needs the test extra (pokerkit). The same generated hands are replayed three ways:

- hhtracker, replay only (`rules.replay.replay` on parsed hands: turn order, bet sizes,
  cards, pots and side pots, rake, the showdown ranked by our evaluator);
- hhtracker, parse and replay (the site's parser, then `rules.replay.replay`, on the hand's text);
- pokerkit 0.7: `HandHistory.loads` on the hand as PHH text (written by our PHH export
  beforehand, not timed) and every state played to the end, with the site's rake.

pokerkit's final stacks are checked against ours for every hand, so both did the same work.
Prints a Markdown block for benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hhtracker.export.phh import to_phh  # noqa: E402
from hhtracker.generate import generate_hands  # noqa: E402
from hhtracker.parse.read import RawHand  # noqa: E402
from hhtracker.parse.sites import Parsers  # noqa: E402
from hhtracker.model import Site  # noqa: E402
from hhtracker.rules.replay import replay  # noqa: E402
from tests.export.test_export import pokerkit_stacks  # noqa: E402  (pokerkit with the site's rake)


def main() -> None:
    options = argparse.ArgumentParser()
    options.add_argument("--hands", type=int, default=2000)
    options.add_argument("--seed", type=int, default=11)
    args = options.parse_args()
    raws = [RawHand("bench", 1, h.text) for h in generate_hands(hands=args.hands, seed=args.seed, tables=4)]
    parsers = Parsers()
    replayed = [replay(parsers.parse(raw, Site.POKERSTARS)) for raw in raws]
    parsed = [r.hand for r in replayed]
    phh = [to_phh(r).dumps() for r in replayed]

    start = time.perf_counter()
    for hand in parsed:
        replay(hand)
    ours_replay = time.perf_counter() - start

    start = time.perf_counter()
    for raw in raws:
        replay(parsers.parse(raw, Site.POKERSTARS))
    ours_both = time.perf_counter() - start

    start = time.perf_counter()
    stacks = [pokerkit_stacks(text, r) for text, r in zip(phh, replayed, strict=True)]
    theirs = time.perf_counter() - start

    for result, r in zip(stacks, replayed, strict=True):
        ours = {p.player: p.stack + p.net for p in r.players if p.dealt_in}
        assert result == ours, f"pokerkit disagrees on hand {r.hand.hand_id}"

    count = len(raws)
    print(f"## Replay against pokerkit ({dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, "
          f"{os.cpu_count()} cores, Python {platform.python_version()})\n")
    print(f"{count:,} generated hands (seed {args.seed}); pokerkit's final stacks equal ours on every hand.\n")
    print("| replay | hands/s | ms/hand |")
    print("|---|---:|---:|")
    for label, seconds in (("hhtracker replay (parsed hands)", ours_replay),
                           ("hhtracker parse + replay (text)", ours_both),
                           ("pokerkit HandHistory (PHH text), with rake", theirs)):
        print(f"| {label} | {count / seconds:,.0f} | {1000 * seconds / count:.2f} |")


if __name__ == "__main__":
    main()
