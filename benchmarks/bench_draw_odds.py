"""Time the draw decisions (issue 18): the exact odds of all 16 keeps x 3 targets at every
hero draw with known cards, and what they add to preparing a hand for the database.

Run: python benchmarks/bench_draw_odds.py [--hands N] [--seed S]
Generates N hands (hhtracker.generate), replays them, then times (1) hero_decisions over
every hand, cold caches (a fresh process), and (2) prepare_hand with and without the
draw_decisions rows. Prints Markdown lines for benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dataclasses import replace  # noqa: E402

from hhtracker.analysis import AnalyzedHand, analyze_stored  # noqa: E402
from hhtracker.generate import generate_hands  # noqa: E402
from hhtracker.odds.decisions import hero_decisions  # noqa: E402
from hhtracker.parse.read import RawHand  # noqa: E402
from hhtracker.parse.sites import Parsers  # noqa: E402
from hhtracker.store.rows import prepare_hand  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=18)
    args = parser.parse_args()
    parsers = Parsers()
    analyzed = [analyze_stored(RawHand("generated", 1, g.text), parsers, "pokerstars")
                for g in generate_hands(hands=args.hands, seed=args.seed)]
    hands = [a for a in analyzed if isinstance(a, AnalyzedHand)]
    assert len(hands) == len(analyzed)
    replayed = [a.replayed for a in hands]
    draws = sum(1 for r in replayed for d in r.draws if d.player == r.hero and d.cards_before is not None)
    started = time.perf_counter()
    decisions = sum(len(hero_decisions(r.draws, r.hero)) for r in replayed)
    odds_seconds = time.perf_counter() - started
    started = time.perf_counter()
    for hand in hands:
        prepare_hand(hand)
    with_decisions = time.perf_counter() - started
    bare = [replace(hand, decisions=()) for hand in hands]
    started = time.perf_counter()
    for hand in bare:
        prepare_hand(hand)
    without = time.perf_counter() - started
    per_draw_ms = 1000 * odds_seconds / max(decisions, 1)
    print("| hands | hero draws with cards | decisions | odds time | per draw | per 100,000 hands |")
    print("|---|---|---|---|---|---|")
    print(f"| {args.hands:,} | {draws:,} | {decisions:,} | {odds_seconds:.2f} s | {per_draw_ms:.2f} ms |"
          f" {odds_seconds * 100_000 / args.hands / 60:.1f} min |")
    print()
    print(f"prepare_hand: {1e6 * with_decisions / args.hands:.0f} us a hand with the decisions, "
          f"{1e6 * without / args.hands:.0f} us without: +{1e6 * (with_decisions - without) / args.hands:.0f} us a hand")


if __name__ == "__main__":
    main()
