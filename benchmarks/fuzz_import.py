"""The import fuzzer's long mode (issue "Guarantees"): the cases of
tests/api/test_fuzz_import.py, many more of them, numbered by seed.

Run on demand (not in CI):  python benchmarks/fuzz_import.py --hands 20000 [--seed 0]

Each case is a file of one to three mutated real hands between two good ones, of one site in
turn (PokerStars, Full Tilt, KingsClub with Badacey / Badeucey, Merge XML), imported into a
fresh database under a temporary folder (tests/api/import_fuzzing.py). Cases run until
--hands mutated hands were imported. Prints how many hands and cases ran, what became of
them, and each distinct finding (kind and message, the first seed that showed it, how many
times): a traceback out of import, counts that do not add up, a good hand lost, a hand
stored as ok or warning whose money does not add up (tests/oracles/money.py), a hand stored
with code `internal`. Exit code 1 when anything was found.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.api.import_fuzzing import SITES, make_case, run_case  # noqa: E402
from tests.common import CORPUS  # noqa: E402


def _key(kind: str, message: str) -> str:
    """A finding without its hand numbers and amounts, so that one cause counts once."""
    return kind + ": " + re.sub(r"\d+", "N", message)[:160]


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--hands", type=int, default=20000, help="mutated hands to import (default 20000)")
    options.add_argument("--seed", type=int, default=0, help="first case's seed (default 0)")
    args = options.parse_args()
    if not CORPUS.exists():
        print(f"the real corpus is not beside the repo ({CORPUS} missing)", file=sys.stderr)
        return 2
    started = time.perf_counter()
    hands = cases = 0
    per_site: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    found: Counter[str] = Counter()
    first: dict[str, tuple[int, str, tuple[tuple[str, ...], ...], str]] = {}
    with tempfile.TemporaryDirectory() as folder:
        seed = args.seed
        while hands < args.hands:
            site = SITES[seed % len(SITES)]
            case = make_case(site, seed)
            hands += len(case.mutations)
            per_site[site] += len(case.mutations)
            kinds.update(kind.split(" ")[0] for done in case.mutations for kind in done)
            cases += 1
            for finding in run_case(case, Path(folder) / "case"):
                key = _key(finding.kind, finding.message)
                found[key] += 1
                first.setdefault(key, (seed, site, case.mutations, finding.text))
            seed += 1
    seconds = time.perf_counter() - started
    print(f"{hands:,} mutated hands in {cases:,} files (seeds {args.seed}..{seed - 1}), {seconds:.0f} s")
    print("per site: " + ", ".join(f"{site} {count:,}" for site, count in per_site.items()))
    print("mutations: " + ", ".join(f"{kind} {count:,}" for kind, count in kinds.most_common()))
    if not found:
        print("found: nothing (no traceback, counts add up, good hands stored, every ok/warning hand adds up)")
        return 0
    print(f"found {len(found)} distinct problem(s):")
    for key, count in found.most_common():
        seed, site, mutations, text = first[key]
        print(f"- {count} x {key}\n  first: {site} seed {seed}, mutations {mutations}\n  " + text[:600].replace("\n", "\n  "))
    return 1


if __name__ == "__main__":
    sys.exit(main())
