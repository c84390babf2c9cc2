"""What a guided Roll & Write step shows: the engine's legal actions of the learner grouped
with the companion's own helpers (webapp/companion/page.py), the expected one marked."""

from __future__ import annotations

from typing import Any

from rollwrite import actions as A  # noqa: N812
from webapp.companion import page as P  # noqa: N812
from webapp.inputs import number


def context(state: Any, me: int, expected: str | None, args: Any, here: str) -> dict[str, Any]:
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


def _grid(view: dict[str, Any], me: int, legal: list[Any], want: Any, args: Any,
          here: str) -> dict[str, Any]:
    """The learner's building with its tappable cells, the previewed placement and the
    actions of the tapped cell."""
    cell = (args.get("cell") or "").lower() or None
    k = number(args.get("k"), 4) or 0
    selectable: set[str] = set()
    preview: set[str] = set()
    placement = None
    cell_actions: list[tuple[str, str]] = []
    grid_mode = None
    arms = P.single_cells(legal, A.ArmsCell)
    draws = P.draws_by_mask(legal)
    if arms or any(isinstance(a, A.ArmsTrack) for a in legal):
        grid_mode, selectable = "arms", set(arms)
        cell_actions = arms.get(cell or "", [])
    elif draws:
        grid_mode = "draw"
        for mask in draws:
            selectable.update(P.cell_name(b) for b in P.bits(mask))
        if cell is None and isinstance(want, A.Draw):  # the step's placement, shown at first
            cell = P.cell_name(next(iter(P.bits(want.mask))))
            bit = 1 << P.parse_cell(cell)
            covering = [m for m in draws if m & bit]
            k = covering.index(want.mask) if want.mask in covering else 0
        placement = P.pick_placement(legal, cell, k)
        if placement:
            preview = set(placement.cells)
    if cell not in selectable:
        cell, cell_actions = None, []

    def href(name: str) -> str:
        return f"{here}?cell={name}#sheet"

    rows = view["buildings"][me]["rows"]
    return {
        "grid": P.grid(rows, selectable, selectable, preview, cell, href),
        "grid_mode": grid_mode, "placement": placement, "cell_actions": cell_actions,
        "cell": cell, "placement_next": (f"{here}?cell={placement.cell}&k={placement.index + 1}"
                                         "#sheet") if placement else "",
    }
