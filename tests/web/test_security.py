"""The web server's refusals (issue 26, "Security"): a foreign Host (DNS rebinding), a POST
without this process's token, the token of --token, and the headers every answer carries."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import client_for

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; "
       "frame-ancestors 'none'")


def test_every_answer_carries_the_content_security_policy(client) -> None:  # type: ignore[no-untyped-def]
    for address in ("/", "/players", "/static/style.css", "/no-such-page"):
        response = client.get(address)
        assert response.headers["content-security-policy"] == CSP, address
        assert response.headers["x-content-type-options"] == "nosniff", address
        # not no-referrer: Chromium then sends "Origin: null" with the page's own forms (refused)
        assert response.headers["referrer-policy"] == "same-origin", address


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


def _note_form(client) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    from tests.web.conftest import form_token

    page = client.get("/players/pokerstars/MarlowK")
    assert page.status_code == 200
    return "/players/pokerstars/MarlowK/notes", form_token(page.text)


@pytest.fixture
def notes_client(web_db: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A client over a copy of the sample database (the notes written stay in the copy)."""
    import shutil

    copy = tmp_path / "notes.db"
    shutil.copy(web_db, copy)
    return client_for(copy)


def test_a_post_without_the_token_or_with_a_wrong_one_is_refused(notes_client) -> None:  # type: ignore[no-untyped-def]
    address, token = _note_form(notes_client)
    for form in ({"text": "no token"}, {"text": "wrong", "csrf": ("y" if token[0] == "x" else "x") + token[1:]}, {"text": "empty", "csrf": ""}):
        response = notes_client.post(address, data=form, follow_redirects=False)
        assert response.status_code == 403, form
        assert "token" in response.text
    # a header token must be this process's too
    assert notes_client.post(address, data={"text": "h"}, headers={"X-CSRF-Token": "nope"}).status_code == 403
    # another process's token (a restart makes a new one) is refused as well
    other = client_for(notes_client.app.state.config.db_path)
    assert other.app.state.config.csrf_token != token
    assert other.post(address, data={"text": "old page", "csrf": token}).status_code == 403
    assert notes_client.get("/api/players/pokerstars/MarlowK").json()["notes"] == []
    # the right token: written
    response = notes_client.post(address, data={"text": "right", "csrf": token}, follow_redirects=False)
    assert response.status_code == 303
    assert [n["text"] for n in notes_client.get("/api/players/pokerstars/MarlowK").json()["notes"]] == ["right"]


def test_a_post_from_another_origin_is_refused(notes_client) -> None:  # type: ignore[no-untyped-def]
    address, token = _note_form(notes_client)
    for origin in ("http://evil.example", "http://127.0.0.1:9999", "null"):
        response = notes_client.post(address, data={"text": "x", "csrf": token}, headers={"Origin": origin})
        assert response.status_code == 403, origin
    ok = notes_client.post(address, data={"text": "x", "csrf": token}, headers={"Origin": "http://127.0.0.1:8765"},
                           follow_redirects=False)
    assert ok.status_code == 303


def test_changes_are_posts_only(notes_client) -> None:  # type: ignore[no-untyped-def]
    address, token = _note_form(notes_client)
    assert notes_client.get(address + "?text=x&csrf=" + token).status_code in (400, 404, 405)
    assert notes_client.put(address, data={"text": "x", "csrf": token}).status_code == 405
    assert notes_client.delete(address).status_code == 405
    assert notes_client.get("/api/players/pokerstars/MarlowK").json()["notes"] == []


def test_notes_add_edit_delete_round_trip(notes_client) -> None:  # type: ignore[no-untyped-def]
    address, token = _note_form(notes_client)

    def notes() -> list[tuple[int, str]]:
        return [(n["number"], n["text"]) for n in notes_client.get("/api/players/pokerstars/MarlowK").json()["notes"]]

    back = notes_client.post(address, data={"csrf": token, "action": "add", "text": "limps <b>a lot</b>"},
                             follow_redirects=False)
    assert back.status_code == 303 and back.headers["location"] == "/players/pokerstars/MarlowK#notes"
    notes_client.post(address, data={"csrf": token, "action": "add", "text": "second"})
    (second, text2), (first, text1) = notes()
    assert (text1, text2) == ("limps <b>a lot</b>", "second")  # newest first
    page = notes_client.get("/players/pokerstars/MarlowK").text
    assert "limps &lt;b&gt;a lot&lt;/b&gt;" in page and "<b>a lot</b>" not in page
    notes_client.post(address, data={"csrf": token, "action": "edit", "number": str(first), "text": "limps"})
    assert notes() == [(second, "second"), (first, "limps")]
    notes_client.post(address, data={"csrf": token, "action": "delete", "number": str(second)})
    assert notes() == [(first, "limps")]
    # the CLI sees the same notes
    from hhtracker import api

    assert [n.text for n in api.note_list(notes_client.app.state.config.db_path, "MarlowK")] == ["limps"]
    # a number he has not: 404; an empty note: 400; an unknown action: 400
    assert notes_client.post(address, data={"csrf": token, "action": "delete", "number": "999"}).status_code == 404
    assert notes_client.post(address, data={"csrf": token, "action": "add", "text": "  "}).status_code == 400
    assert notes_client.post(address, data={"csrf": token, "action": "burn", "text": "x"}).status_code == 400


def test_tags_add_and_remove(notes_client) -> None:  # type: ignore[no-untyped-def]
    _, token = _note_form(notes_client)
    address = "/players/pokerstars/MarlowK/tags"
    notes_client.post(address, data={"csrf": token, "tag": "fish"})
    notes_client.post(address, data={"csrf": token, "tag": "  loose   passive "})
    assert notes_client.get("/api/players/pokerstars/MarlowK").json()["tags"] == ["fish", "loose passive"]
    notes_client.post(address, data={"csrf": token, "action": "remove", "tag": "fish"})
    assert notes_client.get("/api/players/pokerstars/MarlowK").json()["tags"] == ["loose passive"]
    assert notes_client.post(address, data={"csrf": token, "tag": ""}).status_code == 400


def test_on_every_address_any_host_is_taken_with_the_token(web_db: Path) -> None:
    client = client_for(web_db, host="0.0.0.0", token="s3cret-token")
    bearer = {"Authorization": "Bearer s3cret-token"}
    assert client.get("/players", headers={"Host": "192.168.1.5:8765", **bearer}).status_code == 200
    assert client.get("/players", headers={"Host": "192.168.1.5:8765"}).status_code == 401
    # a form is taken from the address the page was read at, not from another
    from tests.web.conftest import form_token

    token = form_token(client.get("/players/pokerstars/MarlowK", headers=bearer).text)
    sent = {"csrf": token, "action": "add", "tag": "x"}
    assert client.post("/players/pokerstars/MarlowK/tags", data=sent, headers={
        "Host": "192.168.1.5:8765", "Origin": "http://evil.example", **bearer}).status_code == 403


def test_with_a_token_every_request_needs_it(web_db: Path) -> None:
    client = client_for(web_db, token="s3cret-token")
    refused = client.get("/players")
    assert refused.status_code == 401 and "token" in refused.text
    assert client.get("/static/style.css").status_code == 401
    assert client.get("/players?token=wrong-token").status_code == 401
    entry = client.get("/players?token=s3cret-token&sort=vpip", follow_redirects=False)
    assert entry.status_code == 303 and entry.headers["location"] == "/players?sort=vpip"
    assert "httponly" in entry.headers["set-cookie"].lower() and "samesite=strict" in entry.headers["set-cookie"].lower()
    assert client.get("/players").status_code == 200  # the cookie, kept by the client
    client.cookies.clear()
    assert client.get("/players").status_code == 401
    assert client.get("/players", headers={"Authorization": "Bearer s3cret-token"}).status_code == 200


def test_an_internal_error_is_one_line_without_a_traceback(web_db: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from hhtracker.web import pages

    def broken(request: object) -> dict[str, object]:
        raise KeyError("a bug")

    monkeypatch.setattr(pages, "players_data", broken)
    response = client_for(web_db).get("/players")
    assert response.status_code == 500
    assert "internal error (KeyError" in response.text and "Traceback" not in response.text
    assert response.headers["content-security-policy"] == CSP
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_database_gone_while_serving_is_a_page_of_one_line(web_db: Path, tmp_path: Path) -> None:
    import shutil

    copy = tmp_path / "gone.db"
    shutil.copy(web_db, copy)
    client = client_for(copy)
    assert client.get("/players").status_code == 200
    copy.unlink()
    response = client.get("/players")
    assert response.status_code == 503
    assert "no database at" in response.text and "Traceback" not in response.text
    assert not copy.exists()  # never created by a page


def test_a_refused_note_comes_back_in_its_form_with_the_reason(notes_client) -> None:  # type: ignore[no-untyped-def]
    """The tester's item 10: a note too long, or sent from a page of before a restart (its
    token out of date), is not lost: the answer is the form again with the text as typed,
    the reason, this process's token and a way back; nothing is written."""
    import html
    import re

    from hhtracker import api
    from tests.web.conftest import form_token

    address, token = _note_form(notes_client)
    profile = notes_client.get("/players/pokerstars/MarlowK").text
    assert profile.count(f'maxlength="{api.NOTE_CHARACTERS}"') == 1  # the new note's field (he has none yet)
    assert api.NOTE_CHARACTERS == 10_000

    def typed_text(page: str) -> str:
        found = re.search(r'<textarea name="text"[^>]*>(.*?)</textarea>', page, re.S)
        assert found, page[-600:]
        return html.unescape(found.group(1))

    too_long = "<b>x</b> " + "y" * 10_000  # 10,009 characters
    refused = notes_client.post(address, data={"csrf": token, "action": "add", "text": too_long})
    assert refused.status_code == 400
    assert typed_text(refused.text) == too_long
    assert "longer than 10,000 characters" in refused.text and "<b>x</b>" not in refused.text
    assert 'href="/players/pokerstars/MarlowK#notes"' in refused.text

    restarted = client_for(notes_client.app.state.config.db_path)  # a new process: a new token
    stale = restarted.post(address, data={"csrf": token, "action": "add", "text": "typed before the restart"})
    assert stale.status_code == 403
    assert typed_text(stale.text) == "typed before the restart"
    assert "out of date" in stale.text
    fresh = form_token(stale.text)
    assert fresh == restarted.app.state.config.csrf_token != token
    assert notes_client.get("/api/players/pokerstars/MarlowK").json()["notes"] == []  # nothing written
    # sent again from that form: written
    again = restarted.post(address, data={"csrf": fresh, "action": "add", "text": typed_text(stale.text)},
                           follow_redirects=False)
    assert again.status_code == 303
    assert [n["text"] for n in restarted.get("/api/players/pokerstars/MarlowK").json()["notes"]] == ["typed before the restart"]
