"""What the user writes on players and on himself, checked in one place for the command line
and the pages alike: a note's text, a tag, a hero's screen name. The api's writers
(note_add, note_change, tag_set, hero_add) call these before they write, so neither the CLI
nor a form can store an empty note (which `table` would show in the place of the real one),
an empty or 500-character tag, or an empty name."""

from __future__ import annotations

from ..display import counted

NOTE_CHARACTERS = 10_000
"""The longest note, in characters (after the spaces around it are taken off)."""

TAG_CHARACTERS = 40
"""The longest tag: a word or two, such as fish or reg (runs of spaces count as one)."""

NAME_CHARACTERS = 100
"""The longest screen name taken as a hero's (the sites allow far fewer)."""


class MarkError(ValueError):
    """A note, tag or hero name refused (empty, too long): its message says what to write.
    A usage error (exit code 2) in the CLI, a 400 page on the web."""


def note_text(text: str) -> str:
    """The note as stored: `text` without the spaces around it. raises MarkError when
    that is empty or longer than NOTE_CHARACTERS."""
    text = text.strip()
    if not text:
        raise MarkError("the note is empty: write its text")
    if len(text) > NOTE_CHARACTERS:
        raise MarkError(f"the note is longer than {counted(NOTE_CHARACTERS, 'character')} "
                        f"({counted(len(text), 'character')}): shorten it")
    return text


def tag_text(tag: str, *, to_remove: bool = False) -> str:
    """The tag as stored: `tag` with each run of spaces made one and none around it (a tag
    is the same in any case, "fish" and "FISH": store.notes.add_tag). raises MarkError when
    that is empty, or longer than TAG_CHARACTERS, or holds a comma (tags are listed
    comma-separated) unless it is a tag to take off (one stored before tags were checked
    may be longer or hold one: it can still be removed)."""
    tag = " ".join(tag.split())
    if not tag:
        raise MarkError("the tag is empty: write a word or two, such as fish or reg")
    if len(tag) > TAG_CHARACTERS and not to_remove:
        raise MarkError(f"a tag is a word or two ({TAG_CHARACTERS} characters at most, not {len(tag):,})")
    if "," in tag and not to_remove:
        raise MarkError("a tag holds no comma (tags are listed comma-separated): give each tag on its own")
    return tag


def hero_name(name: str) -> str:
    """`name` as given (a screen name is matched exactly, spaces included). raises MarkError
    when it is empty or only spaces, or longer than NAME_CHARACTERS."""
    if not name.strip():
        raise MarkError("the name is empty: give your screen name as the hand histories write it")
    if len(name) > NAME_CHARACTERS:
        raise MarkError(f"a screen name of {len(name):,} characters: the sites allow far fewer "
                        f"(at most {NAME_CHARACTERS} here); check the name")
    return name
