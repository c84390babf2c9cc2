"""The guided first games (`/learn/rollwrite`, `/learn/card`): the step is in the address
(and a cookie, so `/learn/<game>` resumes where the player left), the game is the replay of
the script up to that step, and a move is played only when it is the one the step wants and
the engine takes it. Nothing is stored: a refused move changes nothing."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for

from boardgame.actions import parse_action as parse_card
from facade.errors import IllegalAction
from rollwrite.actions import parse_action as parse_dice
from webapp.games import play
from webapp.learn import card_page, rollwrite_page
from webapp.learn.card import CARD
from webapp.learn.rollwrite import ROLLWRITE
from webapp.learn.script import Script, position
from webapp.platform.i18n import gettext as _
from webapp.platform.inputs import number
from webapp.words.event_i18n import event_text
from webapp.words.move_words import card_move_words, dice_move_words

HAPPENED = 6  # the other player's last moves said (a step after turns played by the script)
bp = Blueprint("learn", __name__, url_prefix="/learn")

SCRIPTS: dict[str, Script] = {s.name: s for s in (ROLLWRITE, CARD)}
PAGES = {"rollwrite": rollwrite_page, "card": card_page}
COOKIE_DAYS = 30  # a guided game left half-way resumes for a month


def _script(name: str) -> Script:
    script = SCRIPTS.get(name)
    if script is None:
        abort(404)
    return script


def _cookie(script: Script) -> str:
    return f"learn_{script.name}"


def _names() -> list[str]:
    """The seats as the page names them: the learner, then the script's player."""
    return [_("You"), "Anna"]


def _move_said(script: Script, state: Any, action: Any) -> str:
    """A move of the guided game in words, as a hint or the review says it."""
    try:
        if script.edition == "rollwrite":
            return dice_move_words(action, list(state.dice))
        return card_move_words(list(state.harbour), action)
    except (AttributeError, TypeError, ValueError, KeyError, IndexError):
        return ""


def _parse(script: Script, text: str) -> object:
    """A notation line as the script's edition reads it (IllegalAction when it cannot)."""
    if script.edition == "rollwrite":
        return parse_dice(text)
    return parse_card(text)


def _posted(script: Script) -> str:
    """The action the form names: `action` (a notation line), or the companion's reroll form
    (`step` = reroll with the ticked dice)."""
    form = request.form
    if form.get("action"):
        return form["action"].strip()
    if form.get("step") == "reroll":
        dice = [d for d in form.getlist("reroll") if d.strip()]
        if dice:
            return f"p{SCRIPTS[script.name].me + 1} reroll {','.join(dice)}"
    return ""


def _render(script: Script, index: int, status: int = 200,
            refusal: play.Refusal | None = None) -> Any:
    """The page of step `index` (or the last page), with a refusal above it if any."""
    pos = position(script, index)
    names = _names()
    done = index >= len(script.steps)
    step = None if done else script.steps[index]
    here = url_for("learn.step", name=script.name, index=index)
    ctx: dict[str, Any] = {
        "script": script, "index": index, "total": len(script.steps), "step": step,
        "done": done, "names": names, "me": script.me, "here": here,
        "happened": [t for t in (event_text(script.edition, e.to_dict(), names)
                                 for e in pos.events if e.player != script.me) if t][-HAPPENED:],
        "refusal": refusal, "expected": step.action if step else None,
        "rules_url": f"/rules/{script.rules}",
    }
    ctx.update(PAGES[script.name].context(pos.state, script.me, ctx["expected"],
                                          request.args, here))
    resp = make_response(render_template(f"learn/{script.name}.html", **ctx), status)
    if refusal is None:
        resp.set_cookie(_cookie(script), str(index), max_age=COOKIE_DAYS * 24 * 3600,
                        samesite="Lax", httponly=True, secure=request.is_secure)
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.get("/<name>")
def resume(name: str) -> Any:
    """Back to the step this browser reached (its cookie), or the first."""
    script = _script(name)
    saved = number(request.cookies.get(_cookie(script)))
    index = saved if saved is not None and saved <= len(script.steps) else 0
    return redirect(url_for("learn.step", name=script.name, index=index), 303)


@bp.get("/<name>/<int:index>")
def step(name: str, index: int) -> Any:
    """One step: what to do and why, the game, and the engine's legal actions."""
    script = _script(name)
    if index > len(script.steps):
        abort(404)
    return _render(script, index)


@bp.post("/<name>/<int:index>")
def act(name: str, index: int) -> Any:
    """The learner's move: played (and on to the next step) when it is the step's action and
    the engine takes it; otherwise refused with what the step wants, nothing changed."""
    script = _script(name)
    if index > len(script.steps):
        abort(404)
    if index == len(script.steps):
        return _render(script, index, 409, play.Refusal(
            409, _("The guided game is over"),
            _("Nothing more to play here: choose what to do next below.")))
    step = script.steps[index]
    text = _posted(script)
    wants = _("This step wants: %(step)s", step=step.says)
    try:
        action = _parse(script, text) if text else None
    except IllegalAction as err:
        return _render(script, index, 400, play.Refusal(400, play.refusal_title(err), wants))
    if action is None:
        return _render(script, index, 400, play.Refusal(400, _("Nothing to do"), wants))
    if str(action) != step.action:
        state = position(script, index).state
        pressed = _move_said(script, state, action)
        try:  # a legal move of another step, or one the engine refuses: both change nothing
            state.apply(action)
        except IllegalAction as err:
            judged = play.judged(err, _names(), state.player_view(script.me))
            said = (_("You pressed: %(move)s. %(why)s", move=pressed, why=judged.message)
                    if pressed else judged.message)
            return _render(script, index, 422, play.Refusal(422, judged.title, f"{said} {wants}"))
        wanted = _move_said(script, position(script, index).state, _parse(script, step.action))
        why = (_("You pressed: %(move)s. The rules allow it, but this guided game follows one "
                 "game move by move, and its move now is: %(wanted)s.", move=pressed,
                 wanted=wanted) if pressed and wanted else "")
        return _render(script, index, 409, play.Refusal(409, _("Not this step"),
                                                        f"{why} {wants}".strip()))
    return redirect(url_for("learn.step", name=script.name, index=index + 1), 303)
