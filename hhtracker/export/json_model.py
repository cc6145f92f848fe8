"""Our event model (model.ParsedHand) as JSON, and back.

One JSON object per hand, the ParsedHand's fields under their own names:

    {"site": "pokerstars", "hand_id": "49164202872", "game": "badugi", "structure": "FL",
     "stakes": {"small_bet": 25, "big_bet": 50}, "currency": "USD", "tournament": null,
     "table": "Benkoela V", "max_seats": 8, "button_seat": 4,
     "start_time": "2010-09-05T14:32:15+00:00", "local_time": "...",
     "seats": [{"seat": 1, "player": "Lino19", "stack": 670, "sitting_out": false, "line": 3}, ...],
     "events": [{"type": "PostBlind", "line": 11, "player": "jodarin", "kind": "small", "amount": 10,
                 "all_in": false}, ...,
                {"type": "DealtCards", "line": 14, "player": "Hero", "cards": ["As", "3h", "8h", "6s"],
                 "new": null}, ...],
     "summary": {"total_pot": 570, "rake": 25, "pots": [290, 255], "seats": [...], "line": 40},
     "source": {"path": "...", "line": 1}}

Events are {"type": the event's class name, "line": its line in the file, then its fields};
cards are lists of card strings ("As"); enums are their values ("small", "FL", "first_draw";
a round is its number); times are ISO 8601, start_time in UTC; money is integers in the
hand's unit (cents, or chips when currency is "chips"). The raw text is not repeated
(`source` keeps the file and line; the database keeps the text).

`dumps`/`loads` write and read a JSON list of hands; with lines=True, JSON lines (one hand
per line). `hand_from_json(hand_to_json(h))` equals h, its source text aside.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import types
import typing
from collections.abc import Iterable
from enum import Enum
from typing import TYPE_CHECKING, TypeVar

from .. import model
from ..cards import Card
from ..model import Event, ParsedHand, SourceText

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

_T = TypeVar("_T", bound="DataclassInstance")

EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in vars(model).values()
    if isinstance(cls, type) and issubclass(cls, Event) and dataclasses.is_dataclass(cls)
}
"""Every event class of the model by name (the "type" of an event in JSON)."""


class JsonModelError(ValueError):
    """A JSON hand that is not our event model (unknown event type, missing field...)."""


# --- writing -------------------------------------------------------------------------------


def _value(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dt.datetime):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return [_value(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _object(value)
    return value


def _object(value: DataclassInstance) -> dict[str, object]:
    out: dict[str, object] = {}
    if isinstance(value, Event):
        out["type"] = type(value).__name__
        out["line"] = value.line
    for f in dataclasses.fields(value):
        if f.name not in out:
            out[f.name] = _value(getattr(value, f.name))
    return out


def hand_to_json(hand: ParsedHand) -> dict[str, object]:
    """One hand as a JSON-ready dict (see the module docstring)."""
    out = _object(hand)
    out["source"] = {"path": hand.source.path, "line": hand.source.line}
    return out


def dumps(hands: Iterable[ParsedHand], *, lines: bool = False) -> str:
    """Hands as a JSON list (one hand a line inside it), or JSON lines with lines=True."""
    rows = [json.dumps(hand_to_json(hand), ensure_ascii=False) for hand in hands]
    if lines:
        return "".join(row + "\n" for row in rows)
    if not rows:
        return "[]\n"
    return "[\n" + ",\n".join(rows) + "\n]\n"


# --- reading -------------------------------------------------------------------------------


def _read(hint: object, value: object, where: str) -> object:
    """value (parsed JSON) as the model's type `hint`."""
    if value is None:
        return None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        return _read(options[0], value, where)
    if origin is tuple:
        item = typing.get_args(hint)[0]
        if not isinstance(value, list):
            raise JsonModelError(f"{where}: expected a list, got {value!r}")
        return tuple(_read(item, v, where) for v in value)
    if hint is Card:
        try:
            return Card.parse(str(value))
        except ValueError as error:
            raise JsonModelError(f"{where}: {error}") from None
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            raise JsonModelError(f"{where}: {value!r} is not a {hint.__name__}") from None
    if hint is dt.datetime:
        return dt.datetime.fromisoformat(str(value))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, dict):
            raise JsonModelError(f"{where}: expected an object, got {value!r}")
        return _build(hint, value, where)
    return value


def _build(cls: type[_T], data: dict[str, object], where: str) -> _T:
    hints = typing.get_type_hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            kwargs[f.name] = _read(hints[f.name], data[f.name], f"{where}.{f.name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise JsonModelError(f"{where}: missing field {f.name!r}")
    try:
        return cls(**kwargs)
    except TypeError as error:
        raise JsonModelError(f"{where}: {error}") from None


def event_from_json(data: dict[str, object], where: str = "event") -> Event:
    """One event from its JSON object ({"type": class name, "line": n, fields...})."""
    kind = data.get("type")
    cls = EVENT_TYPES.get(str(kind))
    if cls is None:
        raise JsonModelError(f"{where}: unknown event type {kind!r}")
    return _build(cls, {k: v for k, v in data.items() if k != "type"}, f"{where} ({kind})")


def hand_from_json(data: dict[str, object]) -> ParsedHand:
    """A ParsedHand from hand_to_json's dict; its source text is empty (not exported).
    raises JsonModelError for anything that is not our model."""
    where = f"hand {data.get('hand_id', '?')}"
    events = data.get("events")
    if not isinstance(events, list):
        raise JsonModelError(f"{where}: 'events' must be a list")
    source = data.get("source") or {}
    if not isinstance(source, dict):
        raise JsonModelError(f"{where}: 'source' must be an object")
    fields = {k: v for k, v in data.items() if k not in ("events", "source")}
    fields["events"] = []
    fields["source"] = None
    hand = _build(ParsedHand, fields, where)
    return dataclasses.replace(
        hand,
        events=tuple(event_from_json(e, f"{where} event {i}") for i, e in enumerate(events)),
        source=SourceText(str(source.get("path", "")), int(source.get("line", 0) or 0), ""),
    )


def loads(text: str) -> list[ParsedHand]:
    """Hands from `dumps` output: a JSON list, or JSON lines (one hand per non-blank line)."""
    stripped = text.lstrip()
    if stripped.startswith("["):
        rows = json.loads(text)
    else:
        rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    return [hand_from_json(row) for row in rows]
