"""The one module that knows where the grammars are. Builds each Lark parser once.

In a checkout the grammars are in the top-level `grammars/` folder; in an installed wheel
they are packaged as `hhtracker/grammars/` (pyproject.toml, hatch `force-include`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import lark.lexer
from lark import Lark, Transformer

_PACKAGE = Path(__file__).resolve().parent.parent
_CANDIDATES = (_PACKAGE / "grammars", _PACKAGE.parent / "grammars")


def grammar_dir() -> Path:
    """The folder holding common.lark and the site grammars. raises FileNotFoundError."""
    for candidate in _CANDIDATES:
        if (candidate / "common.lark").is_file():
            return candidate
    raise FileNotFoundError(
        "hhtracker grammars not found; looked in " + ", ".join(str(c) for c in _CANDIDATES)
    )


@cache
def _parser(name: str, transformer_type: type[Transformer] | None) -> Lark:
    path = grammar_dir() / f"{name}.lark"
    # When the optional `interegular` package is installed, lark compares every pair of
    # regex terminals for collisions; on our look-ahead name terminals that takes minutes.
    # The grammar's collisions are settled by the contextual lexer and by tests instead.
    saved, lark.lexer.has_interegular = lark.lexer.has_interegular, False
    try:
        return _build(path, transformer_type)
    finally:
        lark.lexer.has_interegular = saved


def _build(path: Path, transformer_type: type[Transformer] | None) -> Lark:
    return Lark(
        path.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        import_paths=[grammar_dir()],
        transformer=transformer_type() if transformer_type else None,
        maybe_placeholders=True,
        source_path=str(path),
    )


def load_parser(name: str, transformer_type: type[Transformer] | None = None) -> Lark:
    """The LALR parser for grammars/<name>.lark, built once and cached.

    With `transformer_type`, the transformer runs inline while parsing (no tree is built) and
    `parse()` returns what its `start` method returns; get that transformer instance back
    with `inline_transformer()`.
    """
    return _parser(name, transformer_type)


def inline_transformer(parser: Lark) -> Transformer:
    """The transformer instance a cached parser was built with."""
    return parser.options.transformer
