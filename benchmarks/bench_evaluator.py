"""Time the Badugi evaluator: strength() and evaluate() per second on random 4-card hands,
with pokerkit's BadugiHand on the same hands for reference, and the cold import + table build.

Run: python benchmarks/bench_evaluator.py [--hands N] [--repeat R]
Prints one line per measurement (best of R runs) and the machine facts.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hhtracker.cards import DECK  # noqa: E402
from hhtracker.rules.badugi import evaluate, strength  # noqa: E402

COLD_START = """
import time
t0 = time.perf_counter()
from hhtracker.rules import badugi
t1 = time.perf_counter()
badugi.strength(badugi.DECK[:4])  # first call builds the tables
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def best_rate(function, hands, repeat: int) -> float:
    """Calls per second, best of `repeat` passes over `hands`."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for hand in hands:
            function(hand)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    print(f"date: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}")
    print(f"nproc: {os.cpu_count()}")
    print(f"python: {platform.python_implementation()} {platform.python_version()}")
    print(f"machine: {platform.machine()} {platform.processor() or ''}".rstrip())

    cold = subprocess.run(
        [sys.executable, "-c", COLD_START],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    import_s, build_s = map(float, cold.stdout.split())
    print(
        f"cold import: {import_s * 1000:.0f} ms;"
        f" table build (first strength() call): {build_s * 1000:.0f} ms"
    )

    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(DECK, 4)) for _ in range(args.hands)]
    strength(hands[0])  # warm: build the tables outside the timing

    rate = best_rate(strength, hands, args.repeat)
    print(
        f"strength(): {rate:,.0f} hands/s ({1e6 / rate:.2f} us/hand),"
        f" {len(hands):,} hands, best of {args.repeat}"
    )

    some = hands[: max(1, args.hands // 4)]
    rate = best_rate(evaluate, some, args.repeat)
    print(
        f"evaluate(): {rate:,.0f} hands/s ({1e6 / rate:.2f} us/hand),"
        f" {len(some):,} hands, best of {args.repeat}"
    )

    try:
        import pokerkit
    except ImportError:
        print("pokerkit: not installed, skipped")
        return
    few = hands[: max(1, args.hands // 40)]
    texts = ["".join(map(str, hand)) for hand in few]
    rate = best_rate(pokerkit.BadugiHand.from_game, texts, max(1, args.repeat // 2))
    from importlib.metadata import version as package_version

    version = package_version("pokerkit")
    print(
        f"pokerkit {version} BadugiHand.from_game(): {rate:,.0f} hands/s"
        f" ({1e6 / rate:.1f} us/hand), {len(few):,} hands"
    )


if __name__ == "__main__":
    main()
