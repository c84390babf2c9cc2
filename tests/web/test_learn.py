"""The guided first games: every step's action is legal in the engine for its position, the
step's control is the one marked aria-current="step", any other move is refused and changes
nothing, and a reload (or a return to /learn/<game>) resumes at the step reached."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.web.conftest import Phone
from webapp.learn.routes import SCRIPTS
from webapp.learn.script import Auto, Script, Step, position

NEXT = {"rollwrite": ("/s/#c-name", "/s/#b-name", "/rollwrite/new", "/learn/card"),
        "card": ("/card/new", "/s/#c-name", "/learn/rollwrite")}  # what the last page offers
STEP_FORM = re.compile(
    r'<form method="post" action="([^"]+)"[^>]*>((?:(?!</form>).)*?aria-current="step"'
    r'(?:(?!</form>).)*)</form>', re.S)
FIELD = re.compile(r'<input type="(?:hidden|checkbox)" name="([^"]+)" value="([^"]*)"([^>]*)>')


def step_fields(html: str) -> tuple[str, dict[str, list[str]]]:
    """The address and the fields the page's aria-current="step" form sends (ticked boxes)."""
    found = STEP_FORM.findall(html)
    assert len(found) == 1, f"{len(found)} forms carry the step's control"
    url, body = found[0]
    fields: dict[str, list[str]] = {}
    for name, value, rest in FIELD.findall(body):
        if 'type="checkbox"' in body and name == "reroll" and "checked" not in rest:
            continue
        fields.setdefault(name, []).append(unescape(value))
    return unescape(url), fields


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_every_step_is_legal_in_the_engine(name: str) -> None:
    """Replaying the script, each action (the learner's and the script's own) is among the
    engine's legal actions at that moment: the script can never disagree with the engine."""
    script: Script = SCRIPTS[name]
    state = script.new_state()
    for move in script.moves:
        legal = {str(a) for a in state.legal_actions()}
        assert move.action in legal, (move, sorted(legal)[:20])
        state.apply(move.action)
    assert len(script.steps) >= 4


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_pressing_the_step_control_finishes_the_game(phone: Phone, name: str) -> None:
    """Pressing the aria-current control of each page walks the guided game to its end."""
    script = SCRIPTS[name]
    url = f"/learn/{name}/0"
    for index in range(len(script.steps)):
        page = phone.get(url)
        assert page.status_code == 200
        html = page.get_data(as_text=True)
        assert unescape(str(script.steps[index].says)) in unescape(html)
        target, fields = step_fields(html)
        fields.pop("csrf_token", None)
        resp = phone.post(target, fields)
        assert resp.status_code == 303, resp.get_data(as_text=True)[:500]
        url = resp.headers["Location"]
        assert url.endswith(f"/learn/{name}/{index + 1}")
    last = phone.get(url).get_data(as_text=True)
    assert 'aria-current="step"' not in last
    for link in NEXT[name]:
        assert f'href="{link}"' in last


def _other_legal(script: Script, index: int) -> str | None:
    state = position(script, index).state
    wanted = script.steps[index].action
    others = [str(a) for a in state.legal_actions(script.me) if str(a) != wanted]
    return others[0] if others else None


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_another_move_is_refused_and_changes_nothing(phone: Phone, name: str) -> None:
    """A legal move that is not the step's, an illegal one and a malformed one are refused
    with a 4xx and the step's sentence; the page and the resume point stay as they were."""
    script = SCRIPTS[name]
    for index in range(len(script.steps)):
        url = f"/learn/{name}/{index}"
        before = phone.get(url).get_data(as_text=True)
        says = unescape(str(script.steps[index].says))
        tries = [_other_legal(script, index), "p1 draw Y3:E9,e8,d9", "nonsense", ""]
        for text in tries:
            if text is None:
                continue
            resp = phone.post(url, {"action": text})
            assert 400 <= resp.status_code < 500, (index, text, resp.status_code)
            body = unescape(resp.get_data(as_text=True))
            assert says in body and "This step wants" in body
            assert "learn_" not in resp.headers.get("Set-Cookie", "")
        again = phone.get(url).get_data(as_text=True)
        assert _strip_token(again) == _strip_token(before)
        resumed = phone.client.get(f"/learn/{name}")
        assert resumed.headers["Location"].endswith(url)


def _strip_token(html: str) -> str:
    return re.sub(r"[\w-]{20,}\.[\w-]+\.[\w-]+", "", html)  # the CSRF tokens


def test_resume_after_reload_and_return(phone: Phone) -> None:
    """The step reached is kept in the address and in a cookie: /learn/rollwrite comes back
    to it, a fresh browser starts at step 1."""
    script = SCRIPTS["rollwrite"]
    url = "/learn/rollwrite/0"
    for _ in range(3):
        html = phone.get(url).get_data(as_text=True)
        target, fields = step_fields(html)
        fields.pop("csrf_token", None)
        url = phone.post(target, fields).headers["Location"]
    assert phone.get(url).status_code == 200
    assert phone.client.get("/learn/rollwrite").headers["Location"].endswith("/learn/rollwrite/3")
    again = phone.get(url).get_data(as_text=True)
    assert unescape(str(script.steps[3].says)) in unescape(again)
    fresh = Phone(phone.client.application.test_client())
    assert fresh.client.get("/learn/rollwrite").headers["Location"].endswith("/learn/rollwrite/0")
    assert phone.client.get("/learn/rollwrite/99").status_code == 404
    assert phone.client.get("/learn/nothing").status_code == 404


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_steps_speak_the_page_language(phone: Phone, lang: str) -> None:
    """Every step's sentence is translated: no English sentence of the script on a French or
    German page."""
    phone.client.set_cookie("lang", lang)
    for name, script in SCRIPTS.items():
        for index, step in enumerate(script.steps):
            html = unescape(phone.get(f"/learn/{name}/{index}").get_data(as_text=True))
            assert str(step.says) not in html or lang == "en"
            assert f'lang="{lang}"' in html


def test_home_links_to_the_guided_games(phone: Phone) -> None:
    """The home page offers "Learn by playing"."""
    html = phone.get("/").get_data(as_text=True)
    assert 'href="/learn/rollwrite"' in html and 'href="/learn/card"' in html


def test_moves_of_scripts_are_steps_or_autos() -> None:
    """Every move of a script is a Step or an Auto with a notation line."""
    for script in SCRIPTS.values():
        assert all(isinstance(m, Step | Auto) and m.action for m in script.moves)


def test_odd_input_is_refused_or_ignored(phone: Phone) -> None:
    """Long and odd fields: a 4xx with the step's sentence for a move, the plain step for the
    page's own view arguments; after the game's end every move is refused."""
    script = SCRIPTS["rollwrite"]
    draw = next(i for i, s in enumerate(script.steps) if " draw " in s.action)
    for query in ("?cell=zz&k=99999999999", "?cell=%3Cscript%3E", "?cell=" + "a1" * 500,
                  "?k=-3&cell=e9"):
        resp = phone.get(f"/learn/rollwrite/{draw}{query}")
        assert resp.status_code == 200
        assert "<script>" not in resp.get_data(as_text=True).split("</header>", 1)[1]
    for text in ("p1 end " + "x" * 5000, "p2 setup G", "p1 setup G\np1 setup B", "p1 pick 9 G"):
        resp = phone.post("/learn/rollwrite/0", {"action": text})
        assert 400 <= resp.status_code < 500
        assert "This step wants" in unescape(resp.get_data(as_text=True))
    resp = phone.post("/learn/rollwrite/0", {"step": "reroll", "reroll": ["1", "2"]})
    assert resp.status_code in (409, 422)
    end = len(script.steps)
    resp = phone.post(f"/learn/rollwrite/{end}", {"action": "p1 end"})
    assert resp.status_code == 409
    assert phone.client.post("/learn/rollwrite/0", data={"action": "p1 setup G"}).status_code == 400


def test_a_wrong_step_says_what_was_pressed_and_why_it_is_not_this_step(phone: Phone) -> None:
    """Issue 37: a legal move that is not the step's is named in words, with the move the
    guided game plays now; a move the engine refuses says what was pressed and the rule."""
    script = SCRIPTS["rollwrite"]
    choose = next(i for i, s in enumerate(script.steps) if " choose " in s.action)
    state = position(script, choose).state
    other = next(str(a) for a in state.legal_actions() if " choose " in str(a)
                 and str(a) != script.steps[choose].action)
    body = unescape(phone.post(f"/learn/rollwrite/{choose}", {"action": other})
                    .get_data(as_text=True))
    assert "You pressed: Choose the " in body and "its move now is: Choose the " in body
    assert "This step wants" in body and other not in re.sub(r'value="[^"]*"', "", body)
    phone.get("/lang/fr?next=/")
    body = unescape(phone.post(f"/learn/rollwrite/{choose}", {"action": other})
                    .get_data(as_text=True))
    assert "Vous avez appuyé sur\u00a0: Choisissez la tuile" in body


def test_a_wrong_card_step_says_what_was_pressed_and_why(phone: Phone) -> None:
    """Issue 37, the card edition: another legal take is named in words with the take the
    guided game plays now; a take the engine refuses says what was pressed and the rule."""
    script = SCRIPTS["card"]
    state = position(script, 0).state
    other = next(str(a) for a in state.legal_actions() if " take " in str(a)
                 and str(a) != script.steps[0].action)
    body = unescape(phone.post("/learn/card/0", {"action": other}).get_data(as_text=True))
    assert "You pressed: Take " in body and "its move now is: Take " in body
    assert "This step wants" in body and other not in re.sub(r'value="[^"]*"', "", body)
    refused = unescape(phone.post("/learn/card/0", {"action": "p1 take 1,3"})
                       .get_data(as_text=True))
    assert "You pressed: Take " in refused and "This step wants" in refused
    phone.get("/lang/de?next=/")
    body = unescape(phone.post("/learn/card/0", {"action": other}).get_data(as_text=True))
    assert "Du hast gedrückt: Nimm " in body, re.sub(r"<[^>]+>", " ", body)[-3000:]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ("It completes column d: 2 points.", "Final score: you 2, Anna 1.", "You win.",
            "The end card came up")),
    ("fr", ("Il complète la colonne d\u00a0: 2 points.", "Score final\u00a0: vous 2, Anna 1.",
            "Vous gagnez.", "La carte Fin de partie est apparue")),
    ("de", ("Es vervollständigt die Spalte d: 2 Punkte.", "Endstand: du 2, Anna 1.",
            "Du gewinnst.", "Die Spielendkarte kam")),
])
def test_the_card_lesson_scores_and_ends_the_game(phone: Phone, lang: str,
                                                 said: tuple[str, ...]) -> None:
    """Issue 37: the card lesson goes on past its first turns: the learner completes a column
    and scores 2, then plays until the end card ends the game, and reads the final score."""
    script = SCRIPTS["card"]
    scoring = next(i for i, s in enumerate(script.steps) if s.section == "scoring")
    assert position(script, scoring).state.scores()[script.me] == 0
    assert position(script, scoring + 1).state.scores()[script.me] == 2
    end = position(script, len(script.steps)).state
    assert end.is_over() and end.scores() == [2, 1]
    phone.get(f"/lang/{lang}?next=/")
    page = unescape(phone.get(f"/learn/card/{scoring}").get_data(as_text=True))
    assert said[0] in page
    last = unescape(phone.get(f"/learn/card/{len(script.steps)}").get_data(as_text=True))
    for words in said[1:]:
        assert words in last, re.sub(r"<[^>]+>", " ", last)[-2000:]
