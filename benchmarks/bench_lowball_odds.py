"""Time the 2-7 draw odds (issue 25 item 4): every keep of a five-card hand (32 keeps x 3
targets: a 7-, 8- and 9-low by the last draw), as the replayer page prices a hero draw.

Run: python benchmarks/bench_lowball_odds.py [--hands N] [--seed S]
Deals N random five-card hands (and, for draws after the first, random earlier discards)
and times odds.lowball.all_low_keeps with 1, 2 and 3 draws left. Prints Markdown lines for
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hhtracker.cards import DECK  # noqa: E402
from hhtracker.odds.lowball import all_low_keeps  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("| draws left | hands | total | per hand (32 keeps x 3 targets) | slowest hand |")
    print("|---|---|---|---|---|")
    for left in (1, 2, 3):
        deals = []
        for _ in range(args.hands):
            cards = rng.sample(DECK, 5 + 3 * (3 - left))  # the hand, then a few cards thrown earlier
            deals.append((cards[:5], cards[5:]))
        times = []
        for hand, seen in deals:
            started = time.perf_counter()
            all_low_keeps(hand, seen, left)
            times.append(time.perf_counter() - started)
        print(f"| {left} | {args.hands:,} | {sum(times):.2f} s | {1000 * sum(times) / len(times):.0f} ms |"
              f" {1000 * max(times):.0f} ms |")


if __name__ == "__main__":
    main()
