"""The web server's refusals (issue 26, "Security"): a foreign Host (DNS rebinding), a POST
without this process's token, the token of --token, and the headers every answer carries."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import client_for

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; "
       "frame-ancestors 'none'")


def test_every_answer_carries_the_content_security_policy(client) -> None:  # type: ignore[no-untyped-def]
    for address in ("/", "/players", "/static/style.css", "/no-such-page"):
        response = client.get(address)
        assert response.headers["content-security-policy"] == CSP, address
        assert response.headers["x-content-type-options"] == "nosniff", address


def test_a_foreign_host_header_is_refused(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/players").status_code == 200
    for host in ("evil.example", "evil.example:8765", "127.0.0.1:9999", "127.0.0.1", ""):
        response = client.get("/players", headers={"Host": host})
        assert response.status_code == 400, host
        assert "http://127.0.0.1:8765" in response.text
    for host in ("localhost:8765", "LOCALHOST:8765", "[::1]:8765"):
        assert client.get("/players", headers={"Host": host}).status_code == 200, host


def test_with_host_given_only_that_host_is_served(web_db: Path) -> None:
    client = client_for(web_db, host="192.168.1.5", token="s3cret-token")
    client.base_url = "http://192.168.1.5:8765"  # type: ignore[assignment]
    assert client.get("/players", headers={"Authorization": "Bearer s3cret-token"}).status_code == 200
    assert client.get("/players", headers={"Host": "127.0.0.1:8765", "Authorization": "Bearer s3cret-token"}).status_code == 400
