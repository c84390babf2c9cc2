"""English message templates of the event codes both editions share, and how events are made.

An event's text is always `render(kind, data, templates)`: a screen or a translation can
rebuild it from the stable `kind` and the JSON `data` alone. A template is a format string
over the data's fields, chosen by key:

- `kind`, or `kind.form` when the data has a `form` field (an either/or wording);
- then, for every key `kind+field` in the table (in table order) whose field is truthy in
  the data, that fragment is appended (an optional part of the sentence).

A key `key#field` is the plural of template `key` (a kind, a form or a fragment): it is used
when the data's count `field` is not 1 ("earns 1 action" / "earns 2 actions"). That is the
English rule; a translation picks its own form (webapp/words/event_i18n.py, through ngettext).

Placeholders may carry a format spec that says how to show the value:
`{x:list}` joins a list with ", ", `{x:and}` with " and " (the `@and` word), `{x:line}`
names a row or column from its short name ("3" -> "row 3", "b" -> "column b", through `@row` /
`@column`), `{x:lines}` does so for each of a list,
`{x:term}` looks the value up as `@value` in the table (lists: each, joined with ", "),
falling back to the value itself. Entries whose key starts with `@` are such words.
"""

from __future__ import annotations

from collections.abc import Mapping
from string import Formatter
from typing import Any

from facade.events import Event

Templates = Mapping[str, str]

SHARED: dict[str, str] = {
    "scored": "{name} completes {line:line}: +{points}",
    "turn_started": "turn {turn}: {name}",
    "game_over.win": "game over ({reason:term}): {names:and} wins with {score}",
    "game_over.shared": "game over ({reason:term}): {names:and} share the victory with {score}",
    "@row": "row {}",
    "@column": "column {}",
    "@and": "and",
    # why a game ended (facade.outcome.EndReason, and the card edition's older words)
    "@12 points reached": "12 points reached",
    "@end card": "end card",
    "@no one can score any more": "no one can score any more",
    "@12 points": "12 points reached",
    "@stalled": "no one can score any more",
}


_Compiled = tuple[str, tuple[tuple[str, str], ...]]


def _compile(template: str) -> _Compiled:
    """The template with its format specs taken out, and its (field, spec) pairs."""
    out, fields = [], []
    for literal, field, spec, _conv in Formatter().parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is not None:
            out.append("{" + field + "}")
            fields.append((field, spec or ""))
    return "".join(out), tuple(fields)


class _Index:
    """A template table compiled once: per key its template, per kind its fragments."""

    def __init__(self, templates: Templates) -> None:
        self.templates = templates  # kept so the id stays this table's
        self.compiled: dict[str, _Compiled] = {}
        self.plurals: dict[str, tuple[str, _Compiled]] = {}  # key -> (count field, plural)
        for key, template in templates.items():
            if key.startswith("@"):
                continue
            base, _hash, count = key.partition("#")
            if count:
                self.plurals[base] = (count, _compile(template))
            else:
                self.compiled[key] = _compile(template)
        self.fragments: dict[str, list[tuple[str, str]]] = {}  # kind -> (field, key)
        for key in self.compiled:
            if "+" in key:
                kind, field = key.split("+", 1)
                self.fragments.setdefault(kind, []).append((field, key))

    def pick(self, key: str, data: Mapping[str, Any]) -> _Compiled:
        """Template `key`, or its plural when the data's count is not 1."""
        plural = self.plurals.get(key)
        if plural is not None and data[plural[0]] != 1:
            return plural[1]
        return self.compiled[key]


_INDEXES: dict[int, _Index] = {}


def _index(templates: Templates) -> _Index:
    idx = _INDEXES.get(id(templates))
    if idx is None or idx.templates is not templates:
        idx = _INDEXES[id(templates)] = _Index(templates)
    return idx


def _show(value: Any, spec: str, table: Templates) -> Any:
    """A data value as the spec asks (see the module docstring)."""
    if not spec:
        return value
    if spec == "list":
        return ", ".join(str(x) for x in value)
    if spec == "and":
        return f" {table.get('@and', 'and')} ".join(str(x) for x in value)
    if spec == "line":
        return table["@row" if str(value).isdigit() else "@column"].format(value)
    if spec == "lines":
        return ", ".join(_show(x, "line", table) for x in value)
    if spec == "term":
        if isinstance(value, list | tuple):
            return ", ".join(table.get(f"@{x}", str(x)) for x in value)
        return table.get(f"@{value}", str(value))
    raise ValueError(f"unknown message format '{spec}'")


def _fill(comp: _Compiled, data: Mapping[str, Any], table: Templates) -> str:
    text, fields = comp
    if not fields:
        return text.format()
    return text.format_map({f: _show(data[f], spec, table) for f, spec in fields})


def template_key(kind: str, data: Mapping[str, Any]) -> str:
    """The key of an event's main template: `kind`, or `kind.form`."""
    form = data.get("form")
    return f"{kind}.{form}" if form else kind


def plurals(kind: str, data: Mapping[str, Any], templates: Templates) -> list[tuple[str, str]]:
    """(key, count field) of every template with a plural that the event's text uses."""
    idx = _index(templates)
    keys = [template_key(kind, data)]
    keys += [key for field, key in idx.fragments.get(kind, ()) if data.get(field)]
    return [(key, idx.plurals[key][0]) for key in keys if key in idx.plurals]


def render(kind: str, data: Mapping[str, Any], templates: Templates = SHARED) -> str:
    """The English (or other) text of an event from its code and data."""
    idx = _index(templates)
    text = _fill(idx.pick(template_key(kind, data), data), data, templates)
    for field, key in idx.fragments.get(kind, ()):
        if data.get(field):
            text += _fill(idx.pick(key, data), data, templates)
    return text


class RenderedEvent(Event):
    """An Event whose text is rendered from its kind and data the first time it is read.

    Engines make about one event per action and most are never read as text (self-play,
    search): rendering them all eagerly took 12 % of a random Roll & Write game (cProfile,
    20 games). `text`, equality, `repr` and `to_dict()` read as for an eager Event; the
    data is never changed after the event is made, so the text is the same whenever read.
    """

    def __init__(
        self, templates: Templates, kind: str, player: int | None, data: dict[str, Any]
    ) -> None:
        d = self.__dict__  # frozen: fields are set once, here, without __setattr__
        d["kind"] = kind
        d["player"] = player
        d["data"] = data
        d["_templates"] = templates

    @property
    def text(self) -> str:  # type: ignore[override]
        """The English (or other) text, rendered once on first read."""
        d = self.__dict__
        text = d.get("_text")
        if text is None:
            text = d["_text"] = render(d["kind"], d["data"], d["_templates"])
        return text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.text, self.player, self.data) == (
            other.kind, other.text, other.player, other.data
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Event(kind={self.kind!r}, text={self.text!r}, player={self.player!r}, "
            f"data={self.data!r})"
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form, as `Event.to_dict`."""
        return {"kind": self.kind, "text": self.text, "player": self.player, "data": self.data}


def make_event(
    templates: Templates, kind: str, player: int | None, data: dict[str, Any]
) -> Event:
    """An Event whose text is rendered from its kind and data (a `form` of None is dropped)."""
    if "form" in data and data["form"] is None:
        del data["form"]
    return RenderedEvent(templates, kind, player, data)


def codes(templates: Templates) -> list[str]:
    """The event codes a table can word (its keys without forms, fragments and words)."""
    out: list[str] = []
    for key in templates:
        if key.startswith("@"):
            continue
        code = key.split("#")[0].split("+")[0].split(".")[0]
        if code not in out:
            out.append(code)
    return out
