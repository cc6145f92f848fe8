"""Terminal output that fits its width (issue 27, item 4): every table readable at 80
columns, numbers and hand numbers never cut, prose wrapped between words, and piped output
as wide as `COLUMNS` when it is set (160 otherwise).

A table is fitted before it is printed: each column gets at least the width of its longest
word (a number, a hand number, an amount are one word each, so they are never cut or
ellipsised); when the columns' minimums do not fit, columns are left out from the right
(never the first, nor one marked `display.keep_column`), and the caption says which; when
the rest is too wide, the widest columns give way first (wrapped between words), as rich
does, but none below its longest word."""

from __future__ import annotations

import os
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.table import Column, Table
from rich.text import Text

KEEP = "_hhtracker_keep"
"""The attribute display.keep_column sets on a column the terminal keeps."""

PIPED_WIDTH = 160
"""The width of output that is not a terminal when COLUMNS is not set: tables are not
squeezed into 80 columns for a file or a pager."""


def output_width(console: Console | None = None) -> int | None:
    """COLUMNS when it is a positive number; else None on a terminal (rich measures it) and
    PIPED_WIDTH when piped or captured."""
    text = os.environ.get("COLUMNS", "")
    if text.isdigit() and int(text) > 0:
        return int(text)
    if console is not None and console.is_terminal:
        return None
    return PIPED_WIDTH


def _plain(cell: Any) -> str:
    if isinstance(cell, Text):
        return cell.plain
    if isinstance(cell, str):
        try:
            return Text.from_markup(cell).plain
        except Exception:  # not markup after all: its characters as they are
            return cell
    return str(cell)


def _needs(column: Column, header: bool) -> tuple[int, int]:
    """(the longest word, the longest line) of a column's cells and header, in cells."""
    texts = [_plain(c) for c in column._cells]
    if header:
        texts.append(_plain(column.header))
    word = max((cell_len(w) for t in texts for w in t.split()), default=1)
    line = max((cell_len(line) for t in texts for line in (t.splitlines() or [""])), default=1)
    return max(word, 1), max(line, word, 1)


def fit_table(table: Table, width: int) -> Table:
    """The table fitted to `width` cells (changed in place and returned; see the module)."""
    if not table.columns or table.width is not None:
        return table
    left_out: list[str] = []
    columns = table.columns
    pad = table.padding[1] + table.padding[3]

    def borders(count: int) -> int:  # the vertical lines: between the columns, and the edges
        if table.box is None:
            return 0
        return (count + 1) if table.show_edge else max(count - 1, 0)

    def edge_pad(count: int) -> int:  # pad_edge False: the outer cells lose their outer padding
        return 0 if table.pad_edge else min(count, 2) * (pad // 2)

    needs = [_needs(c, table.show_header) for c in columns]
    while True:
        total = sum(word + pad for word, _ in needs) + borders(len(columns)) - edge_pad(len(columns))
        if total <= width or len(columns) <= 1:
            break
        droppable = [i for i in range(len(columns) - 1, 0, -1) if not getattr(columns[i], KEEP, False)]
        if not droppable:
            break
        index = droppable[0]
        left_out.append(_plain(columns[index].header) or f"column {index + 1}")
        del columns[index]
        del needs[index]
    for index, column in enumerate(columns):
        column._index = index
    room = width - borders(len(columns)) - len(columns) * pad + edge_pad(len(columns))
    wanted = sum(line for _, line in needs)
    if wanted > room:  # the widest columns give way first, none below its longest word
        def taken(cap: int) -> int:
            return sum(min(line, max(word, cap)) for word, line in needs)

        low, high = 1, max(line for _, line in needs)
        while low < high:  # the largest cap that fits
            middle = (low + high + 1) // 2
            low, high = (middle, high) if taken(middle) <= room else (low, middle - 1)
        for column, (word, line) in zip(columns, needs):
            column.width = min(line, max(word, low))
    for column, (word, _) in zip(columns, needs):
        column.min_width = word
        column.overflow = "fold"  # only a word longer than the whole width is ever broken
    if left_out:
        note = f"(at {width} columns, left out: {', '.join(left_out[::-1])}; a wider terminal or --json shows them)"
        caption = _plain(table.caption) if table.caption is not None else ""
        table.caption = f"{caption}\n{note}" if caption else note
        table.caption_justify = "left"
    return table


class FittingConsole(Console):
    """A rich Console whose tables are fitted to its width before they are printed and
    whose text wraps between words (soft wrap off) when the width is known."""

    wrap_prose = True
    """Whether text is wrapped between words at the width: on a terminal or when COLUMNS
    is set; piped without COLUMNS a line stays one line (for grep and scripts)."""

    def print(self, *objects: Any, **options: Any) -> None:
        fitted = [fit_table(o, self.width) if isinstance(o, Table) else o for o in objects]
        options.setdefault("soft_wrap", not self.wrap_prose)
        super().print(*fitted, **options)

    def refit(self) -> None:
        """Read COLUMNS again (each command: the same process runs several in tests)."""
        self._width = output_width(self)
        self.wrap_prose = self.is_terminal or os.environ.get("COLUMNS", "").isdigit()
