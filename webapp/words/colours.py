"""The colours in words and letters, once for the whole web app: every page, event, refusal
and hint names a colour through `COLOUR_WORDS` (lazy: in the language of the page that shows
it), and writes its letter as the engines do (their own `LETTER` tables, not retyped here).
Templates get them from the app's context processor (`template_context`)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from rollwrite.material import COLOURS as TRACKS
from rollwrite.material import LETTER

# the five colours of both editions and Roll & Write's white die face / the white tiles
COLOUR_WORDS = {
    "red": _l("red"), "blue": _l("blue"), "purple": _l("purple"), "green": _l("green"),
    "yellow": _l("yellow"), "white": _l("white"),
}
COLOUR_LETTERS: dict[str, str] = dict(LETTER)  # red -> R ... white -> W, as the dice show them


def colour_word(value: Any) -> str:
    """A colour code ('red') in words; anything else as it is."""
    word = COLOUR_WORDS.get(str(value))
    return str(word) if word is not None else str(value)


def template_context() -> dict[str, Any]:
    """What the templates name colours with: `colour_words` (code -> word), `colour_letters`
    (code -> letter) and `track_colours` (Roll & Write's tracks, in the sheet's order)."""
    return {"colour_words": COLOUR_WORDS, "colour_letters": COLOUR_LETTERS,
            "track_colours": TRACKS}
