"""Notes, tags and hero names checked once, in the api (api/marks.py), for the CLI and the
pages alike: the tester stored `tag Player5 ''`, a 500-character tag, an empty note (which
then hid the real one in `table`) and `hero add ""` from the CLI, which the web forms refuse."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app

from tests.common import SAMPLES

runner = CliRunner()


def test_a_note_is_its_text_without_the_spaces_around_it() -> None:
    assert api.note_text("  limps  a lot \n") == "limps  a lot"
    assert api.note_text("x" * 10_000) == "x" * 10_000
    for empty in ("", "   ", "\n\t"):
        with pytest.raises(api.MarkError, match="the note is empty"):
            api.note_text(empty)
    with pytest.raises(api.MarkError, match="longer than 10,000 characters"):
        api.note_text("x" * 10_001)


def test_a_tag_is_a_word_or_two_of_at_most_40_characters() -> None:
    assert api.tag_text("  loose   passive ") == "loose passive"
    assert api.tag_text("y" * 40) == "y" * 40
    with pytest.raises(api.MarkError, match="the tag is empty"):
        api.tag_text(" \t ")
    with pytest.raises(api.MarkError, match=r"40 characters at most, not 500"):
        api.tag_text("y" * 500)


def test_a_hero_name_is_not_empty() -> None:
    assert api.hero_name(" Hero 77") == " Hero 77"  # a screen name is matched exactly
    for empty in ("", "  "):
        with pytest.raises(api.MarkError, match="the name is empty"):
            api.hero_name(empty)
    with pytest.raises(api.MarkError):
        api.hero_name("z" * 101)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "marks.db"
    assert runner.invoke(app, ["import", "--db", str(path), str(SAMPLES)]).exit_code == 0
    return path


def test_the_writers_refuse_what_the_checks_refuse(db: Path) -> None:
    for write in (lambda: api.note_add(db, "MarlowK", " "), lambda: api.tag_set(db, "MarlowK", ""),
                  lambda: api.tag_set(db, "MarlowK", "y" * 41), lambda: api.hero_add(db, "")):
        with pytest.raises(api.MarkError):
            write()
    api.note_add(db, "MarlowK", "limps")
    with pytest.raises(api.MarkError):
        api.note_change(db, "MarlowK", 1, "")
    assert [n.text for n in api.note_list(db, "MarlowK")] == ["limps"]
    assert list(api.player_marks(db, "MarlowK")[1]) == []
    assert api.hero_list(db) == []


@pytest.mark.parametrize("args, said", [
    (["tag", "MarlowK", ""], "Error: the tag is empty: write a word or two, such as fish or reg"),
    (["tag", "MarlowK", "y" * 500], "Error: a tag is a word or two (40 characters at most, not 500)"),
    (["note", "MarlowK", ""], "Error: the note is empty: write its text"),
    (["hero", "add", ""], "Error: the name is empty: give your screen name as the hand histories write it"),
    (["hero", "add", "Nobody"], "Error: no hands of a player named 'Nobody' in the database"),
])
def test_the_cli_refuses_them_as_the_forms_do(db: Path, args: list[str], said: str) -> None:
    result = runner.invoke(app, [*args, "--db", str(db)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.stderr
    assert result.stderr.startswith(said), result.stderr
    assert api.hero_list(db) == [] and api.note_list(db, "MarlowK") == []
    assert list(api.player_marks(db, "MarlowK")[1]) == []


def test_an_empty_note_no_longer_hides_the_real_one(db: Path) -> None:
    assert runner.invoke(app, ["note", "MarlowK", "limps any three cards", "--db", str(db)]).exit_code == 0
    assert runner.invoke(app, ["note", "MarlowK", "", "--db", str(db)]).exit_code == 2
    assert runner.invoke(app, ["note", "MarlowK", "--edit", "1", " ", "--db", str(db)]).exit_code == 2
    assert [n.text for n in api.note_list(db, "MarlowK")] == ["limps any three cards"]


def test_hero_add_takes_a_stored_name_or_force(db: Path) -> None:
    forced = runner.invoke(app, ["hero", "add", "Nobody", "--force", "--db", str(db)])
    assert forced.exit_code == 0 and forced.stdout.strip() == "Nobody on every site: added"
    known = runner.invoke(app, ["hero", "add", "marlowk", "--site", "pokerstars", "--db", str(db)])
    assert known.exit_code == 0 and known.stdout.strip() == "MarlowK on pokerstars: added"  # the stored name's case
    assert sorted(api.hero_list(db)) == [("", "Nobody"), ("pokerstars", "MarlowK")]


def test_a_long_tag_stored_before_the_check_can_still_be_taken_off(db: Path) -> None:
    """Tags of 500 characters were stored by the CLI before: refusing them on --remove too
    would leave them for ever."""
    from hhtracker.store import notes
    from hhtracker.api.common import database_to_write

    old = database_to_write(db)
    notes.add_tag(old, "MarlowK", "y" * 500)
    old.close()
    assert api.tag_text("y" * 500, to_remove=True) == "y" * 500
    result = runner.invoke(app, ["tag", "MarlowK", "y" * 500, "--remove", "--db", str(db)])
    assert result.exit_code == 0, result.stderr
    assert list(api.player_marks(db, "MarlowK")[1]) == []


def test_a_tag_holds_no_comma_and_is_one_tag_in_any_case(db: Path) -> None:
    """The tester's trial, item 11: "a,b" was stored as one tag (tags are listed
    comma-separated, so it read as two), and "fish" and "FISH" as two tags."""
    with pytest.raises(api.MarkError, match="no comma"):
        api.tag_set(db, "MarlowK", "a,b")
    result = runner.invoke(app, ["tag", "MarlowK", "a,b", "--db", str(db)])
    assert result.exit_code == 2 and "holds no comma" in result.stderr
    assert list(api.player_marks(db, "MarlowK")[1]) == []
    assert api.tag_set(db, "MarlowK", "fish") is True
    assert api.tag_set(db, "MarlowK", "FISH") is False  # tagged already: the first case kept
    assert api.tag_set(db, "MarlowK", "Straße") is True
    assert api.tag_set(db, "MarlowK", "STRASSE") is False  # (casefold, beyond ASCII)
    assert list(api.player_marks(db, "MarlowK")[1]) == ["Straße", "fish"]
    assert api.tag_set(db, "MarlowK", "Fish", remove=True) is True
    assert list(api.player_marks(db, "MarlowK")[1]) == ["Straße"]


def test_tags_stored_before_the_checks_can_still_be_taken_off(db: Path) -> None:
    from hhtracker.api.common import database_to_write
    from hhtracker.store import notes

    old = database_to_write(db)  # (as an older version stored them: a comma, two cases)
    old.execute(f"insert into {notes.TAGS} (player, tag) values ('MarlowK', 'a,b'), ('MarlowK', 'reg'), ('MarlowK', 'REG')")
    old.commit()
    old.close()
    assert api.tag_set(db, "MarlowK", "a,b", remove=True) is True
    assert api.tag_set(db, "MarlowK", "Reg", remove=True) is True  # both cases go
    assert list(api.player_marks(db, "MarlowK")[1]) == []
