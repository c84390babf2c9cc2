"""Engine events in the page's language, for both editions: the edition's template table
(`TEMPLATES_BY_EDITION`) translated through the catalogs (its strings are extracted by
webapp/i18n_extract.py), then rendered from the event's stable code and data with the engine's
own renderer (facade.messages.render). A template with a plural takes the form the page's
language wants for the count (ngettext). Colour and tile names in the data are put in words
too (webapp/colours.py); ability and end-reason codes are `{x:term}` words of the table. Falls
back to the English table if a translation is malformed. No screen words an event by itself."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import force_locale, get_locale, get_translations, gettext

from boardgame.messages import TEMPLATES as CARD_TEMPLATES
from facade.messages import plurals, render
from rollwrite.messages import TEMPLATES as DICE_TEMPLATES
from webapp.colours import colour_word, tile_words

TEMPLATES_BY_EDITION: dict[str, Mapping[str, str]] = {
    "rollwrite": DICE_TEMPLATES,
    "boardgame": CARD_TEMPLATES,
}
COLOUR_FIELDS = ("track", "colour", "colours", "cards")  # colour codes, or lists of them
TILE_FIELDS = ("tile",)  # the card edition's `red-3`; Roll & Write's `G4L` stays as it is
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


def _word(field: str, value: Any) -> Any:
    """A data value in words, if its field holds colours or a tile."""
    if isinstance(value, list):
        return [_word(field, v) for v in value]
    if field in COLOUR_FIELDS:
        return colour_word(value) if isinstance(value, str) else value
    if field in TILE_FIELDS:
        return tile_words(value) if isinstance(value, str) else value
    return value


def sentence(kind: str, data: Mapping[str, Any], templates: Mapping[str, str]) -> str:
    """One event as a sentence in the page's language (raises if the data do not fit the
    English template either)."""
    table = localized(templates)
    if table is templates:  # English: the renderer's own plural rule
        return render(kind, {k: _word(k, v) for k, v in data.items()}, templates)
    words = {k: _word(k, v) for k, v in data.items()}
    try:
        return render(kind, words, _counted(table, templates, kind, words))
    except (KeyError, IndexError, ValueError, TypeError):
        pass  # a broken translation must not hide the event: say it in English
    with force_locale("en"):
        return render(kind, {k: _word(k, v) for k, v in data.items()}, templates)


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
