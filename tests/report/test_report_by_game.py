"""The report by game (issue 25, item 4): a session of several games gets a "Results by game"
table (money added only within one currency, chips never added to cash) and one block per
game (statistics, draw luck, showdown classes, snows and breaks in that game's sense).

Every expected figure is read from the hand texts with regular expressions here (the hands
the hero was dealt, his money in and out, round by round: `_hero_net`), never from
hhtracker's code: generated PokerStars hands of three games for cash and Badugi for tournament chips, all on one clock so
they make one session; and the real 8-Game file of ../shared/corpus (2-7 Triple Draw for
tournament chips), whose hero's showdown classes are worked out here from his shown cards.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app

from tests.common import CORPUS, STARS_8GAME
from tests.oracles.money import split_by_headers

runner = CliRunner()
EIGHT_GAME = CORPUS / STARS_8GAME
HEADER_GAME = {"Badugi": "badugi", "5 Card Draw": "5_card_draw", "Single Draw 2-7 Lowball": "27_single_draw",
               "Triple Draw 2-7 Lowball": "27_triple_draw"}
HEADER = re.compile(r"(?:Game|Hand) #\d+:.*?(?:Tournament #\d+, [^ ]+ (?:8-Game \()?)?\s*(Badugi|5 Card Draw|Single Draw 2-7 Lowball|"
                    r"Triple Draw 2-7 Lowball) (?:Limit|No Limit|Pot Limit)\)? \(?(\$?)")


_AMOUNT = r"\$?([\d,.]+)"
_DRAW_LINE = re.compile(r"^\*\*\* (?:FIRST|SECOND|THIRD) DRAW \*\*\*")
_DRAWS = re.compile(r"^[^:]+: (?:discards|stands pat)")
_BETS = re.compile(r"^[^:]+: (?:posts (?:small|big) blind|calls|bets|raises)")


def _hundredths(text: str) -> int:
    return round(float(text.replace(",", "")) * 100)


def _hero_net(text: str, hero: str) -> int:
    """The hero's net in one PokerStars hand (hundredths of the printed unit): what he
    collected less what he put in, round by round ("raises X to Y": Y in the round). A round
    ends at a draw: the `*** FIRST DRAW ***` line, or in a game of one draw with no such line
    (5-Card Draw, 2-7 Single Draw), the first discard or stand-pat line after a bet."""
    put, level, betting = 0, 0, False
    for line in text.splitlines():
        if _DRAW_LINE.match(line) or (betting and _DRAWS.match(line)):
            put, level, betting = put + level, 0, False
            continue
        betting = betting or bool(_BETS.match(line))
        if m := re.match(rf"^{re.escape(hero)}: posts the ante {_AMOUNT}", line):
            put += _hundredths(m.group(1))
        elif m := re.match(rf"^{re.escape(hero)}: (?:posts (?:small|big) blind|calls|bets) {_AMOUNT}", line):
            level += _hundredths(m.group(1))
        elif m := re.match(rf"^{re.escape(hero)}: raises {_AMOUNT} to {_AMOUNT}", line):
            level = _hundredths(m.group(2))
        elif m := re.match(rf"^Uncalled bet \({_AMOUNT}\) returned to {re.escape(hero)}$", line):
            level -= _hundredths(m.group(1))
        elif m := re.match(rf"^{re.escape(hero)} collected {_AMOUNT} from", line):
            put -= _hundredths(m.group(1))
    return -(put + level)


def _hero_hands(paths: list[Path], hero: str = "Hero") -> dict[tuple[str, str], list[int]]:
    """(game, "USD" or "chips") -> the hero's net (hundredths of the printed unit: cents, or
    chips x 100) in each hand he was dealt, read from the texts."""
    found: dict[tuple[str, str], list[int]] = {}
    for path in paths:
        for text in split_by_headers(path.read_text(encoding="utf-8-sig")):
            if f"Dealt to {hero} [" not in text:
                continue
            header = HEADER.search(text.splitlines()[0])
            if header is None:  # a game hhtracker does not read (the 8-Game file's hold'em...)
                continue
            game = HEADER_GAME[header.group(1)]
            currency = "USD" if header.group(2) == "$" and "Tournament #" not in text else "chips"
            found.setdefault((game, currency), []).append(_hero_net(text, hero))
    return found


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """Badugi, 5-Card Draw and 2-7 Single Draw for $0.25/$0.50 and Badugi tournament chips,
    generated with one seed: the same clock, one session of the hero (Hero)."""
    folder = tmp_path_factory.mktemp("by-game")
    files: list[Path] = []
    for game, tournament, first in (("badugi", False, None), ("5_card_draw", False, None), ("27_single_draw", False, None),
                                    ("badugi", True, 555_000_000)):
        files += api.generate(folder / f"{game}-{tournament}", hands=40, seed=5, game=game, tournament=tournament,
                              first_number=first)
    db = folder / "mixed.db"
    api.import_paths(files, db)
    return db, files


def _report(db: Path, *more: str) -> dict:
    result = runner.invoke(app, ["report", "--db", str(db), "--hero", "Hero", "--json", *more])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_results_by_game_against_the_hand_texts(mixed: tuple[Path, list[Path]]) -> None:
    db, files = mixed
    expected = _hero_hands(files)
    report = _report(db)
    assert report["sessions_total"] == 1 and report["hands"] == sum(len(n) for n in expected.values())
    rows = {(r["game"], r["net"]["currency"]): r for r in report["by_game"]}
    # one row per game and currency, and the total of the three cash games: never one with chips
    assert set(rows) == {*expected, (None, "USD")}
    for (game, currency), nets in expected.items():
        row = rows[(game, currency)]
        net = sum(nets) if currency == "USD" else sum(nets) // 100  # (chips: read x 100)
        assert (row["hands"], row["net"]["amount"]) == (len(nets), net), (game, currency)
        if currency == "USD":  # every cash hand at $0.25/$0.50: big bets = cents / 50
            assert row["net_big_bets"] == pytest.approx(net / 50)
            assert row["big_bets_per_100"] == pytest.approx(100 * net / 50 / len(nets))
    cash = [nets for (game, currency), nets in expected.items() if currency == "USD"]
    total = rows[(None, "USD")]
    assert total["name"] == "all games" and total["hands"] == sum(len(n) for n in cash)
    assert total["net"]["amount"] == sum(sum(n) for n in cash)
    # the rows' order: the cash games in the games' order, their total, then the chips
    assert [(r["game"], r["net"]["currency"]) for r in report["by_game"]] == [
        ("badugi", "USD"), ("27_single_draw", "USD"), ("5_card_draw", "USD"), (None, "USD"), ("badugi", "chips")]


def test_one_block_per_game_in_its_own_sense(mixed: tuple[Path, list[Path]]) -> None:
    db, files = mixed
    expected = _hero_hands(files)
    games = {g["game"]: g for g in _report(db)["games"]}
    assert list(games) == ["badugi", "27_single_draw", "5_card_draw"]  # Badugi first, as games.GAMES lists them
    # hands per game: Badugi's block holds its cash and chips hands (statistics are not money)
    per_game: Counter[str] = Counter()
    for (game, _), nets in expected.items():
        per_game[game] += len(nets)
    assert {g: block["hands"] for g, block in games.items()} == dict(per_game)
    # each statistic's opportunities are of its game only: VPIP's are the game's hands (no walk
    # in these hands: the generator's blinds always meet a decision) at most
    for game, block in games.items():
        assert 0 < block["stats"]["vpip"]["session"]["opportunities"] <= per_game[game]
        # the lifetime column is the hero's lifetime in that game: here, one session, the same
        # hands (every game's together would give Badugi's VPIP 120 hands' opportunities)
        assert all(both["lifetime"] == both["session"] for both in block["stats"].values()), game
    # labels in the game's sense; one draw: no draw-2 or draw-3 rows
    assert games["27_single_draw"]["labels"]["break_known"] == "Break a made 2-7 low, all draws"
    assert games["badugi"]["labels"]["break_known"] == "Break a badugi, all draws"
    assert "pat_d2" in games["badugi"]["stats"] and "pat_d2" not in games["27_single_draw"]["stats"]
    # draw luck: Badugi's only; snow and break: not computed in 5-Card Draw
    assert games["badugi"]["luck"] is not None
    assert games["27_single_draw"]["luck"] is None and games["5_card_draw"]["luck"] is None
    assert games["5_card_draw"]["snows"] is None and games["5_card_draw"]["breaks"] is None
    # showdown classes: the Badugi classes, 2-7's low classes, 5-Card Draw's high classes
    assert {c["half"] for c in games["badugi"]["showdowns"]} <= {"badugi"}
    # 2-7 Single Draw's, against the hero's shown hands classed here (won and lost both)
    classes = _shown_27_classes(files, "Single Draw 2-7")
    assert {how for _, how in classes} == {"won", "lost"}
    assert _classes_of(games["27_single_draw"]) == classes
    assert {c["half"] for c in games["5_card_draw"]["showdowns"]} == {"high"}


def test_the_terminal_names_each_game(mixed: tuple[Path, list[Path]]) -> None:
    db, _ = mixed
    result = runner.invoke(app, ["report", "--db", str(db), "--hero", "Hero"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Results by game" in out and "all games" in out
    for title in ("beside lifetime, Badugi (", "beside lifetime, 2-7 Single Draw (", "beside lifetime, 5-Card Draw (",
                  "Draw luck, 2-7 Single Draw: not computed", "Snow and break: not computed in 5-Card Draw"):
        assert title in " ".join(out.split()), title
    # --game keeps one game: one row, one block
    one = _report(db, "--game", "5_card_draw")
    assert [r["game"] for r in one["by_game"]] == ["5_card_draw"] and [g["game"] for g in one["games"]] == ["5_card_draw"]


_RANK = {r: v for v, r in enumerate("23456789TJQKA", start=2)}


def _low_27_class(cards: list[str]) -> str:
    """A 2-7 low's class worked out here: a pair, a straight (ace high only) or a flush is
    "paired_or_worse"; else by the top card, a 7 or below "low_7"."""
    ranks = sorted((_RANK[c[0]] for c in cards), reverse=True)
    straight = len(set(ranks)) == 5 and ranks[0] - ranks[4] == 4
    flush = len({c[1] for c in cards}) == 1
    if len(set(ranks)) < 5 or straight or flush:
        return "paired_or_worse"
    return "low_7" if ranks[0] <= 7 else "low_" + "23456789tjqka"[ranks[0] - 2]


def _shown_27_classes(paths: list[Path], header_words: str, hero: str = "Hero") -> Counter[tuple[str, str]]:
    """(2-7 class, "won" | "lost") -> how many of the hero's showdowns in the hands whose
    header has `header_words`: the summary's "Seat N: Hero ... showed [..] and won|lost", or
    "Seat N: Hero mucked [..]" (at the showdown, his cards known: lost)."""
    classes: Counter[tuple[str, str]] = Counter()
    for path in paths:
        for hand in split_by_headers(path.read_text(encoding="utf-8-sig")):
            if header_words not in hand.splitlines()[0]:
                continue
            for did, cards, how in re.findall(rf"^Seat \d+: {hero} .*?(showed|mucked) \[([^\]]+)\](?: and (won|lost))?",
                                              hand, re.M):
                classes[(_low_27_class(cards.split()), "won" if how == "won" else "lost")] += 1
    return classes


def _classes_of(block: dict) -> Counter[tuple[str, str]]:
    """A game block's low showdown classes as (class, "won" | "lost") -> count."""
    found: Counter[tuple[str, str]] = Counter()
    for c in block["showdowns"]:
        assert c["half"] == "low"
        found[(c["class"], "won")] += c["won"]
        found[(c["class"], "lost")] += c["lost"]
    return +found


def test_the_eight_game_file_as_one_game(tmp_path: Path) -> None:
    if not EIGHT_GAME.is_file():
        pytest.skip(f"the real corpus is not beside the repo ({CORPUS} missing)")
    db = tmp_path / "eight.db"
    api.import_paths([EIGHT_GAME], db)
    expected = _hero_hands([EIGHT_GAME])
    assert list(expected) == [("27_triple_draw", "chips")]  # (the file's other games are not read)
    nets = expected[("27_triple_draw", "chips")]
    report = _report(db)
    assert [(r["game"], r["hands"], r["net"]) for r in report["by_game"]] == [
        ("27_triple_draw", len(nets), {"amount": sum(nets) // 100, "currency": "chips"})]
    [block] = report["games"]
    assert (block["name"], block["hands"], block["luck"]) == ("2-7 Triple Draw", len(nets), None)
    # his showdowns: the summary's "showed [..] and won|lost" and "mucked [..]", classed here
    classes = _shown_27_classes([EIGHT_GAME], "Triple Draw 2-7")
    assert classes, "the hero shows down in the file"
    assert _classes_of(block) == classes


def test_a_long_report_reads_each_game_from_the_summary(mixed: tuple[Path, list[Path]]) -> None:
    """A date range over whole days is read by day from the summary tables (player_days, one
    row per game among its groups): its results by game and its game blocks are those of the
    same hands read one by one (floats to rounding)."""
    import dataclasses
    import datetime as dt

    from hhtracker.report.session import session_report
    from hhtracker.store.database import open_database

    db = open_database(mixed[0])
    span = {"start": dt.datetime(2026, 10, 31, tzinfo=dt.UTC), "end": dt.datetime(2026, 11, 3, tzinfo=dt.UTC), "hero": "Hero"}
    long, short = session_report(db, per_hand_limit=0, **span), session_report(db, per_hand_limit=10**9, **span)
    assert short.summary.hands == long.summary.hands == 160

    def floats(value: object) -> tuple[float, ...]:
        return tuple(getattr(value, f) for f in ("net_big_bets", "big_bets_per_100", "bb_per_100"))

    assert [dataclasses.replace(r, net_big_bets=0.0, big_bets_per_100=0.0, bb_per_100=0.0) for r in long.by_game] == [
        dataclasses.replace(r, net_big_bets=0.0, big_bets_per_100=0.0, bb_per_100=0.0) for r in short.by_game]
    for a, b in zip(long.by_game, short.by_game):
        assert floats(a) == pytest.approx(floats(b))
    assert [dataclasses.replace(g, luck=None, lifetime_luck=None) for g in long.games] == [
        dataclasses.replace(g, luck=None, lifetime_luck=None) for g in short.games]
    for a, b in zip(long.games, short.games):
        assert (a.luck is None) == (b.luck is None)
        if a.luck is not None and b.luck is not None:
            assert (a.luck.draws, a.luck.completed) == (b.luck.draws, b.luck.completed)
            assert a.luck.expected == pytest.approx(b.luck.expected)


def test_the_session_page_by_game(mixed: tuple[Path, list[Path]]) -> None:
    """/sessions/1 of `hhtracker serve`: the session of cash and chips (a 500 before: the net
    card formatted a null big-bet figure), its results by game, one section per game, and
    the leaks' note naming the games whose hands the Badugi baselines leave out."""
    pytest.importorskip("starlette")
    from tests.web.conftest import client_for

    db, files = mixed
    expected = _hero_hands(files)
    page = client_for(db).get("/sessions/1?hero=Hero")
    assert page.status_code == 200, page.text[:300]
    text = " ".join(re.sub(r"<[^>]+>", " ", page.text).split())
    assert "Results by game" in text and "all games" in text
    for name in ("Badugi", "2-7 Single Draw", "5-Card Draw"):
        assert f"{name}: this session and lifetime" in text, name
    left_out = {game: len(nets) for (game, _), nets in expected.items() if game != "badugi"}
    assert (f"Badugi hands only (the baselines are Badugi's; leaks ): {left_out['27_single_draw']} 2-7 Single Draw hands, "
            f"{left_out['5_card_draw']} 5-Card Draw hands not read.") in text.replace("&#39;", "'")


def test_a_session_without_badugi_says_its_draws_are_not_priced(tmp_path: Path) -> None:
    # the keeps are priced in Badugi only: a 2-7 Triple Draw session printed "0 of 0 hero
    # draws with known cards kept a dominated keep (... a badugi ...)"
    path = CORPUS.parent / "corpus-draw" / "PokerStars__27TD_FL_cash_200911.txt"
    if not path.is_file():
        pytest.skip(f"the real draw-game corpus is not beside the repo ({path} missing)")
    db = tmp_path / "td.db"
    api.import_paths([path], db)
    out = runner.invoke(app, ["report", "--db", str(db)], env={"COLUMNS": "160"}).stdout
    assert "Draw decisions: priced for Badugi hands only, and these hands have none" in out
    assert "0 of 0 hero draws" not in out
