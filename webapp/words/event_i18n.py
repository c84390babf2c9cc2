"""Engine events in the page's language, for both editions: the edition's template table
(`TEMPLATES_BY_EDITION`) translated through the catalogs (its strings are extracted by
webapp/platform/i18n_extract.py), then rendered from the event's stable code and data with the
engine's
own renderer (facade.messages.render). A template with a plural takes the form the page's
language wants for the count (ngettext). Colours, tiles, dice, cards, cells and tracks in the
data are put in words too (webapp/words/colours.py, webapp/words/piece_words.py: "2 red dice",
"the blue
three-square tile", "d1, d2 and e2, the X on d1"), never the engine's letters or notation; the
few templates whose English cannot hold those words (`WORDED`) are the web app's own. Ability
and end-reason codes are `{x:term}` words of the table. Falls back to the English table if a
translation is malformed. No screen words an event by itself."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import force_locale, get_locale, get_translations

from boardgame.material import COLOUR_OF_LETTER as CARD_COLOUR_OF_LETTER
from boardgame.messages import TEMPLATES as CARD_TEMPLATES
from facade.grid import parse_cell
from facade.messages import plurals, render
from rollwrite.material import COLOUR_OF_LETTER as DIE_COLOUR_OF_LETTER
from rollwrite.messages import TEMPLATES as DICE_TEMPLATES
from webapp.platform.i18n import gettext, ngettext
from webapp.platform.i18n import gettext as _
from webapp.words.colours import COLOUR_WORDS, colour_word
from webapp.words.piece_words import (
    card_words,
    join_words,
    tile_name,
    track_colour,
    track_name,
    way_words,
)
from webapp.words.shape_kinds import all_tiles

ALL_TILES = frozenset(all_tiles())


def N_(text: str) -> str:  # noqa: N802 (gettext's name for a message marked, not translated)
    """A message for the catalogs, translated where it is used."""
    return text


# Templates the web app words otherwise than the engines' English: a track named in words
# ("the red track") needs "box 3 of the red track", and a tile drawn on cells in words needs
# "on" where the notation has ":".
WORDED: dict[str, dict[str, str]] = {
    "rollwrite": {
        "drawn": N_("{name} draws {tile} on {cells}"),
        "track_marked": N_("{name} marks box {box} of {track}"),
        "track_marked.bonus": N_("{name} marks box {box} of {track} and unlocks a + bonus"),
        "track_marked.star": N_("{name} marks box {box} of {track} and unlocks a ★ "
                                "({ability:term})"),
        "track_completed": N_("{name} completes {track}: +{points}"),
        "picked_back": N_("{name} takes back the pick of die {die}: box {box} of {track} is "
                          "empty again"),
    },
    "boardgame": {},
}
TEMPLATES_BY_EDITION: dict[str, Mapping[str, str]] = {
    "rollwrite": {**DICE_TEMPLATES, **WORDED["rollwrite"]},
    "boardgame": {**CARD_TEMPLATES, **WORDED["boardgame"]},
}
COLOUR_FIELDS = ("colour", "colours")  # colour codes, or lists of them
TILE_FIELDS = ("tile",)  # `red-3`, `G4L`: the tile by colour and size
DICE_FIELDS = ("dice", "unused")  # die faces as letters, `RRW`
TRACK_FIELDS = ("track",)
CARD_FIELDS = ("cards", "pay")  # `R,R,G` (counts), or a list of colour codes (one card each)
_TABLES: dict[tuple[int, str], dict[str, str]] = {}
_COUNTED: dict[tuple[int, tuple[tuple[str, str, str], ...]], dict[str, str]] = {}


def localized(templates: Mapping[str, str]) -> Mapping[str, str]:
    """The template table in the current language (one stable dict per table and language)."""
    lang = str(get_locale() or "en")
    if lang == "en":
        return templates
    key = (id(templates), lang)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = {k: gettext(v) for k, v in templates.items()}
    return table


def _counted(table: Mapping[str, str], templates: Mapping[str, str], kind: str,
             data: Mapping[str, Any]) -> Mapping[str, str]:
    """The table with each plural the event uses in the form the page's language wants for
    its count (the renderer's own choice, English's, then finds that form either way)."""
    picks = plurals(kind, data, templates)
    if not picks:
        return table
    translations = get_translations()
    chosen = tuple(
        (key, f"{key}#{field}", translations.ngettext(
            templates[key], templates[f"{key}#{field}"], int(data[field])))
        for key, field in picks
    )
    cache = (id(table), chosen)
    counted = _COUNTED.get(cache)
    if counted is None:
        counted = dict(table)
        for key, plural_key, text in chosen:
            counted[key] = counted[plural_key] = text
        _COUNTED[cache] = counted
    return counted


def cells_words(cells: str, brick: str) -> str:
    """`D1,d2,e2` in words: "d1, d2 and e2 (X on d1)" (`brick` words the upper-cased cell:
    "X on %(cell)s" in Roll & Write, "brick on %(cell)s" in the card edition)."""
    names = [c.strip() for c in cells.split(",") if c.strip()]
    try:
        for name in names:
            parse_cell(name.lower())
    except (ValueError, KeyError, IndexError):
        return cells  # not cells: as it is
    listed = join_words([n.lower() for n in names])
    marked = [n.lower() for n in names if n != n.lower()]
    if not marked:
        return listed
    return _("%(cells)s (%(brick)s)", cells=listed, brick=brick % {"cell": marked[0]})


def _cards(value: str) -> str:
    """`R,R,G` (or `-`) as cards in words: "2 red cards and 1 green card"."""
    letters = [c for c in value.split(",") if c and c != "-"]
    counts: dict[str, int] = {}
    for letter in letters:
        colour = CARD_COLOUR_OF_LETTER[letter]
        counts[colour] = counts.get(colour, 0) + 1
    if not counts:
        return _("no cards")
    return join_words([card_words(c, n) for c, n in counts.items()])


def _word(field: str, value: Any, edition: str = "rollwrite") -> Any:
    """A data value in words, if its field holds colours, dice, cards, cells, a track or a
    tile."""
    if isinstance(value, list):
        if field in DICE_FIELDS and edition == "words":  # dice by number: "dice 1, 2 and 4"
            return ngettext("die %(list)s", "dice %(list)s", len(value),
                            list=join_words([str(v) for v in value]))
        if field in CARD_FIELDS:
            return [card_words(v, 1) if v in COLOUR_WORDS else v for v in value]
        return [_word(field, v, edition) for v in value]
    if not isinstance(value, str):
        return value
    if field in COLOUR_FIELDS:
        return colour_word(value)
    if field in TILE_FIELDS:
        return tile_name(value) if value in ALL_TILES else value
    if field in TRACK_FIELDS and value in COLOUR_WORDS:  # a move's "the {track} track"
        return track_name(value) if edition != "words" else track_colour(value)
    if field in DICE_FIELDS and value and set(value) <= set(DIE_COLOUR_OF_LETTER):
        return way_words(value)
    if field in CARD_FIELDS and value in COLOUR_WORDS:
        return card_words(value, 1)
    if field in CARD_FIELDS and set(value) <= set(CARD_COLOUR_OF_LETTER) | {",", "-"}:
        return _cards(value)
    if field == "cells":
        brick = N_("X on %(cell)s") if edition == "rollwrite" else N_("brick on %(cell)s")
        return cells_words(value, gettext(brick))
    return value


def data_words(data: Mapping[str, Any], edition: str) -> dict[str, Any]:
    """An event's data with its colours, dice, cards, cells, tracks and tiles in words."""
    return {k: _word(k, v, edition) for k, v in data.items()}


def sentence(kind: str, data: Mapping[str, Any], templates: Mapping[str, str]) -> str:
    """One event as a sentence in the page's language (raises if the data do not fit the
    English template either)."""
    edition = next((e for e, t in TEMPLATES_BY_EDITION.items() if t is templates), "words")
    table = localized(templates)
    if table is templates:  # English: the renderer's own plural rule
        return render(kind, {k: _word(k, v, edition) for k, v in data.items()}, templates)
    words = {k: _word(k, v, edition) for k, v in data.items()}
    try:
        return render(kind, words, _counted(table, templates, kind, words))
    except (KeyError, IndexError, ValueError, TypeError):
        pass  # a broken translation must not hide the event: say it in English
    with force_locale("en"):
        return render(kind, {k: _word(k, v, edition) for k, v in data.items()}, templates)


def event_text(edition: str, event: Mapping[str, Any], names: list[str] | None = None) -> str:
    """One stored event (`Event.to_dict()`) of either edition as a sentence in the page's
    language; with `names`, the seats are named as the table names them (the engine knows
    them by the names it was created with). The engine's own text if the data do not fit."""
    data = dict(event.get("data") or {})
    player = event.get("player")
    if names is not None:
        if "name" in data and isinstance(player, int) and 0 <= player < len(names):
            data["name"] = names[player]
        if "names" in data and isinstance(data.get("winners"), list):
            data["names"] = [names[w] for w in data["winners"]
                             if isinstance(w, int) and 0 <= w < len(names)]
    try:
        return sentence(str(event.get("kind", "")), data, TEMPLATES_BY_EDITION[edition])
    except (KeyError, IndexError, ValueError, TypeError):
        return str(event.get("text", ""))


def event_line(edition: str, event: Mapping[str, Any], names: list[str] | None = None) -> str:
    """`event_text` starting with a capital, for an event shown on a line of its own."""
    text = event_text(edition, event, names)
    return text[:1].upper() + text[1:]
