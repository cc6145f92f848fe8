"""Documentation that cannot drift: every command has help and is in the README's usage;
every statistic is defined in docs/statistics.md; the README and docs/ link only to files
inside the repo, and those files exist; the example hands of docs/formats.md replay as
worked out by hand."""

from __future__ import annotations

import re
from pathlib import Path

import typer.main

from hhtracker.cli import app
from hhtracker.stats.per_hand import STAT_KEYS

from tests.common import ROOT

_LINK = re.compile(r"\]\(([^)\s]+)\)")
"""A markdown link's target: `[text](target)`."""


def _local_links(text: str) -> list[str]:
    """The targets of the markdown links in text that are not web addresses or anchors."""
    return [t for t in _LINK.findall(text) if not re.match(r"^(?:[a-z]+:|#)", t)]


def _documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_every_command_has_help_and_is_documented() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    usage = readme[readme.index("## Usage"):readme.index("### Exit codes")]
    commands = typer.main.get_command(app).commands
    assert len(commands) >= 11  # import, validate, player(s), sessions, report, hand, export, query, reprocess, generate
    for name, command in commands.items():
        assert (command.help or "").strip(), f"{name} has no help text"
        assert f"hhtracker {name}" in usage, f"{name} is missing from the README's usage block"


def test_every_statistic_key_is_defined_in_docs() -> None:
    text = (ROOT / "docs" / "statistics.md").read_text(encoding="utf-8")
    assert len(STAT_KEYS) >= 50  # the keys are read from the code, not an empty list
    missing = [key for key in STAT_KEYS if f"`{key}`" not in text]
    assert not missing, f"statistics with no definition in docs/statistics.md: {missing}"


def test_link_finder_sees_links_out_of_the_repo() -> None:
    # the check below relies on it: a link out is found, a web address or an anchor is not
    text = "see [STATS.md](../shared/STATS.md), [pokerkit](https://x.org/a) and [here](#words)"
    assert _local_links(text) == ["../shared/STATS.md"]


def test_readme_links_nothing_outside_the_repo() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    outside = [target for target in _local_links(readme) if target.startswith("../")]
    assert not outside, f"README.md links to files a clone of the repo alone lacks: {outside}"


def test_docs_links_point_at_files_in_the_repo() -> None:
    assert (ROOT / "docs" / "statistics.md").is_file()
    for document in _documents():
        for target in _local_links(document.read_text(encoding="utf-8")):
            path = (document.parent / target.split("#", 1)[0]).resolve()
            assert path.is_relative_to(ROOT), f"{document.name} links outside the repo: {target}"
            assert path.exists(), f"{document.name} links to a missing file: {target}"


_EXAMPLE = re.compile(r"```(text|xml)\n(.*?)\n```", re.S)

# What each example hand in docs/formats.md comes to, worked out by hand from its lines:
# site, and each player's net in the smallest unit (collected minus put in).
_EXAMPLE_RESULTS = [
    # PokerStars: Bob sits out (not dealt in); Alice posts 10 and folds; Hero and Carol put
    # in 25+25, 25, 50 = 125 each; total 260, rake 20, Hero collects 240 (net 115).
    ("pokerstars", {"Alice": -10, "Hero": 115, "Carol": -125}),
    # Full Tilt: Alice 5 and folds; Hero and Bob 20 + 20 each; total 85, rake 5, Hero takes 80.
    ("fulltilt", {"Alice": -5, "Hero": 40, "Bob": -40}),
    # KingsClub: 60 each (raise to 60, call to 60); Alice wins 118.25 of 120 (rake 1.75).
    ("kingsclub", {"Alice": 5825, "Hero": -6000}),
    # Merge: 10 each before the draw; Bob's bet of 20 comes back; his 0.39 is 0.19 + 0.20.
    ("merge", {"Hero": -10, "Bob": 9}),
]


def test_format_examples_parse_and_replay_as_worked_out(tmp_path: Path) -> None:
    from hhtracker.api import read_hands

    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    examples = _EXAMPLE.findall(text)
    assert len(examples) == len(_EXAMPLE_RESULTS)
    for index, ((kind, body), (site, nets)) in enumerate(zip(examples, _EXAMPLE_RESULTS)):
        path = tmp_path / f"example{index}.{'xml' if kind == 'xml' else 'txt'}"
        path.write_text(body + "\n", encoding="utf-8")
        outcomes = list(read_hands(path))
        assert len(outcomes) == 1, outcomes
        replayed = outcomes[0].replayed
        assert replayed is not None, outcomes[0].error
        assert replayed.hand.site.value == site
        assert replayed.issues == ()
        assert {p.player: p.net for p in replayed.players if p.dealt_in} == nets
