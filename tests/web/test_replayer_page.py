"""The replayer as served (issue 26): under the site's navigation, with a link back to the
page of this site it was opened from, read from the Referer header. The link is given only
for this site's hand list, session reports and profiles, with the address as the browser
sent it (escaped); never for another site's page, another host's, or a page not listed."""

from __future__ import annotations

import re

from tests.web.conftest import BASE

A_HAND = "48911200345"  # sample_histories/stars_cash_badugi_025_050.txt's first hand
REPLAYER = f"/hands/pokerstars/{A_HAND}"


def _back(client, referer: str | None) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(address, label) of every link back on the replayer opened from `referer`."""
    headers = {"referer": referer} if referer is not None else {}
    page = client.get(REPLAYER, headers=headers)
    assert page.status_code == 200
    return re.findall(r'<p class="back"><a href="([^"]*)">&larr; back to ([^<]*)</a></p>', page.text)


def test_the_replayer_has_the_site_navigation(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get(REPLAYER).text
    nav = re.search(r'<nav class="top">(.*?)</nav>', page, re.S)
    assert nav is not None
    links = re.findall(r'<a href="([^"]+)"( class="current" aria-current="page")?>([^<]+)</a>', nav.group(1))
    assert [(href, label) for href, _, label in links] == [
        ("/", "Home"), ("/players", "Players"), ("/hands", "Hands"), ("/sessions", "Sessions"),
        ("/tournaments", "Tournaments"), ("/leaks", "Leaks"), ("/hud", "Live")]
    assert [label for _, current, label in links if current] == ["Hands"]
    assert page.count('<link rel="stylesheet" href="/static/nav.css">') == 1
    assert client.get("/static/nav.css").status_code == 200


def test_a_link_back_to_the_page_it_was_opened_from(client) -> None:  # type: ignore[no-untyped-def]
    assert _back(client, f"{BASE}/hands?player=Pelican42&showdown=1") == [
        ("/hands?player=Pelican42&amp;showdown=1", "the hand list")]
    assert _back(client, f"{BASE}/sessions/3") == [("/sessions/3", "the session report")]
    assert _back(client, f"{BASE}/players/pokerstars/a%22b%27c") == [("/players/pokerstars/a%22b%27c", "the profile")]


def test_no_link_back_without_a_page_of_this_site(client) -> None:  # type: ignore[no-untyped-def]
    assert _back(client, None) == []  # a bookmark, a typed address
    assert _back(client, "") == []
    assert _back(client, "http://evil.example/hands?player=x") == []  # another site
    assert _back(client, "http://127.0.0.1:9999/hands") == []  # another port
    assert _back(client, f"{BASE}//evil.example/hands") == []
    assert _back(client, f"{BASE}/hands/pokerstars/1") == []  # another replayer
    assert _back(client, f"{BASE}/api/hands") == []
    assert _back(client, "javascript:alert(1)") == []


def test_the_address_back_is_escaped(client) -> None:  # type: ignore[no-untyped-def]
    hostile = f'{BASE}/hands?player="><script>alert(1)</script>'
    assert _back(client, hostile) == [("/hands?player=&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;", "the hand list")]
    assert "<script>alert(1)" not in client.get(REPLAYER, headers={"referer": hostile}).text
