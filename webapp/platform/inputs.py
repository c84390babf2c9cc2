"""What the web app reads from a request, checked before use: whole numbers in ASCII digits
with a length cap (`²`, `①` and `١` pass `str.isdigit()`; 5,000 digits pass it too), and JSON
bodies whose nesting is counted before they are parsed (the parser recurses)."""

from __future__ import annotations

from typing import Any

from flask.json.provider import DefaultJSONProvider

from facade.limits import MAX_JSON_DEPTH, json_depth

ASCII_DIGITS = frozenset("0123456789")
NUMBER_DIGITS = 9  # no number a page sends (a move number, a seat, a turn) comes near this


def number(value: Any, digits: int = NUMBER_DIGITS) -> int | None:
    """A whole number from 0 up written in at most `digits` ASCII digits (spaces around it
    allowed); None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value < 10**digits else None
    text = str(value if value is not None else "").strip()
    if not text or len(text) > digits or not set(text) <= ASCII_DIGITS:
        return None
    return int(text)


class SafeJSON(DefaultJSONProvider):
    """Flask's JSON, but a body nested deeper than MAX_JSON_DEPTH is refused as malformed
    (ValueError, so `get_json(silent=True)` gives None and a plain `get_json()` a 400)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """Parse `s` once its nesting is known to be shallow."""
        text = s.decode("utf-8", "replace") if isinstance(s, bytes) else s
        if json_depth(text) > MAX_JSON_DEPTH:
            raise ValueError(f"JSON nested more than {MAX_JSON_DEPTH} levels deep")
        return super().loads(s, **kwargs)
