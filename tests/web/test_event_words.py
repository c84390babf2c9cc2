"""Engine events in words, one path for both editions (issue 20): every template of each
edition's table (each kind, form, optional part and plural) is worded in English, French and
German through webapp/words/event_i18n.py, the French and German never falling back to English;
plurals follow each language's rule; colour words and letters come from webapp/words/colours.py."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from flask_babel import force_locale, gettext

from boardgame.messages import TEMPLATES as CARD_TEMPLATES
from facade.messages import render
from rollwrite.messages import TEMPLATES as DICE_TEMPLATES
from webapp.card import routes as card_view
from webapp.rollwrite import events as table_events
from webapp.words import event_i18n

LANGS = ("fr", "de")
# a value for every field the templates of either edition name (a new field fails below)
SAMPLE: dict[str, Any] = {
    "name": "Ann", "cards": ["red", "green"], "abilities": ["discount", "change"],
    "ability": "both", "tile": "red-3", "cells": "a1,B1,b2", "pay": "R,R", "cost": 2,
    "count": 2, "cell": "c3", "line": "3", "points": 2, "turn": 4, "names": ["Ann", "Bo"],
    "winners": [0, 1], "score": 12, "reason": "end card", "dice": "RGW", "die": 2,
    "track": "blue", "box": 3, "mark": "X", "bonuses": 1, "new_choice": True,
    "unused": "RW", "points_lost": 1,
}


def _fields(template: str) -> list[str]:
    """The fields a template names."""
    return [f for _lit, f, _spec, _conv in Formatter().parse(template) if f]


def _main(templates: dict[str, str], kind: str) -> str:
    """The key of a kind's main template: the kind, else its first form."""
    return kind if kind in templates else next(k for k in templates if k.startswith(kind + "."))


def samples(templates: dict[str, str]) -> list[tuple[str, str, dict[str, Any]]]:
    """(template key, kind, data) that make the engine's renderer use each template key (the
    kind, a form, an optional part with its field set, a plural with a count of 2)."""
    out = []
    for key, template in templates.items():
        if key.startswith("@"):
            continue
        base, _hash, count = key.partition("#")
        head, _plus, part = base.partition("+")
        kind = head.partition(".")[0]
        main = _main(templates, kind) if part else head
        data = {f: SAMPLE[f] for f in (*_fields(templates[main]), *_fields(template))}
        if "." in main:
            data["form"] = main.partition(".")[2]
        if part:
            data[part] = SAMPLE[part]
        for plural in (k for k in templates if k.partition("#")[0] in (main, base) and "#" in k):
            data[plural.partition("#")[2]] = 2 if plural == key else 1
        out.append((key, kind, data))
    return out


EDITIONS = event_i18n.TEMPLATES_BY_EDITION


@cache
def catalog(lang: str) -> Catalog:
    """A language's catalog, as committed."""
    path = Path(__file__).resolve().parents[2] / "webapp" / "translations" / lang
    with (path / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_template_of_each_edition_is_worded_in_french_and_german(app, edition):
    templates = EDITIONS[edition]
    cases = samples(templates)
    assert len(cases) == len([k for k in templates if not k.startswith("@")])
    problems = []
    with app.test_request_context("/"):
        for key, kind, data in cases:
            event = {"kind": kind, "data": data, "text": "FALLBACK"}
            english = event_i18n.event_text(edition, event)
            assert english not in ("", "FALLBACK"), key
            # English is the engine's own sentence (or the web app's, WORDED), with the pieces
            # in words
            assert english == render(kind, event_i18n.data_words(data, edition), templates), key
            assert not re.search(r"\b[RBPGYW]{2,}\b|[a-e][1-9],[A-Ea-e]|\b[RBPGY][2-5][LR]?\b",
                                 english), (key, english)
            for lang in LANGS:
                with force_locale(lang):
                    said = event_i18n.event_text(edition, event)
                if said in ("", "FALLBACK", english):
                    problems.append(f"{lang} {key}: {said!r}")
                entry = catalog(lang).get(templates[key.partition("#")[0]])
                if entry is None or not entry.string or entry.fuzzy:
                    problems.append(f"{lang} {key}: not in the catalog")
        for word in (k for k in templates if k.startswith("@")):
            for lang in LANGS:
                with force_locale(lang):
                    if gettext(templates[word]) == templates[word]:
                        problems.append(f"{lang} {word}: not translated")
    assert problems == []


def test_the_sample_data_make_the_renderer_use_each_card_template(app):
    keys = {key for key, _kind, _data in samples(CARD_TEMPLATES)}
    assert {"took+abilities", "arms_unlocked#count", "arms.refresh", "game_over.shared"} <= keys
    with app.test_request_context("/"):
        built = dict(next(d for k, _kind, d in samples(CARD_TEMPLATES) if k == "built+abilities"))
        text = event_i18n.event_text("boardgame", {"kind": "built", "data": built})
        assert text == ("Ann builds the red three-square tile on a1, b1 and b2 (brick on b1) "
                        "for 2 red cards (Construction discount, Change of colours)")


@pytest.mark.parametrize(("lang", "one", "two", "none"), [
    ("en", "Ann earns 1 coat-of-arms action", "Ann earns 2 coat-of-arms actions",
     "Ann earns 0 coat-of-arms actions"),
    ("fr", "Ann gagne 1 action de blason", "Ann gagne 2 actions de blason",
     "Ann gagne 0 action de blason"),  # French says 0 in the singular
    ("de", "Ann erhält 1 Wappenaktion", "Ann erhält 2 Wappenaktionen",
     "Ann erhält 0 Wappenaktionen"),
])
def test_a_count_takes_the_plural_of_the_pages_language(app, lang, one, two, none):
    with app.test_request_context("/"), force_locale(lang):
        said = [event_i18n.event_text("boardgame", {"kind": "arms_unlocked",
                                                    "data": {"name": "Ann", "count": n}})
                for n in (1, 2, 0)]
    assert said == [one, two, none]


def test_the_engine_words_the_plural_in_english():
    from boardgame.messages import render as card_render

    assert card_render("arms_unlocked", {"name": "Ann", "count": 1}) == (
        "Ann earns 1 coat-of-arms action")
    assert card_render("arms_unlocked", {"name": "Ann", "count": 3}) == (
        "Ann earns 3 coat-of-arms actions")


def test_end_reasons_and_names_are_worded_in_the_pages_language(app):
    from facade.outcome import _OLDER_WORDS, EndReason

    words = [*(str(r) for r in EndReason), *_OLDER_WORDS]
    assert all(f"@{w}" in CARD_TEMPLATES and f"@{w}" in DICE_TEMPLATES for w in words)
    over = {"kind": "game_over", "data": {"names": ["A", "B"], "winners": [0, 1], "score": 9,
                                          "reason": "end card", "form": "shared"}}
    with app.test_request_context("/"):
        assert event_i18n.event_text("boardgame", over) == (
            "game over (end card): A and B share the victory with 9")
        with force_locale("fr"):
            assert event_i18n.event_text("boardgame", over) == (
                "partie terminée (carte Fin de partie)\u00a0: A et B se partagent la victoire "
                "avec 9")
        with force_locale("de"):
            assert event_i18n.event_line("boardgame", over, ["Ann", "Bo"]) == (
                "Spielende (Endkarte): Ann und Bo teilen sich den Sieg mit 9")


def test_a_broken_translation_or_unfitting_data_fall_back(app, monkeypatch):
    event = {"kind": "took", "data": {"name": "Ann", "cards": ["red"]}, "text": "ENGINE"}
    with app.test_request_context("/"), force_locale("fr"):
        french = dict(event_i18n.localized(CARD_TEMPLATES))
        monkeypatch.setattr(event_i18n, "localized", lambda t: {**french, "took": "{nom} prend"})
        assert event_i18n.event_text("boardgame", event) == "Ann takes 1 red card"  # English
        monkeypatch.undo()
        assert event_i18n.event_text("boardgame", event) == "Ann prend 1 carte rouge"
        assert event_i18n.event_text("boardgame", {**event, "data": {}}) == "ENGINE"
        assert event_i18n.event_text("boardgame", {**event, "kind": "nope"}) == "ENGINE"


def test_both_editions_word_events_through_the_one_shared_function(app, phone, monkeypatch):
    """No screen words an event by itself: the card edition's log and the table companion's
    sentences both come from event_i18n.sentence."""
    assert not hasattr(card_view, "event_text")
    from tests.web.test_card_routes import new_game, page_of, seq_on

    code = new_game(phone, ["person", "greedy"], names=["Ann"])
    body = page_of(phone, code)
    assert phone.post(f"/card/{code}/act", {"action": "p1 take 3,4", "seq": seq_on(body)}
                      ).status_code == 303
    monkeypatch.setattr(event_i18n, "sentence", lambda kind, data, templates: f"SAID-{kind}")
    log = phone.get(f"/card/{code}/log").get_data(as_text=True)
    assert "SAID-took" in log and "SAID-turn_started" in log
    rolled = {"kind": "rolled", "player": 0, "data": {"name": "P1", "dice": "RGBPY"}}
    with app.test_request_context("/"):
        assert table_events.event_text(rolled, ["Ann"]) == "SAID-rolled"
