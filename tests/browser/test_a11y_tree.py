"""The screen reader's pass (issue 41): the accessibility tree of a solo Roll & Write game page
in English, French and German, played with the keyboard up to a placement's preview: the dice
named in words, the building's cells named with what they hold and offer ("the tile fits
here", "the tile's preview"), the coats of arms said once (never in a column header), and the
live region, which stays in the page, holding the sentences of the moves in the page's
language. The tree is written to a11y/tree-<lang>.txt in the screenshots folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask_babel import force_locale, gettext

from tests.browser.keyboard import Keyboard
from tests.browser.test_keyboard import _my_move, _target, desk, start_solo  # noqa: F401

pytestmark = pytest.mark.browser


def _words(app: Flask, lang: str) -> dict[str, str]:
    """The sentences the page must hold, in `lang`, from the app's own catalogs."""
    with app.test_request_context(), force_locale(lang):
        return {
            "fits": gettext("the tile fits here"),
            "preview": gettext("the tile’s preview"),
            "used": gettext("Die %(n)s: %(colour)s, used", n=1, colour="§").split("§")[0],
            "turn": gettext("Turn %(turn)s: your turn.", turn=1),
            "arms": gettext("Coat of arms, not won yet"),
            "skip": gettext("Skip to the game"),
            "grid": gettext("Your building"),
        }


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_game_page_reads_without_sight(desk, live_app: Flask, shots: Path,  # noqa: F811
                                           lang: str) -> None:
    page = desk()
    page.goto(f"/lang/{lang}?next=/")
    code = start_solo(page)
    kb = Keyboard(page)
    kb.watch()
    for _ in range(12):  # setup and picks as they come, then roll, choose and tap a cell
        state = _my_move(page, code)
        step, target = _target(page, state["legal"])
        kb.act(step, target)
        if step == "cell":
            break
    else:
        raise AssertionError("no cell was tapped")
    said = [t.strip() for t in page.locator("#say p").all_inner_texts()]
    tree = page.locator("body").aria_snapshot()
    folder = shots / "a11y"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"tree-{lang}.txt").write_text(
        f"# the accessibility tree of a solo game page ({lang}), a placement previewed\n"
        f"{tree}\n\n# the live region's sentences, oldest first\n" + "\n".join(said) + "\n",
        encoding="utf-8")
    w = _words(live_app, lang)
    assert page.get_attribute("html", "lang") == lang
    assert f'link "{w["skip"]}"' in tree
    assert re.search(rf'grid "{w["grid"]}"', tree), tree[:2000]
    # the dice in words ("Die 1: red, used"); the snapshot writes French's no-break space
    # before ":" as a plain one
    assert w["used"].replace("\xa0", " ") in tree.replace("\xa0", " ")
    cells = re.findall(r'(?:gridcell|link) "([a-e][1-9], [^"]*)"', tree)
    assert any(w["fits"] in c for c in cells), cells
    assert any(w["preview"] in c for c in cells), cells
    assert not re.search(r'columnheader "[^"]*' + re.escape(w["arms"]), tree)
    # the live region: in the page (not swapped), the moves and the turn in the page's words
    news = [t.strip() for t in page.locator("#table [data-news] p").all_text_contents()]
    assert said and w["turn"] in said, said
    assert set(said) & set(news), (said, news)
    if lang != "en":
        english = _words(live_app, "en")
        assert english["turn"] not in said and english["fits"] not in tree
