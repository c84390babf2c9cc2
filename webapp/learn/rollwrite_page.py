"""What a guided Roll & Write step shows: the engine's legal actions of the learner grouped
with the companion's own helpers (webapp/words/sheet.py), the expected one marked."""

from __future__ import annotations

from typing import Any

from rollwrite import actions as A  # noqa: N812
from rollwrite.state import GameState
from rollwrite.view import DiceView
from webapp.platform.inputs import number
from webapp.words import sheet as P  # noqa: N812


def context(state: GameState, me: int, expected: str | None, args: Any, here: str
            ) -> dict[str, Any]:
    """The page's pieces: the view, the grouped legal actions, the grid with what can be
    tapped (`?cell=`, `&k=` as on the companion's page; by default the expected placement)."""
    view = state.player_view(me)
    legal = state.legal_actions(me) if me in state.to_act() else []
    verbs = {P.verb(a) for a in legal}
    want = A.parse_action(expected) if expected else None
    ctx: dict[str, Any] = {
        "view": view, "verbs": verbs,
        "actions": {v: [str(a) for a in legal if P.verb(a) == v] for v in verbs},
        "tracks": P.track_actions(legal),
        "choices": P.group_choices(legal, list(state.dice)),
        "picks": P.picks(legal, state.dice),
        "rerolls": [str(a) for a in legal if isinstance(a, A.Reroll)],
        "reroll_want": [d + 1 for d in want.dice] if isinstance(want, A.Reroll) else [],
        "faces_letters": P.FACE_LETTERS, "colour_of": P.COLOUR_OF, "shapes": P.SHAPES,
        "chosen_colour": P.colour_of(view["chosen"]["tile"]) if view["chosen"] else None,
    }
    ctx.update(_grid(view, me, legal, want, args, here))
    return ctx


def _grid(view: DiceView, me: int, legal: list[A.Action], want: A.Action | None, args: Any,
          here: str) -> dict[str, Any]:
    """The learner's building with its tappable cells, the previewed placement and the
    actions of the tapped cell."""
    taps = P.tapping(legal, (args.get("cell") or "").lower() or None,
                     number(args.get("k"), 4) or 0, want=want if isinstance(want, A.Draw) else None)
    placement = taps.placement

    def href(name: str) -> str:
        return f"{here}?cell={name}#sheet"

    rows = view["buildings"][me]["rows"]
    return {
        "grid": P.grid(rows, taps.selectable, taps.selectable, taps.preview, taps.cell, href),
        "grid_mode": taps.mode, "placement": placement, "cell_actions": taps.cell_actions,
        "cell": taps.cell,
        "placement_next": (f"{here}?cell={placement.cell}&k={placement.index + 1}#sheet"
                           if placement else ""),
    }
