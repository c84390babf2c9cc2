"""Engine events in the page's language: the engine's template table translated through the
catalogs (its strings are extracted by webapp/i18n_extract.py), then rendered from the event's
stable code and data with the engine's own renderer. Colour names in the data are translated
too. Falls back to the English table if a translation is malformed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import get_locale, gettext

from facade.messages import render
from webapp.colours import COLOUR_WORDS

COLOUR_FIELDS = ("track", "colour", "colours")
_TABLES: dict[tuple[int, str], dict[str, str]] = {}


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


def _word(value: Any) -> Any:
    if isinstance(value, str) and value in COLOUR_WORDS:
        return str(COLOUR_WORDS[value])
    if isinstance(value, list):
        return [_word(v) for v in value]
    return value


def sentence(kind: str, data: Mapping[str, Any], templates: Mapping[str, str]) -> str:
    """One event as a sentence in the page's language."""
    table = localized(templates)
    if table is not templates:
        words = {k: (_word(v) if k in COLOUR_FIELDS else v) for k, v in data.items()}
        try:
            return render(kind, words, table)
        except (KeyError, IndexError, ValueError, TypeError):
            pass  # a broken translation must not hide the event: say it in English
    return render(kind, data, templates)
