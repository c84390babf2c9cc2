"""The guided first games in a real browser: each is finished in English, French and German by
pressing only the control marked aria-current="step" on each page (no English sentence may be
left on the French and German pages), and axe-core finds no violation on any of their pages,
light and dark. The time each game takes is printed."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.screens import fits_phone, shot
from tests.browser.test_a11y import Audit, audit, open_phone  # noqa: F401 - fixtures
from tests.browser.test_languages import _leftovers, _lines
from tests.web.test_learn import NEXT
from webapp.learn.routes import SCRIPTS

pytestmark = pytest.mark.browser


def _arrived(page: Any, name: str, index: int) -> None:
    """Wait for step `index`: a new page, or (with JavaScript) the part htmx swapped in."""
    page.wait_for_url(f"**/learn/{name}/{index}")
    page.wait_for_selector(f'#learn[data-step="{index}"]')


def _play(page: Any, name: str, lang: str, shots: Path | None = None) -> list[list[str]]:
    """Finish the guided game `name` in `lang`, pressing only the step's control; the text
    lines of each page, in order (the last page included)."""
    page.goto(f"/lang/{lang}?next=/learn/{name}/0")
    seen = []
    for index in range(len(SCRIPTS[name].steps)):
        assert page.url.endswith(f"/learn/{name}/{index}"), page.url
        assert page.get_attribute("html", "lang") == lang
        seen.append(_lines(page))
        if shots is not None:
            fits_phone(page)
            shot(page, shots, f"learn-{name}-{lang}-{index + 1:02d}")
        control = page.locator('[aria-current="step"]')
        assert control.count() == 1, f"step {index + 1}: {control.count()} controls"
        control.click()
        _arrived(page, name, index + 1)
    assert page.url.endswith(f"/learn/{name}/{len(SCRIPTS[name].steps)}")
    assert page.locator('[aria-current="step"]').count() == 0
    for target in NEXT[name]:
        assert page.locator(f'a[href="{target}"]').count() >= 1
    seen.append(_lines(page))
    if shots is not None:
        shot(page, shots, f"learn-{name}-{lang}-end")
    return seen


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_the_guided_game_is_finished_in_three_languages(
        new_phone: Callable[..., Any], shots: Path, name: str) -> None:
    """English, then French and German, with no English line left on their pages."""
    timings = {}
    started = time.perf_counter()
    english = _play(new_phone(), name, "en", shots)
    timings["en"] = time.perf_counter() - started
    for lang in ("fr", "de"):
        started = time.perf_counter()
        other = _play(new_phone(), name, lang)
        timings[lang] = time.perf_counter() - started
        assert len(other) == len(english)
        left = {i + 1: found for i, (en, ot) in enumerate(zip(english, other))
                if (found := _leftovers(en, ot))}
        assert left == {}, f"English left on the {lang} pages: {left}"
    print(f"\n{name}: {len(SCRIPTS[name].steps)} steps; seconds per game: "
          + ", ".join(f"{k} {v:.1f}" for k, v in timings.items()))


def test_another_control_is_refused_in_place(new_phone: Callable[..., Any]) -> None:
    """With JavaScript, a control other than the step's gets the refusal swapped in above the
    same step (nothing moved on); the step's own control then works."""
    page = new_phone()
    page.goto("/learn/rollwrite/0")
    page.locator('.act button:not([aria-current])').first.click()
    alert = page.locator('#learn [role="alert"]')
    alert.wait_for()
    assert "This step wants" in alert.inner_text()
    assert page.url.endswith("/learn/rollwrite/0")
    assert page.locator('#learn[data-step="0"] [aria-current="step"]').count() == 1
    page.locator('[aria-current="step"]').click()
    _arrived(page, "rollwrite", 1)


def test_the_guided_games_work_without_javascript(new_phone: Callable[..., Any]) -> None:
    """Real forms: the whole Roll & Write game is played with scripts off."""
    _play(new_phone(javascript=False), "rollwrite", "en")


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_axe_finds_nothing_on_the_guided_pages(open_phone: Callable[[], Any],  # noqa: F811
                                               audit: Audit, name: str) -> None:  # noqa: F811
    """Every page of the guided game, and a refused move's page, light and dark."""
    page = open_phone()
    page.goto(f"/learn/{name}/0")
    folded = page.locator(".act details:not([open]) > summary")
    if folded.count():  # the card page folds the moves the step does not want
        folded.first.click()
    page.locator(".act button:not([aria-current]):visible").first.click()
    page.locator('#learn [role="alert"]').wait_for()
    audit.check(page, f"learn-{name}-refused")
    for index in range(len(SCRIPTS[name].steps)):
        audit.check(page, f"learn-{name}-{index + 1:02d}")
        page.locator('[aria-current="step"]').click()
        _arrived(page, name, index + 1)
    audit.check(page, f"learn-{name}-end")
    found = [v for vs in audit.found.values() for v in vs]
    assert found == [], found


def test_learn_by_playing_is_on_the_home_page(new_phone: Callable[..., Any], shots: Path) -> None:
    """The home page's "Learn by playing" opens the guided game at its first step; coming back
    later resumes at the step reached."""
    page = new_phone()
    page.goto("/")
    shot(page, shots, "learn-home")
    page.get_by_role("link", name="Learn by playing").click()
    _arrived(page, "rollwrite", 0)
    page.locator('[aria-current="step"]').click()
    _arrived(page, "rollwrite", 1)
    page.goto("/")
    page.get_by_role("link", name="Learn by playing").click()
    _arrived(page, "rollwrite", 1)


@pytest.mark.parametrize(("lang", "javascript", "final"), [
    ("fr", True, "Score final\u00a0: vous 2, Anna 1."),
    ("de", False, "Endstand: du 2, Anna 1."),
])
def test_the_card_lesson_scores_a_column_and_ends_the_game(
        new_phone: Callable[..., Any], shots: Path, lang: str, javascript: bool,
        final: str) -> None:
    """Issue 37: the card lesson goes on to a column scored and the end card; its last page
    gives the final score (a wrong step's words: tests/web/test_learn.py); in French with
    JavaScript and in German without, on a 390×844 phone, light and dark."""
    page = new_phone(javascript=javascript)
    page.goto(f"/lang/{lang}?next=/learn/card/0")
    page.locator('[aria-current="step"]').wait_for()
    scoring = next(i for i, s in enumerate(SCRIPTS["card"].steps) if s.section == "scoring")
    page.goto(f"/learn/card/{scoring}")
    page.locator('[aria-current="step"]').wait_for()
    fits_phone(page)
    shot(page, shots, f"learn-card-{lang}-scoring")
    end = len(SCRIPTS["card"].steps)
    for index in range(scoring, end):
        page.locator('[aria-current="step"]').click()
        _arrived(page, "card", index + 1)
    assert final in page.inner_text(".learn-done")
    fits_phone(page)
    shot(page, shots, f"learn-card-{lang}-end")
    page.emulate_media(color_scheme="dark")
    shot(page, shots, f"learn-card-{lang}-end-dark")
