"""Every control and state named in text a screen reader reads (not `aria-label` on plain
spans, not `aria-pressed` on links): used and unused dice, marked and empty track boxes, the
yellow ★ "New choice" apart from the plain choice, the picked harbour card, the labelled game
text of the solitaire result."""

from __future__ import annotations

import re

from rollwrite import actions as A  # noqa: N812

from .conftest import Phone
from .test_solo import _to_main_phase, act, play_to_the_end, start_challenge, state_of


def _hidden_texts(html: str) -> list[str]:
    return [t.strip() for t in re.findall(r'class="visually-hidden">([^<]*)<', html)]


def test_dice_say_used_or_not_and_boxes_say_marked_or_empty(app, phone: Phone):
    code = start_challenge(phone, "names")
    _to_main_phase(phone, app, code)
    html = phone.get(f"/rollwrite/{code}").get_data(as_text=True)
    texts = _hidden_texts(html)
    assert sum(t.startswith("Die ") and t.endswith(", not used") for t in texts) == 5, texts
    legal = state_of(app, code).legal_actions(0)
    choose = next(a for a in legal if isinstance(a, A.Choose))
    act(phone, app, code, str(choose))
    texts = _hidden_texts(phone.get(f"/rollwrite/{code}").get_data(as_text=True))
    used = [t for t in texts if t.startswith("Die ") and t.endswith(", used")]
    assert len(used) == len(choose.dice), texts
    boxes = [t for t in texts if t.endswith((" marked", " empty")) or ", " in t and (
        " marked," in t or " empty," in t)]
    assert boxes and not re.search(r'<span[^>]*aria-label', html.split('class="tracks"')[1])
    assert any(" empty" in t for t in boxes)


def test_the_new_choice_is_named_apart_from_the_plain_choice():
    """A way button's label (it replaces its content for screen readers) says "yellow ★ New
    choice" for that choice, as the visible text beside the tile does."""
    html = open("templates/companion/_actions.html", encoding="utf-8").read()
    button = re.search(r'<button type="submit" class="way-btn[^>]*>', html).group(0)
    assert "{% if w.new_choice %}, {{ _('yellow ★ New choice') }}{% endif %}" in button


def test_no_aria_pressed_on_links_and_no_aria_label_on_plain_spans():
    for path in ("templates/card/_harbour.html", "templates/card/_actions.html",
                 "templates/card/_macros.html", "templates/companion/_macros.html",
                 "templates/companion/_table.html", "templates/replay/_board.html"):
        text = open(path, encoding="utf-8").read()
        assert "aria-pressed" not in text, path
        assert not re.search(r"<span(?![^>]*role=)[^>]*aria-label", text), path
        assert not re.search(r'<div class="dice" aria-label', text), path


def test_the_solitaire_game_text_has_a_label(app, phone: Phone):
    code = start_challenge(phone, "label")
    play_to_the_end(phone, app, code)
    html = phone.get(f"/s/{code}/result").get_data(as_text=True)
    assert re.search(r'<label[^>]*for="gametext"', html)
