"""Odd query strings and headers the tester sent (the trial, item 11): a parameter given
twice is refused (400) rather than one of its values silently read; a NUL character in a
value is refused (SQLite read a name search up to it, so `name=%00` listed everyone), other
control characters are matched as written; `/api/hud?stats=vpip,vpip,vpip` gives one VPIP
column; a Host header of UTF-8 bytes is quoted as written in the refusal, not as Latin-1."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("address, said", [
    ("/api/players?site=pokerstars&site=merge", "site= is given 2 times ('pokerstars', 'merge'): give it once"),
    ("/api/hands?player=Hero&player=MarlowK", "player= is given 2 times ('Hero', 'MarlowK'): give it once"),
    ("/api/sessions?page=1&page=2&page=3&page=4", "page= is given 4 times ('1', '2', '3', ...): give it once"),
    ("/api/players?game=badugi&game=badugi", "game= is given 2 times ('badugi', 'badugi'): give it once"),
])
def test_a_parameter_given_twice_is_refused(client, address: str, said: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get(address)
    assert response.status_code == 400 and response.json() == {"error": said}
    page = client.get(address.removeprefix("/api"))
    assert page.status_code == 400 and said.replace("'", "&#39;") in page.text


def test_a_nul_in_a_value_is_refused_and_other_controls_match_as_written(client) -> None:  # type: ignore[no-untyped-def]
    everyone = client.get("/api/players?game=all").json()["total"]
    assert everyone == 11  # the samples' seated names
    nul = client.get("/api/players?game=all&name=%00")
    assert nul.status_code == 400 and "NUL" in nul.json()["error"]
    assert client.get("/api/hands?player=Hero%00").status_code == 400
    # ESC, a newline: no sample name holds one, so nobody (not everyone)
    for control in ("%1b", "%0a", "Hero%1b"):
        found = client.get(f"/api/players?game=all&name={control}")
        assert found.status_code == 200 and found.json()["total"] == 0, control


def test_the_hud_gives_each_statistic_once(client) -> None:  # type: ignore[no-untyped-def]
    columns = client.get("/api/hud?stats=vpip,vpip,vpip").json()["columns"]
    assert [c["key"] for c in columns] == ["vpip"]
    columns = client.get("/api/hud?stats=wtsd,vpip,wtsd,pfr").json()["columns"]
    assert [c["key"] for c in columns] == ["wtsd", "vpip", "pfr"]  # the order first given
    twice = client.get("/api/hud?stats=vpip&stats=pfr")
    assert twice.status_code == 400 and "stats= is given more than once" in twice.json()["error"]
    assert client.get("/hud?stats=vpip&stats=pfr").status_code == 400


def test_a_non_ascii_host_is_quoted_as_sent(client) -> None:  # type: ignore[no-untyped-def]
    refused = client.get("/api/players", headers={"host": "é.example:8765".encode()})
    assert refused.status_code == 400
    message = refused.json()["error"]
    assert "(the Host header said 'é.example:8765')" in message and "Ã" not in message and "ã" not in message
