"""Terminal output that fits its width (issue 27, item 4): every table readable at 80
columns, numbers and hand numbers never cut, prose wrapped between words, and piped output
as wide as `COLUMNS` when it is set (160 otherwise).

A table is fitted before it is printed: each column gets at least the width of its longest
word (a number, a hand number, an amount are one word each, so they are never cut or
ellipsised); when the columns' minimums do not fit, columns are left out from the right
(never the first, nor one marked `display.keep_column`), and the caption says which; when
the rest is too wide, the widest columns give way first (wrapped between words), as rich
does, but none below its longest word.

Only figures are kept whole that way: a word that reads as a number, an amount, a percentage
a time or a hand number (digits with their signs, at most FIGURE_MOST cells), and a figure with its
sample ("50% (14)", "23.6% (17/72)") when the table has room for it. Other words, names and table names from hand histories
among them, are folded past NAME_LEAST cells, so a 5,000-character name cannot push the
figures out of the table. A header counts with its longest word only: a long header wraps
before its column's cells do. When the table must wrap, a first column of labels or names up to
LABEL_MOST cells keeps its lines whole and the other columns give way."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
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


FIGURE_MOST = 32
"""The longest word kept whole as a figure: a hand number (up to 20 digits and a suffix), an
amount with its sign and separators; a longer "number" is not one (a name made of digits)."""

NAME_LEAST = 16
"""The width a word that is not a figure (a name) keeps before it is folded."""

LABEL_MOST = 40
"""A first column (the rows' labels or names) up to this wide keeps its lines whole when the
table is too wide: the other columns give way first."""

_FIGURE = re.compile(r"[-+−(\[]*[$€£]?[\d.,:/%#k\-–+−]*\d[\d.,:/%#k\-–+−]*[)\]%;,]*")
_TIME = re.compile(r"\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d+)?)?([+-]\d\d(:?\d\d)?|Z)?)?[,;]?")
_WITH_SAMPLE = re.compile(r"\S+ \([\d,/]+\)")


@dataclass(frozen=True, slots=True)
class _Needs:
    """What a column needs, in cells: `least`, the fewest without cutting a figure (a figure
    and its sample may go to two lines); `whole`, the fewest with each figure beside its
    sample ("50% (14)" on one line); `line`, its longest line (the header's longest word
    only); `natural`, what rich would give it (the header's whole line too)."""

    least: int
    whole: int
    line: int
    natural: int


def _least(text: str, whole: bool) -> int:
    """The fewest cells a line can be given without cutting a figure (module doc); whole: a
    figure with its sample counts as one word."""
    text = text.strip()
    if whole and _WITH_SAMPLE.fullmatch(text) and cell_len(text) <= FIGURE_MOST:
        return cell_len(text)
    least = 1
    for word in text.split():
        size = cell_len(word)
        if size <= FIGURE_MOST and (_FIGURE.fullmatch(word) or _TIME.fullmatch(word)):
            least = max(least, size)
        else:
            least = max(least, min(size, NAME_LEAST))
    return least


def _plain(cell: Any) -> str:
    if isinstance(cell, Text):
        return cell.plain
    if isinstance(cell, str):
        try:
            return Text.from_markup(cell).plain
        except Exception:  # not markup after all: its characters as they are
            return cell
    return str(cell)


def _needs(column: Column, header: bool) -> _Needs:
    """A column's needs (_Needs) from its cells and, when shown, its header."""
    lines = [line for c in column._cells for line in (_plain(c).splitlines() or [""])]
    heads = (_plain(column.header).splitlines() or [""]) if header else []
    least = max((_least(t, False) for t in lines + heads), default=1)
    whole = max((_least(t, True) for t in lines + heads), default=1)
    line = max((cell_len(t) for t in lines), default=1)
    head_word = max((cell_len(w) for t in heads for w in t.split()), default=1)
    head_line = max((cell_len(t) for t in heads), default=1)
    line = max(line, head_word, whole)
    return _Needs(least=max(least, 1), whole=whole, line=line, natural=max(line, head_line))


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

    def total(least: list[int]) -> int:
        return sum(n + pad for n in least) + borders(len(least)) - edge_pad(len(least))

    while total([n.whole for n in needs]) > width and len(columns) > 1:
        droppable = [i for i in range(len(columns) - 1, 0, -1) if not getattr(columns[i], KEEP, False)]
        if not droppable:
            break
        index = droppable[0]
        left_out.append(_plain(columns[index].header) or f"column {index + 1}")
        del columns[index]
        del needs[index]
    for index, column in enumerate(columns):
        column._index = index
    # each figure beside its sample when that fits, else a figure and its sample on two lines
    least = [n.whole for n in needs] if total([n.whole for n in needs]) <= width else [n.least for n in needs]
    room = width - borders(len(columns)) - len(columns) * pad + edge_pad(len(columns))
    if sum(n.natural for n in needs) > room:  # rich would wrap by its own measure: we choose
        first = needs[0].line  # the row's label or name: whole when it is short and leaves the
        if first > LABEL_MOST or first + sum(least[1:]) > room:  # others their least
            first = 0

        def taken(cap: int) -> int:
            return sum(max(first, min(n.line, max(fewest, cap))) if i == 0 else min(n.line, max(fewest, cap))
                       for i, (n, fewest) in enumerate(zip(needs, least)))

        low, high = 1, max(n.line for n in needs)
        while low < high:  # the largest cap that fits: the widest columns give way first
            middle = (low + high + 1) // 2
            low, high = (middle, high) if taken(middle) <= room else (low, middle - 1)
        for i, (column, n, fewest) in enumerate(zip(columns, needs, least)):
            column.width = min(n.line, max(fewest, low))
            if i == 0:
                column.width = max(first, column.width)
    for column, fewest in zip(columns, least):
        column.min_width = fewest
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
