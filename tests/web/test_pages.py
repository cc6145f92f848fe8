"""Every page of `hhtracker serve` and its JSON, over the sample histories (and the real
corpus's PokerStars cash file when it is there): answered, filtered by the query string,
refusing what it cannot read with a 400 page of one line, 404 for what is not there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.common import CORPUS, SAMPLES, STARS_CASH
from tests.web.conftest import client_for, hand_headers

CASH = SAMPLES / "stars_cash_badugi_025_050.txt"
SNG = SAMPLES / "stars_sng_badugi.txt"
A_HAND = "48911200345"  # the cash file's first hand ("PokerStars Game #48911200345: ...")

PAGES = ["/", "/players", "/players?sort=vpip", "/players?name=Hero*", "/players?page=2", "/players/pokerstars/Hero",
         "/players/pokerstars/MarlowK?game_type=cash", "/hands", "/hands?player=MarlowK&showdown=1",
         "/hands?against=MarlowK&saw_draw=2&min_pot=2", "/hands?dominated=1", "/hands?warnings=1",
         f"/hands/pokerstars/{A_HAND}", "/sessions", "/sessions?game_type=cash", "/sessions/1", "/tournaments",
         "/leaks", "/leaks?position=blinds", "/hud", "/static/style.css", "/static/app.js", "/hands/replayer.js",
         "/hands/replayer.css"]


@pytest.mark.parametrize("address", PAGES)
def test_every_page_answers(client, address: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get(address)
    assert response.status_code == 200, response.text[-500:]
    if address.startswith("/static") or address.startswith("/hands/replayer."):
        return
    assert "<h1>" in response.text or "<title>" in response.text
    json_address = "/api/home" if address == "/" else "/api" + address
    if address not in ("/hud",):
        assert client.get(json_address).status_code == 200, json_address


def test_every_page_answers_over_the_real_corpus(corpus_db: Path) -> None:
    client = client_for(corpus_db)
    for address in PAGES:
        assert client.get(address).status_code == 200, address
    # the corpus file's Hero hands are his too: 9 + 5 + 4 hands, counted from the files' first lines
    hero = next(p for p in client.get("/api/players?name=Hero").json()["players"] if p["player"] == "Hero")
    assert hero["results"]["hands"] == hand_headers(CASH) + hand_headers(SNG) + hand_headers(CORPUS / STARS_CASH) == 18


def _hero_hands(client, query: str = "") -> int:  # type: ignore[no-untyped-def]
    players = client.get("/api/players?name=Hero" + query).json()["players"]
    return next(p["results"]["hands"] for p in players if p["player"] == "Hero")


def test_filters_change_the_numbers(client) -> None:  # type: ignore[no-untyped-def]
    # Hero plays every hand of both sample files: the cash file's and the SNG's first lines
    assert _hero_hands(client) == hand_headers(CASH) + hand_headers(SNG) == 14
    assert _hero_hands(client, "&game_type=cash") == hand_headers(CASH) == 9
    assert _hero_hands(client, "&game_type=tournament") == hand_headers(SNG) == 5
    assert _hero_hands(client, "&stakes=0.25/0.50") == 9
    # the SNG's hands are all on 2010-11-12 (its headers' dates), the cash file's on 2010-09-14
    assert _hero_hands(client, "&since=2010-11-01") == 5
    # the HTML page shows the same count: "14" in Hero's row, "9" with the cash filter
    row = re.search(r'><bdi>Hero</bdi></a><small class="site-of-name"> pokerstars</small></td>\s*'
                    r'<td class="col-site">pokerstars</td>\s*<td class="num col-hands">(\d+)</td>',
                    client.get("/players?game_type=cash").text)
    assert row and row.group(1) == "9"
    # sessions: the cash hands make one session, the SNG's another (the files' times, 2 months apart)
    assert len(client.get("/api/sessions").json()["sessions"]) == 2
    assert [s["hands"] for s in client.get("/api/sessions?game_type=cash").json()["sessions"]] == [9]


def test_the_sessions_page_is_paged(client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    # the two sessions (the SNG's, 2010-11-12, newest; the cash file's, 2010-09-14), one a page
    from hhtracker.web import pages

    monkeypatch.setattr(pages, "PER_PAGE", 1)
    first = client.get("/api/sessions").json()
    assert (first["total"], first["page"], first["per_page"]) == (2, 1, 1)
    assert [(s["session"], s["hands"]) for s in first["sessions"]] == [(2, hand_headers(SNG))]
    second = client.get("/api/sessions?page=2").json()
    assert [(s["session"], s["hands"]) for s in second["sessions"]] == [(1, hand_headers(CASH))]
    assert client.get("/api/sessions?page=3").json()["sessions"] == []
    html = client.get("/sessions").text
    assert "page 1 of 2" in html and 'href="/sessions?page=2"' in html and 'href="/sessions/2"' in html
    assert 'href="/sessions/1"' not in html  # (on page 2)
    assert client.get("/sessions?page=0").status_code == 400


def test_the_hand_list_filters(client) -> None:  # type: ignore[no-untyped-def]
    def total(query: str) -> int:
        return int(client.get("/api/hands" + query).json()["total"])

    assert total("") == 14  # the hero's hands (the name dealt cards)
    assert total("?game_type=cash") == 9
    # showdown only: the hands where Hero shows or mucks at showdown, from the files' text
    shown = sum(text.count("\nHero: shows") + text.count("\nHero: mucks")
                for text in (CASH.read_text(encoding="utf-8-sig"), SNG.read_text(encoding="utf-8-sig")))
    assert total("?showdown=1") == shown == 5
    assert total("?player=Hero&showdown=1") == 5
    # MarlowK is dealt in every cash hand (seat 6 of each header's table): against him, 9
    assert total("?against=MarlowK") == 9
    assert total("?player=MarlowK") == 9
    # a name no player has: said (404), not an empty list (the tester's trial, item 5: tests/web/test_name_lookup.py)
    nobody = client.get("/api/hands?player=Nobody")
    assert nobody.status_code == 404 and "no such player" in nobody.json()["error"]
    # a hand row links to its replayer
    page = client.get("/hands?game_type=cash").text
    assert f'href="/hands/pokerstars/{A_HAND}"' in page


def test_the_hand_list_is_paginated(client) -> None:  # type: ignore[no-untyped-def]
    from hhtracker.web import pages

    first = client.get("/api/hands").json()
    assert first["total"] == 14 and len(first["hands"]) == min(14, pages.PER_PAGE)
    numbers = [h["site_hand_id"] for h in first["hands"]]
    times = [h["start_time"] for h in first["hands"]]
    assert times == sorted(times, reverse=True)  # newest first
    assert client.get("/api/hands?page=2").json()["hands"] == []
    assert len(set(numbers)) == 14


@pytest.mark.parametrize(("address", "said"), [
    ("/players?site=stars", "site='stars' is not one of"),
    ("/players?since=2010-13-01", "since='2010-13-01' is not a day written YYYY-MM-DD"),
    ("/players?since=2010-10-01&until=2010-09-01", "since=2010-10-01 is after until=2010-09-01"),
    ("/players?stakes=big", "stakes 'big'"),
    ("/players?sort=luck", "sort='luck' is not one of"),
    ("/players?page=0", "page=0: it must be from 1"),
    ("/players?min_hands=many", "min_hands='many': a whole number is needed"),
    ("/players?colour=red", "this page takes no parameter 'colour'"),
    ("/hands?saw_draw=4", "saw_draw=4: it must be from 1 to 3"),
    ("/hands?showdown=yes", "showdown='yes': give 1"),
    ("/sessions?position=BTN", "this page takes no parameter 'position'"),
    ("/sessions/x", "session='x': a whole number is needed"),
    ("/api/players?game=poker", "game='poker' is not one of"),
])
def test_a_bad_filter_is_a_400_page_with_its_message(client, address: str, said: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get(address)
    assert response.status_code == 400
    text = response.text.replace("&#39;", "'")
    assert said in text, text[-400:]
    assert "Traceback" not in text


@pytest.mark.parametrize("address", ["/players/pokerstars/Nobody", "/players/stars/Hero", "/hands/pokerstars/1",
                                     "/hands/fulltilt/" + A_HAND, "/sessions/99", "/no-such-page",
                                     "/api/players/pokerstars/Nobody", "/api/hands/pokerstars/1"])
def test_what_is_not_there_is_a_404(client, address: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get(address)
    assert response.status_code == 404
    if address.startswith("/api/"):  # the JSON's error: {"error": "..."} (tests/web/test_odd_requests.py)
        assert response.json()["error"].startswith("no ")
    else:
        assert 'class="error"' in response.text


def test_the_profile_shows_every_statistic_with_its_sample_and_interval(client) -> None:  # type: ignore[no-untyped-def]
    from hhtracker import api
    from hhtracker.web.render import words

    page = client.get("/players/pokerstars/Hero?game_type=cash").text
    for label in api.PROFILE_LABELS.values():
        assert f'<td class="wrap">{label}</td>'.replace("&", "&amp;").replace("'", "&#39;") in page, label
    data = client.get("/api/players/pokerstars/Hero?game_type=cash").json()
    vpip = data["profiles"][0]["stats"]["vpip"]
    assert vpip["opportunities"] == 9  # one chance to put money in per hand dealt
    shown = api.format_ratio(vpip["done"], vpip["opportunities"])
    assert re.search(r"\[\d+-\d+%\]$", shown)  # under 100 opportunities: the interval
    assert str(words(shown)) in page  # (word by word: it wraps at its spaces on a phone)
    # the by-position results add up to his hands
    assert sum(g["hands"] for g in data["by_position"]) == 9
    assert sum(g["hands"] for g in data["by_stakes"]) == 9
    assert data["curve"][-1]["hand"] == 9


def test_the_replayer_is_served_without_inline_script_or_style(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get(f"/hands/pokerstars/{A_HAND}").text
    assert '<script src="/hands/replayer.js"></script>' in page
    assert '<link rel="stylesheet" href="/hands/replayer.css">' in page
    assert re.search(r"<script>", page) is None and "<style" not in page and " style=" not in page
    assert 'http-equiv="Content-Security-Policy"' not in page
    assert 'type="application/json" id="hand-data"' in page
    assert "getElementById" in client.get("/hands/replayer.js").text
    assert "#felt" in client.get("/hands/replayer.css").text


def test_the_app_pages_hold_no_inline_script_or_style(client) -> None:  # type: ignore[no-untyped-def]
    for address in ("/", "/players", "/players/pokerstars/Hero", "/hands", "/sessions", "/sessions/1",
                    "/tournaments", "/leaks"):
        page = client.get(address).text
        assert "<style" not in page and " style=" not in page, address
        assert all('src="/static/' in tag for tag in re.findall(r"<script[^>]*>", page)), address
        assert not re.search(r"<[^>]+\son[a-z]+=", page), address  # no onclick=...


def test_players_of_several_games_are_shown_one_game_at_a_time(tmp_path: Path) -> None:
    from hhtracker import api

    generated = tmp_path / "badacey"
    api.generate(generated, hands=20, seed=5, players=6, game="badacey")
    db = tmp_path / "games.db"
    api.import_paths([SAMPLES, generated], db)
    client = client_for(db)
    shown = client.get("/api/players").json()
    assert shown["game"] == "badugi" and "2 games (Badugi, Badacey)" in shown["note"]
    badugi_names = {p["player"] for p in shown["players"]}
    assert "Hero" in badugi_names  # the samples' hero plays Badugi only
    badacey = client.get("/api/players?game=badacey").json()
    assert badacey["note"] is None
    # every generated table's seats (KingsClub's "Seat N: NAME (" lines) are Badacey players
    seated = {line.split(": ", 1)[1].rsplit(" (", 1)[0] for f in generated.iterdir()
              for line in f.read_text(encoding="utf-8").splitlines() if line.startswith("Seat ") and " (" in line}
    assert {p["player"] for p in badacey["players"]} == seated
    together = client.get("/api/players?game=all").json()
    # a player is a name on one site: Badugi is PokerStars' here, Badacey KingsClub's, so none is in both
    assert {p["site"] for p in shown["players"]} == {"pokerstars"} and {p["site"] for p in badacey["players"]} == {"kingsclub"}
    assert together["total"] == shown["total"] + badacey["total"]
    assert "of 2 games" in client.get("/players").text


def test_an_import_while_serving_is_seen_by_the_next_page(tmp_path: Path) -> None:
    from hhtracker import api

    db = tmp_path / "growing.db"
    api.import_paths([CASH], db)
    client = client_for(db)
    assert len(client.get("/api/sessions").json()["sessions"]) == 1
    assert client.get("/api/home").json()["latest_session"]["hands"] == hand_headers(CASH)
    api.import_paths([SNG], db)  # (the answers kept for the database as it was are not used again)
    assert len(client.get("/api/sessions").json()["sessions"]) == 2
    assert client.get("/api/home").json()["latest_session"]["hands"] == hand_headers(SNG)


def test_the_json_is_the_commands_json(client, web_db: Path) -> None:  # type: ignore[no-untyped-def]
    import json

    from typer.testing import CliRunner

    from hhtracker.cli import app

    def command(*args: str) -> object:
        done = CliRunner().invoke(app, [*args, "--db", str(web_db), "--json"])
        assert done.exit_code == 0, done.output
        return json.loads(done.output)

    profile = client.get("/api/players/pokerstars/Hero?game=badugi").json()["profiles"][0]
    assert {k: v for k, v in profile.items() if k != "game"} == command("player", "Hero", "--game", "badugi")
    sessions = command("sessions")
    assert client.get("/api/sessions").json()["sessions"] == [{k: v for k, v in s.items() if k != "hero"} for s in sessions]
    assert client.get("/api/sessions/1").json() == command("report", "--session", "1")
    assert client.get("/api/tournaments").json()["tournaments"] == command("tournaments")
    leaks = command("leaks")
    assert client.get("/api/leaks").json() == leaks
    assert client.get(f"/api/hands/pokerstars/{A_HAND}").json() == command("hand", A_HAND)


def test_the_first_views_are_read_at_start(web_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from hhtracker import api

    leaks_read: list[object] = []  # the leaks are not read at start: their first view reads a few summary rows (m014)
    monkeypatch.setattr(api, "leaks", lambda *args, **kwargs: leaks_read.append(args))
    with client_for(web_db) as client:  # (as a server: its start-up runs)
        for thread in threading.enumerate():
            if thread.name == "warm-up":
                thread.join(60)
        assert leaks_read == []

        def not_again(*args: object, **kwargs: object) -> None:
            raise AssertionError("read again: the start-up's answer was not used")

        monkeypatch.setattr(api, "tag_population", not_again)
        monkeypatch.setattr(api, "sessions", not_again)
        monkeypatch.setattr(api, "session_page", not_again)
        assert client.get("/players/pokerstars/Hero").status_code == 200
        assert client.get("/").status_code == 200
        assert client.get("/sessions").status_code == 200


def test_one_hand_is_one_hand_on_every_page(tmp_path: Path) -> None:
    # A database of one hand (the first of the cash sample, cut at its second header): the
    # pages say "1 hand" and "1 table", never "1 hands" (seen on the home page's screenshot).
    text = CASH.read_text(encoding="utf-8-sig")
    second = text.index("PokerStars", text.index("PokerStars") + 1)
    one = tmp_path / "one.txt"
    one.write_text(text[:second], encoding="utf-8")
    assert hand_headers(one) == 1
    from hhtracker import api

    db = tmp_path / "one.db"
    api.import_paths([one], db)
    client = client_for(db)
    hero = next(p["player"] for p in client.get("/api/players").json()["players"])
    for address in ("/", "/sessions/1", f"/players/pokerstars/{hero}", "/leaks"):
        page = client.get(address)
        if page.status_code != 200:
            continue  # (leaks need a hero's hands: a page that is not there has no count)
        assert "1 hands" not in page.text and "1 tables" not in page.text, address
    home = client.get("/").text
    assert "1 hand " in home or "1 hand<" in home


def test_a_hand_list_counted_short_says_at_least(client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from hhtracker.report import browse
    from hhtracker.web import pages

    # Hero saw the first draw in 8 of his 14 hands, 4 of them on the newest day, the SNG's (read from the
    # files: tests/api/test_browsing.py); 2 a page, counted in the days holding 5 of his hands, the SNG's day
    monkeypatch.setattr(pages, "PER_PAGE", 2)
    monkeypatch.setattr(browse, "HANDS_SORTED_UP_TO", 0)
    monkeypatch.setattr(browse, "HAND_COUNT_WINDOW", 5)
    text = client.get("/hands?saw_draw=1").text
    assert "at least 4 hands (a long list is counted in its newest hands)" in text
    whole = client.get("/hands?saw_draw=1&game_type=cash").text  # (his cash hands' one day: counted whole)
    assert ">4 hands, newest first;" in whole and "at least 4" not in whole
    assert client.get("/api/hands?saw_draw=1&game_type=cash").json()["total"] == 4


def test_the_report_names_showdown_classes_in_words(client) -> None:  # type: ignore[no-untyped-def]
    """Session 1 (the sample cash file): Hero showed [6h 5s Ac 3d], a 6-high badugi, and won;
    he showed [4c 3d As 6c] (two clubs: a 3-card hand) and lost. The terminal's words
    (report/labels.py), never the keys badugi_7 and three_card."""
    page = client.get("/sessions/1").text
    table = page[page.index("<h2>Showdowns by hand class</h2>"):]
    table = table[:table.index("</table>")]
    rows = re.findall(r"<tr><td>([^<]*)</td><td>[^<]*</td><td class=\"num\">(\d+)</td><td class=\"num\">(\d+)</td></tr>", table)
    assert rows == [("badugi 7-high or better", "1", "0"), ("3-card hand", "0", "1")]


def test_players_af_has_its_sample_as_every_other_stat(client) -> None:  # type: ignore[no-untyped-def]
    """AF = bets and raises / calls (the api's done / opportunities): its cell gives the
    sample as the percentages do, "(N)", here every bet, raise and call counted, and both
    counts in its title."""
    page = client.get("/players").text
    for p in client.get("/api/players").json()["players"]:
        af = p["stats"]["af"]
        value = f"{af['done'] / af['opportunities']:.1f}" if af["opportunities"] else "-"
        cell = (f'<td class="num col-af" title="{af["done"]:,} bets and raises, {af["opportunities"]:,} calls">'
                f'{value} <small>({af["done"] + af["opportunities"]:,})</small></td>')
        assert cell in page, p["player"]


def test_the_leaks_page_says_small_intervals_and_big_counts_as_the_terminal(client) -> None:  # type: ignore[no-untyped-def]
    """0/920: Wilson's upper bound is 1.96^2/(920+1.96^2) = 0.42%, "0-0.4%", never "0-0%";
    counts with thousands separators ("1,984 made of 9,842")."""
    from types import SimpleNamespace

    from hhtracker.web.render import render

    line = {"label": "Snow at draw 1", "done": 0, "opportunities": 920, "interval": [0.0, 3.8416 / 923.8416],
            "baseline": 0.02, "verdict_text": "below", "quote": "q", "source": "s"}
    html = render("leaks.html.j2", {
        "title": "Leaks", "path": "/leaks", "request": SimpleNamespace(query_params={}), "filter_form": [],
        "keep_params": (), "hero_note": "hero: Hero", "hands": 12_345, "leaks": [line],
        "snow": {"hands": 1_200, "won": 1_100, "net": []}, "luck": {"completed": 1984, "draws": 9842, "expected": 2000.0}})
    assert '<td class="num">0.0% (0/920)</td>' in html and '<td class="num">0-0.4%</td>' in html
    assert "1,984 made of 9,842 one-card draws" in html and "1,100 won" in html
