"""The hand-history generator: legal by construction, and a round trip through our parser
and replay gives back what the generator played (issue: scale, item 2)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hhtracker.cli import app
from hhtracker.generate import generate_hands
from hhtracker.generate_draw import generate_draw_hands
from hhtracker.parse.pokerstars import PokerStarsParser
from hhtracker.parse.read import RawHand, split_hands
from hhtracker.rules.replay import replay

PARSER = PokerStarsParser()


def round_trip(hand) -> None:
    check_round_trip(replay(PARSER.parse(RawHand("generated.txt", 1, hand.text))), hand)


def check_round_trip(replayed, hand) -> None:
    """The replay of a generated hand gives back what the generator played (also used by
    test_generate_split.py)."""
    assert replayed.issues == (), hand.text
    assert {p.player: p.contributed for p in replayed.players} == hand.put_in
    assert {p.player: p.collected for p in replayed.players} == hand.collected
    assert replayed.rake == hand.rake
    assert tuple(pot.winners for pot in replayed.pots) == hand.winners
    assert sum(p.net for p in replayed.players) + replayed.rake == 0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), tables=st.integers(1, 3), tournament=st.booleans(),
       seats=st.integers(2, 8))
def test_round_trip_many_seeds(seed: int, tables: int, tournament: bool, seats: int) -> None:
    for hand in generate_hands(hands=40, seed=seed, tables=tables, tournament=tournament, seats_per_table=seats):
        round_trip(hand)


def test_round_trip_thousands_of_hands_with_all_in_side_pots_and_caps() -> None:
    seen = {"Side pot": 0, "Betting is capped": 0, "and is all-in": 0, "stands pat on": 0, "*** SHOW DOWN ***": 0}
    for hand in generate_hands(hands=1500, seed=2026, tables=4, seats_per_table=6):
        round_trip(hand)
        for key in seen:
            seen[key] += key in hand.text
    assert all(count > 10 for count in seen.values()), seen


def test_same_seed_same_hands() -> None:
    first = [h.text for h in generate_hands(hands=30, seed=9)]
    assert first == [h.text for h in generate_hands(hands=30, seed=9)]
    assert first != [h.text for h in generate_hands(hands=30, seed=10)]


def test_generate_command_output_imports_with_zero_issues(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "hh"
    result = runner.invoke(app, ["generate", "--hands", "300", "--seed", "5", "--tables", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    files = sorted(out.glob("*.txt"))
    assert len(files) == 2
    assert sum(1 for f in files for _ in split_hands(f)) == 300
    imported = runner.invoke(app, ["import", "--db", str(tmp_path / "g.db"), "--json", str(out)])
    assert imported.exit_code == 0
    assert '"hands_new": 300' in imported.stdout and '"problems": []' in imported.stdout


# --- numbers, tables and sessions (issue 27, item 13) ----------------------------------------


def _numbers(folder: Path) -> list[int]:
    """Every hand number in the generated files, read with a regular expression."""
    import re

    return [int(n) for f in folder.glob("*.txt")
            for n in re.findall(r"^(?:PokerStars Game )?#(\d+):", f.read_text(encoding="utf-8-sig"), re.M)]


def _starts(folder: Path) -> list[tuple[str, object]]:
    """(table, start time) of every hand, read from the files' headers."""
    import datetime as dt
    import re

    found = []
    for f in folder.glob("*.txt"):
        text = f.read_text(encoding="utf-8-sig")
        for when, table in re.findall(r"- (\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) ET\nTable '([^']+)'", text):
            found.append((table, dt.datetime.strptime(when, "%Y/%m/%d %H:%M:%S")))
        for when, table in re.findall(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\nTable '([^']+)'", text, re.M):
            found.append((table, dt.datetime.strptime(when, "%Y-%m-%d %H:%M:%S")))
    return sorted(found, key=lambda item: item[1])


def test_sets_of_other_seeds_and_games_share_no_number(tmp_path: Path) -> None:
    """Issue 27: every set began at 300000000000, so a second one was all duplicates. Two
    seeds and the three games: 5 sets, every number different; a second seed imports as new."""
    runner = CliRunner()
    sets = [("badugi", 1), ("badugi", 2), ("badacey", 1), ("badeucey", 1), ("badacey", 2)]
    numbers: list[int] = []
    for game, seed in sets:
        out = tmp_path / f"{game}{seed}"
        result = runner.invoke(app, ["generate", "--game", game, "--hands", "40", "--seed", str(seed), "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert result.output.strip() == f"40 hands written to 1 file in {out}"
        numbers += _numbers(out)
    assert len(numbers) == 200 and len(set(numbers)) == 200
    db = tmp_path / "g.db"
    for game, seed in sets:
        imported = runner.invoke(app, ["import", "--db", str(db), "--json", str(tmp_path / f"{game}{seed}")])
        assert '"hands_new": 40' in imported.stdout and '"hands_duplicate": 0' in imported.stdout
    out = tmp_path / "first"
    assert runner.invoke(app, ["generate", "--hands", "3", "--first-number", "777", "--out", str(out)]).exit_code == 0
    assert sorted(_numbers(out)) == [777, 778, 779]
    bad = runner.invoke(app, ["generate", "--hands", "3", "--first-number", "0", "--out", str(tmp_path / "bad")])
    assert bad.exit_code == 2 and "--first-number 0" in bad.output


def test_several_tables_at_once_and_sessions_with_breaks(tmp_path: Path) -> None:
    """Issue 27: 5,000 hands were one table and one 76-hour session. 2,000 hands on 4 tables:
    the tables' hands interleave in time (the 4 files overlap), the numbers rise with the
    start times, a gap of 30 minutes or more (a report's session gap) comes between sessions
    of at most 4 hours, and many more players than one table's seats play."""
    from hhtracker.generate import generate_files

    out = tmp_path / "hh"
    generate_files(out, hands=2000, seed=3, players=40, tables=4)
    starts = _starts(out)
    assert len(starts) == 2000
    # interleaved: each table's first and last hands bracket some hands of every other table
    spans = {t: (min(w for tt, w in starts if tt == t), max(w for tt, w in starts if tt == t)) for t, _ in starts}
    assert len(spans) == 4 and all(a[0] < b[1] and b[0] < a[1] for a in spans.values() for b in spans.values())
    sessions = [[starts[0][1]]]
    for (_, before), (_, after) in zip(starts, starts[1:]):
        if (after - before).total_seconds() >= 30 * 60:
            sessions.append([])
        sessions[-1].append(after)
    assert len(sessions) >= 3
    assert all((s[-1] - s[0]).total_seconds() <= 4 * 3600 + 110 for s in sessions)
    text = "".join(f.read_text(encoding="utf-8-sig") for f in out.glob("*.txt"))
    import re

    headers = re.findall(r"^PokerStars Game #(\d+):.* - (\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) ET$", text, re.M)
    by_time = [int(n) for n, _ in sorted(headers, key=lambda h: (h[1], int(h[0])))]
    assert len(by_time) == 2000 and by_time == sorted(by_time)

    seated = set(re.findall(r"^Seat \d: (.+?) \(", text, re.M))
    assert len(seated) > 30  # of the pool of 40 and the hero


def test_at_most_a_seed_block_at_once(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["generate", "--hands", "1000001", "--out", str(tmp_path / "big")])
    assert result.exit_code == 2 and "at most 1,000,000 hands at once" in result.output
    assert not (tmp_path / "big").exists() or not any((tmp_path / "big").iterdir())


# ---- 5-Card Draw (issue 25, branch fivecard): five cards, one draw with no marker -----------

def test_5_card_draw_round_trip_with_every_case() -> None:
    # generate_draw.py: the replay (our high evaluator, the draw put in by the parser) gives
    # back the generator's money and winners, and PokerStars' words for each shown hand are
    # read and agree with our evaluator (else a description_mismatch issue)
    from hhtracker.rules.descriptions import read_high_description

    seen = {"Side pot": 0, "and is all-in": 0, "*** SHOW DOWN ***": 0, "stands pat": 0, "discards 5 cards": 0}
    words = 0
    bets = {False: 0, True: 0}  # bets and raises before / after the draw
    for hand in generate_draw_hands(hands=800, seed=55, tables=3):
        parsed = PARSER.parse(RawHand("generated.txt", 1, hand.text))
        assert parsed.game == "5_card_draw"
        replayed = replay(parsed)
        check_round_trip(replayed, hand)
        assert replayed.draws_reached <= 1 and "DRAW ***" not in hand.text
        for key in seen:
            seen[key] += key in hand.text
        words += sum(1 for line in hand.text.split("\n") if ": shows [" in line
                     and read_high_description(line[line.rindex("(") + 1:-1]) is not None)
        # fixed limit $0.25/$0.50: the bet after the one draw is the big bet (BARGE "Five Card
        # Draw": the round after the draw "at the big bet limit"), before it the small bet
        lines = hand.text.split("\n")
        drew = next((i for i, line in enumerate(lines) if ": discards " in line or ": stands pat" in line), len(lines))
        for i, line in enumerate(lines):
            if (": bets $" in line or ": raises $" in line) and "all-in" not in line:
                bets[i > drew] += 1
                assert (": bets $0.50" in line or ": raises $0.50 to" in line) if i > drew else ": raises $0.25 to" in line, line
    assert all(count >= 3 for count in seen.values()), seen
    assert words >= 100 and min(bets.values()) >= 20, (words, bets)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), tables=st.integers(1, 3), tournament=st.booleans())
def test_5_card_draw_round_trip_many_seeds(seed: int, tables: int, tournament: bool) -> None:
    for hand in generate_draw_hands(hands=30, seed=seed, tables=tables, tournament=tournament):
        parsed = PARSER.parse(RawHand("generated.txt", 1, hand.text))
        check_round_trip(replay(parsed), hand)


def test_a5_triple_draw_and_5_card_draw_from_the_command(tmp_path: Path) -> None:
    # generated in their records' formats (KingsClub, PokerStars), numbers of their own, and
    # imported with no issue next to each other
    runner = CliRunner()
    db = tmp_path / "g.db"
    for game, site_file in (("a5_triple_draw", "KingsClub Generated 1 - Limit A-5 Triple Draw 10-20.txt"),
                            ("5_card_draw", "HH Generated 1 - $0.25-$0.50 - USD 5 Card Draw Limit.txt")):
        out = tmp_path / game
        result = runner.invoke(app, ["generate", "--game", game, "--hands", "40", "--seed", "1", "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert [p.name for p in out.iterdir()] == [site_file]
        imported = runner.invoke(app, ["import", "--db", str(db), "--json", str(out)])
        assert '"hands_new": 40' in imported.stdout and '"hands_with_warnings": 0' in imported.stdout, imported.stdout
    refused = runner.invoke(app, ["generate", "--game", "a5_triple_draw", "--tournament", "--out", str(tmp_path / "t")])
    assert refused.exit_code != 0 and not (tmp_path / "t").exists()


def test_the_games_number_blocks_never_overlap() -> None:
    # each game's numbers run from its base over SEED_SLOTS blocks of SEED_BLOCK (first_number):
    # two games' ranges must not meet, or sets of the two games (both PokerStars: 5-Card Draw,
    # 2-7 Single Draw) share hand numbers. (5-Card Draw at 700e9 met 2-7 Single Draw's 710e9.)
    from hhtracker.generate import FIRST_NUMBER_BASE, SEED_BLOCK, SEED_SLOTS, first_number

    ranges = sorted((base, base + SEED_SLOTS * SEED_BLOCK) for base in FIRST_NUMBER_BASE.values())
    assert all(end <= next_start for (_, end), (next_start, _) in zip(ranges, ranges[1:])), ranges
    assert all(first_number(game, SEED_SLOTS - 1) + SEED_BLOCK <= 10**15 for game in FIRST_NUMBER_BASE)
