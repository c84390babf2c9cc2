"""What a guided card-edition step shows: the harbour, the hand, the abilities and the board
built by the card table's own helpers (webapp/card/model.py), and the learner's legal actions
grouped: takes, builds (the step's first), coat-of-arms actions."""

from __future__ import annotations

from typing import Any

from boardgame import actions as A  # noqa: N812
from boardgame.material import COLOURS, LETTER
from facade.grid import bits, cell_name
from webapp.card.build import cards_words
from webapp.card.model import ABILITY_LABELS
from webapp.card.model import board as _board
from webapp.card.model import cards as _cards
from webapp.card.model import take_label as _take_label
from webapp.platform.i18n import gettext as _
from webapp.words.colours import COLOUR_WORDS


def context(state: Any, me: int, expected: str | None, args: Any, here: str) -> dict[str, Any]:
    """The page's pieces, from the learner's player view and legal actions only."""
    pv = state.player_view(me)
    legal = state.legal_actions(me) if me in state.to_act() else []
    want = A.parse_action(expected) if expected else None
    preview = want.mask if isinstance(want, A.Build) else 0
    brick = want.brick if isinstance(want, A.Build) else 0
    builds = [{"line": str(a), "label": _build_label(a)} for a in legal if isinstance(a, A.Build)]
    return {
        "view": pv,
        "choices": None, "hint": None,  # card/_harbour.html: no tapping, no hint here
        "harbour": [{"position": h["position"], "index": h["position"] - 1, "colour": h["colour"],
                     "letter": LETTER.get(h["colour"] or "", ""),
                     "name": COLOUR_WORDS.get(h["colour"] or "", "")} for h in pv["harbour"]],
        "hand": _cards([pv["hand"][c] for c in COLOURS]),
        "abilities": [{"label": ABILITY_LABELS[k], "state": v}
                      for k, v in pv["abilities"][me].items()],
        "board": _board(pv, state.colour_masks[me], me),
        "preview": preview, "preview_brick": brick,
        "preview_colour": want.tile.split("-")[0] if isinstance(want, A.Build) else "",
        "groups": [
            {"title": _("Take two cards"),
             "moves": [_take_label(state, a) for a in legal if isinstance(a, A.Take)]},
            {"title": _("Build a tile"), "moves": builds},
            {"title": _("Coat of arms"),
             "moves": [{"line": str(a), "label": _arms_label(a)} for a in legal
                       if isinstance(a, A.ArmsWhite | A.ArmsAbility | A.ArmsRefresh)]},
            {"title": _("Other moves"),
             "moves": [{"line": str(a), "label": str(a)} for a in legal
                       if isinstance(a, A.Pass | A.Discard)]},
        ],
        "scores": [p["score"] for p in pv["players"]],
    }


def _build_label(a: A.Build) -> str:
    """"Blue 3 on a1 a2 b2, pay 3 blue cards"."""
    colour, size = a.tile.split("-")
    cells = " ".join(cell_name(b) for b in bits(a.mask))
    paid = cards_words(a.pay)
    return _("%(colour)s %(size)s on %(cells)s, pay %(cards)s",
             colour=COLOUR_WORDS.get(colour, colour), size=size, cells=cells, cards=paid)


def _arms_label(a: Any) -> str:
    """A coat-of-arms action in words."""
    if isinstance(a, A.ArmsWhite):
        return _("White tile on %(cell)s", cell=cell_name(a.cell))
    if isinstance(a, A.ArmsAbility):
        return _("Ability tile: %(name)s", name=ABILITY_LABELS[a.ability])
    return _("Turn your used abilities back")
