"""Every read command on every game (issue "Guarantees": "Every command on every game").

ONE database holds every game and site the importer accepts: the real Badugi corpus of
../shared/corpus (PokerStars cash and a tournament, Full Tilt, KingsClub, Merge; the 8-Game
file's 18 2-7 Triple Draw hands, its other games skipped), 60 Badacey and 60 Badeucey hands made by `hhtracker
generate --game`, and the hand-written KingsClub split-pot hands of tests/data/split_hands.
Every read command runs on it (players, player, player --reads, leaks, report in every form,
sessions, tournaments, hand in every form, table, the live view rendered headless, export
in every format), for the hero and for an opponent of each game: exit 0, no traceback, and
where a value can be worked out without hhtracker it is: hand counts from the files' header
and seat lines, cards shown from their "shows" lines, a hand's results from its summary.

Before the fix of item 9 one Badacey or Badeucey hand made `report` end in a traceback and
`leaks` and `player --reads` exit 2 ("evaluate() takes 1 to 4 cards, got 5").
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.cli.hud_view import render

from tests.common import CORPUS, DATA, STARS_8GAME, STARS_CASH, STARS_SNG
from tests.oracles.corpus_counts import stars_headers

runner = CliRunner()
GENERATED = {"badacey": 60, "badeucey": 60}

# --- the files' own counts, with regular expressions and nothing of hhtracker -----------------

_KC_HEADER = re.compile(r"^#(\d+): Limit (\w+) - ", re.M)
_STARS_27TD = re.compile(r"^\ufeff?PokerStars .* \(Triple Draw 2-7 Lowball Limit\) - ", re.M)


def _stars_27td(path: Path, player: str | None = None) -> int:
    """The 2-7 Triple Draw hands of a PokerStars mixed-game file, by their header lines (18 in
    the 8-Game file); with `player`, those with a seat line of his."""
    text = path.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"^\ufeff?PokerStars ", text, re.M)] + [len(text)]
    hands = [text[a:b] for a, b in zip(starts, starts[1:]) if _STARS_27TD.match(text, a)]
    return sum(1 for h in hands if player is None or re.search(rf"^Seat \d+: {re.escape(player)} \(", h, re.M))


@dataclass(frozen=True)
class KingsClubHand:
    """One KingsClub hand read from its text: number, game (lower case), seated players, who
    shows cards."""

    number: str
    game: str
    seated: frozenset[str]
    shows: frozenset[str]


def kingsclub_hands(paths: list[Path]) -> list[KingsClubHand]:
    found = []
    for path in paths:
        text = path.read_text()
        starts = [m.start() for m in _KC_HEADER.finditer(text)] + [len(text)]
        for begin, end in zip(starts, starts[1:]):
            block = text[begin:end]
            header = _KC_HEADER.match(block)
            assert header is not None
            found.append(KingsClubHand(
                header.group(1), header.group(2).lower(),
                frozenset(re.findall(r"^Seat \d+: (.+?) \(", block, re.M)),
                frozenset(re.findall(r"^(.+?) shows \[", block, re.M))))
    return found


@dataclass(frozen=True)
class EveryGame:
    db: Path
    folders: dict[str, Path]  # game -> the folder of its generated files
    kingsclub: list[KingsClubHand]  # every KingsClub hand imported, from its text

    def hands_of(self, player: str, game: str) -> int:
        return sum(1 for h in self.kingsclub if h.game == game and player in h.seated)

    def shows_of(self, player: str, game: str) -> int:
        return sum(1 for h in self.kingsclub if h.game == game and player in h.shows)

    def opponent(self, game: str) -> str:
        """The opponent seated in most generated hands of the game (ties: by name)."""
        names = {n for h in self.kingsclub if h.game == game for n in h.seated} - {"Hero"}
        return min(names, key=lambda n: (-self.hands_of(n, game), n))


def stars_hands_of(path: Path, player: str) -> int:
    """The hands of a PokerStars file with `player` in their seat list ("Seat 3: Hero ($5 in chips)")."""
    text = path.read_text(encoding="utf-8-sig")
    blocks = re.split(r"^PokerStars (?:Home Game )?(?:Hand|Game) #", text, flags=re.M)[1:]
    return sum(1 for b in blocks if re.search(rf"^Seat \d+: {re.escape(player)} \(\$[\d.]+ in chips\)", b, re.M))


def run(*args: str) -> str:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, f"{args}: exit {result.exit_code}\n{result.output}"
    assert "Traceback" not in result.output
    return result.stdout


@pytest.fixture(scope="session")
def every_game(tmp_path_factory: pytest.TempPathFactory) -> EveryGame:
    if not CORPUS.is_dir():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")
    root = tmp_path_factory.mktemp("every_game")
    folders = {}
    for seed, (game, hands) in enumerate(GENERATED.items(), start=1):
        folders[game] = root / game
        run("generate", "--game", game, "--hands", hands, "--seed", seed, "--out", folders[game])
    db = root / "every.db"
    split = DATA / "split_hands"
    imported = json.loads(run("import", "--db", db, "--json", CORPUS, *folders.values(), split))
    assert imported["problems"] == []
    kingsclub = kingsclub_hands([CORPUS / "KingsClub__badugi_FL_cash_202010.txt", *split.glob("*.txt"),
                                 *(f for folder in folders.values() for f in folder.glob("*.txt"))])
    # Every hand of the Badugi files and the KingsClub files is new: 4 + 104 PokerStars
    # headers, one hand each in the Full Tilt and Merge files (MANIFEST.tsv), and the KingsClub
    # ones; and the 8-Game file's 2-7 Triple Draw hands (read since issue 25).
    stars = len(stars_headers(CORPUS / STARS_CASH)) + len(stars_headers(CORPUS / STARS_SNG))
    assert imported["hands_new"] == stars + 1 + 1 + len(kingsclub) + _stars_27td(CORPUS / STARS_8GAME)
    return EveryGame(db, folders, kingsclub)


def test_the_database_holds_every_game_and_site(every_game: EveryGame) -> None:
    rows = json.loads(run("query", "select site, game, count(*) as hands from hands group by site, game",
                          "--db", every_game.db))
    stored = {(r["site"], r["game"]): r["hands"] for r in rows}
    kingsclub = {g: sum(1 for h in every_game.kingsclub if h.game == g) for g in ("badugi", "badacey", "badeucey")}
    assert stored == {
        ("pokerstars", "badugi"): len(stars_headers(CORPUS / STARS_CASH)) + len(stars_headers(CORPUS / STARS_SNG)),
        ("fulltilt", "badugi"): 1, ("merge", "badugi"): 1,
        ("pokerstars", "27_triple_draw"): _stars_27td(CORPUS / STARS_8GAME),
        **{("kingsclub", game): hands for game, hands in kingsclub.items()},
    }
    assert kingsclub["badacey"] > GENERATED["badacey"] and kingsclub["badeucey"] > GENERATED["badeucey"]


def test_players_one_table_per_game_and_all_together(every_game: EveryGame) -> None:
    db = every_game.db
    text = run("players", "--db", db)
    for game in ("Badugi", "Badacey", "Badeucey"):  # the games' names, not the stored keys
        assert f"players ({game})" in text
    rows = json.loads(run("players", "--db", db, "--json"))
    for game in ("badacey", "badeucey"):
        hero = next(r for r in rows if r["player"] == "Hero" and r["game"] == game)
        assert hero["results"]["hands"] == every_game.hands_of("Hero", game)
    together = json.loads(run("players", "--db", db, "--json", "--game", "all", "--site", "kingsclub"))
    hero = next(r for r in together if r["player"] == "Hero")
    assert hero["results"]["hands"] == sum(every_game.hands_of("Hero", g) for g in ("badugi", "badacey", "badeucey"))


@pytest.mark.parametrize("game", ["badugi", "badacey", "badeucey"])
def test_player_and_reads_for_the_hero_and_an_opponent(every_game: EveryGame, game: str) -> None:
    db = every_game.db
    for name in ("Hero", every_game.opponent(game)):
        assert name in run("player", name, "--db", db, "--site", "kingsclub", "--game", game)
        profile = json.loads(run("player", name, "--db", db, "--site", "kingsclub", "--game", game, "--json"))
        assert profile["results"]["hands"] == every_game.hands_of(name, game)
        run("player", name, "--db", db, "--reads", "--game", game)
        reads = json.loads(run("player", name, "--db", db, "--reads", "--game", game, "--site", "kingsclub", "--json"))
        shown = every_game.shows_of(name, game)
        if name != "Hero" and shown:  # an opponent's cards are known when he shows them
            (read,) = reads
            assert (read["game"], read["hands_known"]) == (game, shown)


def test_reads_of_several_games_come_apart(every_game: EveryGame) -> None:
    reads = json.loads(run("player", "Hero", "--db", every_game.db, "--reads", "--site", "kingsclub", "--json"))
    games = [r["game"] for r in reads]
    assert {"badacey", "badeucey"} <= set(games) and len(games) == len(set(games))


def test_leaks_read_badugi_hands_only_and_say_so(every_game: EveryGame) -> None:
    db = every_game.db
    # Hero's Badugi hands: the PokerStars cash file's 4 (Hero seated in each), the Full
    # Tilt and Merge hands (one each, Hero's) and his KingsClub Badugi hands.
    cash = stars_hands_of(CORPUS / STARS_CASH, "Hero")
    badugi = cash + 1 + 1 + every_game.hands_of("Hero", "badugi")
    found = json.loads(run("leaks", "--db", db, "--hero", "Hero", "--json"))
    # and Hero's 2-7 Triple Draw hands of the 8-Game file (read since issue 25)
    deuce = _stars_27td(CORPUS / STARS_8GAME, "Hero")
    assert found["games_left_out"] == {**{g: every_game.hands_of("Hero", g) for g in ("badacey", "badeucey")},
                                       "27_triple_draw": deuce}
    assert found["hands"] == badugi
    text = run("leaks", "--db", db, "--hero", "Hero")
    counts = ", ".join([*(f"{every_game.hands_of('Hero', g)} {g.capitalize()}" for g in ("badacey", "badeucey")),
                        f"{deuce} 2-7 Triple Draw"])
    assert f"Badugi hands only (the baselines are Badugi's): {counts} hands not read." in text
    assert json.loads(run("leaks", "--db", db, "--hero", "Hero", "--json", "--game", "badeucey"))["hands"] == 0


def test_report_in_every_form(every_game: EveryGame, tmp_path: Path) -> None:
    db = every_game.db
    # The latest session of the hero: the generated hands, both games from 2026-11-01 12:00.
    latest = sum(GENERATED.values())
    report = json.loads(run("report", "--db", db, "--json"))
    assert report["hands"] == latest
    assert report["leaks"]["games_left_out"] == GENERATED and report["leaks"]["hands"] == 0
    assert "Leaks over these hands" in run("report", "--db", db)
    run("report", "--db", db, "--all-hands", "--hero", "Hero")
    run("report", "--db", db, "--html", tmp_path / "r.html", "--png", tmp_path / "r.png")
    assert "Badugi hands only" in (tmp_path / "r.html").read_text()
    assert (tmp_path / "r.png").read_bytes()[:4] == b"\x89PNG"
    sessions = json.loads(run("sessions", "--db", db, "--json"))
    assert sessions[0]["hands"] == latest
    run("sessions", "--db", db)


def test_tournaments(every_game: EveryGame) -> None:
    # The SNG: "Player5 finished the tournament in 3rd place and received $1.60." and his
    # "$1.00+$0.20" buy-in (its text); the hero on PokerStars.
    text = (CORPUS / STARS_SNG).read_text(encoding="utf-8-sig")
    place = re.search(r"Player5 finished the tournament in (\d)\w\w place and received \$(\d+)\.(\d\d)", text)
    assert place is not None
    (found,) = json.loads(run("tournaments", "--db", every_game.db, "--json", "--hero", "Player5"))
    assert (found["finish"], found["prize"]) == (int(place.group(1)), int(place.group(2) + place.group(3)))
    assert found["hands"] == len(stars_headers(CORPUS / STARS_SNG))
    run("tournaments", "--db", every_game.db)


HANDS = [  # (hand number, site): one of every site and game
    ("49164202872", "pokerstars"), ("32617272179", "fulltilt"), ("31274465-32", "merge"), ("1001", "kingsclub"), ("2002", "kingsclub"),
    # the first generated hand of each game: its base plus the seed's block of 1,000,000
    # (README, generate): Badacey seed 1, Badeucey seed 2
    ("400001000000", "kingsclub"), ("500002000000", "kingsclub"), ("37732805", "kingsclub"),
]


@pytest.mark.parametrize(("number", "site"), HANDS)
def test_hand_in_every_form(every_game: EveryGame, tmp_path: Path, number: str, site: str) -> None:
    db = every_game.db
    text = run("hand", number, "--site", site, "--db", db)
    assert f"Hand {number} ({site})" in text and " ?" not in text.split("Results")[0].split("Seats:")[1]
    shown = json.loads(run("hand", number, "--site", site, "--db", db, "--json"))
    assert shown["hand_id"] == number
    run("hand", number, "--site", site, "--db", db, "--html", tmp_path / "h.html")
    assert number in (tmp_path / "h.html").read_text()


def test_a_split_hands_results_are_its_summarys(every_game: EveryGame) -> None:
    # tests/data/split_hands/split_badeucey.txt, summary: "Seat 1: Alder (504.49) +4.49"...
    text = (DATA / "split_hands" / "split_badeucey.txt").read_text()
    nets = {name: round(float(net) * 100) for name, net in re.findall(r"^Seat \d: (\w+) \([\d.]+\) ([+-][\d.]+)$", text, re.M)}
    shown = json.loads(run("hand", "2002", "--site", "kingsclub", "--db", every_game.db, "--json"))
    assert {r["player"]: r["net"] for r in shown["results"]} == nets == {"Alder": 449, "Birch": -1000, "Hero": 450}


def test_table_and_live_view_of_each_game(every_game: EveryGame, tmp_path: Path) -> None:
    db = tmp_path / "copy.db"
    shutil.copy(every_game.db, db)
    for game, folder in every_game.folders.items():
        (path,) = folder.glob("*.txt")
        last = kingsclub_hands([path])[-1]
        table = json.loads(run("table", path, "--db", db, "--json"))
        assert table["hand_id"] == last.number
        assert {p["player"] for p in table["players"]} == set(last.seated)
        # each seat's statistics are those of the table's game (the hero plays all three)
        assert {p["player"]: p["results"]["hands"] for p in table["players"]} == {
            name: every_game.hands_of(name, game) for name in last.seated}
        # the game of the table, read from the hand's header (issue 25: "table shows the game")
        assert table["game"] == last.game
        shown = run("table", path, "--db", db)
        assert last.number in shown and f"the table of its latest hand, {api.game_name(last.game)}" in shown
        state = api.Hud([folder], db).look()
        console = Console(record=True, width=160, height=40, force_terminal=True)
        console.print(render(state, 160, None))
        screen = console.export_text()
        assert f"hand {last.number}" in screen
        assert all(name in screen for name in last.seated)


def test_export_in_every_format(every_game: EveryGame, tmp_path: Path) -> None:
    db = every_game.db
    hero_hands = sum(1 for h in every_game.kingsclub if "Hero" in h.seated)
    cash = stars_hands_of(CORPUS / STARS_CASH, "Hero")
    out = tmp_path / "hands.json"
    run("export", "--format", "json", "--player", "Hero", "--db", db, out)
    exported = json.loads(out.read_text())
    deuce = _stars_27td(CORPUS / STARS_8GAME, "Hero")  # his 2-7 Triple Draw hands (issue 25)
    assert len(exported) == hero_hands + cash + 1 + 1 + deuce  # with the Full Tilt and Merge hands
    assert {h["game"] for h in exported} == {"badugi", "badacey", "badeucey", "27_triple_draw"}
    run("export", "--format", "phh", "--player", "Hero", "--db", db, tmp_path / "hands.phhs")
    # PHH has fixed-limit Badugi and fixed-limit 2-7 Triple Draw of ours: the PokerStars, Full
    # Tilt and KingsClub Badugi hands, and the 8-Game file's 2-7 Triple Draw hands.
    badugi_fl = cash + 1 + every_game.hands_of("Hero", "badugi")
    assert len(re.findall(r"^\[\d+\]$", (tmp_path / "hands.phhs").read_text(), re.M)) == badugi_fl + deuce
    for game in ("badacey", "badeucey"):  # an opponent of each game: his hands of every game
        opponent = every_game.opponent(game)
        run("export", "--format", "json", "--player", opponent, "--db", db, tmp_path / f"{game}.json")
        theirs = sum(every_game.hands_of(opponent, g) for g in ("badugi", "badacey", "badeucey"))
        assert len(json.loads((tmp_path / f"{game}.json").read_text())) == theirs
    run("export", "--format", "parquet", "--player", "Hero", "--db", db, tmp_path / "parquet")
    assert (tmp_path / "parquet" / "hands.parquet").is_file()


def test_27_triple_draw_has_its_table_and_its_profile(every_game: EveryGame) -> None:
    # Issue 25: the 8-Game file's 2-7 Triple Draw hands get their own `players` table and a
    # profile named by the game, with the low classes of the hands shown; the hand count is
    # Hero's seats in those hands, counted in the file.
    db = every_game.db
    deuce = _stars_27td(CORPUS / STARS_8GAME, "Hero")
    assert "players (2-7 Triple Draw)" in run("players", "--db", db)
    text = run("player", "Hero", "--db", db, "--site", "pokerstars", "--game", "27_triple_draw")
    assert f"Hero (pokerstars, {deuce} hands, 2-7 Triple Draw)" in text
    assert "Low hands at showdown, 2-7 Triple Draw" in text
    assert "Break a made 2-7 low, all draws" in text and "a badugi" not in text  # the game's made hand
    assert "2-7 Triple Draw)" not in run("player", "Hero", "--db", db, "--site", "pokerstars", "--game", "badugi")
