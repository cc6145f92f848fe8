"""Every figure and word right (issue 27): filters and names (item 7), notes and tags
(item 8), and the words of the commands. The hands are tests/data/leak_hands/hands.txt
(five six-handed hands worked out by hand in tests/stats/test_leaks.py): Hero is UTG in
hands 1, 4 and 5, HJ in hand 2, CO in hand 3; Deb is dealt in all five."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app

from tests.common import CORPUS, DATA, STARS_8GAME, STARS_CASH, STARS_SNG

runner = CliRunner()
HANDS = DATA / "leak_hands" / "hands.txt"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "t.db"
    assert api.import_paths([HANDS], path).hands_new == 5
    return path


def run(*args: object) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# --- item 7: filters and names ---------------------------------------------------------------


def test_a_filter_that_matches_nothing_says_so(db: Path) -> None:
    code, out = run("player", "Deb", "--min-hands", "10", "--db", db)
    assert code == 2 and "Deb has 5 hands; none match --min-hands 10" in out
    code, out = run("player", "Hero", "--position", "blinds", "--db", db)
    assert code == 2 and "Hero has 5 hands; none match --position blinds" in out
    code, out = run("player", "Nobody", "--db", db)
    assert code == 2 and "no hands of a player named 'Nobody'" in out


def test_names_match_ignoring_case_when_one_player_fits(db: Path) -> None:
    code, out = run("player", "deb", "--json", "--db", db)
    assert code == 0 and json.loads(out)["player"] == "Deb" and json.loads(out)["results"]["hands"] == 5


@pytest.mark.parametrize(("group", "hands"), [("early", 3), ("middle", 1), ("late", 1)])
def test_position_groups(db: Path, group: str, hands: int) -> None:
    # early: UTG (hands 1, 4, 5; six-handed there is no UTG+1 or UTG+2); middle: HJ (hand 2);
    # late: CO (hand 3)
    code, out = run("player", "Hero", "--position", group, "--json", "--db", db)
    assert code == 0, out
    assert json.loads(out)["results"]["hands"] == hands


def test_tournaments_min_hands() -> None:
    if not (CORPUS / STARS_SNG).is_file():
        pytest.skip(f"the real corpus is not beside the repo ({CORPUS} missing)")
    text = (CORPUS / STARS_SNG).read_text(encoding="utf-8-sig")
    # his hands in the one SNG: the hands whose text deals him cards
    dealt = sum("Dealt to Player5 " in hand for hand in re.split(r"(?m)^(?=PokerStars )", text))
    db = Path(pytest.importorskip("tempfile").mkdtemp()) / "t.db"
    api.import_paths([CORPUS / STARS_SNG], db)
    found = json.loads(run("tournaments", "--hero", "Player5", "--min-hands", dealt, "--json", "--db", db)[1])
    assert [r["hands"] for r in found] == [dealt]
    code, out = run("tournaments", "--hero", "Player5", "--min-hands", dealt + 1, "--json", "--db", db)
    assert json.loads(out) == []
    code, out = run("tournaments", "--hero", "Player5", "--min-hands", dealt + 1, "--db", db)
    assert f"no tournament hands of the hero match --min-hands {dealt + 1}" in out


# --- item 8: notes and tags --------------------------------------------------------------------


def test_notes_listed_edited_and_deleted(db: Path) -> None:
    assert run("note", "deb", "limps weak draws", "--db", db) == (0, "note added on Deb\n")
    assert run("note", "Deb", "snows once an hour", "--db", db)[0] == 0
    code, out = run("note", "Deb", "--list", "--db", db)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert lines[0].startswith("2. ") and lines[0].endswith(" UTC: snows once an hour")
    assert lines[1].startswith("1. ") and lines[1].endswith(" UTC: limps weak draws")
    assert run("note", "Deb", "--edit", "1", "limps any three cards", "--db", db)[1] == "note 1 on Deb replaced\n"
    assert run("note", "Deb", "--delete", "2", "--db", db)[1] == "note 2 on Deb deleted\n"
    out = run("note", "Deb", "--list", "--db", db)[1]
    assert out.splitlines()[0].endswith(" UTC: limps any three cards") and len(out.splitlines()) == 1
    code, out = run("note", "Deb", "--delete", "2", "--db", db)
    assert code == 2 and "Deb has no note number 2" in out
    assert api.player_marks(db, "Deb")[0] == ("limps any three cards",)


def test_a_name_no_hand_has_is_refused_unless_forced(db: Path) -> None:
    code, out = run("note", "Dbe", "x", "--db", db)
    assert code == 2 and "no hands of a player named 'Dbe'" in out and "did you mean 'Deb'" in out
    code, out = run("tag", "Evee", "fish", "--db", db)
    assert code == 2 and "did you mean 'Eve'" in out and "--force" in out
    assert api.player_marks(db, "Dbe") == ((), ()) and api.player_marks(db, "Evee") == ((), ())
    assert run("tag", "Evee", "fish", "--force", "--db", db) == (0, "Evee tagged 'fish'\n")
    assert run("tag", "Evee", "--list", "--db", db)[1] == "tags on Evee: fish\n"
    assert run("tag", "Ann", "--list", "--db", db)[1] == "no tags on Ann\n"


def test_hero_add_takes_only_the_sites_there_are(db: Path) -> None:
    code, out = run("hero", "add", "Hero", "--site", "pokerstar", "--db", db)
    assert code == 2 and "pokerstars" in out
    assert api.hero_list(db) == []  # nothing stored for a site that does not exist
    assert run("hero", "add", "Hero", "--site", "pokerstars", "--db", db) == (0, "Hero on pokerstars: added\n")
    assert api.hero_list(db) == [("pokerstars", "Hero")]


# --- item 9: what validate and reprocess say -------------------------------------------------

OTHER_GAMES = """\
PokerStars Hand #77000000001:  Razz Limit ($0.10/$0.20 USD) - 2013/06/01 20:00:00 ET
Table 'Razzle' 8-max
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($5 in chips)

PokerStars Hand #77000000002:  Hold'em Limit ($0.10/$0.20 USD) - 2013/06/01 20:01:00 ET
Table 'Holdy' 9-max Seat #1 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($5 in chips)
"""


def test_validate_json_is_one_object_with_the_skipped_counts(tmp_path: Path) -> None:
    """Issue 27 item 9: a file of only other games prints the counts, not `[]` nor a bare
    list. OTHER_GAMES: one Razz hand (line 1), one Hold'em hand (line 6), nothing else."""
    path = tmp_path / "others.txt"
    path.write_text(OTHER_GAMES, encoding="utf-8")
    result = runner.invoke(app, ["validate", "--json", str(path)])
    assert result.exit_code == 0, result.output
    checked = json.loads(result.stdout)
    assert {key: value for key, value in checked.items() if key != "hands"} == {
        "files": 1, "hands_checked": 0, "hands_ok": 0, "hands_with_warnings": 0, "hands_with_errors": 0,
        "hands_unsupported": 2, "unsupported_games": {"Hold'em Limit": 1, "Razz Limit": 1},
        "skipped_sites": {}, "tournament_summaries": 0, "file_problems": []}
    assert [(r["hand_id"], r["status"], r["game"], r["line"]) for r in checked["hands"]] == [
        ("77000000001", "skipped", "Razz Limit", 1), ("77000000002", "skipped", "Hold'em Limit", 6)]
    assert "0 hands checked" in result.stderr and "2 skipped" in result.stderr
    assert "not read" not in result.stderr  # no other-site files among them


def test_validate_json_counts_a_real_folder(corpus: Path) -> None:
    """The PokerStars 8-Game file of the corpus (its 2-7 Triple Draw hands read, the seven
    other games skipped): its counts by game are those of its headers, counted here with
    a regex, and the checked hands are the others."""
    path = corpus / STARS_8GAME
    headers = re.findall(r"^PokerStars Home Game Hand #\d+: .* 8-Game \((.+?)\) - Match", path.read_text(encoding="utf-8-sig"),
                         re.MULTILINE)
    read = {"Triple Draw 2-7 Lowball Limit"}
    expected = Counter(game for game in headers if game not in read)
    result = runner.invoke(app, ["validate", "--json", str(path)])
    assert result.exit_code == 0, result.output
    checked = json.loads(result.stdout)
    assert checked["unsupported_games"] == dict(expected) and checked["hands_unsupported"] == sum(expected.values())
    assert checked["hands_checked"] == len(headers) - sum(expected.values()) > 0
    assert checked["hands_ok"] + checked["hands_with_warnings"] + checked["hands_with_errors"] == checked["hands_checked"]
    assert len(checked["hands"]) == len(headers)


# --- item 5: one format -------------------------------------------------------------------------


def test_a_one_hand_profile_is_not_rows_of_nothing(db: Path) -> None:
    # hand 2, Hero in the HJ: Eve folded before him, he folded (no draw, no bet after it)
    code, out = run("player", "Hero", "--position", "HJ", "--db", db)
    assert code == 0, out
    assert "Hero (pokerstars, 1 hand, Badugi)" in out and "Net, cash (1 hand)" in out
    for section, count in (("After the draws (betting)", 22), ("The draws", 19), ("Showdown", 3)):
        line = next(line for line in out.splitlines() if section in line)
        assert f"no opportunity in these hands: - (0/0) for its {count} statistics" in line, line
    # pre-draw: VPIP and PFR 0 of 1, the other six without an opportunity (before: 75 such rows)
    assert sum("- (0/0)" in line for line in out.splitlines()) == 6 + 3 + 1  # + the 3 sections, draw luck
    assert "0.0% (0/1) [0-79%]" in out


def test_results_carry_their_sign(db: Path) -> None:
    # hand 1: Hero won Eve's $0.50 blind, $0.50 call and the bets: his net is positive
    code, out = run("player", "Hero", "--db", db)
    biggest = re.search(r"Biggest win\s*│\s*(\S+)", out)
    assert biggest is not None and biggest.group(1).startswith("+$"), out
    code, out = run("players", "--db", db)
    nets = re.findall(r"│\s*([+-]?\$[\d,.]+)\s*│", out)
    assert nets and all(n.startswith(("+", "-")) or n == "$0.00" for n in nets), nets


def test_report_prints_no_table_of_headers_only_and_counts_in_words(db: Path) -> None:
    code, out = run("report", "--hero", "Hero", "--db", db)
    assert code == 0, out
    assert "Draw decisions: 0 of " in out and "better keep" not in out  # no empty table
    code, out = run("leaks", "--hero", "Hero", "--position", "CO", "--db", db)
    assert "(1 hand)" in out and "(1 hands)" not in out


def test_reads_name_the_classes_in_words(db: Path) -> None:
    from hhtracker.report.insight_render import group_figures

    (read,) = api.player_reads(db, "Hero", min_hands=1)
    raised = next(g for g in read.groups if g.label == "raised first in, UTG")
    # hands 1, 4, 5: 5-4-3-2 (7-high or better), K-9-8 three cards, K-Q-J-5 (K-high)
    assert group_figures(raised)[2] == "badugi 7-high or better 1, badugi K-high 1, 3-card hand 1"


# --- item 6: a date range in its own words ----------------------------------------------------


def test_a_date_range_is_not_called_a_session(db: Path) -> None:
    import datetime as dt

    from hhtracker.report.render import duration

    # 141,702 h 41 min = 5,904 days 6 h 41 min (141,702 = 24 x 5,904 + 6)
    assert duration(dt.timedelta(hours=141702, minutes=41)) == "5,904 days 6 h"
    assert duration(dt.timedelta(hours=47, minutes=59)) == "47 h 59 min"
    assert duration(dt.timedelta(hours=48)) == "2 days 0 h"
    # the hands were dealt from 2021/04/01 20:00 ET, 2021-04-02 00:00 UTC
    code, out = run("report", "--hero", "Hero", "--from", "2021-04-01", "--to", "2021-04-02", "--db", db)
    assert code == 0, out
    assert "Hands from a date range" in out and "Statistics: these hands beside lifetime" in out
    assert "this session" not in out
    code, out = run("report", "--hero", "Hero", "--db", db)
    assert "Statistics: this session beside lifetime" in out


def test_messages_give_money_as_money(tmp_path: Path) -> None:
    """Issue 27: "the summary says 360 won" gave cents. Hand 4 with its summary changed to
    "collected ($3.60)": he took the $1.25 pot."""
    text = HANDS.read_text(encoding="utf-8")
    hands = re.split(r"\n\n+(?=PokerStars )", text)
    hand = next(h for h in hands if "#93000000004" in h)
    path = tmp_path / "one.txt"
    path.write_text(hand.replace("Seat 1: Hero collected ($1.25)", "Seat 1: Hero collected ($3.60)"), encoding="utf-8")
    (result,) = api.validate_paths([path]).hands
    (problem,) = result.issues
    assert problem.message == "Hero: the summary says $3.60 won, but he collected $1.25 from the pots"


def test_sessions_take_the_filters_of_players(tmp_path: Path) -> None:
    """Cash hands (seed 1) and tournament hands (seed 2) of the generated Hero in one
    database: sessions --game-type makes sessions of one kind only; the hands of each kind
    are counted from the files' headers."""
    from hhtracker.generate import generate_files

    cash = generate_files(tmp_path / "cash", hands=120, seed=1, tables=2)
    chips = generate_files(tmp_path / "chips", hands=80, seed=2, tables=1, tournament=True,
                           start=__import__("datetime").datetime(2026, 11, 1, 13, 0))
    db = tmp_path / "s.db"
    api.import_paths([*cash, *chips], db)

    def headers(files: list[Path], pattern: str) -> int:
        return sum(len(re.findall(pattern, f.read_text(encoding="utf-8-sig"), re.M)) for f in files)

    counts = {"cash": headers(cash, r"^PokerStars Game #\d+:  Badugi Limit \(\$"),
              "tournament": headers(chips, r"^PokerStars Game #\d+: Tournament #")}
    assert counts == {"cash": 120, "tournament": 80}
    everything = json.loads(run("sessions", "--hero", "Hero", "--json", "--db", db)[1])
    assert sum(s["hands"] for s in everything) == 200
    for kind, hands in counts.items():
        found = json.loads(run("sessions", "--hero", "Hero", "--game-type", kind, "--json", "--db", db)[1])
        assert sum(s["hands"] for s in found) == hands, kind
        assert all(m["currency"] == ("chips" if kind == "tournament" else "USD") for s in found for m in s["net_by_currency"])
    code, out = run("sessions", "--hero", "Hero", "--site", "kingsclub", "--db", db)
    assert code == 0 and out == "no hands of the hero match --site kingsclub\n"


# --- issue 25, item 3: `player NAME` never adds games together -----------------------------------

STARS_27TD = CORPUS.parent / "corpus-draw" / "PokerStars__27TD_FL_cash_200911.txt"


def _hands_with_seat(path: Path, name: str) -> int:
    text = path.read_text(encoding="utf-8-sig")
    hands = re.split(r"(?m)^(?=PokerStars (?:Game|Hand) #)", text)
    return sum(1 for h in hands if re.search(rf"(?m)^Seat \d+: {re.escape(name)} \(", h))


def test_player_gives_one_profile_per_game(tmp_path: Path) -> None:
    if not (CORPUS / STARS_CASH).is_file() or not STARS_27TD.is_file():
        pytest.skip(f"the real corpus is not beside the repo ({CORPUS} missing)")
    db = tmp_path / "g.db"
    api.import_paths([CORPUS / STARS_CASH, STARS_27TD], db)
    badugi, deuce = _hands_with_seat(CORPUS / STARS_CASH, "Hero"), _hands_with_seat(STARS_27TD, "Hero")
    assert (badugi, deuce) == (4, 17)  # counted in the files: Hero sits in every hand of both
    code, out = run("player", "Hero", "--site", "pokerstars", "--db", db)
    assert code == 0, out
    assert f"Hero (pokerstars, {badugi} hands, Badugi)" in out
    assert f"Hero (pokerstars, {deuce} hands, 2-7 Triple Draw)" in out
    assert f"{badugi + deuce} hands" not in out  # never the two games added together
    assert "Break a badugi, all draws" in out and "Break a made 2-7 low, all draws" in out
    code, out = run("player", "Hero", "--site", "pokerstars", "--game", "all", "--db", db)
    assert f"Hero (pokerstars, {badugi + deuce} hands)" in out  # asked for: every game together
    code, out = run("player", "Hero", "--site", "pokerstars", "--json", "--db", db)
    assert code == 2 and "give --game for one JSON profile" in out
    code, out = run("player", "Hero", "--site", "pokerstars", "--json", "--game", "27_triple_draw", "--db", db)
    assert code == 0 and json.loads(out)["results"]["hands"] == deuce


def test_snow_names_one_statistic_and_labels_are_one_per_key() -> None:
    from hhtracker.report.labels import STAT_LABELS, STAT_SECTIONS, stat_label

    # "snow" is snow_known (and its draws) only; snow_shown is said another way
    snowy = {key for key in STAT_LABELS if "snow" in stat_label(key, "badugi").lower()}
    assert snowy == {"snow_known", "snow_known_d1", "snow_known_d2", "snow_known_d3"}
    # the report's labels are the profile's, word for word (a report may mix games: "a made hand")
    for _, rows in STAT_SECTIONS:
        for key, label in rows:
            assert label == stat_label(key), key
    assert len({stat_label(k, "badugi") for k in STAT_LABELS}) == len(STAT_LABELS)  # one meaning per label


def test_a_date_range_lasts_its_sessions_not_its_span(tmp_path: Path) -> None:
    # tests/data/report_hands: Mira's hands start (ET, UTC-5) 20:00:00, 20:00:40, 20:02, 20:03,
    # 20:04, 20:34 (a 30-minute gap stays in the session: 34 min), then 21:04:01 (30 min 1 s
    # later: a new session) and 21:06:00 (1 min 59 s). The range's span is 1 h 06 min; the
    # time at the tables 34 min + 1 min 59 s = 2,159 s.
    db = tmp_path / "r.db"
    folder = DATA / "report_hands"
    api.import_paths([folder / "alpha.txt", folder / "beta.txt", folder / "warning.txt"], db)
    code, out = run("report", "--from", "2021-03-02", "--to", "2021-03-02", "--db", db)
    assert code == 0, out
    assert "(2 sessions, 35 min played)" in out and "1 h 06 min" not in out
    code, out = run("report", "--from", "2021-03-02", "--to", "2021-03-02", "--json", "--db", db)
    assert json.loads(out)["played"] == {"sessions": 2, "seconds": 34 * 60 + 119}
    code, out = run("report", "--session", "1", "--db", db)
    assert "(34 min)" in out


# --- item 9: a duplicate hand number with another text is said -----------------------------------


def test_a_duplicate_whose_text_differs_is_reported(db: Path, tmp_path: Path) -> None:
    text = HANDS.read_text(encoding="utf-8")
    assert text.startswith("PokerStars Game #93000000001") and text.count("Seat 1: Hero ($20 in chips)") == 1
    changed = tmp_path / "changed.txt"  # hand 1 (line 1) with Hero's stack changed: same number, another text
    changed.write_text(text.replace("Seat 1: Hero ($20 in chips)", "Seat 1: Hero ($21 in chips)"), encoding="utf-8")
    same = tmp_path / "same.txt"  # the same hands with other line ends: not a difference
    same.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    result = runner.invoke(app, ["import", str(changed), "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert (f"{changed}:1: warning [duplicate_differs] hand 93000000001 is stored already from {HANDS}:1 "
            "with a different text") in result.stderr
    assert "1 duplicate with a text that differs" in result.stdout and "5 duplicates" in result.stdout
    summary = json.loads(runner.invoke(app, ["import", str(changed), "--db", str(db), "--json"]).stdout)
    assert [(p["line"], p["hand_id"], p["code"]) for p in summary["problems"]] == [(1, "93000000001", "duplicate_differs")]
    result = runner.invoke(app, ["import", str(same), "--db", str(db)])
    assert "duplicate_differs" not in result.output and "5 duplicates" in result.stdout


def test_report_takes_the_filters_of_players(tmp_path: Path) -> None:
    # item 7: Hero's 4 Badugi cash hands (2010) and 17 2-7 Triple Draw cash hands (2009), each
    # counted in its file; the report of one game is made of that game's hands only
    if not (CORPUS / STARS_CASH).is_file() or not STARS_27TD.is_file():
        pytest.skip(f"the real corpus is not beside the repo ({CORPUS} missing)")
    db = tmp_path / "g.db"
    api.import_paths([CORPUS / STARS_CASH, STARS_27TD], db)
    badugi, deuce = _hands_with_seat(CORPUS / STARS_CASH, "Hero"), _hands_with_seat(STARS_27TD, "Hero")
    for game, hands in (("badugi", badugi), ("27_triple_draw", deuce)):
        code, out = run("report", "--hero", "Hero", "--game", game, "--json", "--db", db)
        assert code == 0, out
        assert json.loads(out)["hands"] == hands, game
    code, out = run("report", "--hero", "Hero", "--from", "2009-01-01", "--to", "2011-12-31", "--game", "badugi",
                    "--json", "--db", db)
    assert json.loads(out)["hands"] == badugi  # a date range over both games, one game's hands
    code, out = run("report", "--hero", "Hero", "--site", "merge", "--db", db)
    assert code == 2 and "no hands of Hero match --site merge" in out


def _made_27_low(cards: list[str]) -> bool:
    """A made 2-7 low worked out here: five ranks, no straight (the ace high only: A-2-3-4-5
    is no straight), not one suit."""
    values = sorted("23456789TJQKA".index(c[0]) for c in cards)
    straight = values == list(range(values[0], values[0] + 5))
    return len(set(values)) == 5 and not straight and len({c[1] for c in cards}) > 1


def test_27_triple_draw_reads_count_made_lows(tmp_path: Path) -> None:
    # issue 25: reads by draw pattern per game. Hero's final cards in each hand of the file:
    # the last "Dealt to Hero [..] [..]" line (his cards after his last draw, folded or not)
    if not STARS_27TD.is_file():
        pytest.skip(f"the real corpus is not beside the repo ({STARS_27TD} missing)")
    text = STARS_27TD.read_text(encoding="utf-8-sig")
    hands = [h for h in re.split(r"(?m)^(?=PokerStars (?:Game|Hand) #)", text) if "Dealt to Hero" in h]
    finals = [re.findall(r"(?m)^Dealt to Hero (.*)$", h)[-1] for h in hands]
    finals = [re.findall(r"[2-9TJQKA][cdhs]", line) for line in finals]
    made = sum(_made_27_low(cards) for cards in finals)
    assert (len(finals), made) == (17, 12)  # checked by hand: 5 of the 17 hold a pair
    db = tmp_path / "d.db"
    api.import_paths([STARS_27TD], db)
    (read,) = api.player_reads(db, "Hero", api.Filters(game="27_triple_draw"), min_hands=1)
    patterns = [g for g in read.groups if g.grouping == "draw pattern"]
    assert read.hands_known == sum(g.hands for g in patterns) == 17
    assert sum(g.badugis for g in patterns) == made  # "badugis" counts the game's made hand
    code, out = run("player", "Hero", "--reads", "--game", "27_triple_draw", "--db", db)
    assert code == 0 and "Reads: Hero on pokerstars, 2-7 Triple Draw, 17 hands" in out and "made lows" in out


def test_no_table_of_headers_only_when_nothing_matches(tmp_path: Path) -> None:
    # players with a --min-hands nobody reaches, leaks of a hero without a Badugi hand: a
    # line that says so (before: tables of headers, or of "- (0/0) no hands" rows)
    if not STARS_27TD.is_file():
        pytest.skip(f"the real corpus is not beside the repo ({STARS_27TD} missing)")
    db = tmp_path / "d.db"
    api.import_paths([STARS_27TD], db)
    code, out = run("players", "--min-hands", 1000, "--db", db)
    assert code == 0 and out.strip() == "no player of 2-7 Triple Draw matches --min-hands 1,000"
    code, out = run("leaks", "--hero", "Hero", "--db", db)
    assert code == 0 and "no Badugi hand to read" in out and "(0/0)" not in out and "┏" not in out
    assert "17 2-7 Triple Draw hands not read" in out  # Hero sits in all 17 hands of the file


def test_a_name_on_several_sites_is_told_apart_in_players(tmp_path: Path) -> None:
    # 'Hero' on PokerStars and KingsClub: two rows, each with its site beside the name (a
    # narrow terminal leaves the site column out, and the rows looked the same)
    kingsclub = CORPUS / "KingsClub__badugi_FL_cash_202010.txt"
    if not (CORPUS / STARS_CASH).is_file() or not kingsclub.is_file():
        pytest.skip(f"the real corpus is not beside the repo ({CORPUS} missing)")
    db = tmp_path / "n.db"
    api.import_paths([CORPUS / STARS_CASH, kingsclub], db)
    result = runner.invoke(app, ["players", "--db", str(db)], env={"COLUMNS": "160"})
    assert "Hero (pokerstars)" in result.stdout and "Hero (kingsclub)" in result.stdout
    assert "buddyboy3399 (" not in result.stdout  # a name on one site only stays as it is


def test_tournaments_name_the_game_in_words(tmp_path: Path) -> None:
    ft = CORPUS.parent / "corpus-draw" / "FullTilt__27TD_FL_STT_201211.txt"
    if not ft.is_file():
        pytest.skip(f"the real corpus is not beside the repo ({ft} missing)")
    db = tmp_path / "t.db"
    api.import_paths([ft], db)
    result = runner.invoke(app, ["tournaments", "--hero", "Hero", "--db", str(db)], env={"COLUMNS": "200"})
    assert "2-7 Triple Draw FL" in result.stdout and "27_triple_draw" not in result.stdout  # (was the stored key)


def test_report_and_sessions_take_position_and_dates(tmp_path: Path) -> None:
    # Player5 on the button in the SNG: the hands whose "Seat #N is the button" is his seat
    # and that deal him cards, counted in the file
    if not (CORPUS / STARS_SNG).is_file():
        pytest.skip(f"the real corpus is not beside the repo ({CORPUS} missing)")
    text = (CORPUS / STARS_SNG).read_text(encoding="utf-8-sig")
    on_button = 0
    for hand in re.split(r"(?m)^(?=PokerStars )", text):
        button = re.search(r"Seat #(\d+) is the button", hand)
        seat = re.search(r"(?m)^Seat (\d+): Player5 \(", hand)
        if button and seat and button.group(1) == seat.group(1) and "Dealt to Player5 " in hand:
            on_button += 1
    db = tmp_path / "s.db"
    api.import_paths([CORPUS / STARS_SNG], db)
    code, out = run("report", "--hero", "Player5", "--position", "BTN", "--json", "--db", db)
    assert code == 0 and json.loads(out)["hands"] == on_button
    code, out = run("sessions", "--hero", "Player5", "--since", "2010-11-13", "--db", db)
    assert code == 0 and "no hands of the hero match --since 2010-11-13" in out  # the SNG was on the 12th


def test_figures_sign_and_separators() -> None:
    from hhtracker.report.players_render import _fmt
    from hhtracker.report.render import signed

    # a positive figure carries +, thousands are separated, a zero has no sign (was +0.00, -0.00)
    assert [signed(v) for v in (4280.0, -1234.5, 0.0, -0.001, 0.004)] == ["+4,280.00", "-1,234.50", "0.00", "0.00", "0.00"]
    assert [_fmt(v) for v in (4280.0, -0.0, None)] == ["+4,280.00", "0.00", "-"]


def test_a_27_report_says_the_games_made_hand(tmp_path: Path) -> None:
    # issue 25, labels per game: the hands to review of a 2-7 Triple Draw session say "made 2-7
    # low" (was "broke a made badugi"); its showdowns are not called "no showdown"
    if not STARS_27TD.is_file():
        pytest.skip(f"the real corpus is not beside the repo ({STARS_27TD} missing)")
    db = tmp_path / "d.db"
    api.import_paths([STARS_27TD], db)
    code, out = run("report", "--hero", "Hero", "--json", "--db", db)
    notes = [n["note"] for n in json.loads(out)["notable"] if n["kind"] in ("snow", "break")]
    assert notes and all("2-7 low" in n and "badugi" not in n for n in notes), notes
    code, out = run("report", "--hero", "Hero", "--db", db)
    # (issue 25, item 4: the report by game gives them their 2-7 classes) the summary's "Hero
    # showed [5c 4c 3d 2s 7c] and won", a 7-low, and three "Hero mucked" ace-high hands, lost
    words = " ".join(out.split())
    assert "no showdown" not in out and "Showdowns by the hero's hand, 2-7 Triple Draw" in words
    assert "7-low or better │ 1 │ 0" in words and "ace-high (no pair) │ 0 │ 3" in words


def test_a_report_is_headed_by_the_sites_of_its_hands(tmp_path: Path) -> None:
    kingsclub = CORPUS / "KingsClub__badugi_FL_cash_202010.txt"
    if not (CORPUS / STARS_CASH).is_file() or not kingsclub.is_file():
        pytest.skip(f"the real corpus is not beside the repo ({CORPUS} missing)")
    db = tmp_path / "n.db"
    api.import_paths([CORPUS / STARS_CASH, kingsclub], db)
    result = runner.invoke(app, ["report", "--hero", "Hero", "--site", "kingsclub", "--db", str(db)],
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    title = result.stdout.splitlines()[0]
    assert "Hero (kingsclub)," in title and "pokerstars" not in title  # (was every site Hero plays on)
