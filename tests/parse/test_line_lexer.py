"""parse.grammar.LineLexer, the lean driver of lark's contextual lexer, gives what lark's own
ContextualLexer gives: the same tokens with the same positions, and the same errors at the
same places, on every hand of the real corpus and of the samples, whole and with a line
broken. The reference is lark's stock lexer, a second implementation (not our output)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput

from hhtracker.parse.grammar import LineLexer, grammar_dir
from hhtracker.parse.read import RawHand, split_hands
from tests.common import CORPUS, SAMPLES

GRAMMARS = {"PokerStars": "pokerstars", "FullTilt": "fulltilt", "KingsClub": "kingsclub"}


def _parser(name: str, lexer: type | None) -> Lark:
    path = grammar_dir() / f"{name}.lark"
    extra = {"_plugins": {"ContextualLexer": lexer}} if lexer else {}
    return Lark(path.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                import_paths=[grammar_dir()], maybe_placeholders=True, **extra)


def _stream(parser: Lark, text: str) -> list[tuple[object, ...]]:
    """Every token the parser is fed (type, text, all positions), then the error if any."""
    seen: list[tuple[object, ...]] = []
    interactive = parser.parse_interactive(text)
    try:
        for token in interactive.iter_parse():
            seen.append((token.type, str(token), token.start_pos, token.line, token.column,
                         token.end_line, token.end_column, token.end_pos))
        interactive.feed_eof()
    except UnexpectedInput as error:
        bad = getattr(error, "token", None)
        seen.append((type(error).__name__, error.line, error.column, getattr(bad, "type", None),
                     str(bad) if bad is not None else None, str(error)))
    return seen


def _hands(folder: Path, prefix: str) -> list[str]:
    texts = []
    for path in sorted(folder.glob(f"{prefix}*.txt")):
        for piece in split_hands(path):
            if isinstance(piece, RawHand):  # (as parse_lines gives it to lark)
                texts.append("\n".join(line.rstrip() for line in piece.text.rstrip().split("\n")) + "\n")
    return texts


def _broken(text: str) -> list[str]:
    """The hand with a bad line in the middle, with its last lines cut, and with a line's
    end changed: lark's errors (UnexpectedCharacters, UnexpectedToken, end of input)."""
    lines = text.split("\n")
    middle = len(lines) // 2
    return ["\n".join([*lines[:middle], "Nobody: juggles 3 cards", *lines[middle:]]),
            "\n".join(lines[: max(1, len(lines) - 4)]) + "\n",
            "\n".join([*lines[:middle], lines[middle] + " ???", *lines[middle + 1:]])]


@pytest.mark.parametrize("site", sorted(GRAMMARS))
def test_same_tokens_and_errors_as_lark_contextual_lexer(site: str) -> None:
    texts = _hands(SAMPLES, site) + (_hands(CORPUS, site) if CORPUS.is_dir() else [])
    if not texts:
        pytest.skip(f"no {site} hands in the samples or ../shared/corpus")
    stock, ours = _parser(GRAMMARS[site], None), _parser(GRAMMARS[site], LineLexer)
    errors = 0
    for text in texts[:400]:
        for variant in [text, *_broken(text)]:
            expected = _stream(stock, variant)
            assert _stream(ours, variant) == expected, variant[:300]
            errors += isinstance(expected[-1][0], str) and expected[-1][0].startswith("Unexpected")
    assert errors >= len(texts[:400])  # the broken variants did reach lark's errors
